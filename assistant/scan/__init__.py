"""Reading a photo of a printed Hamstern sheet or Hamsterdam dam tracker (issue 27).

``read_photo(data, game=None)`` takes the photo's bytes (JPEG, PNG...) and returns a ScanResult, or
raises ScanRefused (a ValueError) whose ``message(lang)`` tells the player in one line what to do
("Hold the tablet above the whole sheet..."). Plain Python, OpenCV (headless) and numpy: no network,
no model. The steps: photo.py decodes, markers.py and sheet.py find the corner markers (outline.py the
paper's edges, where a soft photo hid some) and straighten the sheet, code.py reads a cave's QR code,
hamstern.py or hamsterdam.py read its boxes (cells.py decides a Hamstern sheet's cells against its own
pen, printed.py takes a tracker box's print away), ink.py measures pen on paper whatever the light.
"""

from __future__ import annotations

import cv2

from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import SIDES, load_layout
from assistant.scan import hamsterdam, hamstern, photo, sheet
from assistant.scan.errors import ScanRefused
from assistant.scan.result import ScanResult

__all__ = ["ScanRefused", "ScanResult", "read_photo"]

GAMES = ("hamstern", "hamsterdam")
RECTIFIED_PX_PER_MM = 3.0  # the straightened picture handed back: an A4 page is 630 x 891 pixels


def read_photo(data: bytes, game: str | None = None, *, side: str | None = None) -> ScanResult:
    """The sheet in the photo ``data``, read. ``game`` ("hamstern", "hamsterdam" or None for whatever
    the markers say) refuses another game's sheet; ``side`` (Hamstern: "A", "B" or a cave code), if
    given, refuses another side's and stands in for a cave's code that cannot be read."""
    if game is not None and game not in GAMES:
        raise ValueError(f"game must be one of {', '.join(GAMES)} or None, not {game!r}")
    image = photo.decode(data)
    try:
        found = sheet.find(image)
    except cv2.error:  # OpenCV refusing what a strange photo gave it (a marker seen folded flat)
        raise ScanRefused("scan.no_sheet") from None
    kind = found.kind
    if game is not None and kind.game != game:
        raise ScanRefused("scan.wrong_game", found=_title(kind.game), wanted=_title(game))
    png = _png(found)
    common = {"rectified_png": png, "paper": kind.paper, "blur_mm": found.blur_mm, "px_per_mm": found.px_per_mm}
    if kind.game == "hamsterdam":
        strips = hamsterdam.read(found)
        first = strips[0]
        return ScanResult("hamsterdam", None, flood_pile=first.flood_pile, breaches=first.breaches,
                          dam_tokens=first.dam_tokens, unsure_fields=first.unsure_fields, strips=strips, **common)
    read_side = _hamstern_side(found, side)
    layout = load_layout(read_side)
    reading = hamstern.read(found, layout)
    return ScanResult("hamstern", read_side, reading.crossed, reading.unsure, reading.one_track_struck,
                      reading.one_track_unsure, grid_box=_grid_box(found, layout), extra={"reading": reading},
                      **common)


def _hamstern_side(found: sheet.Sheet, wanted: str | None) -> str:
    if wanted is not None and wanted not in SIDES:
        wanted = caves.side_value(wanted)  # ValueError for no code at all: the caller's mistake
    if found.kind.side in SIDES:
        side = found.kind.side
    else:
        code = hamstern.read_code(found)
        side = caves.normalise(code) if code and caves.is_cave(code) else None
        if side is None:
            if wanted is None or wanted in SIDES:
                raise ScanRefused("scan.no_code")
            side = wanted
    if wanted is not None and side != wanted:
        raise ScanRefused("scan.wrong_side", found=_side_label(side), wanted=_side_label(wanted))
    return side


def _side_label(side: str) -> dict[str, str]:
    from assistant.i18n import LANGUAGES
    from sheets.hamstern import side_label

    return {lang: side_label(side, lang) for lang in LANGUAGES}


def _title(game: str) -> dict[str, str]:
    from assistant.games.registry import game_info

    return dict(game_info(game).titles)


def _png(found: sheet.Sheet) -> bytes:
    shrink = RECTIFIED_PX_PER_MM / sheet.PX_PER_MM
    small = cv2.resize(found.colour, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".png", small, [cv2.IMWRITE_PNG_COMPRESSION, 3])
    return data.tobytes() if ok else b""


def _grid_box(found: sheet.Sheet, layout) -> tuple[float, float, float, float]:
    from sheets.hamstern import grid_geometry

    geometry = grid_geometry(layout, found.kind.paper)
    left, top = found.at(geometry.left, geometry.top)
    right, bottom = found.at(geometry.left + layout.cols * geometry.cell, geometry.top - layout.rows * geometry.cell)
    rows, cols = found.gray.shape
    return left / cols, top / rows, right / cols, bottom / rows
