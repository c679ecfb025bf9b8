"""What makes a printed sheet readable by a camera (assistant/scan): corner markers and a code.

Every Hamstern sheet and dam tracker carries four small ArUco markers (OpenCV's predefined
dictionary DICT_4X4_100) in the corners of the page, inside the 12 mm margin. Which four ids a
sheet carries says what it is: the game, the paper, the side (A, B or a cave) or, for the dam
tracker, the number of strips and the language (its strips move a little with the text above
them). ``id = kind * 4 + corner`` with the corners top-left, top-right, bottom-right,
bottom-left, so a photo taken upside down still reads. A cave sheet also carries its code as a
small QR code (segno, which the app uses for seat links), so the reader can rebuild its layout.

Everything is drawn as vector rectangles. The markers' bit patterns were read once from
cv2.aruco and are written out below, so printing needs no OpenCV; tests/scan/test_marks.py
checks them against OpenCV's dictionary.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module

import segno
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from sheets.pdf import PAPERS

DICTIONARY = "DICT_4X4_100"
# The 4x4 inner bits of markers 0..99, row by row from the top-left, 1 = white (cv2.aruco's convention).
PATTERNS = (
    0xB532, 0x0F9A, 0x332D, 0x9946, 0x549E, 0x79CD, 0x9E2E, 0xC4F2, 0xFEDA, 0xCF56, 0xF991, 0x11A7, 0x0EB7,
    0x2A0F, 0x24B1, 0x263E, 0x4665, 0x6600, 0x6C5E, 0x76AF, 0x868B, 0xB02B, 0xCCD5, 0xDD82, 0xFE47, 0x9471,
    0xACE4, 0xA554, 0x2123, 0x346F, 0x4415, 0x57B2, 0x9ECF, 0xF0CB, 0x08AE, 0x0929, 0x1875, 0x04FF, 0x0DF6,
    0x1C5A, 0x1718, 0x2A28, 0x328C, 0x38B2, 0x24E8, 0x2EEB, 0x2D3F, 0x4B64, 0x502E, 0x5013, 0x5194, 0x5568,
    0x5D41, 0x5F97, 0x6801, 0x6867, 0x6124, 0x61E9, 0x6B12, 0x6FE5, 0x67DF, 0x7E1B, 0x80A0, 0x8344, 0x8BA2,
    0x937A, 0x846C, 0x852A, 0x859C, 0x9C89, 0x9FA1, 0xBB7C, 0xBC04, 0xB65B, 0xBFC8, 0xB7AB, 0xCA1F, 0xC962,
    0xD958, 0xD3D5, 0xCC98, 0xC7A0, 0xC537, 0xE95D, 0xF925, 0xFBBB, 0xEE2A, 0xF74D, 0x3575, 0x8AAD, 0x7617,
    0x0ACF, 0x064B, 0x2DC1, 0x49D8, 0x43F4, 0x4F36, 0x4FD3, 0x69E4, 0x70C7,
)
MARKER = 6.5 * mm  # 6 modules (a black border around 4x4 bits) of 1.08 mm
# From the paper's edge: the markers sit in the margin (12 mm), clear of the title and of the footer's
# descenders, where most printers print; one clipped marker is not fatal, the reader needs three.
INSET = 4.75 * mm
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
CODE_MODULE = 0.75 * mm  # a version 1 QR code (21 modules): 15.75 mm
CODE_MODULES = 21
CODE_SIZE = CODE_MODULE * CODE_MODULES


@dataclass(frozen=True)
class SheetKind:
    """What a sheet's markers say: the game and paper, and the side (Hamstern: A, B or "cave") or the
    strips and language (the dam tracker)."""

    game: str
    paper: str
    side: str | None = None
    players: int | None = None
    lang: str | None = None


@cache
def kinds() -> tuple[SheetKind, ...]:
    """Every kind of readable sheet; a kind's place in this tuple is its number (never reorder: printed
    sheets carry it). Each game the registry gives a photo reader (``GameInfo.scan``) lists its own, in
    the registry's order, from its sheet module's ``scan_kinds(papers)``; a new game's kinds come after."""
    from assistant.games.registry import registered  # the games' sheet modules import this one

    sheet_modules = [import_module(info.sheet.split(":")[0]) for info in registered() if info.scan]
    found = [kind for module in sheet_modules for kind in module.scan_kinds(PAPERS)]
    assert len(found) * len(CORNERS) <= len(PATTERNS)
    return tuple(found)


