"""Hamstern, the roll-and-write: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game, describe
from assistant.games.hamstern.layout import SIDES, Layout, load_layout
from assistant.games.hamstern.rules import PASS, HamsternState, Place, Roll, round_number
from assistant.games.registry import GameInfo, Option, register_game

INFO = register_game(GameInfo(
    name="hamstern", titles={"en": "Hamstern", "de": "Hamstern"}, icon="hamstern", kind="roll_write",
    min_players=1, max_players=6,
    # A side is A, B or a cave's code (caves.py: a new sheet drawn from the code).
    options=(Option("side", "A", SIDES, more="assistant.games.hamstern.caves:side_value"), Option("free_start", False),
             # A cave's layout as stored with the game (caves.stored_text): it is played on that cave in any
             # later version. "" for sides A and B, and in games saved before caves were stored.
             Option("cave", "", ("",), more="assistant.games.hamstern.caves:layout_text")),
    engine="assistant.games.hamstern:HamsternGame",
    score_check="assistant.games.hamstern.scorecard:check_scores",
    sheet="sheets.hamstern:render", sheet_kind="hamstern", scan="assistant.scan.hamstern",
    bots="assistant.bots.hamstern", log="assistant.games.hamstern.log", app="assistant.ui.hamstern.app",
    variant_option="side",  # the two sheets (and each cave) are compared apart in the history
    replay_budget="assistant.games.hamstern.caves:at_most",  # a game saved with its cave's code only
    check_extras="assistant.games.hamstern.caves:check_stored_cave",
    sim_setups=tuple(
        {"num_players": players, "options": {"side": side, "free_start": free_start}}
        for side in SIDES for players in range(1, 7) for free_start in (False, True)
        if players in (1, 3, 6) or not free_start  # the free start: a few table sizes are enough
    ) + ({"num_players": 2, "options": {"side": "2026-01-01", "free_start": False}},),  # a cave: a day's
))


class HamsternGame(Game):
    info = INFO

    def layout(self, side: str) -> Layout:
        return load_layout(side)

    def _new_state(self, num_players: int, seed: int, options: dict[str, Any]) -> HamsternState:
        return HamsternState(self, num_players, seed, options)

    def action_from_data(self, data: Any) -> Action:
        if isinstance(data, dict) and set(data) == {"roll"} and type(data["roll"]) is int:
            return Roll(data["roll"])
        if isinstance(data, dict) and set(data) == {"cross"} and isinstance(data["cross"], list):
            cells = []
            for cell in data["cross"]:
                if not (isinstance(cell, list) and len(cell) == 2 and all(type(x) is int for x in cell)):
                    raise ValueError(f"a cell is [row, col], not {describe(cell)}")
                cells.append((cell[0], cell[1]))
            if len(set(cells)) != len(cells):
                raise ValueError("a cell is named twice in one placement")
            return Place(frozenset(cells))
        raise ValueError(
            f'a Hamstern action is {{"roll": 1..6}} or {{"cross": [[row, col], ...]}}, not {describe(data)}'
        )


__all__ = ["PASS", "HamsternGame", "HamsternState", "Place", "Roll", "round_number"]
