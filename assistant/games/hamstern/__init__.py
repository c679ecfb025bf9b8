"""Hamstern, the roll-and-write: engine entry point."""

from typing import Any

from assistant.games.base import Action, Game, describe
from assistant.games.hamstern.layout import SIDES, Layout, load_layout
from assistant.games.hamstern.rules import PASS, HamsternState, Place, Roll


class HamsternGame(Game):
    name = "hamstern"
    min_players = 1
    max_players = 6
    option_defaults = {"side": "A", "free_start": False}

    def layout(self, side: str) -> Layout:
        return load_layout(side)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        merged = super().validate_options(options)
        if merged["side"] not in SIDES:
            raise ValueError(f"option 'side' must be one of {', '.join(SIDES)}, not {describe(merged['side'])}")
        return merged

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


__all__ = ["PASS", "HamsternGame", "HamsternState", "Place", "Roll"]
