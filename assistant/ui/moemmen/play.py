"""Mömmen at the table: alone against computer opponents, or together at one tablet (with computer
opponents too, if wished). The whole table is one tap board.

The page draws only the view of the seat that decides (a computer opponent deciding, together:
nobody's hand). Together, each human decision after another human's is preceded by the cover of
assistant/ui/seats.py, also for an opponent who must take a minus card after Tim, and so is the first
human decision of a new round (everybody looked at the round's end on the tablet).

On a phone (a seat link) the page draws that seat's view only and decides only for it, and the
round's end is shown there too; the table device leaves the seats on phones to them (no cover, no
undo for them) and says whom it waits for.

Deciding: an exchange is a tap on a card of your hand and one on the table, then the exchange
button; a card that cannot pair with the one chosen is greyed (the pairs come from the legal
moves). Benny, Tim, refresh, pass and "no exchange" are buttons, shown only when legal. Anything
else is refused by the engine, with its reason. A finished round is shown once per tab (the
engine has dealt the next one already), then the game goes on.
"""

from __future__ import annotations

import html
from functools import partial

import streamlit as st

from assistant.games.moemmen.actions import exchange, move_from_data
from assistant.games.moemmen.cards import BENNY, KINDS, TIM, colour_text
from assistant.ui import rounds
from assistant.ui.common import plain, tr
from assistant.ui.components import tap_board
from assistant.ui.deciding import Moves, decide
from assistant.ui.moemmen.board import hand_parts, results_html, table_html, words
from assistant.ui.moemmen.setup import LEVELS, MOST
from assistant.ui.pictures import icon
from assistant.ui.rounds import Rounds
from assistant.ui.seats import (
    announce_winners,
    at_tablet,
    cover,
    is_bot,
    labels_with_phones,
    level,
    new_game_button,
    seating_again,
    the_decision,
    waiting_notes,
    why_no_hand,
)
from assistant.ui.table import Table, set_choice
from assistant.ui.widgets import board_messages, log_panel, plain_names

BOARD, RESULTS = "mm-board", "mm-results"
TEXTS = "ui.moemmen"
RULES = ("deal", "exchange", "benny", "tim", "tim_take", "refresh", "all_pass", "deck", "round_end", "scoring",
         "match", "undo", "hidden")
BUTTONS = ("benny", "tim", "refresh", "skip", "pass")  # the moves that are no exchange, in the order shown


def render(table: Table) -> None:
    rounds.play(table, ROUNDS, _render_table, partial(is_bot, table), partial(level, table))


def _render_table(table: Table) -> None:
    if rounds.end_cover_or_table(table, _end, partial(_cover, table), _table):
        log_panel(table)


def _cover(table: Table) -> None:
    cover(table, _cover_title(table), TEXTS, "mm-its-me", undo=_undo_label(table))


def rules_in_force(table: Table) -> list[str]:
    return [tr(f"rules.moemmen.{rule}") for rule in RULES] + [tr("ui.moemmen.target_rule",
                                                                 target=table.view(None)["target"])]


def _cover_title(table: Table) -> str:
    """Who takes the tablet, and for what: a turn, or a minus card to take after Tim."""
    view, names = table.view(None), plain_names(table)
    seat = view["current_player"]
    if view["phase"] == "tim_take":
        return tr("ui.moemmen.cover_take", name=names[seat], tim=names[view["tim_player"]])
    return tr("ui.moemmen.cover_title", name=names[seat])


def _undo_label(table: Table) -> str | None:
    """On the cover, whoever decided last may still take it back ("Undo Ann's move: Pass")."""
    last, actor = table.last_action(), table.last_actor()
    if last is None or actor is None or not at_tablet(table, actor):
        return None  # a seat on a phone takes its own move back there
    return tr("ui.moemmen.undo_cover", name=plain_names(table)[actor], move=words(last.text()))


