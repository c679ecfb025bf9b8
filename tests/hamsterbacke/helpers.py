"""Hamsterbacke's test helpers: positions reached by random play."""

from __future__ import annotations

from assistant.games import get_game
from assistant.games.base import State
from tests.helpers import first_position


def played_until(players: int, wanted, seeds=range(300)) -> State:
    """A random game of ``players`` up to the first position where ``wanted(state)`` holds."""
    return first_position(lambda seed: get_game("hamsterbacke").new_state(players, seed=seed), wanted, seeds)
