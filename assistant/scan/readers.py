"""The games whose printed sheets a photo can be read of, and each one's reader: the module the
registry names (``GameInfo.scan``), so the photo reader itself names no game."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from assistant.games.registry import game_info, registered


def scan_games() -> tuple[str, ...]:
    """The games whose sheets carry the markers a photo is read by, in the registry's order."""
    return tuple(info.name for info in registered() if info.scan)


def reader(game: str) -> ModuleType:
    """``game``'s reader: ``result``, ``check_player``, ``score_check_data`` and ``unsure``."""
    return import_module(game_info(game).scan)