# --- the table ---------------------------------------------------------------------------------------
def _table(table: Table) -> None:
    seat, view, deciding, legal, kinds, hint = the_decision(table, MOVES)
    pairs = _pairs(legal, view)
    markup = table_html(table.names, labels_with_phones(table, seat, TEXTS), view, seat, _status(table, view, seat),
                        _notes(table, seat), why_no_hand(table, TEXTS), phone=table.held is not None)
    hinted = hint["move"]["move"] if hint else None
    buttons = []
    if "exchange" in kinds:
        name = "take" if view["phase"] == "tim_take" else "exchange"
        buttons.append({"id": "exchange", "label": tr(f"ui.moemmen.{name}"), "primary": True, "needs": "full"})
    for kind in BUTTONS:
        if kind in kinds:
            buttons.append({"id": kind, "label": tr(f"ui.moemmen.{kind}")} | (
                {"icon": icon("hint")} if hinted == kind else {}))
    if hinted == "exchange":
        buttons.append({"id": "take_hint", "label": tr("ui.take_hint")})
    if deciding:
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
    if seat is not None and table.can_undo() and table.last_actor() == seat:
        buttons.append({"id": "undo", "label": tr("ui.undo"), "icon": icon("undo")})
    tap_board(BOARD, markup, tappable=sorted(pairs), select="many", max_selected=2, pairs=pairs, buttons=buttons,
              notes=_why_not(table, view, deciding, legal, pairs),
              marks={"tb-hint": hint["taps"]} if hint else None, version=table.picture(seat),
              sent={"buttons": {"exchange": {"selected": ["tb-taken"]}}},
              on_decision=partial(decide, table, seat, MOVES))


def _pairs(legal: list, view: dict) -> dict[str, list[str]]:
    """Which hand card may be exchanged for which table card, both ways, as the board's part ids."""
    hand = hand_parts(view["hand"]) if view["hand"] is not None else []
    pairs: dict[str, list[str]] = {}
    for move in legal:
        if move.kind != "exchange":
            continue
        for give in (part for part, card in hand if card == move.give):
            for take in (f"t{place}" for place, card in enumerate(view["table"]) if card == move.take):
                pairs.setdefault(give, []).append(take)
                pairs.setdefault(take, []).append(give)
    return {part: sorted(set(others)) for part, others in pairs.items()}


def _why_not(table: Table, view: dict, deciding: bool, legal: list, pairs: dict) -> dict[str, str]:
    """For each card that cannot be exchanged now, the rules' reason, shown when it is tapped: a greyed
    card that does nothing would leave the player guessing (a minus card goes only for its own colour);
    so does a pair of cards that cannot be exchanged for each other. While another seat decides, every
    card says whom the table waits for."""
    if not deciding or view["hand"] is None:
        hand = [part for part, _ in hand_parts(view["hand"])] if view["hand"] is not None else []
        return waiting_notes(table, [*hand, *(f"t{place}" for place in range(len(view["table"])))], TEXTS)
    notes = {}
    cards_on_table = [(f"t{place}", card) for place, card in enumerate(view["table"])]
    for part, card in hand_parts(view["hand"]):
        other = next((taken for _, taken in cards_on_table if taken != card), None)
        if part not in pairs and other is not None:
            notes[part] = table.refusal(exchange(card, other))
    for part, card in cards_on_table:
        other = next((given for given in view["hand"] if given != card), None)
        if part not in pairs and other is not None:
            notes[part] = table.refusal(exchange(other, card))
    # Two cards that can each be exchanged, but not for each other: the tap on the second starts the
    # choice anew with it, and says why the two do not go together ("a>b", the tap board's pair note).
    for give_part, give in hand_parts(view["hand"]):
        for take_part, take in cards_on_table:
            if give_part in pairs and take_part in pairs and take_part not in pairs[give_part]:
                notes[f"{give_part}>{take_part}"] = table.refusal(exchange(give, take))
    return {part: note for part, note in notes.items() if note}


def _status(table: Table, view: dict, seat: int | None) -> str:
    """The round, and who does what now, in words."""
    names, current, tim = table.names, view["current_player"], view["tim_player"]
    if view["phase"] == "tim_take":
        doing = tr("ui.moemmen.you_take" if current == seat else "ui.moemmen.taking", tim=names[tim],
                   name=names[current])
    elif view["phase"] == "tim_exchange":
        key = "ui.moemmen.you_tim_must" if view["must_lay_minus"] else "ui.moemmen.you_tim_exchange"
        doing = tr(key, name=names[current]) if current == seat else tr("ui.moemmen.tim_exchanging",
                                                                         name=names[current])
    elif current == seat:
        doing = tr("ui.moemmen.your_turn_again" if view["acted"] else "ui.moemmen.your_turn", name=names[seat])
    elif is_bot(table, current):
        doing = tr("ui.moemmen.waiting", name=names[current])
    else:  # a person on another device (or at the tablet, seen from a phone)
        doing = tr("ui.moemmen.waiting_for", name=names[current])
    heading = tr("ui.moemmen.round_of", round=view["round"], target=view["target"])
    return f'<div class="tb-status"><b>{html.escape(heading)}</b><br>{html.escape(doing)}</div>'


