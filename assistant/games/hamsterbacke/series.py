"""Hamsterbacke's figures turn by turn, for the end screen's chart (assistant/ui/hamsterbacke/chart.py)."""

from __future__ import annotations

from typing import Any

from assistant.games.base import State
from assistant.games.series import Points, after_each_turn


class _TurnCounter:
    """The state counts no turns: a turn is over when the active player (``state.turn``) changes. A gift
    given by another player is within the active player's turn (``turn`` stays)."""

    def __init__(self) -> None:
        self.turns, self.active = 0, 0

    def __call__(self, state) -> int:
        if state.turn != self.active:
            self.turns, self.active = self.turns + 1, state.turn
        return self.turns


def score_piles_by_turn(saved: dict[str, Any] | State) -> list[Points]:
    """The number of cards in each player's score pile at the start and after every turn, ending where the
    game ended. ``saved``: a state or its record."""
    return after_each_turn(saved, _TurnCounter(), lambda state: [len(pile) for pile in state.score_piles])
