"""Small helpers the tests share: playing games and naming Hamstern cells."""

from __future__ import annotations

import random

from assistant.games import get_game
from assistant.games.base import State
from assistant.games.hamstern import Place, Roll


def cells(names: str) -> frozenset[tuple[int, int]]:
    """``cells("F5 G5")`` -> {(4, 5), (4, 6)}: column letter, row number, as printed on the sheet."""
    result = set()
    for name in names.split():
        result.add((int(name[1:]) - 1, ord(name[0]) - ord("A")))
    return frozenset(result)


def hamstern(players: int = 1, seed: int = 0, **options) -> State:
    return get_game("hamstern").new_state(players, seed=seed, **options)


def turn(state: State, roll: int, *placements: str) -> None:
    """Roll ``roll``, then each player in turn crosses the named cells ("" passes)."""
    state.apply(Roll(roll))
    for names in placements:
        state.apply(Place(cells(names)))


def play_randomly(state: State, rng: random.Random, max_steps: int = 10_000) -> State:
    """Random legal actions to the end; chance nodes take the state's own roll."""
    for _ in range(max_steps):
        if state.is_over():
            return state
        if state.is_chance_node():
            state.apply(state.chance_outcome())
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")