def _notes(table: Table, seat: int | None) -> str:
    """Below the buttons: why your last move cannot be taken back (so Undo does not just vanish),
    the hint and a refusal."""
    last, actors = table.last_action(), table.actors()
    stands = ""
    # Not at the start of a new round: the move that ended the last one is not what the player is doing now.
    round_start = rounds.round_started_here(table)
    if seat is not None and actors and actors[-1] == seat and not table.can_undo() and not round_start:
        key = "ui.moemmen.stands_drawn" if last.kind in ("benny", "tim", "refresh") else "ui.moemmen.stands"
        stands = f'<div class="tb-message mm-note">{html.escape(tr(key))}</div>'
    return stands + board_messages()


# --- deciding ------------------------------------------------------------------------------------------
def _move(table: Table, seat: int, button: str, selection: list):
    """The move a decision names (an exchange: one hand card and one table card), or None."""
    if button != "exchange":
        try:
            return move_from_data({"move": button})
        except ValueError:
            return None
    hand = [str(part)[1:].split("-")[0] for part in selection if str(part).startswith("h")]
    places = [str(part)[1:] for part in selection if str(part).startswith("t")]
    if len(hand) != 1 or len(places) != 1 or not hand[0].isdigit() or not places[0].isdigit():
        return None
    give, place, on_table = int(hand[0]), int(places[0]), table.view(seat)["table"]
    if give >= KINDS or place >= len(on_table):
        return None
    return exchange(give, on_table[place])


def _hint(table: Table, seat: int) -> None:
    advice = table.hint(seat)
    move, view = advice.action, table.view(seat)
    parts = hand_parts(view["hand"])
    taps = []
    if move.kind == "exchange":
        taps = [next(part for part, card in parts if card == move.give),
                f"t{view['table'].index(move.take)}"]
    elif move.kind in ("benny", "tim"):
        card = BENNY if move.kind == "benny" else TIM
        taps = [next(part for part, held in parts if held == card)]
    set_choice(error=None, hint={"reason": advice.reason, "params": advice.params, "move": move.to_data(),
                                 "taps": taps})


MOVES = Moves(TEXTS, _move, _hint, unreadable="ui.moemmen.choose_pair")


# --- between rounds and at the end ---------------------------------------------------------------------
def _results(table: Table, result: dict) -> None:
    """Who ended the round, every hand with its colour and score."""
    names = plain_names(table)
    for seat in result["complete"]:
        colour = words(colour_text(result["colours"][seat]))
        st.success(tr("ui.moemmen.completed_by", name=names[seat], colour=colour), icon=":material/celebration:")
    tap_board(RESULTS, results_html(table.names, result), select="none", on_decision=_nothing)


def _nothing(decision: dict) -> None:
    """The hands of a finished round are only looked at."""


def _match_table(table: Table, view: dict) -> None:
    """Place, name, each round's score and the total, in order of place, against the target."""
    standings = table.standings()
    rows: dict[str, list] = {tr("ui.place"): [row["place"] for row in standings["players"]],
                             tr("ui.name"): [plain(table.names[row["player"]])
                                                      for row in standings["players"]]}
    for number in range(len(view["results"])):
        rows[str(number + 1)] = [row["breakdown"]["rounds"][number] for row in standings["players"]]
    rows[tr("ui.total")] = [row["score"] for row in standings["players"]]
    st.table(rows, hide_index=True)
    st.caption(tr("ui.moemmen.match_note", target=view["target"]))


def _end(table: Table) -> None:
    view = table.view(None)
    announce_winners(table, TEXTS)
    _results(table, view["results"][-1])
    _match_table(table, view)
    if table.held is None:  # a phone holds one seat of this game: a new game is the table device's to start
        new_game_button("mm-new", seating_again("mm", table.setup, LEVELS, MOST))


ROUNDS = Rounds("mm", TEXTS, finished=lambda table: len(table.view(None)["results"]),
                results=lambda table, index: _results(table, table.view(table.held)["results"][index]),
                totals=lambda table: _match_table(table, table.view(table.held)))
