"""Pen on paper, for the test photos (photos.py): a played Hamstern sheet or dam tracker drawn onto the
rendered page, and what was drawn (the truth the reader must find).

Crosses are drawn stroke by stroke as a hand would: endpoints off the corners by a random amount, a
wobble along the line, a tilt, a pen of its own width and ink (pencil, ballpoint, felt tip), sometimes
a hasty cross that reaches over the cell's wall. Stray marks (a dot, a short tick, a pen resting) fall
on empty cells too, and a name and numbers are written where a player writes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import cv2
import numpy as np

from assistant.games.hamstern.layout import Layout

# Ink colours (BGR, 0..255) and widths in millimetres.
PENS = {
    "pencil": ((95, 95, 100), (0.3, 0.55), 0.55),  # (colour, width range, darkness 0..1 of a full stroke)
    "soft pencil": ((70, 70, 75), (0.45, 0.8), 0.75),
    "ballpoint blue": ((150, 70, 30), (0.3, 0.5), 0.85),
    "ballpoint black": ((40, 40, 45), (0.3, 0.5), 0.9),
    "felt tip": ((25, 25, 25), (0.7, 1.2), 1.0),
    "red fineliner": ((40, 40, 190), (0.35, 0.6), 0.9),
}
HANDS = ("neat", "hasty", "small", "big")


@dataclass
class Hand:
    """One player's way of writing: a pen, a size and care of their crosses."""

    pen: str
    width: float  # mm
    darkness: float
    style: str
    slant: float  # radians, this hand's usual tilt

    @classmethod
    def draw(cls, rng: random.Random) -> Hand:
        pen = rng.choice(list(PENS))
        _, (low, high), darkness = PENS[pen]
        return cls(pen, rng.uniform(low, high), darkness * rng.uniform(0.8, 1.0), rng.choice(HANDS),
                   rng.uniform(-0.15, 0.15))


@dataclass
class Page:
    """A rendered page (BGR) and its scale; what is drawn on it is written here."""

    image: np.ndarray
    px_per_mm: float
    height_pt: float
    marks: list[str] = field(default_factory=list)

    @property
    def px_per_pt(self) -> float:
        return self.px_per_mm * 25.4 / 72

    def px(self, x_pt: float, y_pt: float) -> tuple[float, float]:
        """Pixel position of a page point (points, origin bottom-left)."""
        return x_pt * self.px_per_pt, (self.height_pt - y_pt) * self.px_per_pt


def stroke(page: Page, hand: Hand, start, end, rng: random.Random, wobble: float = 0.04) -> None:
    """A hand-drawn line from ``start`` to ``end`` (pixels): a slight curve, a width that swells and
    thins, ink laid over the paper (darkening it, never lightening)."""
    (x0, y0), (x1, y1) = start, end
    length = max(np.hypot(x1 - x0, y1 - y0), 1.0)
    steps = max(int(length / 3), 4)
    bend = rng.gauss(0, wobble) * length
    normal = np.array([-(y1 - y0), x1 - x0]) / length
    t = np.linspace(0, 1, steps)
    points = np.outer(1 - t, [x0, y0]) + np.outer(t, [x1, y1])
    points += np.outer(4 * t * (1 - t) * bend, normal)
    points += np.array([[rng.gauss(0, 0.25), rng.gauss(0, 0.25)] for _ in t]) * page.px_per_mm * 0.15
    width = max(hand.width * page.px_per_mm, 1.0)
    ink = np.zeros(page.image.shape[:2], np.float32)
    box = _box(points, width, ink.shape)
    if box is None:
        return
    top, left, bottom, right = box
    patch = ink[top:bottom, left:right]
    shifted = ((points - [left, top]) * 4).astype(np.int32)
    for (a, b) in zip(shifted[:-1], shifted[1:], strict=True):
        cv2.line(patch, tuple(int(v) for v in a), tuple(int(v) for v in b),
                 hand.darkness * rng.uniform(0.85, 1.0), max(int(round(width * rng.uniform(0.85, 1.15))), 1),
                 cv2.LINE_AA, shift=2)
    if hand.pen.endswith("pencil"):  # graphite on paper's grain: a broken, grainy line
        grain = np.random.default_rng(rng.getrandbits(32)).random(patch.shape, np.float32)
        patch *= 0.75 + 0.35 * grain
    _lay_ink(page.image[top:bottom, left:right], np.clip(patch, 0, 1), PENS[hand.pen][0])


