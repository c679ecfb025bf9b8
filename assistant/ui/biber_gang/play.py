"""Biber Gang at the table: alone against computer opponents, or together at one tablet (with
computer opponents too, if wished), or each person on their own phone. The whole table is on one
screen: bots moving in turn, hints, undo, a "round over" screen, the end.

The page draws only the view of the seat that decides (assistant/ui/seats.py): on a phone its own
seat; on the table device the person at the tablet who decides now, or nobody (``view(None)``)
while a computer opponent or a person on a phone decides. That seat's display is drawn large (with
nobody deciding: the display of whoever is in turn); a drawn card shows only where the view holds
it. Together at one tablet, a cover hides the table while the tablet is passed on.

The table is one tap board: choosing what to do with a drawn card happens in the browser; tapping
a card of your display decides.
"""

from __future__ import annotations

import html
from functools import partial
from pathlib import Path

import streamlit as st

from assistant.games.biber_gang.actions import (
    DISCARD_TURN,
    DRAW_DECK,
    SWAP,
    SWIM,
    TAKE_DISCARD,
    TURN_UP,
    move_from_data,
)
from assistant.games.biber_gang.cards import DISPLAY_SIZE, card_words
from assistant.ui import rounds
from assistant.ui.biber_gang.pictures import card_box, display_box
from assistant.ui.biber_gang.setup import LEVELS, MOST
from assistant.ui.common import plain, tr
from assistant.ui.components import tap_board
from assistant.ui.deciding import Moves, decide
from assistant.ui.pictures import icon
from assistant.ui.rounds import Rounds
from assistant.ui.seats import (
    announce_winners,
    at_tablet,
    cover,
    is_bot,
    labels,
    level,
    new_game_button,
    seating_again,
    the_decision,
    waiting_notes,
)
from assistant.ui.table import Table, set_choice
from assistant.ui.widgets import board_messages, log_panel, plain_names

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")
TEXTS = "ui.biber"
RULES = ("display", "start", "turn", "keep", "beaver", "beaver_pair", "deck", "end", "scoring", "winner", "undo")
MODES = ("swap", "discard_turn", "swim")


def render(table: Table) -> None:
    rounds.play(table, ROUNDS, _render_table, partial(is_bot, table), partial(level, table))


def _render_table(table: Table) -> None:
    if rounds.end_cover_or_table(table, _end, partial(_cover, table), _table):
        log_panel(table)
        _score_table(table, table.view(None))


def _cover(table: Table) -> None:
    cover(table, tr("ui.biber.cover_title", name=plain(table.names[table.current_player])), TEXTS, "bg-its-me",
          undo=_undo_label(table))


# --- passing the tablet (assistant/ui/seats.py) -------------------------------------------------------
def _undo_label(table: Table) -> str | None:
    """On the cover, whoever decided last may still take it back (while it showed no hidden card)."""
    actor = table.last_actor()
    if actor is None or not at_tablet(table, actor):
        return None  # a seat on a phone takes its own move back there
    return tr("ui.biber.undo_cover", name=plain(table.names[actor]))


