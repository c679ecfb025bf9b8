"""Hamsterbacke, the card game: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game
from assistant.games.hamsterbacke.actions import Move, move_from_data
from assistant.games.hamsterbacke.rules import HamsterbackeState, round_number, sample_from_view
from assistant.games.registry import GameInfo, register_game

INFO = register_game(GameInfo(
    name="hamsterbacke", titles={"en": "Hamsterbacke", "de": "Hamsterbacke"}, icon="hamsterbacke", kind="cards",
    min_players=2, max_players=5,  # the box says 3-5; 2 is for a player against one bot (K6)
    engine="assistant.games.hamsterbacke:HamsterbackeGame",
    score_check="assistant.games.hamsterbacke.scorecard:check_scores",
    bots="assistant.bots.hamsterbacke", log="assistant.games.hamsterbacke.log",
    app="assistant.ui.hamsterbacke.app", setup_has_bots=True,
    # Four quick setups: six seeds each (tests/helpers.py sim_cases), not the default three.
    sim_setups=tuple({"num_players": players, "options": {}, "seeds": 6} for players in range(2, 6)),
))


class HamsterbackeGame(Game):
    info = INFO

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> HamsterbackeState:
        return HamsterbackeState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        return move_from_data(data)

    def sample_from_view(self, view: dict, rng) -> HamsterbackeState:
        """A deal consistent with ``view``: the cards that seat cannot see, dealt at random."""
        return sample_from_view(self, view, rng)


__all__ = ["INFO", "HamsterbackeGame", "HamsterbackeState", "Move", "round_number"]
