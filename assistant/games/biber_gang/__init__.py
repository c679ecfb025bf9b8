"""Biber Gang, the card game: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game
from assistant.games.biber_gang.actions import Move, move_from_data
from assistant.games.biber_gang.rules import BiberGangState, round_number, sample_from_view
from assistant.games.registry import GameInfo, Option, register_game

INFO = register_game(GameInfo(
    name="biber_gang", titles={"en": "Biber Gang", "de": "Biber Gang"}, icon="biber_gang", kind="cards",
    min_players=2, max_players=6,
    # Ruling B6: 1 to 10 rounds in the engine; the app offers 1, 3 or 5.
    options=(Option("rounds", 5, tuple(range(1, 11)), offered=(1, 3, 5)),
             Option("discard_pickup_must_be_kept", False)),  # house rule B5
    engine="assistant.games.biber_gang:BiberGangGame",
    score_check="assistant.games.biber_gang.scorecard:check_scores",
    sheet="sheets.biber_gang:render", sheet_kind="biber-gang",
    bots="assistant.bots.biber_gang", log="assistant.games.biber_gang.log",
    app="assistant.ui.biber_gang.app", setup_has_bots=True, lowest_wins=True,
    sim_setups=tuple(
        {"num_players": players, "options": {"rounds": 2, "discard_pickup_must_be_kept": keep}}
        for players in range(2, 7) for keep in (False, True) if players % 2 == 0 or not keep
    ),
))


class BiberGangGame(Game):
    info = INFO

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> BiberGangState:
        return BiberGangState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        return move_from_data(data)

    def sample_from_view(self, view: dict, rng) -> BiberGangState:
        """A deal consistent with ``view``: the cards that seat cannot see, dealt at random."""
        return sample_from_view(self, view, rng)


__all__ = ["INFO", "BiberGangGame", "BiberGangState", "Move", "round_number"]
