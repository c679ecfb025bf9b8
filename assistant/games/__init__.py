"""The game registry: ``get_game(name)`` for every name in ``GAME_NAMES``."""

from importlib import import_module

from assistant.games.base import Action, Game, State

GAME_NAMES = ("hamstern", "hamsterdam", "biber_gang", "hamsterbacke", "moemmen")

# Games whose engines exist; the others are announced as "coming" in the app.
_BUILT = {
    "hamstern": "assistant.games.hamstern:HamsternGame",
    "biber_gang": "assistant.games.biber_gang:BiberGangGame",
}


class GameNotBuilt(ValueError):
    """A known game whose engine is not built yet."""


def is_built(name: str) -> bool:
    return name in _BUILT


def get_game(name: str) -> Game:
    if name not in GAME_NAMES:
        raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAME_NAMES)}")
    if name not in _BUILT:
        raise GameNotBuilt(f"{name} is not built yet")
    module_name, class_name = _BUILT[name].split(":")
    return getattr(import_module(module_name), class_name)()


__all__ = ["GAME_NAMES", "Action", "Game", "GameNotBuilt", "State", "get_game", "is_built"]
