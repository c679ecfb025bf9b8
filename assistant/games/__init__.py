"""The games: ``get_game(name)`` for every registered game (see ``registry``)."""

from assistant.games.base import Action, Game, State
from assistant.games.registry import GAME_NAMES, GameInfo, Option, game_info, load, register_game, registered


class GameNotBuilt(ValueError):
    """A known game whose engine is not built yet."""


def is_built(name: str) -> bool:
    return any(info.name == name and info.built for info in registered())


def get_game(name: str) -> Game:
    info = game_info(name)  # ValueError naming the games for an unknown name
    if not info.built:
        raise GameNotBuilt(f"{name} is not built yet")
    return load(info.engine)()


__all__ = ["GAME_NAMES", "Action", "Game", "GameInfo", "GameNotBuilt", "Option", "State", "game_info", "get_game",
           "is_built", "register_game", "registered"]