# --- the table -----------------------------------------------------------------------------------
def _table(table: Table) -> None:
    seat, view, deciding, legal, kinds, hint = the_decision(table, MOVES)
    shown = _shown_seat(seat, view)
    names = labels(table, seat, TEXTS)
    if table.held is None:
        markup = (f'<style>{TABLE_CSS}</style><div class="bg-table">{_others(table, view, shown, names)}'
                  f'<div class="bg-main"><div class="bg-piles">{_piles(table, view, seat)}</div>'
                  f'<div class="bg-side">{_status(table, view, deciding)}<div class="tb-modes"></div>'
                  f'<div class="tb-buttons"></div><div class="tb-note"></div></div>'
                  f'<div class="bg-mine">{_big_display(table, view, shown, names)}</div></div></div>')
    else:
        markup = _phone_table(table, view, seat, shown, names, deciding)
    modes = [{"id": kind, "label": tr(f"ui.biber.mode_{kind}"),
              "tappable": [f"p{move.to if kind == 'swim' else move.at}" for move in legal if move.kind == kind]}
             for kind in MODES if kind in kinds]
    taps = [f"p{move.at}" for move in legal if move.kind == "turn_up"]
    taps += [pile for pile, kind in (("deck", "draw_deck"), ("discard", "take_discard")) if kind in kinds]
    buttons = []
    if "draw_deck" in kinds:
        buttons.append({"id": "draw_deck", "label": tr("ui.biber.draw_deck"), "primary": True})
    if "take_discard" in kinds:
        buttons.append({"id": "take_discard", "label": tr("ui.biber.take_discard",
                                                          the_card=card_words(view["discard"][-1], "the"))})
    if "discard" in kinds:
        buttons.append({"id": "discard", "label": tr("ui.biber.discard_only")})
    if deciding:
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
    if seat is not None and table.can_undo() and table.last_actor() == seat:
        buttons.append({"id": "undo", "label": tr("ui.undo"), "icon": icon("undo")})
    # An advised move comes with its mode chosen, so that a tap on the marked card makes it.
    tap_board("bg-board", markup, tappable=taps, select="one", buttons=buttons, modes=modes,
              mode=hint.get("mode") if hint else None, marks={"tb-hint": hint["taps"]} if hint else None,
              choose_button="tap", notes=_why_not(table, view, deciding, legal, modes, taps),
              version=table.picture(seat),
              sent={"taps": {"selected": ["tb-taken"]},
                    "buttons": {"draw_deck": {"parts": {"tb-taken": ["deck"]}},
                                "take_discard": {"parts": {"tb-taken": ["discard"]}}}},
              on_decision=partial(decide, table, seat, MOVES))


def _why_not(table: Table, view: dict, deciding: bool, legal: list, modes: list[dict], taps: list[str]) -> dict:
    """For each card and pile a tap cannot use now, the engine's reason, shown beside the board when it
    is tapped (a tap that did nothing would leave the player guessing). A card of the display is asked
    about the move of each mode it cannot be tapped in; reasons that differ per mode are each named
    with their mode, as the board shows one note per card."""
    parts = [f"p{p}" for p in range(DISPLAY_SIZE)] + ["deck"] + (["discard"] if view["discard"] else [])
    if not deciding:
        return waiting_notes(table, parts, TEXTS)
    swim = next((move for move in legal if move.kind == "swim"), None)
    notes = {}
    for pile, move in (("deck", DRAW_DECK), ("discard", TAKE_DISCARD)):
        if pile in parts and pile not in taps:
            notes[pile] = table.refusal(move)
    for position in range(DISPLAY_SIZE):
        part = f"p{position}"
        if not modes:
            notes[part] = None if part in taps else table.refusal(TURN_UP[position])
            continue
        reasons = {}
        for mode in modes:
            if part not in mode["tappable"]:
                reasons.setdefault(table.refusal(_in_mode(mode["id"], position, swim)), mode["label"])
        reasons.pop(None, None)
        if len(reasons) == 1:
            notes[part] = next(iter(reasons))
        elif reasons:
            notes[part] = "\n".join(f"{label}: {reason}" for reason, label in reasons.items())
    return {part: note for part, note in notes.items() if note}


def _in_mode(mode: str, position: int, swim):
    """The move a tap on the display card at ``position`` makes in ``mode`` (a swim: that of the beaver
    a legal swim names)."""
    if mode == "swim":
        return SWIM[swim.at][position]
    return (SWAP if mode == "swap" else DISCARD_TURN)[position]


def _shown_seat(seat: int | None, view: dict) -> int:
    """Whose display is drawn large: the seat that decides on this device; with nobody deciding here,
    whoever is in turn, so that everyone at the table can follow them."""
    if seat is not None:
        return seat
    return max(view["current_player"], 0)


def _move(table: Table, seat: int, button: str, selection: list):
    """The move a decision names; a tap on an older picture of the table gives a move the engine then
    refuses with its own reason, in the player's language; None for what our board never sends."""
    tapped = str(selection[0]) if selection else ""
    if button == "tap":
        button = {"deck": "draw_deck", "discard": "take_discard"}.get(tapped, "turn_up")
    position = int(tapped[1:]) if tapped.startswith("p") and tapped[1:].isdigit() else -1
    if position < 0 and button in ("turn_up", "swap", "discard_turn", "swim"):
        return None  # these name a card of the display: a tap that names none is no such move
    for move in table.legal_actions():
        if move.kind == button and (position < 0 or (move.to if move.kind == "swim" else move.at) == position):
            return move
    try:
        return move_from_data({"move": button, "at": position} if position >= 0 else {"move": button})
    except ValueError:
        return None