def _box(points: np.ndarray, width: float, shape) -> tuple[int, int, int, int] | None:
    pad = int(width) + 3
    left, top = (np.floor(points.min(axis=0)) - pad).astype(int)
    right, bottom = (np.ceil(points.max(axis=0)) + pad).astype(int)
    left, top = max(left, 0), max(top, 0)
    right, bottom = min(right, shape[1]), min(bottom, shape[0])
    return None if right <= left or bottom <= top else (top, left, bottom, right)


def _lay_ink(region: np.ndarray, coverage: np.ndarray, colour) -> None:
    """Ink darkens like a filter: paper times (1 - coverage) plus the ink's own colour times coverage,
    never lighter than what was there (ink over a printed line stays as dark as the line)."""
    ink = np.array(colour, np.float32)
    over = region.astype(np.float32) * (1 - coverage[..., None]) + ink * coverage[..., None]
    np.minimum(region, over.astype(np.uint8), out=region)


def cross(page: Page, hand: Hand, centre, size: float, rng: random.Random) -> None:
    """A cross in a square of ``size`` pixels around ``centre``, as ``hand`` draws it."""
    reach = {"neat": (0.28, 0.38), "hasty": (0.3, 0.55), "small": (0.18, 0.28), "big": (0.36, 0.47)}[hand.style]
    wobble = 0.08 if hand.style == "hasty" else 0.035
    cx = centre[0] + rng.gauss(0, 0.05) * size
    cy = centre[1] + rng.gauss(0, 0.05) * size
    tilt = hand.slant + rng.gauss(0, 0.08)
    for angle in (np.pi / 4, 3 * np.pi / 4):
        a = angle + tilt + rng.gauss(0, 0.07)
        r1, r2 = (rng.uniform(*reach) * size for _ in range(2))
        dx, dy = np.cos(a), np.sin(a)
        stroke(page, hand, (cx - dx * r1, cy - dy * r1), (cx + dx * r2, cy + dy * r2), rng, wobble)


def stray(page: Page, hand: Hand, centre, size: float, rng: random.Random) -> None:
    """What is no cross: a dot, a short tick or a pen's rest mark somewhere in the cell."""
    cx = centre[0] + rng.uniform(-0.3, 0.3) * size
    cy = centre[1] + rng.uniform(-0.3, 0.3) * size
    kind = rng.choice(("dot", "tick", "rest"))
    light = Hand(hand.pen, hand.width, hand.darkness * rng.uniform(0.5, 1.0), hand.style, hand.slant)
    if kind == "dot":
        stroke(page, light, (cx, cy), (cx + rng.uniform(0.5, 2), cy + rng.uniform(0.5, 2)), rng, 0)
    else:
        length = rng.uniform(0.06, 0.16 if kind == "tick" else 0.1) * size
        a = rng.uniform(0, np.pi)
        stroke(page, light, (cx, cy), (cx + np.cos(a) * length, cy + np.sin(a) * length), rng, 0.02)


def scribble_text(page: Page, hand: Hand, left, baseline, width: float, height: float, rng: random.Random) -> None:
    """Handwriting stand-in (a name, a number): loops and strokes along a line."""
    x = left
    while x < left + width:
        step = rng.uniform(0.3, 0.7) * height
        top = baseline - rng.uniform(0.5, 1.0) * height
        stroke(page, hand, (x, baseline), (x + step * 0.5, top), rng, 0.05)
        stroke(page, hand, (x + step * 0.5, top), (x + step, baseline), rng, 0.05)
        x += step * rng.uniform(1.0, 1.4)


# --- what a played sheet shows ------------------------------------------------------------------------
def played_cells(layout: Layout, rng: random.Random) -> frozenset[tuple[int, int]]:
    """Cells a game could have crossed: grown from the start chamber, cell by touching cell, through
    corridors once their near end is crossed; from none to most of the sheet."""
    target = int(len(layout.cells) * rng.choice((0, 0.1, 0.3, 0.5, 0.7, 0.9)) * rng.uniform(0.8, 1.1))
    links: dict[tuple[int, int], set[tuple[int, int]]] = {cell: set() for cell in layout.cells}
    chamber = {cell: layout.chamber_of[n] for n, cell in enumerate(layout.cells)}
    for cell in layout.cells:
        row, col = cell
        for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if chamber.get(other) == chamber[cell]:
                links[cell].add(other)
    for near, far in layout.corridors:
        links[near].add(far)
        links[far].add(near)
    crossed: set[tuple[int, int]] = set()
    frontier = [rng.choice(layout.start_chamber.cells)]
    while frontier and len(crossed) < target:
        cell = frontier.pop(rng.randrange(len(frontier)))
        if cell in crossed:
            continue
        crossed.add(cell)
        frontier += [other for other in links[cell] if other not in crossed]
    return frozenset(crossed)