def kind_number(kind: SheetKind) -> int:
    return kinds().index(kind)


def marker_id(kind: int, corner: int) -> int:
    return kind * len(CORNERS) + corner


def read_id(marker: int) -> tuple[int, int] | None:
    """(kind number, corner) of a marker id, or None for an id no sheet carries."""
    kind, corner = divmod(marker, len(CORNERS))
    return (kind, corner) if 0 <= marker and kind < len(kinds()) else None


def marker_origin(paper: str, corner: int) -> tuple[float, float]:
    """The lower-left corner (page points, origin bottom-left) of the marker in ``corner``."""
    width, height = PAPERS[paper]
    right, top = width - INSET - MARKER, height - INSET - MARKER
    return ((INSET, top), (right, top), (right, INSET), (INSET, INSET))[corner]


def marker_corners(paper: str, corner: int) -> tuple[tuple[float, float], ...]:
    """The marker's own four corners in page points, in the order OpenCV reports them: its
    top-left, top-right, bottom-right, bottom-left as printed (upright on the page)."""
    x, y = marker_origin(paper, corner)
    return (x, y + MARKER), (x + MARKER, y + MARKER), (x + MARKER, y), (x, y)


def draw_markers(canvas: Canvas, kind: SheetKind) -> None:
    """The four corner markers of ``kind``, black on the white paper."""
    for corner in range(len(CORNERS)):
        x, y = marker_origin(kind.paper, corner)
        _draw_marker(canvas, x, y, PATTERNS[marker_id(kind_number(kind), corner)])


def _draw_marker(canvas: Canvas, x: float, y: float, pattern: int) -> None:
    module = MARKER / 6
    canvas.saveState()
    canvas.setFillGray(0)
    canvas.rect(x, y, MARKER, MARKER, stroke=0, fill=1)
    canvas.setFillGray(1)
    white = canvas.beginPath()
    for row in range(4):
        bits = [(pattern >> (15 - row * 4 - col)) & 1 for col in range(4)]
        for start, end in _runs(bits):
            white.rect(x + (1 + start) * module, y + MARKER - (2 + row) * module, (end - start) * module, module)
    canvas.drawPath(white, stroke=0, fill=1)
    canvas.restoreState()


def code_matrix(text: str) -> tuple[tuple[int, ...], ...]:
    """The modules (1 = dark) of ``text`` as a version 1 QR code, with as much error correction as
    fits; ValueError for a text too long for version 1 (a cave code has at most 24 characters)."""
    try:
        code = segno.make(text, version=1, error="L", boost_error=True, micro=False)
    except segno.DataOverflowError as error:
        raise ValueError(f"{text[:40]!r} is too long for the sheet's code") from error
    return tuple(tuple(row) for row in code.matrix)


def draw_code(canvas: Canvas, text: str, x: float, y: float) -> None:
    """``text`` as a QR code of CODE_SIZE with its lower-left corner at (x, y); white around it
    is the caller's to leave."""
    canvas.saveState()
    canvas.setFillGray(0)
    dark = canvas.beginPath()
    for row, modules in enumerate(code_matrix(text)):
        for start, end in _runs(modules):
            dark.rect(x + start * CODE_MODULE, y + CODE_SIZE - (row + 1) * CODE_MODULE,
                      (end - start) * CODE_MODULE, CODE_MODULE)
    canvas.drawPath(dark, stroke=0, fill=1)
    canvas.restoreState()


def _runs(flags) -> list[tuple[int, int]]:
    """(start, end) of every run of set flags, end exclusive: one rectangle per run, not per module."""
    runs, start = [], None
    for n, flag in enumerate([*flags, 0]):
        if flag and start is None:
            start = n
        elif not flag and start is not None:
            runs.append((start, n))
            start = None
    return runs
