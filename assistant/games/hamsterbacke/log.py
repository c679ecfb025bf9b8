"""What happened, action by action, as translatable events (a key and its values).

The log is rebuilt by replaying the saved actions, so it survives a refresh or a restarted
server. A gift says how many cards went, never which: they go face down.
"""

from __future__ import annotations

from assistant import i18n
from assistant.games import logs
from assistant.games.hamsterbacke.cards import card_text, cards_text, pile_text, sets_text
from assistant.games.hamsterbacke.rules import HamsterbackeState

Event = tuple[str, dict]


def log_text(event: Event, lang: str, names) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names as the page shows them."""
    key, values = event
    params = dict(values)
    for seat in ("player", "giver"):
        if seat in values:
            params[seat] = names[values[seat]]
    params["name"] = params.pop("player", "")
    return i18n.t(key, lang, **params)


def game_log(state: HamsterbackeState) -> list[Event]:
    """Every action of the game so far, oldest first (``player`` and ``giver`` are seats)."""
    return logs.game_log(state, log_start, log_step)


log_start = logs.no_start


def log_step(replay: HamsterbackeState, move) -> list[Event]:
    """Apply ``move`` to ``replay`` and tell what it did."""
    events: list[Event] = []
    player, giver, piles = replay.turn, replay.giver, [list(pile) for pile in replay.piles]
    stack = list(replay.blocking[player])
    replay.apply(move)
    if move.kind == "take":
        laid = sum(map(len, replay.piles)) - sum(map(len, piles)) + len(piles[move.at])
        events.append(("log.backe.take", {"player": player, "pile": pile_text(move.at),
                                          "cards": cards_text(len(piles[move.at])), "laid": laid}))
    elif move.kind == "play":
        events.append(("log.backe.play", {"player": player, "sets": sets_text(move.count),
                                          "card": card_text(move.at)}))
    elif move.kind == "turn_pile":
        events.append(("log.backe.turn_pile", {"player": player, "cards": cards_text(len(stack)),
                                               "card": card_text(stack[-1])}))
        if replay.phase == "give":
            events.append(("log.backe.must_give", {"giver": replay.giver, "count": replay.gift_size}))
    elif move.kind == "giver":
        events.append(("log.backe.chose_giver", {"player": player, "giver": move.at}))
        events.append(("log.backe.must_give", {"giver": replay.giver, "count": replay.gift_size}))
    elif move.kind == "give":
        events.append(("log.backe.gave", {"giver": giver, "player": player, "cards": cards_text(move.given)}))
    else:
        events.append(("log.backe.pass", {"player": player}))
    if replay.over:
        events.append(("log.backe.over", {}))
    return events
