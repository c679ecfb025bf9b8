"""Biber Gang, the card game: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game
from assistant.games.biber_gang.actions import Move, move_from_data
from assistant.games.biber_gang.rules import BiberGangState


class BiberGangGame(Game):
    name = "biber_gang"
    min_players = 2
    max_players = 6
    option_defaults = {"rounds": 5, "discard_pickup_must_be_kept": False}

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        if not 1 <= merged["rounds"] <= 10:
            raise ValueError(f"option 'rounds' must be 1..10, not {merged['rounds']!r}")
        return merged

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> BiberGangState:
        return BiberGangState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        return move_from_data(data)


__all__ = ["BiberGangGame", "BiberGangState", "Move"]
