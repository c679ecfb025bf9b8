"""The placement enumerator against an independent brute force (our perft)."""

from __future__ import annotations

import random

import pytest

from assistant import IllegalAction
from assistant.games.hamstern import placement
from assistant.games.hamstern.layout import load_layout
from tests.hamstern.helpers import hamstern
from tests.helpers import play_randomly


def brute_force(layout, crossed: int, sizes: range, free_start: bool) -> set[int]:
    """Grow every connected group cell by cell (breadth first) and keep the anchored ones."""
    empty = [i for i in range(len(layout.cells)) if not crossed >> i & 1]
    groups = {1 << i for i in empty}
    found = set()
    for size in range(1, sizes.stop):
        if size in sizes:
            found |= groups
        grown = set()
        for group in groups:
            for i in empty:
                touches_group = layout.neighbours[i] & group
                if not group >> i & 1 and touches_group:
                    grown.add(group | 1 << i)
        groups = grown
    anchors = placement.anchors(layout, crossed, free_start)
    return {group for group in found if group & anchors}


def positions(side: str, count: int):
    """Sheets from random solo games, taken along the way."""
    for seed in range(count):
        state = hamstern(side=side, seed=seed, free_start=seed % 3 == 0)
        rng = random.Random(seed)
        steps = rng.randint(0, 30)
        while steps and not state.is_over():
            state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
            steps -= 1
        yield state.layout, state.crossed[0], state.free_start


@pytest.mark.parametrize("side", ["A", "B"])
def test_enumeration_matches_brute_force(side):
    for layout, crossed, free_start in positions(side, 12):
        for sizes in (range(1, 8), range(2, 3), range(4, 5), range(6, 7), range(1, 3)):
            listed = placement.placements(layout, crossed, sizes, free_start)
            assert len(listed) == len(set(listed)), "a placement was listed twice"
            assert set(listed) == brute_force(layout, crossed, sizes, free_start)
            assert placement.can_place(layout, crossed, sizes, free_start) == bool(listed)
            for mask in listed:
                placement.check(layout, crossed, mask, sizes, free_start)


def test_check_refuses_what_the_enumeration_leaves_out():
    rng = random.Random(5)
    for layout, crossed, free_start in positions("B", 8):
        sizes = range(1, 5)
        listed = set(placement.placements(layout, crossed, sizes, free_start))
        for _ in range(300):
            mask = 0
            for _ in range(rng.randint(1, 4)):
                mask |= 1 << rng.randrange(len(layout.cells))
            try:
                placement.check(layout, crossed, mask, sizes, free_start)
            except IllegalAction:
                assert mask not in listed
            else:
                assert mask in listed


def test_known_counts_on_the_first_roll():
    """Ground truth for a fresh side-A sheet (3x3 start chamber): connected groups by size."""
    layout = load_layout("A")
    counts = [len(placement.placements(layout, 0, range(k, k + 1), False)) for k in range(1, 8)]
    # Connected cell sets of a 3x3 grid by size (218 in all with the 9 of size 8 and the whole).
    assert counts == [9, 12, 22, 36, 49, 48, 32]


def test_played_games_only_ever_hold_connected_reachable_sheets():
    from assistant.games.hamstern.scorecard import unreachable_crosses

    for seed in range(6):
        state = play_randomly(hamstern(players=3, seed=seed, side="AB"[seed % 2]), random.Random(seed))
        for crossed in state.crossed:
            assert unreachable_crosses(state.layout, crossed, False) == 0