def _hint(table: Table, seat: int) -> None:
    advice = table.hint(seat)
    move = advice.action
    taps = [f"p{p}" for p in (move.at, move.to) if p >= 0]
    taps += {"draw_deck": ["deck"], "take_discard": ["discard"]}.get(move.kind, [])
    set_choice(error=None, hint={"reason": advice.reason, "params": advice.params, "move": move.to_data(),
                                 "taps": taps, "mode": move.kind if move.kind in MODES else None})


MOVES = Moves(TEXTS, _move, _hint, unreadable="ui.biber.not_now")


def _heading(table: Table, seat: int, label: str, shown: dict) -> str:
    """A seat's name (as text), its label (a bot's level, "(you)") and its total."""
    parts = [html.escape(table.names[seat])] + ([html.escape(label)] if label else []) + [_total(shown)]
    return " · ".join(parts)


def _phone_table(table: Table, view: dict, seat: int | None, shown: int, names: list[str], deciding: bool) -> str:
    """The table for the seat a phone holds, laid out for a phone (table.css): the status, the piles,
    the buttons and this seat's display on one screen, every card sized by the screen and its number
    large (no corner numbers, a few pixels high there); the other displays below, numbers 14 px and
    more. Why a tapped card cannot be used (the board's note) goes below the buttons, across the piles'
    width on a phone on its side. The parts and their ids are those of the tablet's picture."""
    return (f'<style>{TABLE_CSS}</style><div class="bg-table bg-phone">'
            f'<div class="bg-status-area">{_status(table, view, deciding)}</div>'
            f'<div class="bg-piles">{_piles(table, view, seat, phone=True)}</div>'
            f'<div class="bg-side"><div class="tb-modes"></div><div class="tb-buttons"></div></div>'
            f'<div class="tb-note"></div>'
            f'<div class="bg-mine">{_big_display(table, view, shown, names, phone=True)}</div>'
            f'{_others(table, view, shown, names, phone=True)}</div>')


def _others(table: Table, view: dict, big: int, names: list[str], phone: bool = False) -> str:
    boxes = []
    for seat, shown in enumerate(view["players"]):
        if seat == big:
            continue
        turn = " bg-turn" if view["current_player"] == seat else ""
        boxes.append(f'<div class="bg-opponent{turn}"><div class="bg-name">{_heading(table, seat, names[seat], shown)}'
                     f'</div>{display_box(shown["display"], 0 if phone else 22, phone=phone)}</div>')
    return f'<div class="bg-opponents">{"".join(boxes)}</div>'


def _piles(table: Table, view: dict, seat: int | None, phone: bool = False) -> str:
    """The deck, the discard pile and a drawn card; ``phone``: sized by table.css, no corner numbers."""
    top = view["discard"][-1] if view["discard"] else None
    deck = html.escape(tr("ui.biber.deck", count=view["deck_count"]))
    width, corner = (0, False) if phone else (70, True)
    discard = card_box(top, width, tap="discard", corner=corner) if top is not None else ""
    parts = [f'<div class="bg-pile"><div class="bg-caption">{deck}</div>'
             f'{card_box(None, width, tap="deck", corner=corner)}</div>',
             f'<div class="bg-pile"><div class="bg-caption">{html.escape(tr("ui.biber.discard"))}</div>{discard}</div>']
    # The view holds a drawn card only for the one who drew it, or when it came from the discard.
    if view["drawn"] is not None:
        current = view["current_player"]
        caption = tr("ui.biber.drawn") if current == seat else tr("ui.biber.drawn_by", name=table.names[current])
        parts.append(f'<div class="bg-pile bg-drawn"><div class="bg-caption">{html.escape(caption)}'
                     f'</div>{card_box(view["drawn"], width, corner=corner)}</div>')
    return "".join(parts)


