"""Hamstern cave layouts, read from ``templates/hamstern_<side>.toml`` (or drawn from a code: caves.py).

One file per side feeds both the printed sheet (``sheets.hamstern``) and the
engine. Besides the plain data the contract names, a Layout keeps bitmask
tables (one bit per chamber cell) that the placement rules work on.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

Cell = tuple[int, int]
SIDES = ("A", "B")
ICON_CODES = {"M": "mushroom", "A": "acorn"}
EARTH, ROCK = ".", "#"


@dataclass(frozen=True)
class Chamber:
    id: str
    points: int
    cells: tuple[Cell, ...]
    start: bool
    points_at: Cell


@dataclass(frozen=True)
class Layout:
    side: str
    rows: int
    cols: int
    chambers: tuple[Chamber, ...]
    icons: dict[Cell, str]
    corridors: tuple[tuple[Cell, Cell], ...]
    rocks: frozenset[Cell]
    one_track_length: int
    round_counter_faces: tuple[int, ...]
    # Bitmask tables, derived in __post_init__. Bit i stands for ``cells[i]``.
    cells: tuple[Cell, ...] = field(init=False, repr=False)
    index: dict[Cell, int] = field(init=False, repr=False)
    chamber_of: tuple[int, ...] = field(init=False, repr=False)
    chamber_masks: tuple[int, ...] = field(init=False, repr=False)
    neighbours: tuple[int, ...] = field(init=False, repr=False)
    corridor_ends: tuple[int, ...] = field(init=False, repr=False)
    mushroom_mask: int = field(init=False, repr=False)
    acorn_mask: int = field(init=False, repr=False)

    @property
    def round_counter_length(self) -> int:
        return len(self.round_counter_faces)

    @property
    def start_chamber(self) -> Chamber:
        return next(chamber for chamber in self.chambers if chamber.start)

    def __post_init__(self):
        cells = tuple(cell for chamber in self.chambers for cell in chamber.cells)
        index = {cell: i for i, cell in enumerate(cells)}
        chamber_of = tuple(n for n, chamber in enumerate(self.chambers) for _ in chamber.cells)
        chamber_masks = tuple(mask_of(index, chamber.cells) for chamber in self.chambers)
        neighbours = []
        for i, (row, col) in enumerate(cells):
            mask = 0
            for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                j = index.get(other)
                if j is not None and chamber_of[j] == chamber_of[i]:
                    mask |= 1 << j
            neighbours.append(mask)
        # corridor_ends[i]: the cells at the far end of every corridor that starts at cell i.
        ends = [0] * len(cells)
        for near, far in self.corridors:
            ends[index[near]] |= 1 << index[far]
            ends[index[far]] |= 1 << index[near]
        icon_cells = {kind: [c for c, k in self.icons.items() if k == kind] for kind in ICON_CODES.values()}
        derived = {
            "cells": cells,
            "index": index,
            "chamber_of": chamber_of,
            "chamber_masks": chamber_masks,
            "neighbours": tuple(neighbours),
            "corridor_ends": tuple(ends),
            "mushroom_mask": mask_of(index, icon_cells["mushroom"]),
            "acorn_mask": mask_of(index, icon_cells["acorn"]),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def cells_of(self, mask: int) -> frozenset[Cell]:
        return frozenset(self.cells[i] for i in bits(mask))

    def mask(self, cells) -> int:
        """The bitmask of ``cells``; KeyError for a cell that is in no chamber."""
        return mask_of(self.index, cells)

    def cell_name(self, cell: Cell) -> str:
        return cell_name(cell)

    def badge_centre(self, chamber: Chamber) -> tuple[float, float]:
        """Where ``chamber``'s points badge is drawn, in sheet coordinates: (x, y) in cell
        units from the grid's top-left corner, x along the columns and y down the rows, so
        cell (row, col) spans x col..col+1 and y row..row+1.

        The badge sits on the chamber's wall: at the middle of the one wall between the
        chamber and its earth cell ``points_at``. The printed sheet and the app both draw it
        here, so a badge never floats in the earth next to another chamber's badge.
        """
        return badge_centre(chamber)


def cell_name(cell: Cell) -> str:
    """The name printed on the sheet's edges: column letter, row number ("C4"); a cell on no sheet
    (sent by a damaged file or a forged decision) as its numbers, so that the reason can still be told."""
    row, col = cell
    if not (isinstance(row, int) and isinstance(col, int) and 0 <= col < 26 and 0 <= row < 1000):
        return f"({str(row)[:12]}, {str(col)[:12]})"
    return f"{chr(ord('A') + col)}{row + 1}"


def badge_centre(chamber: Chamber) -> tuple[float, float]:
    """See Layout.badge_centre: the middle of the wall between the two cells of badge_wall."""
    (row, col), (earth_row, earth_col) = badge_wall(chamber)
    return (col + earth_col + 1) / 2, (row + earth_row + 1) / 2


def badge_wall(chamber: Chamber) -> tuple[Cell, Cell]:
    """(the chamber's cell, its earth cell ``points_at``): the wall the points badge sits on.

    ValueError unless ``points_at`` shares exactly one wall with the chamber: on no wall the
    badge would not touch its chamber; on two or more, which wall it sits on would be a guess.
    """
    row, col = chamber.points_at
    own = set(chamber.cells)
    walls = [cell for cell in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)) if cell in own]
    if len(walls) != 1:
        raise ValueError(f"chamber {chamber.id}: points_at {list(chamber.points_at)} must share exactly one "
                         f"wall with the chamber, not {len(walls)}")
    return walls[0], chamber.points_at


def mask_of(index: dict[Cell, int], cells) -> int:
    mask = 0
    for cell in cells:
        mask |= 1 << index[cell]
    return mask


def bits(mask: int):
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


CAVES_KEPT = 32  # caves' layouts kept in memory (caves.KEPT), besides sides A and B


@lru_cache(maxsize=CAVES_KEPT + 2)  # an LRU: the caves a table plays on are bounded in memory
def load_layout(side: str) -> Layout:
    """Side A or B from its file, or the cave of a code: the layout stored with a game or check
    (caves.register), else drawn and checked on first use (seconds)."""
    if side not in SIDES:
        from assistant.games.hamstern import caves  # the caves are drawn with this module

        if not isinstance(side, str) or len(side) > 100:
            raise ValueError(f"side must be one of {', '.join(SIDES)} or a cave code, not {str(side)[:40]!r}")
        return caves.layout_of(caves.normalise(side))
    source = resources.files("templates").joinpath(f"hamstern_{side.lower()}.toml")
    return parse_layout(source.read_text("utf-8"))


def parse_layout(text: str) -> Layout:
    """Build a Layout from the TOML text; ValueError names the first broken constraint."""
    data = tomllib.loads(text)
    grid = _grid_lines(data["grid"], "grid")
    icon_lines = _grid_lines(data["icons"], "icons")
    rows, cols = len(grid), len(grid[0])
    if len(icon_lines) != rows or any(len(line) != cols for line in grid + icon_lines):
        raise ValueError("grid and icons must be rectangles of the same size")
    letters: dict[str, list[Cell]] = {}
    rocks = set()
    for row, line in enumerate(grid):
        for col, char in enumerate(line):
            if char == ROCK:
                rocks.add((row, col))
            elif char != EARTH:
                letters.setdefault(char, []).append((row, col))
    chamber_data = data["chambers"]
    if set(letters) != set(chamber_data):
        raise ValueError(f"grid letters {sorted(letters)} differ from [chambers] {sorted(chamber_data)}")
    chambers = tuple(
        Chamber(
            id=name,
            points=int(spec["points"]),
            cells=tuple(letters[name]),
            start=bool(spec.get("start", False)),
            points_at=tuple(spec["points_at"]),
        )
        for name, spec in chamber_data.items()
    )
    icons = {}
    for row, line in enumerate(icon_lines):
        for col, char in enumerate(line):
            if char in ICON_CODES:
                icons[(row, col)] = ICON_CODES[char]
    corridors = tuple((tuple(near), tuple(far)) for near, far in data["corridors"])
    _check_named_cells(chambers, icons, corridors)
    layout = Layout(
        side=data["side"],
        rows=rows,
        cols=cols,
        chambers=chambers,
        icons=icons,
        corridors=corridors,
        rocks=frozenset(rocks),
        one_track_length=int(data["one_track_length"]),
        round_counter_faces=tuple(data["round_counter_faces"]),
    )
    validate(layout, grid)
    return layout


def _grid_lines(block: str, name: str) -> list[str]:
    lines = [line.rstrip() for line in block.strip("\n").splitlines()]
    if not lines or not lines[0]:
        raise ValueError(f"{name} is empty")
    return lines


def _check_named_cells(chambers, icons, corridors) -> None:
    """Check every named cell is a chamber cell before the bitmask tables are built."""
    in_chamber = {cell for chamber in chambers for cell in chamber.cells}
    for cell in icons:
        if cell not in in_chamber:
            raise ValueError(f"icon at {list(cell)} is not in a chamber")
    for near, far in corridors:
        for end in (near, far):
            if end not in in_chamber:
                raise ValueError(f"corridor end {list(end)} is not in a chamber")


def validate(layout: Layout, grid: list[str]) -> None:
    """The design constraints of RULINGS.md section 1."""
    if len(layout.chambers) != 8:
        raise ValueError(f"a side has 8 chambers, not {len(layout.chambers)}")
    starts = [chamber for chamber in layout.chambers if chamber.start]
    if len(starts) != 1:
        raise ValueError("exactly one chamber must be the start chamber")
    middle = (layout.rows // 2, layout.cols // 2)
    if middle not in starts[0].cells:
        raise ValueError(f"the start chamber must hold the middle cell {list(middle)}")
    for chamber in layout.chambers:
        if not 4 <= len(chamber.cells) <= 16:
            raise ValueError(f"chamber {chamber.id} has {len(chamber.cells)} cells, not 4..16")
        if chamber.points <= 0:
            raise ValueError(f"chamber {chamber.id} must score points")
        row, col = chamber.points_at
        if not (0 <= row < layout.rows and 0 <= col < layout.cols) or grid[row][col] != EARTH:
            raise ValueError(f"chamber {chamber.id}: points_at must be an earth cell")
    kinds = list(layout.icons.values())
    if kinds.count("acorn") != 4 or not 8 <= kinds.count("mushroom") <= 12:
        raise ValueError("a side has exactly 4 acorns and 8 to 12 mushrooms")
    for near, far in layout.corridors:
        if layout.chamber_of[layout.index[near]] == layout.chamber_of[layout.index[far]]:
            raise ValueError(f"corridor {list(near)}-{list(far)} joins a chamber to itself")
        if near[0] != far[0] and near[1] != far[1]:
            raise ValueError(f"corridor {list(near)}-{list(far)} is not a straight line")
        for cell in corridor_path(near, far):
            if grid[cell[0]][cell[1]] != EARTH:
                raise ValueError(f"corridor {list(near)}-{list(far)} runs through {list(cell)}")
    _check_badges(layout)
    if layout.one_track_length < 7:
        raise ValueError("the 1-track needs at least 7 boxes")
    if not layout.round_counter_faces or any(f not in (4, 5, 6) for f in layout.round_counter_faces):
        raise ValueError("the round counter's boxes are dice faces 4, 5 or 6")
    # Cell by cell, not chamber by chamber: a chamber split by rock needs a way into each part.
    unreached = ((1 << len(layout.cells)) - 1) & ~reachable_cells(layout)
    if unreached:
        first = (unreached & -unreached).bit_length() - 1
        chamber = layout.chambers[layout.chamber_of[first]]
        raise ValueError(f"chamber {chamber.id} cannot be reached at {list(layout.cells[first])}")


def _check_badges(layout: Layout) -> None:
    """Each badge on its own chamber's wall, off the tunnels and the pictures, clear of every
    other badge."""
    tunnels = {cell for near, far in layout.corridors for cell in corridor_path(near, far)}
    centres = {}
    for chamber in layout.chambers:
        inside, _ = badge_wall(chamber)
        centres[chamber.id] = badge_centre(chamber)
        if chamber.points_at in tunnels:
            raise ValueError(f"chamber {chamber.id}: points_at {list(chamber.points_at)} is in a corridor")
        # The badge reaches over a third of the way into the cell: it would hide the picture.
        if inside in layout.icons:
            raise ValueError(f"chamber {chamber.id}: the badge would cover the {layout.icons[inside]} "
                             f"at {list(inside)}")
    # Badges are drawn about 0.8 cell wide: centres a cell apart never overlap.
    ids = list(centres)
    for n, first in enumerate(ids):
        for second in ids[n + 1:]:
            (x1, y1), (x2, y2) = centres[first], centres[second]
            if (x1 - x2) ** 2 + (y1 - y2) ** 2 < 1:
                raise ValueError(f"the badges of chambers {first} and {second} are less than a cell apart")


def corridor_path(near: Cell, far: Cell) -> list[Cell]:
    """The earth cells a straight corridor runs through, between its two ends."""
    (r1, c1), (r2, c2) = near, far
    steps = max(abs(r2 - r1), abs(c2 - c1))
    dr, dc = (r2 - r1) // steps, (c2 - c1) // steps
    return [(r1 + dr * k, c1 + dc * k) for k in range(1, steps)]


def closure(layout: Layout, allowed: int, reached: int) -> int:
    """The cells of ``allowed`` that ``reached`` grows to by steps inside a chamber and
    through corridors (both ways): how crosses can spread over a sheet."""
    frontier = reached
    while frontier:
        grown = 0
        for i in bits(frontier):
            grown |= layout.neighbours[i] | layout.corridor_ends[i]
        frontier = grown & allowed & ~reached
        reached |= frontier
    return reached


def reachable_cells(layout: Layout) -> int:
    """Every cell a player could ever cross, starting anywhere in the start chamber."""
    every_cell = (1 << len(layout.cells)) - 1
    return closure(layout, every_cell, layout.chamber_masks[layout.chambers.index(layout.start_chamber)])


def reachable_chambers(layout: Layout) -> set[int]:
    """Chambers with at least one reachable cell."""
    return {layout.chamber_of[i] for i in bits(reachable_cells(layout))}
