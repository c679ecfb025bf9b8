"""Hamsterdam's figures turn by turn, for the end screen's chart (assistant/ui/hamsterdam/chart.py)."""

from __future__ import annotations

from typing import Any

from assistant.games.base import State
from assistant.games.series import Points, after_each_turn


def flood_piles_by_turn(saved: dict[str, Any] | State) -> list[Points]:
    """Each player's flood pile at the start and after every turn (the state counts its turns; a re-roll
    is no new turn), ending where the game ended. ``saved``: a state or its record."""
    return after_each_turn(saved, lambda state: state.turns, lambda state: list(state.piles))
