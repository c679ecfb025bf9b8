"""Computer players: ``get_bot(game, level).choose(view, legal_actions, rng)``.

A bot sees only a player's view and the legal actions, never the state itself,
so it cannot peek at hands, the deck or the app's next roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from assistant.games.registry import registered

LEVELS = ("random", "easy", "hard")


@dataclass(frozen=True)
class Advice:
    """A bot's choice with a reason a player can read (a catalogue key and its values)."""

    action: Any
    reason: str
    params: dict[str, Any] = field(default_factory=dict)


class Bot(Protocol):
    level: str

    def advise(self, view: dict, legal_actions: list, rng: random.Random) -> Advice: ...

    def choose(self, view: dict, legal_actions: list, rng: random.Random) -> Any: ...


class RandomBot:
    """Any legal action, uniformly: the baseline every other bot must beat."""

    level = "random"

    def advise(self, view: dict, legal_actions: list, rng: random.Random) -> Advice:
        return Advice(rng.choice(legal_actions), "bot.random")

    def choose(self, view: dict, legal_actions: list, rng: random.Random) -> Any:
        return self.advise(view, legal_actions, rng).action


def get_bot(game: str, level: str) -> Bot:
    """A bot of ``level`` for a game that declares its bots module in the registry."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")
    module = next((info.bots for info in registered() if info.name == game), None)
    if module is None:
        raise ValueError(f"there are no bots for {game!r} yet")
    if level == "random":
        return RandomBot()
    return import_module(module).make_bot(level)
