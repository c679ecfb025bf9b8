"""What happened, turn by turn, as translatable events (a key and its values).

The log is rebuilt by replaying the saved actions, so it survives a refresh or a
restarted server. A turn's draw and placement become one line, as a player tells it:
"Bo took the 7 and swapped it for a face-down card: an 11".
"""

from __future__ import annotations

from assistant import i18n
from assistant.games import logs
from assistant.games.biber_gang.cards import card_text, card_words, position_text
from assistant.games.biber_gang.rules import BiberGangState

# card_text lives in cards.py; the scorekeeper page still imports it from here.
__all__ = ["Event", "card_text", "game_log", "log_start", "log_step", "log_text"]

Event = tuple[str, dict]
CARD_VALUES = ("card", "new", "old")  # event values that are cards (ints), told with an article


def log_text(event: Event, lang: str, names) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names as the page shows them.

    Each card is offered with both articles ({a_new}, {the_new}): which one a sentence
    needs, and how it is spelt ("an 8", "einen Biber"), is the catalogue's business.
    """
    key, values = event
    params = {name: value for name, value in values.items() if name not in CARD_VALUES and name != "player"}
    params["name"] = names[values["player"]] if "player" in values else ""
    for name in CARD_VALUES:
        if name in values:
            params[f"a_{name}"] = card_words(values[name], "a")
            params[f"the_{name}"] = card_words(values[name], "the")
    return i18n.t(key, lang, **params)


def game_log(state: BiberGangState) -> list[Event]:
    """Every turn of the game so far, oldest first (``player`` in the values is a seat)."""
    return logs.game_log(state, log_start, log_step)


log_start = logs.no_start


def log_step(replay: BiberGangState, move) -> list[Event]:
    """Apply ``move`` to ``replay`` and tell what it did: a draw is told with the placement after it."""
    events: list[Event] = []
    player, cards, up = replay.turn, list(replay.displays[replay.turn]), replay.face_up[replay.turn]
    round_before, start_before = replay.round, replay.start_info
    drawn = replay.drawn
    source = replay.history[-1].kind if replay.history else None  # a placement follows its draw
    replay.apply(move)
    if move.kind == "turn_up":
        events.append(("log.biber.turn_up", {"player": player, "card": cards[move.at]}))
    elif move.kind not in ("draw_deck", "take_discard"):
        from_deck = source == "draw_deck"
        values = {"player": player, "new": drawn}
        if move.kind == "swap":
            hidden = not up >> move.at & 1
            key = "swap_hidden" if hidden else "swap"
            values.update(old=cards[move.at], position=position_text(move.at))
        elif move.kind == "discard_turn":
            key = "discard_turn"
            values.update(old=cards[move.at])
        elif move.kind == "discard":
            key = "discard"
        else:
            key = "swim"
            values.update(old=cards[move.to])
        events.append((f"log.biber.{'deck' if from_deck else 'pile'}_{key}", values))
    if replay.start_info is not None and replay.start_info is not start_before:
        info = replay.start_info
        tied = len(info["tied"]) > 1
        events.append(("log.biber.starts_tie" if tied else "log.biber.starts",
                       {"player": info["starter"], "sum": info["sums"][info["starter"]]}))
    if replay.round_scores and (replay.round != round_before or replay.over):
        events.append(("log.biber.round_over", {"round": len(replay.round_scores)}))
    return events
