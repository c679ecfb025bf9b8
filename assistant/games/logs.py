"""The move log every game keeps, as translatable events, built one action at a time.

A game's log module (named in its registration, ``GameInfo.log``) offers:

- ``log_start(replay) -> list[Event]``: what is told before the first action (a deal, a dealer);
- ``log_step(replay, action) -> list[Event]``: applies ``action`` to ``replay`` and tells what it did;
- ``log_text(event, lang, names) -> str``: one event as a sentence.

``game_log`` replays a whole game once (after a restart); the app's live games add one step per
move instead (assistant/positions.py), so telling a move costs the same at action 300 as at action 3.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = tuple[str, dict]


def game_log(state, log_start: Callable[[Any], list[Event]],
             log_step: Callable[[Any, Any], list[Event]]) -> list[Event]:
    """Every event of ``state``'s game so far, oldest first, from a replay of its actions."""
    replay = state.game.new_state(state.num_players, seed=state.seed, **state.options)
    events = list(log_start(replay))
    for action in state.history:
        events += log_step(replay, action)
    return events


def no_start(replay) -> list[Event]:
    """For games that tell nothing before the first action."""
    return []


def with_names(params: dict, names) -> dict:
    """An event's ``player`` and ``winners`` (seats) as the names the page shows: ``name`` and ``winners``."""
    params["name"] = names[params.pop("player")] if "player" in params else ""
    if "winners" in params:
        params["winners"] = ", ".join(names[seat] for seat in params["winners"])
    return params
