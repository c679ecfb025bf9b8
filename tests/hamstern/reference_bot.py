"""The hard Hamstern bot as it was first written: whole sheets valued one by one, no caches.

The bots now judge placements by their differences (assistant/bots/hamstern_judge.py) to be fast
enough for a cave's balance check; tests/hamstern/test_balance.py checks they still choose what this
plain reading chooses (values equal to 9 decimals are a tie either way)."""

from __future__ import annotations

from assistant.bots.hamstern_judge import chamber_share, doors_into
from assistant.games.hamstern import placement
from assistant.games.hamstern.layout import Layout
from assistant.games.hamstern.scoring import ACORN_POINTS

TRACK_BOX_VALUE = 0.6
OPEN_DOOR_VALUE = 1.0
CANDIDATES_FOR_LOOKAHEAD = 6


def sheet_value(layout: Layout, crossed: int, track_left: int, rolls_left: float) -> float:
    value = (crossed & layout.mushroom_mask).bit_count()
    value += ACORN_POINTS[(crossed & layout.acorn_mask).bit_count()]
    value += TRACK_BOX_VALUE * track_left
    budget = round(rolls_left)
    for n, (mask, doors) in enumerate(zip(layout.chamber_masks, doors_into(layout), strict=True)):
        mine = crossed & mask
        if mine:
            empty = mask & ~crossed
            singles = sum(1 for i in range(len(layout.cells)) if empty >> i & 1 and not layout.neighbours[i] & empty)
            value += chamber_share(layout.chambers[n].points, mask.bit_count(), mine.bit_count(), singles,
                                   track_left > 0, budget)
        else:
            value += OPEN_DOOR_VALUE * (crossed & doors).bit_count()
    return value


def expected_after_next_roll(layout, crossed, track, rolls_left, free_start) -> float:
    later = max(rolls_left - 1, 0)
    total = 0.0
    for roll in range(1, 7):
        sizes = placement.allowed_sizes(roll, track)
        best = sheet_value(layout, crossed, track, later)  # the pass
        for option in placement.placements(layout, crossed, sizes, free_start):
            next_track = track - (option.bit_count() if roll == 1 else 0)
            best = max(best, sheet_value(layout, crossed | option, next_track, later))
        total += best
    return total / 6


def values(layout, crossed, track_left, roll, rolls_left, free_start, masks):
    """(static value, expected value after the next roll) of each placement in ``masks``."""
    result = []
    for mask in masks:
        track = track_left - (mask.bit_count() if roll == 1 else 0)
        result.append((sheet_value(layout, crossed | mask, track, rolls_left),
                       expected_after_next_roll(layout, crossed | mask, track, rolls_left, free_start)))
    return result