def _status(table: Table, view: dict, my_turn: bool) -> str:
    rounds = tr("ui.biber.round_of", round=min(view["round"], view["rounds"]), rounds=view["rounds"])
    if not my_turn:
        doing = tr("ui.biber.waiting", name=table.names[view["current_player"]])
    else:
        doing = tr({"reveal": "ui.biber.your_turn_reveal", "draw": "ui.biber.your_turn_draw"}.get(
            view["phase"], "ui.biber.your_turn_place"))
    parts = [f'<div class="tb-status"><b>{html.escape(rounds)}</b><br>{html.escape(doing)}</div>']
    if view["ender"] is not None and view["phase"] != "reveal":  # everyone else has one more turn
        last = tr("ui.biber.last_turns", name=table.names[view["ender"]])
        parts.append(f'<div class="tb-message tb-error">{html.escape(last)}</div>')
    return "".join(parts) + board_messages()


def _big_display(table: Table, view: dict, seat: int, names: list[str], phone: bool = False) -> str:
    shown = view["players"][seat]
    return (f'<div class="bg-name">{_heading(table, seat, names[seat], shown)}</div>'
            f'{display_box(shown["display"], 0, taps=True, phone=phone)}')


def _total(shown: dict) -> str:
    return html.escape(f'{tr("ui.biber.total")}: {shown["total"] if shown["round_scores"] else "–"}')


# --- between rounds and at the end ---------------------------------------------------------------
def _just_ended(table: Table) -> bool:
    """Nothing is turned up yet in the new round."""
    return all(card is None for p in table.view(None)["players"] for card in p["display"])


def _round_results(table: Table, index: int) -> None:
    _revealed(table, table.view(None)["round_results"][index])


def _revealed(table: Table, results: list[dict]) -> None:
    """Every display as it lay at the round's end, column pairs ringed: one picture (the tap board,
    nothing to tap), so no card is cut off by what follows."""
    st.caption(tr("ui.biber.pairs_note"))
    phone = table.held is not None  # no corner numbers, 7 px high on a card 40 px wide
    boxes = []
    for seat, result in enumerate(results):
        pairs = tuple(c for c, value in enumerate(result["column_pairs"]) if value is not None)
        boxes.append(f'<div class="bg-opponent"><div class="bg-name"><b>{html.escape(table.names[seat])}</b>: '
                     f'{result["points"]}</div>{display_box(result["display"], 40, pairs=pairs, phone=phone)}</div>')
    tap_board("bg-results", f'<style>{TABLE_CSS}</style><div class="bg-opponents">{"".join(boxes)}</div>',
              select="none", on_decision=_nothing)


def _nothing(decision: dict) -> None:
    """The revealed displays are only looked at."""


def _end(table: Table) -> None:
    view = table.view(None)
    announce_winners(table, TEXTS)
    if view["round_results"]:
        _revealed(table, view["round_results"][-1])
    if table.held is None:  # a phone holds a seat of this game only: a new game is started on the table device
        new_game_button("bg-new", seating_again("bg", table.setup, LEVELS, MOST))


def _score_table(table: Table, view: dict) -> None:
    rows: dict[str, list] = {tr("ui.name"): plain_names(table)}
    for n in range(view["rounds"]):
        rows[str(n + 1)] = [str(p["round_scores"][n]) if n < len(p["round_scores"]) else "–" for p in view["players"]]
    rows[tr("ui.biber.total")] = [str(p["total"]) if p["round_scores"] else "–" for p in view["players"]]
    st.table(rows, hide_index=True)


def rules_in_force(table: Table) -> list[str]:
    view = table.view(None)
    keep = "keep_on" if view["options"].get("discard_pickup_must_be_kept") else "keep_off"
    lines = [tr(f"rules.biber.{keep if rule == 'keep' else rule}") for rule in RULES]
    # The number of rounds is an option (ruling B6); say so when it is not the rulebook's 5.
    if view["rounds"] == 5:
        return [*lines, tr("rules.biber.rounds_default")]
    return [*lines, tr("rules.biber.rounds", rounds=view["rounds"])]


ROUNDS = Rounds("bg", TEXTS, finished=lambda table: len(table.view(None)["round_results"]), results=_round_results,
                totals=lambda table: _score_table(table, table.view(None)), just_ended=_just_ended)
