"""Printable sheets (ReportLab): ``python -m sheets KIND -o FILE.pdf``."""

from __future__ import annotations

import inspect

from assistant.games.registry import GameInfo, load


def player_choice(info: GameInfo) -> tuple[tuple[int, ...], int] | None:
    """(the player counts, the default) of a sheet drawn for a number of players (a tracker
    with a strip per player), or None when one sheet serves any number. A sheet says
    so by a ``players`` parameter of its render function; the counts are the game's."""
    if info.sheet is None:
        return None
    players = inspect.signature(load(info.sheet)).parameters.get("players")
    if players is None:
        return None
    return tuple(range(info.min_players, info.max_players + 1)), players.default
