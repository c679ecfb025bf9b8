"""A drawn cave's details (cave_plan.py drew its chambers and corridors): where each chamber's points
badge sits, the mushrooms and acorns, each chamber's points, and the cave as TOML text in the shape of
templates/hamstern_a.toml."""

from __future__ import annotations

import random
from collections import deque

from assistant.games.hamstern.layout import Cell, corridor_path

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
# Chamber points: tuned so that the hard bot's mean score on a cave is side A's (sides A and B: 50).
OTHER_POINTS = 62  # for a cave of USUAL_CELLS cells, a 1-track of USUAL_TRACK boxes, no rock, ...
USUAL_CELLS, PER_CELL = 84, 0.8
USUAL_TRACK, PER_TRACK_BOX = 9.2, 3.5
USUAL_MUSHROOMS, PER_MUSHROOM = 10, 1.2
PER_ROCK = 1.9
MAX_POINTS = 12


def badges(rng: random.Random, grid, corridors) -> dict[str, Cell] | None:
    """For each chamber an earth cell on its wall (touching no other chamber, in no tunnel) for its
    points badge, a cell clear of every other badge."""
    rows, cols = len(grid), len(grid[0])
    tunnels = {cell for near, far in corridors for cell in corridor_path(near, far)}
    badges: dict[str, Cell] = {}
    centres = []
    for letter in sorted({ch for line in grid for ch in line} - {".", "#"}):
        options = []
        for r in range(rows):
            for c in range(cols):
                if grid[r][c] != "." or (r, c) in tunnels:
                    continue
                around = [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]
                mine = [cell for cell in around if grid[cell[0]][cell[1]] == letter]
                others = [cell for cell in around if grid[cell[0]][cell[1]] not in (".", "#", letter)]
                if len(mine) == 1 and not others:
                    centre = ((c + mine[0][1] + 1) / 2, (r + mine[0][0] + 1) / 2)
                    if all((centre[0] - x) ** 2 + (centre[1] - y) ** 2 >= 1.2 for x, y in centres):
                        options.append(((r, c), centre))
        if not options:
            return None
        (cell, centre) = rng.choice(options)
        badges[letter] = cell
        centres.append(centre)
    return badges


def icons(rng: random.Random, grid, corridors, badges) -> dict[Cell, str]:
    """Four acorns in four chambers away from the start, 8-12 mushrooms spread over all chambers;
    never under a badge."""
    under_badge = set()
    for letter, (r, c) in badges.items():
        under_badge |= {(r + dr, c + dc) for dr, dc in STEPS
                        if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]) and grid[r + dr][c + dc] == letter}
    cells_of = {}
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch not in ".#" and (r, c) not in under_badge:
                cells_of.setdefault(ch, []).append((r, c))
    hops = hops_from_start(grid, corridors)
    icons = {}
    far_first = sorted((letter for letter in cells_of if letter != "S"), key=lambda x: (-hops[x], rng.random()))
    for letter in far_first[:4]:
        icons[rng.choice(cells_of[letter])] = "A"
    mushrooms = rng.randint(9, 12)
    letters = sorted(cells_of)
    order = letters + [rng.choice(letters) for _ in range(mushrooms - len(letters))]
    for letter in order[:mushrooms]:
        free = [cell for cell in cells_of[letter] if cell not in icons]
        if free:
            icons[rng.choice(free)] = "M"
    return icons


def hops_from_start(grid, corridors) -> dict[str, int]:
    """Corridors between the start chamber and each chamber, by the shortest way."""
    links: dict[str, set[str]] = {}
    for (r1, c1), (r2, c2) in corridors:
        a, b = grid[r1][c1], grid[r2][c2]
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    hops, queue = {"S": 0}, deque(["S"])
    while queue:
        here = queue.popleft()
        for there in sorted(links.get(here, ())):
            if there not in hops:
                hops[there] = hops[here] + 1
                queue.append(there)
    return hops


def points(grid, corridors, track: int, mushrooms: int) -> dict[str, int]:
    """A chamber's points: more for more cells (more than in proportion: a big chamber takes long to
    fill), for every corridor between it and the start, for cells with one neighbour or none (they
    need exactly the right roll) and for a chamber in two parts; shared out so that the chambers
    besides the start one make about OTHER_POINTS together, none more than MAX_POINTS (one chamber
    worth a lot makes scores swing). A cave of more cells or a shorter 1-track is harder to fill:
    its chambers share more points, and fewer if it has more mushrooms (measured: a cell more costs
    the hard bot about 0.4 points, a 1-track box less 1.7, a cell of rock 0.9; a mushroom more
    brings 0.6; a chamber point 0.47). The start chamber: a third of its cells."""
    hops = hops_from_start(grid, corridors)
    cells_of: dict[str, set[Cell]] = {}
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch not in ".#":
                cells_of.setdefault(ch, set()).add((r, c))
    weights = {}
    for letter, cells in cells_of.items():
        size = len(cells)
        dead_ends = sum(1 for r, c in cells if sum((r + dr, c + dc) in cells for dr, dc in STEPS) <= 1)
        split = 1.5 if len(parts(cells)) > 1 else 0.0
        weights[letter] = 0.45 * size + 0.015 * size * size + 0.5 * hops.get(letter, 3) + 0.4 * dead_ends + split
    start = weights.pop("S")
    cells = sum(map(len, cells_of.values()))
    rocks = sum(line.count("#") for line in grid)
    total = (OTHER_POINTS + PER_CELL * (cells - USUAL_CELLS) + PER_TRACK_BOX * (USUAL_TRACK - track)
             + PER_ROCK * rocks - PER_MUSHROOM * (mushrooms - USUAL_MUSHROOMS))
    scale = total / sum(weights.values())
    points = {letter: min(MAX_POINTS, max(2, round(weight * scale))) for letter, weight in weights.items()}
    points["S"] = max(2, round(len(cells_of["S"]) / 3)) if start else 2
    return points


def toml(grid, icons, corridors, points, badges, track, counter) -> str:
    icon_rows = ["".join(icons.get((r, c), ".") for c in range(len(grid[0]))) for r in range(len(grid))]
    lines = [f"one_track_length = {track}", f"round_counter_faces = {counter}", "",
             'grid = """', *("".join(line) for line in grid), '"""', "",
             'icons = """', *icon_rows, '"""', "", "corridors = ["]
    for (r1, c1), (r2, c2) in corridors:
        lines.append(f"  [[{r1}, {c1}], [{r2}, {c2}]],    # {grid[r1][c1]} - {grid[r2][c2]}")
    lines.append("]")
    for letter in sorted(points, key=lambda x: (x != "S", x)):
        lines += ["", f"[chambers.{letter}]", f"points = {points[letter]}"]
        if letter == "S":
            lines.append("start = true")
        lines.append(f"points_at = [{badges[letter][0]}, {badges[letter][1]}]")
    return "\n".join(lines) + "\n"


def component(cells: set[Cell], start: Cell) -> set[Cell]:
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            other = (r + dr, c + dc)
            if other in cells and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def parts(cells: set[Cell]) -> list[set[Cell]]:
    parts, left = [], set(cells)
    while left:
        part = component(left, min(left))
        parts.append(part)
        left -= part
    return parts
