"""Mömmen, the card game: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game, describe
from assistant.games.moemmen.actions import Move, move_from_data
from assistant.games.moemmen.rules import MoemmenState, round_number, sample_from_view
from assistant.games.registry import GameInfo, Option, register_game

INFO = register_game(GameInfo(
    name="moemmen", titles={"en": "Mömmen", "de": "Mömmen"}, icon="moemmen", kind="cards",
    min_players=2, max_players=5,
    options=(Option("target", 100, offered=(30, 50, 100)),),  # any positive total; the app offers three (M11)
    engine="assistant.games.moemmen:MoemmenGame",
    score_check="assistant.games.moemmen.scorecard:check_scores",
    log="assistant.games.moemmen.log", bots="assistant.bots.moemmen",
    app="assistant.ui.moemmen.app", setup_has_bots=True,
    # Uniformly random play almost never completes a colour, so the shared simulation plays with a
    # simple policy that collects one colour (tests/moemmen/helpers.py) and to a low target: two to four rounds.
    sim_setups=tuple({"num_players": players, "options": {"target": 30}, "seeds": seeds,
                      "policy": "tests.moemmen.helpers:collect_one_colour"}
                     for players, seeds in ((2, 6), (3, 3), (4, 2), (5, 3))),
))


class MoemmenGame(Game):
    info = INFO

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        if merged["target"] < 1:
            raise ValueError(f"option 'target' must be a positive number of points, not {describe(merged['target'])}")
        return merged

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> MoemmenState:
        return MoemmenState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        return move_from_data(data)

    def sample_from_view(self, view: dict, rng) -> MoemmenState:
        """A deal consistent with ``view``: the cards that seat cannot see, dealt at random."""
        return sample_from_view(self, view, rng)


__all__ = ["INFO", "MoemmenGame", "MoemmenState", "Move", "round_number"]
