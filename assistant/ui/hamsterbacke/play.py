"""Hamsterbacke at the table: alone against computer opponents, or together at one tablet (with
computer opponents too, if wished). The whole table is one tap board.

The page draws only the view of the seat that decides (a computer opponent deciding: nobody's
hand). Together at one tablet, the first decision and every human decision after another human's
are preceded by a cover that hides every hand until the right person taps "It is me"; it names
what comes (your turn, giving cards, back to the active player).

On a phone (a seat link) the page draws that seat's view only and decides only for it; the table
device leaves the seats on phones to them, and says whom it waits for.

Deciding: a tap on a pile takes it; to play, choose how many sets (a mode), then tap a colour of
your hand; "Turn pile" (or a tap on your blocking stack) turns it; choosing who gives is a tap on
a player; giving is choosing the cards, then "Give". What can be tapped comes from the legal
actions; anything else is refused by the engine, with its reason.
"""

from __future__ import annotations

import html
from functools import partial

import streamlit as st

from assistant.games.hamsterbacke.actions import GIVER, MAX_SETS, PASS, PLAY, TAKE, TURN_PILE, give
from assistant.games.hamsterbacke.cards import KINDS, PILES
from assistant.ui.common import tr
from assistant.ui.components import tap_board
from assistant.ui.deciding import Moves, decide
from assistant.ui.hamsterbacke.board import plural, table_html
from assistant.ui.hamsterbacke.phone import phone_table_html
from assistant.ui.hamsterbacke.setup import LEVELS, MOST
from assistant.ui.pictures import icon
from assistant.ui.seats import (
    announce_winners,
    cover,
    cover_needed,
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
from assistant.ui.widgets import (
    board_messages,
    bots_move,
    draw_in_the_bots_place,
    log_panel,
    plain_names,
    standings_table,
)

BOARD = "hb-board"
RULES = ("take", "play", "turn", "actions", "end", "undo", "hidden")
PARTS = {"score_pile": "ui.backe.score_pile", "hand": "ui.backe.hand", "blocking": "ui.backe.blocking"}


def render(table: Table) -> None:
    speed = table.setup.get("speed", "normal")
    if bots_move(table, speed, _render_table, partial(is_bot, table), partial(level, table)):
        return
    draw_in_the_bots_place(_render_table, table)


def _render_table(table: Table) -> None:
    if table.is_over():
        _end(table)
    elif cover_needed(table):
        cover(table, _cover_title(table), "ui.backe", "hb-its-me")
        return
    else:
        _table(table)
    log_panel(table)


def rules_in_force(table: Table) -> list[str]:
    return [tr(f"rules.backe.{rule}") for rule in RULES]


# --- passing the tablet (assistant/ui/seats.py) -------------------------------------------------------
def _cover_title(table: Table) -> str:
    """Who takes the tablet, and for what: a turn, a gift, or the rest of a turn after a gift."""
    seat, names = table.current_player, plain_names(table)
    view = table.view(None)
    if view["phase"] == "give":
        return plural("ui.backe.cover_give", view["gift_size"], name=names[seat], receiver=names[view["turn"]])
    last, actors = table.last_action(), table.actors()
    # After a gift the tablet goes back to the one who turned the pile, if their turn goes on.
    if last is not None and last.kind == "give" and len(actors) >= 2 and actors[-2] == seat:
        return tr("ui.backe.cover_back", name=names[seat], action=3 - view["actions_left"])
    return tr("ui.backe.cover_title", name=names[seat])


# --- the table ------------------------------------------------------------------------------------
def _table(table: Table) -> None:
    seat, view, deciding, legal, kinds, hint = the_decision(table, MOVES)
    gift = view["gift_size"] if "give" in kinds else 0
    # A phone holds this page's seat: the table laid out for a phone (phone.py), the same parts to tap.
    picture = table_html if table.held is None else phone_table_html
    markup = picture(table.names, labels_with_phones(table, seat, "ui.backe"), view, seat,
                     _status(table, view, seat, kinds), gift, _notes(table, view, seat), why_no_hand(table, "ui.backe"))

    piles = [f"p{move.at}" for move in legal if move.kind == "take"]
    turn = ["turn"] if "turn_pile" in kinds else []
    most_sets = max((move.count for move in legal if move.kind == "play"), default=0)
    modes = [{"id": f"sets{n}", "label": plural("ui.backe.play_sets", n),
              "tappable": piles + turn + [f"c{move.at}" for move in legal if move.kind == "play" and move.count == n]}
             for n in range(1, most_sets + 1)]
    buttons, select, tappable, most = [], "one", piles + turn, 0
    if "turn_pile" in kinds:
        buttons.append({"id": "turn_pile", "label": tr("ui.backe.turn_pile")})
    if "pass" in kinds:
        buttons.append({"id": "pass", "label": tr("ui.backe.pass"), "primary": True})
    if "giver" in kinds:
        tappable = [f"s{move.at}" for move in legal]
    if gift:
        select, most = "many", gift
        tappable = [f"g{card}-{n}" for card in range(KINDS) for n in range(min(view["hand"][card], gift))]
        buttons.append({"id": "give", "label": tr("ui.backe.give", count=gift, n="{n}"), "primary": True,
                        "needs": "selection"})
        if hint:
            buttons.append({"id": "take_hint", "label": tr("ui.take_hint")})
    if deciding:
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
    if seat is not None and table.can_undo() and table.last_actor() == seat:
        buttons.append({"id": "undo", "label": tr("ui.undo"), "icon": icon("undo")})
    # An advised Play comes with its number of sets chosen, so the marked colour is tappable at once.
    tap_board(BOARD, markup, tappable=tappable, select=select, max_selected=most, buttons=buttons, modes=modes,
              mode=hint.get("mode") if hint else None, marks={"tb-hint": hint["taps"]} if hint else None,
              choose_button="tap", notes=_why_not(table, view, seat, deciding, gift, modes, tappable),
              version=table.picture(seat),
              sent={"taps": {"selected": ["tb-taken"]}, "buttons": {"give": {"selected": ["tb-taken"]},
                                                                    "turn_pile": {"parts": {"tb-taken": ["turn"]}}}},
              on_decision=partial(decide, table, seat, MOVES))


def _why_not(table: Table, view: dict, seat: int | None, deciding: bool, gift: int, modes: list[dict],
             tappable: list[str]) -> dict[str, str]:
    """For each pile, colour, player and blocking stack a tap cannot use now, the engine's reason, shown
    beside the board when it is tapped (a tap that did nothing would leave the player guessing)."""
    parts = {f"p{pile}": TAKE[pile] for pile in range(PILES)}
    parts |= {f"s{player}": GIVER[player] for player in range(table.num_players)}
    hand = view["hand"] if seat is not None else None
    if hand is not None and view["players"][seat]["blocking"]:
        parts["turn"] = TURN_PILE
    # A colour of the hand (drawn unless cards are being given) is asked about the first number of sets
    # it cannot be played with: the mode in which a tap on it does nothing (blocked, no set, fewer sets).
    colours = {}
    for card in range(KINDS) if hand is not None and not gift else ():
        refused = [int(mode["id"].removeprefix("sets")) for mode in modes if f"c{card}" not in mode["tappable"]]
        if hand[card] and (refused or not modes):
            colours[f"c{card}"] = PLAY[card][refused[0] if refused else 1]
    if not deciding:
        return waiting_notes(table, [*parts, *(f"c{card}" for card in range(KINDS) if hand and hand[card])],
                             "ui.backe")
    open_ = set(tappable).union(*(mode["tappable"] for mode in modes))
    tried = {part: move for part, move in parts.items() if part not in open_} | colours
    notes = {part: table.refusal(move) for part, move in tried.items()}
    return {part: note for part, note in notes.items() if note}


def _status(table: Table, view: dict, seat: int | None, kinds: set[str]) -> str:
    names, current = table.names, view["current_player"]
    action = 3 - view["actions_left"]
    if view["phase"] == "give":
        doing = plural("ui.backe.giving", view["gift_size"], giver=names[view["giver"]], name=names[view["turn"]])
        if "give" in kinds:
            doing = tr("ui.backe.you_give", count=view["gift_size"], name=names[view["turn"]])
    elif view["phase"] == "choose_giver":
        doing = tr("ui.backe.choosing_giver", name=names[current])
        if "giver" in kinds:
            doing = tr("ui.backe.choose_giver") + " " + plural("ui.backe.you_get", view["gift_size"])
    elif current == seat:
        how = "ui.backe.how_take" if "play" not in kinds else "ui.backe.how_play"
        doing = tr("ui.backe.your_turn", name=names[seat], action=action) + " " + tr(how)
        if kinds == {"pass"}:
            doing = tr("ui.backe.your_turn", name=names[seat], action=action) + " " + tr("ui.backe.only_pass")
    elif is_bot(table, current):
        doing = tr("ui.backe.waiting", name=names[current], action=action)
    else:  # a person on another device (or at the tablet, seen from a phone)
        doing = tr("ui.backe.waiting_for", name=names[current], action=action)
    return f'<div class="tb-status">{html.escape(doing)}</div>'


def _notes(table: Table, view: dict, seat: int | None) -> str:
    """What goes below the buttons: the last turn, an action of yours that stands, the hint or a refusal."""
    parts = []
    if view["ending"]:
        parts.append(f'<div class="tb-message hb-note">{html.escape(tr("ui.backe.last_turn"))}</div>')
    stands = _stands(table, seat)
    if stands:
        parts.append(f'<div class="tb-message hb-note hb-stands">{html.escape(tr(stands))}</div>')
    return "".join(parts) + board_messages()


def _stands(table: Table, seat: int | None) -> str | None:
    """The catalogue key saying why your last action cannot be taken back, or None: said, so that
    the Undo button does not just vanish."""
    actors, last = table.actors(), table.last_action()
    if seat is None or not actors or table.can_undo():
        return None
    if last.kind == "give" and actors[-1] != seat and len(actors) >= 2 and actors[-2] == seat:
        return "ui.backe.stands_received"  # your turned pile made someone give you cards
    if actors[-1] != seat:
        return None
    return {"take": "ui.backe.stands_take", "give": "ui.backe.stands_give", "turn_pile": "ui.backe.stands_turn",
            "giver": "ui.backe.stands_giver"}.get(last.kind)


# --- deciding ---------------------------------------------------------------------------------------
def _move(table: Table, seat: int, button: str, selection: list):
    """The move a decision names, or None for anything our board never sends."""
    try:
        if button == "turn_pile":
            return TURN_PILE
        if button == "pass":
            return PASS
        if button == "give":
            counts = [0] * KINDS
            for part in selection:
                card = int(str(part)[1:].split("-")[0])
                counts[card] += 1
            return give(counts)
        tapped = str(selection[0]) if selection else ""
        number = int(tapped[1:]) if tapped[1:].isdigit() else -1
        if tapped == "turn":
            return TURN_PILE
        if tapped.startswith("p") and 0 <= number < PILES:
            return TAKE[number]
        if tapped.startswith("s") and 0 <= number < len(GIVER):
            return GIVER[number]
        if tapped.startswith("c") and 0 <= number < KINDS and button.startswith("sets"):
            sets = int(button[4:])
            return PLAY[number][sets] if 1 <= sets <= MAX_SETS else None
    except (ValueError, IndexError):
        return None
    return None


def _hint(table: Table, seat: int) -> None:
    advice = table.hint(seat)
    move = advice.action
    taps = {"take": [f"p{move.at}"], "play": [f"c{move.at}"], "turn_pile": ["turn"],
            "giver": [f"s{move.at}"]}.get(move.kind, [])
    if move.kind == "give":
        taps = [f"g{card}-{n}" for card, count in enumerate(move.cards) for n in range(count)]
    mode = f"sets{move.count}" if move.kind == "play" else None
    set_choice(error=None, hint={"reason": advice.reason, "params": advice.params, "move": move.to_data(),
                                 "taps": taps, "mode": mode})


MOVES = Moves("ui.backe", _move, _hint)


# --- the end -----------------------------------------------------------------------------------------
def _end(table: Table) -> None:
    announce_winners(table, "ui.backe")
    standings_table(table.names, table.standings(), PARTS)
    st.caption(tr("ui.backe.score_rule"))
    if table.held is None:  # a phone holds one seat of this game: a new game is the table device's to start
        new_game_button("hb-new", seating_again("hb", table.setup, LEVELS, MOST))
