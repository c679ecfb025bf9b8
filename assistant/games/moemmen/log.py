"""What happened, move by move, as translatable events (a key and its values).

The log is rebuilt by replaying the saved moves, so it survives a refresh or a restarted
server. What follows a move by itself is told too: an opponent skipped during Tim, a table
replaced after everybody passed, a deck rebuilt, a round's end with every score, the next
deal and the end of the match. A card drawn is never named: only its player saw it.
"""

from __future__ import annotations

from assistant import i18n
from assistant.games import logs
from assistant.games.moemmen.cards import card_text, colour_text
from assistant.games.moemmen.rules import MoemmenState

Event = tuple[str, dict]
SEATS = ("player", "dealer")  # values that are seats, shown as the seat's name


def log_text(event: Event, lang: str, names) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names as the page shows them."""
    key, values = event
    params = {name: names[value] if name in SEATS else value for name, value in values.items()}
    if "winners" in values:
        params["winners"] = ", ".join(names[seat] for seat in values["winners"])
    params["name"] = params.pop("player", "")
    return i18n.t(key, lang, **params)


def game_log(state: MoemmenState) -> list[Event]:
    """Every move of the game so far, oldest first (``player``, ``dealer`` and ``winners`` are seats)."""
    return logs.game_log(state, log_start, log_step)


def log_start(replay: MoemmenState) -> list[Event]:
    """The first deal (round 1 may end at the deal already)."""
    first_dealer = replay.results[0]["dealer"] if replay.results else replay.dealer
    return [_round_begins(replay, 1, first_dealer), *_rounds_ended(replay, 0)]


def log_step(replay: MoemmenState, move) -> list[Event]:
    """Apply ``move`` to ``replay`` and tell what it did, and what followed by itself."""
    phase, actor, turn = replay.phase, replay.current_player, replay.turn
    takers, rounds, rebuilds = list(replay.takers), len(replay.results), replay.rebuilds
    minus, passes, acted = replay.minus_on_table(), replay.passes, replay.acted
    replay.apply(move)
    events = [_move_event(move, phase, actor, minus)]
    if move.kind == "tim" and replay.phase == "tim_exchange" and replay.must_lay_minus:
        events.append(("log.moemmen.tim_must_lay", {"player": actor}))
    if move.kind == "pass" and not acted and passes == replay.num_players - 1:  # rules._pass
        events.append(("log.moemmen.all_passed", {}))
    if replay.rebuilds > rebuilds:
        events.append(("log.moemmen.rebuilt", {}))
    if len(replay.results) == rounds and phase in ("tim_exchange", "tim_take") and move.kind != "tim":
        candidates = takers[1:] if phase == "tim_take" else [(turn + step) % replay.num_players
                                                              for step in range(1, replay.num_players)]
        remaining = replay.takers if replay.phase == "tim_take" else []
        if replay.minus_on_table():  # the queue was cut short only by skipping (rules._next_taker)
            events += [("log.moemmen.skipped", {"player": seat})
                       for seat in candidates[:len(candidates) - len(remaining)]]
    events += _rounds_ended(replay, rounds)
    return events


def _move_event(move, phase: str, actor: int, minus: int) -> Event:
    if move.kind == "exchange":
        key = {"turn": "exchange", "tim_exchange": "tim_exchange", "tim_take": "take"}[phase]
        return f"log.moemmen.{key}", {"player": actor, "give": card_text(move.give), "take": card_text(move.take)}
    if move.kind == "refresh":
        return "log.moemmen.refresh", {"player": actor, "count": minus}
    return f"log.moemmen.{move.kind}", {"player": actor}


def _rounds_ended(replay: MoemmenState, known: int) -> list[Event]:
    """The rounds that ended since ``known`` were recorded: who ended it, every score, the next deal."""
    events: list[Event] = []
    players = replay.num_players
    for result in replay.results[known:]:
        for seat in result["complete"]:
            events.append(("log.moemmen.complete", {"player": seat, "round": result["round"],
                                                    "colour": colour_text(result["colours"][seat])}))
        for seat in range(players):
            events.append(("log.moemmen.round_score", {
                "player": seat, "score": result["scores"][seat], "total": result["totals"][seat],
                "colour": colour_text(result["colours"][seat])}))
        if result is not replay.results[-1] or not replay.over:
            events.append(_round_begins(replay, result["round"] + 1, (result["dealer"] + 1) % players))
    if replay.over and len(replay.results) > known:
        winners = replay.winners()
        key = "log.moemmen.over" if len(winners) == 1 else "log.moemmen.over_shared"
        events.append((key, {"winners": winners, "total": max(replay.totals)}))
    return events


def _round_begins(replay: MoemmenState, number: int, dealer: int) -> Event:
    return "log.moemmen.new_round", {"round": number, "dealer": dealer,
                                     "player": (dealer + 1) % replay.num_players}
