"""Reading a photo of a printed Hamstern sheet or Hamsterdam dam tracker (issue 27).

``read_photo(data, game=None)`` takes the photo's bytes (JPEG, PNG...) and returns a ScanResult, or
raises ScanRefused (a ValueError) whose ``message(lang)`` tells the player in one line what to do
("Hold the tablet above the whole sheet..."). Plain Python, OpenCV (headless) and numpy: no network,
no model. The steps: photo.py decodes, markers.py and sheet.py find the corner markers (outline.py the
paper's edges, where a soft photo hid some) and straighten the sheet, code.py reads a cave's QR code,
the game's reader (the registry's ``GameInfo.scan``: hamstern.py, hamsterdam.py) reads its boxes
(hamstern_cells.py decides a Hamstern sheet's cells against its own pen, printed.py takes a tracker box's
print away), ink.py measures pen on paper whatever the light.
"""

from __future__ import annotations

import cv2

from assistant.scan import photo, sheet
from assistant.scan.errors import ScanRefused
from assistant.scan.readers import reader, scan_games
from assistant.scan.result import ScanResult

__all__ = ["ScanRefused", "ScanResult", "read_photo"]

RECTIFIED_PX_PER_MM = 3.0  # the straightened picture handed back: an A4 page is 630 x 891 pixels


def read_photo(data: bytes, game: str | None = None, *, side: str | None = None) -> ScanResult:
    """The sheet in the photo ``data``, read. ``game`` (a game whose sheets are read, ``readers.scan_games``,
    or None for whatever the markers say) refuses another game's sheet; ``side`` (Hamstern: "A", "B" or a
    cave code), if given, refuses another side's and stands in for a cave's code that cannot be read."""
    games = scan_games()
    if game is not None and game not in games:
        raise ValueError(f"game must be one of {', '.join(games)} or None, not {game!r}")
    image = photo.decode(data)
    try:
        found = sheet.find(image)
    except cv2.error:  # OpenCV refusing what a strange photo gave it (a marker seen folded flat)
        raise ScanRefused("scan.no_sheet") from None
    kind = found.kind
    if game is not None and kind.game != game:
        raise ScanRefused("scan.wrong_game", found=_title(kind.game), wanted=_title(game))
    common = {"rectified_png": _png(found), "paper": kind.paper, "blur_mm": found.blur_mm,
              "px_per_mm": found.px_per_mm}
    return reader(kind.game).result(found, side, common)


def _title(game: str) -> dict[str, str]:
    from assistant.games.registry import game_info

    return dict(game_info(game).titles)


def _png(found: sheet.Sheet) -> bytes:
    shrink = RECTIFIED_PX_PER_MM / sheet.PX_PER_MM
    small = cv2.resize(found.colour, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".png", small, [cv2.IMWRITE_PNG_COMPRESSION, 3])
    return data.tobytes() if ok else b""
