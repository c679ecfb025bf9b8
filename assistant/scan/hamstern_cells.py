"""Deciding from a Hamstern sheet's measured cells (hamstern.py) which are crossed, which empty, and
which a player should look at (unsure; each still gets a best guess, which the score uses untouched).

Pens differ tenfold in how much ink a cross leaves (a felt tip against a hard pencil in a soft photo),
so most rules are shares of this sheet's own pen: its *strength*, the median ink of the cells that
are plainly crosses (ink reaching both ways: a spread of SPREAD, and a little ink). Measured against
it, a stray mark (a dot, a tick, a pen resting) is a small share, and a cross drawn over a printed
picture, whose strokes the picture partly hides, still a fair share.

Each rule below says why. The figures were chosen on the tuning photos (tests/scan/photos.py, seeds
0..999) and hold over a wide range around them.
"""

from __future__ import annotations

import numpy as np

from assistant.games.hamstern.layout import Layout

Cell = tuple[int, int]
Measured = dict[Cell, tuple[float, float, float]]  # cell -> (ink, spread, ink around its picture)

EMPTY = 0.001  # less ink than this is bare paper, JPEG noise and the print's edges
LEAST = 0.002  # a mark reaching both ways (SPREAD) with this much ink looks like a cross
SPREAD = 0.06  # a cross reaches both ways; a dot or a tick does not (ink.spread)
SURE_SHARE = 0.25  # of the strength: a cross-shaped mark with less (a scribble, a smudge) is looked at
STRAY_SHARE, STRAY_SPREAD = 0.15, 0.035  # less ink than this share and narrow: surely a stray mark
GUESS_SHARE, GUESS_SPREAD = 0.25, 0.045  # an unsure plain cell is guessed crossed from these on
GUESS_INK = 0.003  # the same, on a sheet without a plain cross to measure its pen by
PICTURE_LEAST = 0.005  # a picture's cell: its print's leftovers stay below this, a cross does not
PICTURE_SHARE = 0.1  # a cross over a picture shows this share of the pen's ink or more...
PICTURE_EMPTY_SHARE = 0.04  # ...and an empty picture's cell less than this (with little around it)
RING, RING_SHARE = 0.020, 0.35  # ink around a picture (absolute, and share of the strength): a cross
LIGHT_PEN = 0.020  # a pen this faint may vanish on a picture's dark print: such cells are looked at
FADING_PEN = 0.008  # a pen this faint may vanish altogether in a soft photo (sheet.FAINT_PEN_BLUR_MM)


def decide(layout: Layout, measured: Measured) -> tuple[set[Cell], set[Cell]]:
    """(crossed, unsure): the cells read as crossed (unsure ones by their best guess) and the cells a
    player should look at."""
    pictures = layout.icons
    cross_shaped = _cross_shaped(measured)
    strength = pen_strength(layout, measured)
    crossed = {cell for cell in cross_shaped if _plainly_crossed(cell, measured[cell][0], strength, pictures)}
    ring_needed = max(RING, RING_SHARE * (strength or 0.0))
    crossed |= {cell for cell in pictures if measured[cell][2] >= ring_needed}
    light_pen = strength is not None and strength < LIGHT_PEN
    unsure, plainly = set(), frozenset(crossed)
    for cell, (value, spread, ring) in measured.items():
        if cell in crossed:
            continue
        if cell in pictures:
            doubt, guess = _picture_cell(layout, cell, value, ring, strength, light_pen, plainly)
        else:
            doubt, guess = _plain_cell(value, spread, strength)
        if doubt:
            unsure.add(cell)
            if guess:
                crossed.add(cell)
    return crossed, unsure


def pen_strength(layout: Layout, measured: Measured) -> float | None:
    """This sheet's pen: the median ink of its plain cells (no picture) that are cross-shaped, or None
    if there is none."""
    plain = [measured[cell][0] for cell in _cross_shaped(measured) if cell not in layout.icons]
    return float(np.median(plain)) if plain else None


def fading(strength: float | None) -> bool:
    """Whether a sheet's crosses could fade away unseen in a soft photo: its pen is very faint (a hard
    pencil, a light hand), or it shows no cross at all, which a soft photo of faint crosses would too."""
    return strength is None or strength < FADING_PEN


def _cross_shaped(measured: Measured) -> set[Cell]:
    return {cell for cell, (value, spread, _) in measured.items() if value >= LEAST and spread >= SPREAD}


def _plainly_crossed(cell: Cell, value: float, strength: float | None, pictures) -> bool:
    """A cross-shaped mark with a fair share of this pen's ink. On a picture, the print's leftovers
    (the picture's edges a pixel off) can look cross-shaped, so a little more ink is wanted there."""
    if cell in pictures and value < PICTURE_LEAST:
        return False
    return strength is None or value >= SURE_SHARE * strength


def _plain_cell(value: float, spread: float, strength: float | None) -> tuple[bool, bool]:
    """(unsure, guessed crossed) of a cell without a picture that is not plainly a cross."""
    if value < EMPTY:
        return False, False
    if strength is None:  # no cross to measure the pen by: any mark is looked at
        return True, value >= GUESS_INK and spread >= GUESS_SPREAD
    if value < STRAY_SHARE * strength and spread < STRAY_SPREAD:
        return False, False  # a dot or a short tick of this pen, far too little for a cross
    return True, value >= GUESS_SHARE * strength and spread >= GUESS_SPREAD


def _picture_cell(layout: Layout, cell: Cell, value: float, ring: float, strength: float | None, light_pen: bool,
                  crossed: frozenset[Cell]) -> tuple[bool, bool]:
    """(unsure, guessed crossed) of a mushroom's or acorn's cell not plainly crossed. The picture hides
    what crosses its dark print, so a cross shows less ink here than on paper, and a light pen's
    (pencil's) may not show at all: on such a sheet a picture's cell next to a cross, which a game
    could have crossed next, is looked at even when nothing shows, and one whose chamber neighbours
    are all crossed is guessed crossed (only a full chamber scores, so players fill them)."""
    if value < EMPTY and not (light_pen and (ring >= EMPTY / 2 or value > 0 or _next_to(layout, cell, crossed))):
        return False, False
    if strength is not None and not light_pen and value < PICTURE_EMPTY_SHARE * strength \
            and ring < PICTURE_EMPTY_SHARE * 2 * strength:
        return False, False  # next to nothing of a pen that shows well
    if strength is None:
        return True, value >= GUESS_INK
    return True, value >= PICTURE_SHARE * strength or (light_pen and _surrounded(layout, cell, crossed))


def _surrounded(layout: Layout, cell: Cell, crossed: frozenset[Cell]) -> bool:
    """Whether every neighbour of ``cell`` in its own chamber is crossed (and it has one)."""
    row, col = cell
    chamber = layout.chamber_of[layout.index[cell]]
    near = [other for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if other in layout.index and layout.chamber_of[layout.index[other]] == chamber]
    return bool(near) and all(other in crossed for other in near)


def _next_to(layout: Layout, cell: Cell, crossed: frozenset[Cell]) -> bool:
    """Whether ``cell`` touches a crossed cell, side by side or through a corridor."""
    row, col = cell
    if any(other in crossed for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))):
        return True
    return any(far in crossed for pair in layout.corridors for near, far in (pair, pair[::-1]) if near == cell)
