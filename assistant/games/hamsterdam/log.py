"""What happened, as translatable events (a message key and its values).

The engine tells its own events while it plays (``state.say``): automatic steps too, such as a
flood token placed, a re-roll or a breach. The log is rebuilt by replaying the saved actions with
the telling switched on, so it survives a refresh or a restarted server. Events hold plain data
(seats, values, piece names): ``log_text`` turns one into a sentence.
"""

from __future__ import annotations

from assistant import i18n
from assistant.games import logs
from assistant.games.hamsterdam.actions import action_from_data
from assistant.games.hamsterdam.cards import HAMSTER, card_words, piece_text

Event = tuple[str, dict]
# Events told in two forms: with "a hamster", or naming the special (sentences differ by language).
NAMING_A_SPECIAL = ("log.hamsterdam.plug", "log.hamsterdam.move", "log.hamsterdam.cleared",
                    "log.hamsterdam.move_cleared")


def game_log(state) -> list[Event]:
    """Every event of the game so far, oldest first (``player`` is a seat, ``winners`` seats)."""
    return logs.game_log(state, log_start, log_step)


log_start = logs.no_start


def log_step(replay, action) -> list[Event]:
    """Apply ``action`` to ``replay`` with the engine's telling switched on, and give what it told."""
    replay._log = events = []
    try:
        replay.apply(action)
    finally:
        replay._log = None
    return events


def log_text(event: Event, lang: str, names) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names as the page shows them."""
    key, values = event
    params = logs.with_names(card_words(values), names)
    if "piece" in params:
        if key in NAMING_A_SPECIAL and params["piece"] != HAMSTER:
            key += "_special"
        params["piece"] = piece_text(params["piece"])
    if "use" in params:  # a special's use: told as its move
        params["use"] = action_from_data(params["use"]).text()
    return i18n.t(key, lang, **params)
