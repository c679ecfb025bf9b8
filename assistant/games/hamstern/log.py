"""What happened, roll by roll, as translatable events (a key and its values).

Everything on a Hamstern table is public, so every cross is named by the cells printed on the sheet's
edges ("C4"). The log is rebuilt by replaying the saved actions, like every game's (assistant/games/logs.py);
the replay page tells each step with it.
"""

from __future__ import annotations

from assistant import i18n
from assistant.games import logs
from assistant.games.hamstern.layout import cell_name
from assistant.games.hamstern.rules import HamsternState, Place

Event = tuple[str, dict]


def log_text(event: Event, lang: str, names) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names as the page shows them."""
    key, values = event
    return i18n.t(key, lang, **logs.with_names(dict(values), names))


def game_log(state: HamsternState) -> list[Event]:
    """Every event of the game so far, oldest first (``player`` and ``winners`` are seats)."""
    return logs.game_log(state, log_start, log_step)


log_start = logs.no_start


def log_step(replay: HamsternState, action) -> list[Event]:
    """Apply ``action`` to ``replay`` and tell what it did, and what followed by itself."""
    player, roll, ticks, hourglass = replay.deciding, replay.roll, replay.ticks, replay.hourglass
    replay.apply(action)
    if not isinstance(action, Place):
        events: list[Event] = [("log.hamstern.roll", {"value": action.value})]
        if replay.ticks > ticks:
            events.append(("log.hamstern.tick", {"ticked": replay.ticks, "length": replay.layout.round_counter_length}))
        return events
    if action.is_pass:
        events = [("log.hamstern.pass", {"player": player})]
    else:
        cells = ", ".join(cell_name(cell) for cell in sorted(action.cells))  # in reading order
        events = [("log.hamstern.cross_one" if roll == 1 else "log.hamstern.cross", {"player": player, "cells": cells})]
    if replay.hourglass and not hourglass:
        events.append(("log.hamstern.hourglass", {"player": player}))
    if replay.over:
        events.append((f"log.hamstern.ended_{replay.end_reason}", {}))
        if replay.num_players == 1:
            events.append(("log.hamstern.solo_score", {"player": 0, "points": replay.scores()[0]}))
        else:
            winners = replay.winners()
            events.append(("log.hamstern.won" if len(winners) == 1 else "log.hamstern.won_shared",
                           {"winners": winners, "points": max(replay.scores())}))
    return events
