"""Checking finished paper sheets: ``python -m assistant score hamstern FILE``.

Input (CONTRACT.md): ``{"side": "A", "players": [{"name": "Ann", "crossed": [[row, col], ...],
"one_track_struck": 3}]}``, optionally ``"free_start": true``. Anything a real sheet
cannot show raises ValueError with a one-line reason.
"""

from __future__ import annotations

from typing import Any

from assistant.games.hamstern import caves, scoring
from assistant.games.hamstern.layout import SIDES, Layout, bits, cell_name, closure, load_layout
from assistant.games.score_input import read_players


def check_scores(data: Any) -> dict:
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object with 'side' and 'players'")
    side = data.get("side", "A")
    if side not in SIDES:
        if not isinstance(side, str) or not caves.is_cave(side):
            raise ValueError(f"side must be 'A', 'B' or a cave code (as printed on its sheet), not {str(side)[:40]!r}")
        side = caves.normalise(side)
    free_start = data.get("free_start", False)
    if type(free_start) is not bool:
        raise ValueError("free_start must be true or false")
    layout = load_layout(side)
    names, crossed_masks = [], []
    for name, player in read_players(data, "hamstern"):
        names.append(name)
        crossed_masks.append(_read_crosses(layout, name, player, free_start))
    breakdowns = [scoring.breakdown(layout, crossed) for crossed in crossed_masks]
    return {
        "players": [
            {"name": name, "total": b.total, "breakdown": b.to_data()}
            for name, b in zip(names, breakdowns, strict=True)
        ],
        "winners": [names[i] for i in scoring.winners(breakdowns)],
        "decided_by": scoring.deciding_tie_break(breakdowns),
    }


def _read_crosses(layout: Layout, name: str, player: dict, free_start: bool) -> int:
    """The player's crosses as a bitmask; ValueError for anything a real sheet cannot show."""
    cells = player.get("crossed", [])
    if not isinstance(cells, list):
        raise ValueError(f"{name}: 'crossed' must be a list of [row, col] cells")
    crossed = 0
    for cell in cells:
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell)):
            raise ValueError(f"{name}: a cell is [row, col] (whole numbers from 0), not {cell!r}")
        where = (cell[0], cell[1])
        if where not in layout.index:
            raise ValueError(f"{name}: {cell} is not a cell of a chamber on side {layout.side}")
        if crossed >> layout.index[where] & 1:
            raise ValueError(f"{name}: {cell_name(where)} {cell} is crossed twice")
        crossed |= 1 << layout.index[where]
    struck = player.get("one_track_struck", 0)
    if type(struck) is not int or not 0 <= struck <= layout.one_track_length:
        raise ValueError(f"{name}: one_track_struck must be 0 to {layout.one_track_length}, not {struck!r}")
    unreachable = unreachable_crosses(layout, crossed, free_start)
    if unreachable:
        where = cell_name(layout.cells[unreachable.bit_length() - 1])
        raise ValueError(f"{name}: {where} cannot have been reached from the first crosses")
    return crossed


def unreachable_crosses(layout: Layout, crossed: int, free_start: bool) -> int:
    """Crosses that no sequence of legal placements could have made.

    Every placement touches earlier crosses (in its chamber, or through a corridor
    whose near end is crossed), so all crosses hang together, starting from the
    start chamber (or from any one chamber with the free-start variant).
    """
    if not crossed:
        return 0
    start = layout.chamber_masks[layout.chambers.index(layout.start_chamber)]
    seeds = crossed if free_start else crossed & start
    best = 0
    # With free start any chamber may hold the first crosses: keep the largest closure.
    for seed in bits(seeds):
        reached = _closure(layout, crossed, 1 << seed)
        if reached.bit_count() > best.bit_count():
            best = reached
        if not free_start or best == crossed:
            break
    return crossed & ~best


def _closure(layout: Layout, crossed: int, reached: int) -> int:
    return closure(layout, crossed, reached)
