"""Reading a straightened Hamstern sheet: which cells are crossed, how many 1-track boxes are struck.

Every chamber cell is measured inside a margin (INSET of the cell on each side), so the walls, the
grid lines and the tail of a neighbour's hasty cross stay out; the printed mushrooms, acorns and
points badges are masked out. A cell's ink (ink.py) and how far it reaches decide (hamstern_cells.py): clearly
crossed, clearly empty, or in between, which is marked unsure for a player to look at, with a best
guess. Then the rules check the reading: crosses
hang together from the start chamber (or any chamber in the free-start variant, which a photo cannot
tell, so only a cross touching no other is doubted), and the 1-track is struck from the left.

``result`` is what assistant/scan's ``read_photo`` gives for a Hamstern sheet (the registry names this
module as Hamstern's reader), with the score check's entry of it (``check_player``, ``score_check_data``)
and the cells to look at (``unsure``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from reportlab.lib.units import mm

from assistant.games.hamstern import caves
from assistant.games.hamstern.layout import SIDES, Layout, load_layout
from assistant.scan import code, ink
from assistant.scan import hamstern_cells as cells
from assistant.scan.errors import ScanRefused
from assistant.scan.result import ScanResult
from assistant.scan.sheet import FAINT_PEN_BLUR_MM, PX_PER_MM, Sheet
from sheets import hamstern as sheet_pdf
from sheets import scan_marks

Cell = tuple[int, int]
RAW_ICONS = False
INSET = 0.15  # of a cell, on each side
ICON_RADIUS = 0.31  # cells: a mushroom or acorn is drawn half a cell wide in the middle
BADGE_RADIUS = 0.45  # cells: a points badge (0.36) with its ring and a little room
BOX_INSET = 0.14
BOX_EMPTY, BOX_STRUCK = 0.002, 0.006


@dataclass(frozen=True)
class Reading:
    crossed: frozenset[Cell]
    unsure: frozenset[Cell]
    one_track_struck: int
    one_track_unsure: bool
    inks: dict  # cell -> its ink, for tuning and the bench
    spreads: dict  # cell -> how far its ink reaches both ways
    rings: dict  # cell -> its ink around its picture (the ink, for a cell without one)
    boxes: tuple[float, ...]  # each 1-track box's ink


def read(sheet: Sheet, layout: Layout) -> Reading:
    bright = ink.relative(sheet.gray)
    below = ink.floor(bright)
    dark = ink.darkness(bright, below)
    measured = cell_inks(sheet, layout, bright, dark, below)
    if sheet.blur_mm > FAINT_PEN_BLUR_MM and cells.fading(cells.pen_strength(layout, measured)):
        raise ScanRefused("scan.blurred")  # a pencil's crosses may have faded away unseen
    crossed, unsure = cells.decide(layout, measured)
    unsure |= _lonely(layout, crossed)
    crossed, unsure = _reachable(layout, crossed, unsure)
    boxes = [_mean_ink(dark, sheet.box(*box, inset=BOX_INSET))
             for box in sheet_pdf.one_track_boxes(layout, sheet.kind.paper)]
    struck = [value >= (BOX_EMPTY + BOX_STRUCK) / 2 for value in boxes]
    count = sum(struck)
    track_unsure = any(BOX_EMPTY <= value < BOX_STRUCK for value in boxes) or struck != sorted(struck, reverse=True)
    return Reading(frozenset(crossed), frozenset(unsure), count, track_unsure,
                   {cell: value for cell, (value, _, _) in measured.items()},
                   {cell: spread for cell, (_, spread, _) in measured.items()},
                   {cell: ring for cell, (_, _, ring) in measured.items()}, tuple(boxes))


def cell_inks(sheet: Sheet, layout: Layout, bright: np.ndarray, dark: np.ndarray,
              below: float = ink.FLOOR) -> dict[Cell, tuple[float, ...]]:
    """Each chamber cell's mean ink and its spread (ink.py), the printed pictures taken out
    (``_without_pictures``) and the points badges left out."""
    geometry = sheet_pdf.grid_geometry(layout, sheet.kind.paper)
    cell_px = geometry.cell / mm * PX_PER_MM
    badges = [(*sheet.at(*geometry.point(*layout.badge_centre(chamber))), BADGE_RADIUS * cell_px)
              for chamber in layout.chambers]
    unprinted = ink.disc_mask(dark.shape, badges)
    boxes = {cell: sheet.box(*geometry.cell_rect(*cell), inset=INSET) for cell in layout.cells}
    patches = {cell: dark[top:bottom, left:right] for cell, (top, bottom, left, right) in boxes.items()}
    keep = {cell: unprinted[top:bottom, left:right] for cell, (top, bottom, left, right) in boxes.items()}
    if not RAW_ICONS:
        patches.update(_without_pictures(layout, {cell: bright[top:bottom, left:right]
                                                  for cell, (top, bottom, left, right) in boxes.items()}, below))
    found = {}
    for cell, patch in patches.items():
        kept = keep[cell][:patch.shape[0], :patch.shape[1]]  # a picture's cells are cut to one size
        value = float(patch[kept].mean()) if kept.any() else 0.0
        ring = value
        if cell in layout.icons:  # the ink around the picture alone, whatever the picture's estimate
            top, bottom, left, right = boxes[cell]
            around = kept & _outside_disc(patch.shape, ICON_RADIUS * cell_px)
            ring = float(dark[top:bottom, left:right][:patch.shape[0], :patch.shape[1]][around].mean())
        found[cell] = (value, _spread(patch, kept), ring)
    return found


def _spread(patch: np.ndarray, kept: np.ndarray) -> float:
    """The ink's spread (ink.py), as it would be over the whole box: a cell cut by a points badge shows
    only a strip of its cross, whose spread is as much smaller as the strip is narrower than the box."""
    measured = ink.spread(patch * kept)
    if kept.all() or not kept.any():
        return measured
    return measured * ink.spread(np.ones(kept.shape, np.float32)) / max(ink.spread(kept.astype(np.float32)), 1e-6)


def _outside_disc(shape: tuple[int, int], radius: float) -> np.ndarray:
    rows, cols = np.ogrid[:shape[0], :shape[1]]
    return (rows - shape[0] / 2) ** 2 + (cols - shape[1] / 2) ** 2 >= radius * radius


def _without_pictures(layout: Layout, bright: dict[Cell, np.ndarray],
                      below: float = ink.FLOOR) -> dict[Cell, np.ndarray]:
    """The darkness of the cells with a mushroom or an acorn, the picture's own taken away.

    Every mushroom on a sheet is printed alike, and so is every acorn; a pen's strokes fall in a
    different place in each cell. So the brightest each pixel is over all cells of a picture is the
    picture itself (a pixel darker, for the straightening's last pixel of error); what is darker than
    that is ink. Brightness here is relative to the chamber's own shade, so a picture in the grey
    start chamber is first brought to white paper's terms (``_shade_scales``)."""
    cleaned = {}
    for kind in ("mushroom", "acorn"):
        cells = [cell for cell, icon in layout.icons.items() if icon == kind and cell in bright]
        if not cells:
            continue
        rows = min(bright[cell].shape[0] for cell in cells)
        cols = min(bright[cell].shape[1] for cell in cells)
        scale = _shade_scales(layout, {cell: bright[cell][:rows, :cols] for cell in cells})
        stack = np.stack([bright[cell][:rows, :cols] * scale[cell] for cell in cells])
        picture = cv2.erode(stack.max(axis=0), np.ones((3, 3), np.uint8))
        for cell, patch in zip(cells, stack, strict=True):
            own = np.minimum(picture, scale[cell])  # the picture on this cell's own shade
            cleaned[cell] = np.clip((own - patch) / scale[cell] - below, 0, 1)
    return cleaned


def _shade_scales(layout: Layout, patches: dict[Cell, np.ndarray]) -> dict[Cell, float]:
    """How much darker than on white paper each cell's picture must be made to look as on white paper:
    1 in a white chamber; in the grey start chamber about its shade (the PDF's), but what the photo
    shows of it differs (the camera's tone curve, the paper estimate's reach near the picture), so it
    is measured where possible: the picture's dark part, as the white chambers' brightest copy of it
    shows it, against this cell's."""
    start = set(layout.start_chamber.cells)
    shade = sheet_pdf.shades(layout.side)
    printed = shade["start"] / shade["chamber"]
    white = [patch for cell, patch in patches.items() if cell not in start]
    reference = np.stack(white).max(axis=0) if white else None
    scales = {}
    for cell, patch in patches.items():
        if cell not in start:
            scales[cell] = 1.0
        elif reference is None or not (reference < 0.7).any():
            scales[cell] = printed
        else:
            dark = reference < 0.7
            # The median is the picture's: a pen's strokes darken a few of its pixels, not most.
            ratio = float(np.median(reference[dark] / np.maximum(patch[dark], 1e-3)))
            scales[cell] = float(np.clip(ratio, printed * 0.8, 1.0))
    return scales


def _mean_ink(dark: np.ndarray, box: tuple[int, ...]) -> float:
    top, bottom, left, right = box
    patch = dark[top:bottom, left:right]
    return float(patch.mean()) if patch.size else 0.0


def _reachable(layout: Layout, crossed: set[Cell], unsure: set[Cell]) -> tuple[set[Cell], set[Cell]]:
    """Crosses no game could have made (not hanging together with the start chamber's) are marked
    unsure: a cell between them and the others may have been missed."""
    from assistant.games.hamstern.scorecard import unreachable_crosses

    lost = layout.cells_of(unreachable_crosses(layout, layout.mask(crossed), free_start=False))
    return crossed, unsure | lost


def _lonely(layout: Layout, crossed: set[Cell]) -> set[Cell]:
    """Crosses that touch no other cross of their chamber nor a corridor from a crossed cell: every
    placement after the first crosses touching cells, so a lonely cross is likelier a stray mark
    (or its neighbours were missed). A whole chamber of one cell is no doubt."""
    lonely = set()
    for cell in crossed:
        row, col = cell
        chamber = layout.chamber_of[layout.index[cell]]
        if len(layout.chambers[chamber].cells) == 1:
            continue
        near = [other for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
                if other in crossed and layout.chamber_of[layout.index[other]] == chamber]
        through = [far for pair in layout.corridors for near_end, far in (pair, pair[::-1])
                   if near_end == cell and far in crossed]
        if not near and not through:
            lonely.add(cell)
    return lonely


def read_code(sheet: Sheet) -> str | None:
    """A cave sheet's code, from the QR code right of its 1-track (its height depends on the cave, so
    the whole right-hand strip below the middle is searched)."""
    width, height = sheet_pdf.PAPERS[sheet.kind.paper]
    size = scan_marks.CODE_SIZE
    top, bottom, left, right = sheet.box(width - sheet_pdf.MARGIN - size - 6 * mm, sheet_pdf.MARGIN,
                                         size + 12 * mm, height * 0.62)
    strip = (np.clip(sheet.gray[top:bottom, left:right], 0, 1) * 255).astype(np.uint8)
    return code.decode(strip, sheet.blur_mm)


# --- the reader's part in read_photo (assistant/scan/__init__.py) ----------------------------------------
def result(found: Sheet, side: str | None, common: dict) -> ScanResult:
    """The sheet in ``found`` read; ``side`` ("A", "B" or a cave's code), if given, refuses another side's
    and stands in for a cave's code that cannot be read."""
    read_side = _side(found, side)
    layout = load_layout(read_side)
    reading = read(found, layout)
    return ScanResult("hamstern", read_side, reading.crossed, reading.unsure, reading.one_track_struck,
                      reading.one_track_unsure, grid_box=_grid_box(found, layout), extra={"reading": reading},
                      **common)


def check_player(result: ScanResult, name: str, strip: int = 0) -> dict:
    """One player's entry in the score check's JSON: ``{"name", "crossed": [[row, col], ...], "one_track_struck"}``
    (a sheet is one player's: ``strip`` is the tracker's)."""
    return {"name": name, "crossed": [list(cell) for cell in sorted(result.crossed)],
            "one_track_struck": result.one_track_struck}


def score_check_data(result: ScanResult, names: list[str] | None = None) -> dict:
    return {"side": result.side, "players": [check_player(result, (names or ["Player 1"])[0])]}


def unsure(result: ScanResult) -> dict:
    return {"cells": [list(cell) for cell in sorted(result.unsure)], "one_track_struck": result.one_track_unsure}


def _side(found: Sheet, wanted: str | None) -> str:
    if wanted is not None and wanted not in SIDES:
        wanted = caves.side_value(wanted)  # ValueError for no code at all: the caller's mistake
    if found.kind.side in SIDES:
        side = found.kind.side
    else:
        text = read_code(found)
        side = caves.normalise(text) if text and caves.is_cave(text) else None
        if side is None:
            if wanted is None or wanted in SIDES:
                raise ScanRefused("scan.no_code")
            side = wanted
    if wanted is not None and side != wanted:
        raise ScanRefused("scan.wrong_side", found=_side_label(side), wanted=_side_label(wanted))
    return side


def _side_label(side: str) -> dict[str, str]:
    from assistant.i18n import LANGUAGES

    return {lang: sheet_pdf.side_label(side, lang) for lang in LANGUAGES}


def _grid_box(found: Sheet, layout: Layout) -> tuple[float, float, float, float]:
    """Where the cave grid lies in the straightened picture, as fractions (left, top, right, bottom)."""
    geometry = sheet_pdf.grid_geometry(layout, found.kind.paper)
    left, top = found.at(geometry.left, geometry.top)
    right, bottom = found.at(geometry.left + layout.cols * geometry.cell, geometry.top - layout.rows * geometry.cell)
    rows, cols = found.gray.shape
    return left / cols, top / rows, right / cols, bottom / rows
