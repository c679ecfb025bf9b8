"""Hamsterdam, the dice and dam-card game: engine entry point (registered here, as every game)."""

from typing import Any

from assistant.games.base import Action, Game
from assistant.games.hamsterdam.actions import ROLLS, Move, Roll, action_from_data
from assistant.games.hamsterdam.rules import HamsterdamState
from assistant.games.hamsterdam.sample import sample_from_view
from assistant.games.hamsterdam.views import round_number
from assistant.games.registry import GameInfo, Option, register_game

# The bots' module, and the games the shared random simulation plays (tests/helpers.sim_cases): random
# play ends every mode and player count, in ~2-4 s a setup.
BOTS = "assistant.bots.hamsterdam"
SIM_SETUPS = tuple({"num_players": players, "options": {"mode": mode}, "seeds": 1}
                   for players, mode in ((2, "full"), (3, "classic"), (4, "full")))


INFO = register_game(GameInfo(
    name="hamsterdam", titles={"en": "Hamsterdam", "de": "Hamsterdam"}, icon="hamsterdam", kind="dice_cards",
    min_players=2, max_players=4, options=(Option("mode", "full", ("full", "classic")),),
    engine="assistant.games.hamsterdam:HamsterdamGame",
    sheet_kind="hamsterdam", sheet="sheets.hamsterdam:render", scan="assistant.scan.hamsterdam",
    score_check="assistant.games.hamsterdam.scorecard:check_scores",
    log="assistant.games.hamsterdam.log", bots=BOTS, sim_setups=SIM_SETUPS,
    app="assistant.ui.hamsterdam.app", setup_has_bots=True, lowest_wins=True,
))


class HamsterdamGame(Game):
    info = INFO

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> HamsterdamState:
        return HamsterdamState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        return action_from_data(data)

    def sample_from_view(self, view: dict, rng) -> HamsterdamState:
        """A table consistent with ``view``: what that seat cannot see, dealt at random (sample.py), and
        where each player's pieces stood as the last round ended (shown while they are placed again)."""
        state = sample_from_view(self, view, rng)
        state.before = [[list(stack) for stack in shown["before"]] for shown in view["players"]]
        return state


__all__ = ["BOTS", "INFO", "ROLLS", "SIM_SETUPS", "HamsterdamGame", "HamsterdamState", "Move", "Roll", "round_number"]
