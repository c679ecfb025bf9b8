"""Drawing one new cave from a random generator: its chambers and corridors (cave_details.py adds the
badges, mushrooms, acorns and points).

The plan follows sides A and B (RULINGS.md section 1): the cave is a 3 x 3 block of chamber areas
with one-cell earth lanes between them, the start chamber in the middle area; two neighbouring areas
(neither the middle) make one long chamber, so there are 8. Each chamber is its area carved smaller,
square or crooked, sometimes split in two by a line of rock (then each part gets its own corridor).
Corridors run straight through earth between chambers: first enough to reach every part from the start
chamber, then a few more. Points grow with a chamber's size, its distance from the start and its dead
ends. ``plan(rng)`` returns the cave as TOML text in the shape of templates/hamstern_a.toml, or None
when this draw cannot make a valid cave (the caller draws again); layout.parse_layout checks the rest.
"""

from __future__ import annotations

import random

from assistant.games.hamstern import cave_details as details
from assistant.games.hamstern.layout import Cell, corridor_path

# Heights of the three row bands and widths of the three column bands (one earth lane between bands).
ROW_BANDS = ((3, 3, 3), (3, 4, 3), (4, 3, 3), (3, 3, 4))
COL_BANDS = ((4, 3, 4), (4, 4, 4), (4, 5, 4), (5, 3, 5), (3, 5, 4), (4, 5, 3), (5, 4, 4), (4, 4, 5))
MIDDLE = (1, 1)
MAX_CHAMBER, MIN_CHAMBER = 16, 4
MAX_TUNNEL = 5  # earth cells a corridor may run through
COUNTER = (4, 5, 6, 4, 5, 6)  # as on sides A and B: each box more or less moves the mean score by 6
MOST_POINTS = 66  # a cave needing more to be fair makes scores swing too much (sides A and B: 53)
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def plan(rng: random.Random) -> str | None:
    """A cave as TOML text, or None if this draw fails somewhere (no way into a part, no room for a badge)."""
    heights, widths = rng.choice(ROW_BANDS), rng.choice(COL_BANDS)
    rows, cols = sum(heights) + 2, sum(widths) + 2
    areas = _areas(heights, widths)
    merged = _merged_pair(rng)
    regions = _regions(areas, merged)
    middle = (rows // 2, cols // 2)
    if middle not in regions[MIDDLE]:
        return None
    shapes = {}
    for slot, region in regions.items():
        shapes[slot] = _carve(rng, region, slot == MIDDLE, middle)
    grid = [["."] * cols for _ in range(rows)]
    names = _names(shapes)
    for slot, shape in shapes.items():
        for row, col in shape:
            grid[row][col] = names[slot]
    _split_by_rock(rng, grid, shapes)
    corridors = _corridors(rng, grid)
    if corridors is None:
        return None
    badges = details.badges(rng, grid, corridors)
    if badges is None:
        return None
    track = rng.choice((8, 9, 9, 10, 10))
    icons = details.icons(rng, grid, corridors, badges)
    points = details.points(grid, corridors, track, sum(kind == "M" for kind in icons.values()))
    if sum(points.values()) > MOST_POINTS:
        return None
    counter = list(COUNTER)
    return details.toml(grid, icons, corridors, points, badges, track, counter)


# --- areas and shapes ------------------------------------------------------------------------
def _areas(heights, widths) -> dict[tuple[int, int], set[Cell]]:
    areas = {}
    top = 0
    for i, height in enumerate(heights):
        left = 0
        for j, width in enumerate(widths):
            areas[(i, j)] = {(top + r, left + c) for r in range(height) for c in range(width)}
            left += width + 1
        top += height + 1
    return areas


def _merged_pair(rng: random.Random) -> tuple[tuple[int, int], tuple[int, int]]:
    """Two neighbouring areas, neither the middle one, that make one long chamber."""
    pairs = [((i, j), (i, j + 1)) for i in range(3) for j in range(2)] + \
            [((i, j), (i + 1, j)) for i in range(2) for j in range(3)]
    return rng.choice([pair for pair in pairs if MIDDLE not in pair])


def _regions(areas, merged) -> dict[tuple[int, int], set[Cell]]:
    """The area of each chamber: the merged pair as one, with the lane cells between them."""
    first, second = merged
    regions = {slot: set(cells) for slot, cells in areas.items() if slot != second}
    joined = areas[first] | areas[second]
    rows = {r for r, _ in joined}
    cols = {c for _, c in joined}
    if first[0] == second[0]:  # side by side: the lane column between them joins them
        lane = max(c for _, c in areas[first]) + 1
        joined |= {(r, lane) for r in rows & {r for r, _ in areas[first]}}
    else:
        lane = max(r for r, _ in areas[first]) + 1
        joined |= {(lane, c) for c in cols & {c for _, c in areas[first]}}
    regions[first] = joined
    return regions


def _carve(rng: random.Random, region: set[Cell], is_start: bool, middle: Cell) -> set[Cell]:
    """A chamber shape inside ``region``: a smaller rectangle, or crooked (cells nibbled off its edge)."""
    shape = set(region)
    if is_start:
        target = rng.randint(min(12, max(MIN_CHAMBER + 3, len(region) - 8)), min(12, len(region)))
    else:
        low = max(MIN_CHAMBER + 2, int(len(region) * 0.55))
        target = rng.randint(min(low, MAX_CHAMBER), min(MAX_CHAMBER, len(region)))
    crooked = rng.random() < 0.5
    keep = {middle} if is_start else set()
    tries = 0
    while len(shape) > target and tries < 200:
        tries += 1
        if crooked:
            cell = rng.choice(sorted(_edge_cells(shape)))
            removed = {cell}
        else:  # cut a whole outer row or column, if that does not go below the target
            removed = _outer_line(rng, shape)
            if len(shape) - len(removed) < target:
                crooked = True
                continue
        if removed & keep or not _connected(shape - removed):
            continue
        shape -= removed
    return shape


def _edge_cells(shape: set[Cell]) -> set[Cell]:
    return {(r, c) for r, c in shape if sum((r + dr, c + dc) in shape for dr, dc in STEPS) < 4}


def _outer_line(rng: random.Random, shape: set[Cell]) -> set[Cell]:
    rows = [r for r, _ in shape]
    cols = [c for _, c in shape]
    side = rng.choice(("top", "bottom", "left", "right"))
    if side in ("top", "bottom"):
        row = min(rows) if side == "top" else max(rows)
        return {cell for cell in shape if cell[0] == row}
    col = min(cols) if side == "left" else max(cols)
    return {cell for cell in shape if cell[1] == col}


def _connected(cells: set[Cell]) -> bool:
    return len(details.component(cells, next(iter(cells)))) == len(cells) if cells else False


def _names(shapes) -> dict[tuple[int, int], str]:
    """S for the start chamber, a to g for the others in reading order."""
    others = sorted((slot for slot in shapes if slot != MIDDLE), key=lambda slot: min(shapes[slot]))
    return {MIDDLE: "S", **{slot: "abcdefg"[n] for n, slot in enumerate(others)}}


def _split_by_rock(rng: random.Random, grid, shapes) -> None:
    """Sometimes one chamber (never the start) gets a line of rock across it: two parts, each of at
    least three cells, each to be reached on its own (side B's chamber b)."""
    if rng.random() < 0.5:
        return
    choices = []
    for slot, shape in sorted(shapes.items()):
        if slot == MIDDLE or len(shape) < 9:
            continue
        for line in _straight_lines(shape):
            rest = shape - line
            parts = details.parts(rest)
            if len(parts) == 2 and min(map(len, parts)) >= 3 and len(rest) >= MIN_CHAMBER:
                choices.append((slot, line))
    if not choices:
        return
    slot, line = rng.choice(choices)
    for row, col in line:
        grid[row][col] = "#"
    shapes[slot] = shapes[slot] - line


def _straight_lines(shape: set[Cell]) -> list[set[Cell]]:
    """The inner full columns and rows of a shape (not its outermost ones)."""
    lines = []
    rows, cols = sorted({r for r, _ in shape}), sorted({c for _, c in shape})
    for col in cols[1:-1]:
        lines.append({cell for cell in shape if cell[1] == col})
    for row in rows[1:-1]:
        lines.append({cell for cell in shape if cell[0] == row})
    return lines


# --- corridors ---------------------------------------------------------------------------------
def _corridors(rng: random.Random, grid) -> list[tuple[Cell, Cell]] | None:
    """Corridors that reach every part of every chamber from the start chamber, and a few more."""
    rows, cols = len(grid), len(grid[0])
    owner = {(r, c): grid[r][c] for r in range(rows) for c in range(cols) if grid[r][c] not in ".#"}
    part_of = {}
    for letter in sorted(set(owner.values())):
        for n, part in enumerate(details.parts({cell for cell, name in owner.items() if name == letter})):
            for cell in part:
                part_of[cell] = (letter, n)
    candidates = _straight_tunnels(grid, owner)
    reached = {part for part in part_of.values() if part[0] == "S"}
    chosen: list[tuple[Cell, Cell]] = []
    used_ends, used_path = set(), set()

    def usable(near, far):
        return near not in used_ends and far not in used_ends and not set(corridor_path(near, far)) & used_path

    def take(near, far):
        chosen.append((near, far))
        used_ends.update((near, far))
        used_path.update(corridor_path(near, far))

    all_parts = set(part_of.values())
    while reached != all_parts:  # a random tree, short tunnels first
        frontier = [(near, far) for near, far in candidates
                    if (part_of[near] in reached) != (part_of[far] in reached) and usable(near, far)]
        if not frontier:
            return None
        shortest = min(len(corridor_path(*pair)) for pair in frontier)
        near, far = rng.choice([pair for pair in frontier if len(corridor_path(*pair)) <= shortest + 1])
        take(near, far)
        reached |= {part_of[near], part_of[far]}
    linked = {frozenset((owner[a], owner[b])) for a, b in chosen}
    extra = rng.randint(0, 3)
    spare = [pair for pair in candidates if frozenset((owner[pair[0]], owner[pair[1]])) not in linked]
    rng.shuffle(spare)
    for near, far in spare:
        if extra == 0:
            break
        pair = frozenset((owner[near], owner[far]))
        if pair not in linked and usable(near, far):
            take(near, far)
            linked.add(pair)
            extra -= 1
    return chosen


def _straight_tunnels(grid, owner) -> list[tuple[Cell, Cell]]:
    """Every straight run of earth between cells of two different chambers."""
    found = []
    rows, cols = len(grid), len(grid[0])
    lines = [[(r, c) for c in range(cols)] for r in range(rows)] + [[(r, c) for r in range(rows)] for c in range(cols)]
    for line in lines:
        last = None  # the last chamber cell met, if only earth followed it
        for cell in line:
            char = grid[cell[0]][cell[1]]
            if cell in owner:
                if last is not None and owner[last] != owner[cell] and 1 <= _distance(last, cell) - 1 <= MAX_TUNNEL:
                    found.append((last, cell))
                last = cell
            elif char == "#":
                last = None
    return found


def _distance(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
