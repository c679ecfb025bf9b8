"""Reading a straightened Hamstern sheet: which cells are crossed, how many 1-track boxes are struck.

Every chamber cell is measured inside a margin (INSET of the cell on each side), so the walls, the
grid lines and the tail of a neighbour's hasty cross stay out; the printed mushrooms, acorns and
points badges are masked out. A cell's ink (ink.py) decides: clearly crossed, clearly empty, or in
between, which is marked unsure for a player to look at. Then the rules check the reading: crosses
hang together from the start chamber (or any chamber in the free-start variant, which a photo cannot
tell, so only a cross touching no other is doubted), and the 1-track is struck from the left.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from reportlab.lib.units import mm

from assistant.games.hamstern.layout import Layout
from assistant.scan import ink
from assistant.scan.sheet import PX_PER_MM, Sheet
from sheets import hamstern as sheet_pdf
from sheets import scan_marks

Cell = tuple[int, int]
RAW_ICONS = False
INSET = 0.15  # of a cell, on each side
ICON_RADIUS = 0.31  # cells: a mushroom or acorn is drawn half a cell wide in the middle
BADGE_RADIUS = 0.45  # cells: a points badge (0.36) with its ring and a little room
# A cell's mean ink (darkness above the floor, ink.py): below EMPTY it is empty, from CROSSED on (with
# SPREAD) it is crossed, in between it is unsure; RING and RING_SHARE (of the sheet's median crossed
# ink) around a picture; LIGHT_PEN: a sheet whose crosses are this faint leaves pictures' cells unsure.
# Chosen on the tuning photos (tests/scan/photos.py, seeds 0..999).
EMPTY, CROSSED, SPREAD = 0.001, 0.005, 0.06
RING, RING_SHARE, LIGHT_PEN = 0.020, 0.35, 0.020
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
    dark = ink.darkness(bright)
    measured = cell_inks(sheet, layout, bright, dark)
    crossed, unsure = _decide(layout, measured)
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


def _decide(layout: Layout, measured: dict[Cell, tuple[float, ...]]) -> tuple[set[Cell], set[Cell]]:
    """(crossed, unsure) from each cell's (ink, spread, ink around its picture).

    Crossed: enough ink reaching both ways (a cross, not a tick or a dot), or, around a picture,
    clearly more ink than a stray mark of this pen leaves. Empty: next to no ink. A picture's cell
    on a sheet crossed with a light pen (pencil on the grey cap hardly shows) is only empty when
    nothing at all is seen around and on it; else unsure, like everything in between. An unsure
    cell counts as crossed when its ink is nearer CROSSED than EMPTY."""
    crossed = {cell for cell, (value, spread, _) in measured.items() if value >= CROSSED and spread >= SPREAD}
    strength = float(np.median([measured[cell][0] for cell in crossed])) if crossed else None
    ring_needed = max(RING, RING_SHARE * (strength or 0.0))
    crossed |= {cell for cell in layout.icons if measured[cell][2] >= ring_needed}
    empty = {cell for cell, (value, _, _) in measured.items() if value < EMPTY} - crossed
    if strength is not None and strength < LIGHT_PEN:
        empty -= {cell for cell in layout.icons if measured[cell][2] >= EMPTY / 2 or measured[cell][0] > 0}
    unsure = set(measured) - crossed - empty
    crossed |= {cell for cell in unsure if measured[cell][0] >= (EMPTY + CROSSED) / 2}
    return crossed, unsure


def cell_inks(sheet: Sheet, layout: Layout, bright: np.ndarray, dark: np.ndarray) -> dict[Cell, tuple[float, ...]]:
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
                                                  for cell, (top, bottom, left, right) in boxes.items()}))
    found = {}
    for cell, patch in patches.items():
        kept = keep[cell][:patch.shape[0], :patch.shape[1]]  # a picture's cells are cut to one size
        value = float(patch[kept].mean()) if kept.any() else 0.0
        ring = value
        if cell in layout.icons:  # the ink around the picture alone, whatever the picture's estimate
            top, bottom, left, right = boxes[cell]
            around = kept & _outside_disc(patch.shape, ICON_RADIUS * cell_px)
            ring = float(dark[top:bottom, left:right][:patch.shape[0], :patch.shape[1]][around].mean())
        found[cell] = (value, ink.spread(patch * kept), ring)
    return found


def _outside_disc(shape: tuple[int, int], radius: float) -> np.ndarray:
    rows, cols = np.ogrid[:shape[0], :shape[1]]
    return (rows - shape[0] / 2) ** 2 + (cols - shape[1] / 2) ** 2 >= radius * radius


def _without_pictures(layout: Layout, bright: dict[Cell, np.ndarray]) -> dict[Cell, np.ndarray]:
    """The darkness of the cells with a mushroom or an acorn, the picture's own taken away.

    Every mushroom on a sheet is printed alike, and so is every acorn; a pen's strokes fall in a
    different place in each cell. So the brightest each pixel is over all cells of a picture is the
    picture itself (a pixel darker, for the straightening's last pixel of error); what is darker than
    that is ink. Brightness here is relative to the chamber's own shade, so a picture in the grey
    start chamber is first brought to white paper's terms (its shade times as bright)."""
    shade = sheet_pdf.shades(layout.side)
    start = set(layout.start_chamber.cells)
    cleaned = {}
    for kind in ("mushroom", "acorn"):
        cells = [cell for cell, icon in layout.icons.items() if icon == kind and cell in bright]
        if not cells:
            continue
        rows = min(bright[cell].shape[0] for cell in cells)
        cols = min(bright[cell].shape[1] for cell in cells)
        scale = {cell: shade["start"] / shade["chamber"] if cell in start else 1.0 for cell in cells}
        stack = np.stack([bright[cell][:rows, :cols] * scale[cell] for cell in cells])
        picture = cv2.erode(stack.max(axis=0), np.ones((3, 3), np.uint8))
        for cell, patch in zip(cells, stack, strict=True):
            own = np.minimum(picture, scale[cell])  # the picture on this cell's own shade
            cleaned[cell] = np.clip((own - patch) / scale[cell] - ink.FLOOR, 0, 1)
    return cleaned


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
    detector = cv2.QRCodeDetector()
    for attempt in (strip, cv2.resize(strip, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)):
        for image in (attempt, cv2.adaptiveThreshold(attempt, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY,
                                                     int(attempt.shape[1] / 4) | 1, 10)):
            try:
                text, _, _ = detector.detectAndDecode(image)
            except cv2.error:
                text = ""
            if text:
                return text
    return None
