"""Hamsterdam at the table: 2-4 players at one tablet (computer opponents too, if wished), or alone
against 1-3 computer opponents. The whole table is one tap board.

Everything on a Hamsterdam table is public, except the specials dealt to a player while they choose
which to keep (and the cards chosen to pass): together at one tablet, that choice is preceded by the
cover of assistant/ui/seats.py. A seat may also be held by a phone (``table.held``): the phone draws
that seat's view, decides and rolls only for it; the table device leaves that seat to it.
The dam of the player who decides is drawn big, the others compact below; what happens now is said in
words at the top. Decisions are taps (decisions.py); what a tap cannot say is a button. The app rolls
for a computer opponent; with real dice every roll is entered, a face of each die.
"""

from __future__ import annotations

import html
from functools import partial

import streamlit as st

from assistant.games.hamsterdam.actions import Roll
from assistant.games.hamsterdam.cards import HAMSTER, card_words, named_card, piece_text, told_apart
from assistant.games.registry import game_info
from assistant.i18n import Text
from assistant.ui.common import tr
from assistant.ui.components import tap_board
from assistant.ui.deciding import Moves, decide
from assistant.ui.hamsterdam import decisions
from assistant.ui.hamsterdam.board import (
    dice_entry,
    held_cards,
    moving_pieces,
    offered_specials,
    round_and_turn,
    table_parts,
)
from assistant.ui.hamsterdam.decisions import Board, board_for
from assistant.ui.hamsterdam.devices import may_roll, roller
from assistant.ui.hamsterdam.notes import game_over, why_not
from assistant.ui.pictures import die_svg, icon
from assistant.ui.seats import (
    announce_winners,
    cover,
    cover_needed,
    is_bot,
    labels,
    level,
    new_game_button,
    seating_again,
    the_decision,
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

BOARD = "hd-board"
TEXTS = "ui.hamsterdam"
RULES = ("dots", "flips", "copycatster", "mobster", "roll_order", "whack", "cheekster", "skip", "classic", "setup",
         "breach", "movement", "offered", "second_roll", "short_cards")
CLASSIC_LEAVES_OUT = ("dots", "breach")
PARTS = {"flood_pile": "ui.hamsterdam.col_pile", "dam_tokens": "ui.hamsterdam.col_dam",
         "hamsters": "ui.hamsterdam.col_hamsters"}
CHANCE_PHASES = ("roll", "start_roll", "reroll")


def has_bots() -> bool:
    """Computer opponents and hints exist once the registry names Hamsterdam's bots."""
    return game_info("hamsterdam").bots is not None


def render(table: Table) -> None:
    while True:  # the app's rolls for computer opponents, then their decisions, until a person is asked
        before = table.actions_taken
        _roll_for_bots(table)
        if bots_move(table, table.setup.get("speed", "normal"), _render_table, partial(_bot_decides, table),
                     partial(level, table)):
            return
        if table.actions_taken == before:
            break
    draw_in_the_bots_place(_render_table, table)


def rules_in_force(table: Table) -> list[str]:
    """The readings of this game's mode: Classic has no dots to count and no breaches, the full game no
    Classic specials."""
    left_out = CLASSIC_LEAVES_OUT if table.view(None)["mode"] == "classic" else ("classic",)
    return [tr(f"rules.hamsterdam.{rule}") for rule in RULES if rule not in left_out]


def _bot_decides(table: Table, seat: int) -> bool:
    return seat >= 0 and is_bot(table, seat)  # a roll (CHANCE) is never a bot's decision


def _roll_for_bots(table: Table) -> None:
    """With the app's dice, a computer opponent's roll is rolled at once (nobody has to tap for it)."""
    if table.setup.get("dice") == "real":
        return
    while table.is_chance_node():
        rolling = roller(table.view(None))
        if rolling is None or not is_bot(table, rolling) or not table.roll():
            return


def _render_table(table: Table) -> None:
    if table.is_over():
        _end(table)
    elif table.view(None)["phase"] == "keep" and cover_needed(table):
        name = plain_names(table)[table.current_player]
        cover(table, tr(f"{TEXTS}.cover_title", name=name), TEXTS, "hd-its-me")
        return
    else:
        _table(table)
    log_panel(table)


# --- the table ---------------------------------------------------------------------------------------
def _table(table: Table) -> None:
    seat, view, deciding, legal, _kinds, hint = the_decision(table, MOVES)
    chance = table.is_chance_node()
    focus = _focus(view, seat)
    board = board_for(view, legal, seat) if deciding else Board("none", [])
    extra = _extra(table, view, seat, deciding)
    if chance:
        board = _rolling_board(table) if may_roll(table, view) else Board("none", [])
    if any(move.kind == "use" and move.piece == "spinster" for _, move in board.extra):
        extra += f'<div class="hd-line hd-spin-note">{html.escape(tr(f"{TEXTS}.spinster_buttons"))}</div>'
    status = _status(table, view, deciding, chance, board)
    frame, slots = table_parts(table.names, labels(table, seat, TEXTS), view, focus, status, extra, board_messages())
    buttons = _buttons(table, view, seat, deciding, board, hint)
    modes = [{"id": mode["id"], "label": _piece_label(mode["piece"], view, seat), "tappable": mode["tappable"]}
             for mode in board.modes]
    tap_board(BOARD, frame, slots=slots, tappable=board.tappable, select=board.select, max_selected=board.most,
              pairs=board.pairs, buttons=buttons, modes=modes, mode=hint.get("mode") if hint else None,
              notes=why_not(table, view, seat, deciding, board),
              marks={"tb-hint": hint["taps"]} if hint else None, version=table.picture(seat),
              sent={"taps": {"selected": ["tb-taken"]}, "buttons": {"pass": {"selected": ["tb-taken"]},
                    "keep": {"selected": ["tb-taken"]}, "move": {"selected": ["tb-taken"]}}},
              on_decision=partial(decide, table, seat, MOVES))


def _focus(view: dict, seat: int | None) -> int:
    """Whose dam is drawn big: the player deciding, or rolling, or else the seat at the tablet."""
    for candidate in (view["deciding"], roller(view) if view["phase"] in CHANCE_PHASES else None, seat):
        if candidate is not None and candidate >= 0:
            return candidate
    return 0


def _rolling_board(table: Table) -> Board:
    if table.setup.get("dice") == "real":
        return Board("many", sorted(decisions.dice_pairs()), most=2, pairs=decisions.dice_pairs())
    return Board("none", [])


def _extra(table: Table, view: dict, seat: int | None, deciding: bool) -> str:
    """What the decision needs besides the dams: cards to pass or lay, specials to keep, dice, a breach's hamsters."""
    phase = view["phase"]
    if table.is_chance_node():
        real = table.setup.get("dice") == "real" and may_roll(table, view)
        return dice_entry(tr(f"{TEXTS}.dice_caption")) if real else ""
    if not deciding or seat is None:
        return ""
    shown = view["players"][seat]
    if phase == "pass" and view["num_players"] == 2:
        return held_cards(shown["held"], "h", tr(f"{TEXTS}.pass_both"))
    if phase == "pass":
        return (held_cards(shown["held"], "l", tr(f"{TEXTS}.pass_left"))
                + held_cards(shown["held"], "r", tr(f"{TEXTS}.pass_right")))
    if phase == "arrange":
        return held_cards(sorted(shown["held"]), "h", tr(f"{TEXTS}.lay_next"))
    if phase == "keep":
        return offered_specials(shown["offered"] or [], tr(f"{TEXTS}.offered"))
    if phase == "sacrifice":
        return moving_pieces(view["moving"], tr(f"{TEXTS}.moving"))
    return ""


def _buttons(table: Table, view: dict, seat: int | None, deciding: bool, board: Board, hint) -> list[dict]:
    buttons: list[dict] = []
    hinted = hint.get("button") if hint else None
    if table.is_chance_node() and may_roll(table, view):
        if table.setup.get("dice") == "real":
            buttons.append({"id": "enter", "label": tr(f"{TEXTS}.enter_roll"), "primary": True, "needs": "full"})
        else:
            buttons.append({"id": "roll", "label": tr(f"{TEXTS}.roll"), "icon": icon("dice"), "primary": True})
    if board.button:  # pass, keep, move: the selection is complete with ``board.most`` parts
        buttons.append({"id": board.button, "label": tr(f"{TEXTS}.button_{board.button}", n="{n}", count=board.most),
                        "primary": True, "needs": "full"})
    extra = _told_apart([_move_button(button_id, move, view, table.names) for button_id, move in board.extra], board,
                        view)
    for spec in extra:
        buttons.append(spec | ({"icon": icon("hint")} if hinted == spec["id"] else {}))
    if hint and hint.get("taps"):  # where one tap decides, taking the hint is that tap (the tap board)
        buttons.append({"id": "take_hint", "label": tr("ui.take_hint")})
    if deciding and has_bots():
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
    if seat is not None and table.can_undo() and table.last_actor() == seat:
        buttons.append({"id": "undo", "label": tr("ui.undo"), "icon": icon("undo")})
    return buttons


def _move_button(button_id: str, move, view: dict, names: list[str] | None = None) -> dict:
    """A move no tap makes, in words (the cards by their numbers, another player by name); Spinster's ten
    choices as pictures (the die now, and the face it turns to), so that they fit beside the table."""
    if move.kind == "use" and move.piece == "spinster":
        die, face = move.cards
        picture = f"{die_svg(view['dice'][die], 28, faint=True)} → {die_svg(face, 28)}"
        return {"id": button_id, "label": f'<span class="hd-spin">{picture}</span>', "html": True}
    label = words(move.text(dam_values(view), view["deciding"], names))
    if move.kind == "restore":  # the quick way through a redeployment: the first button
        return {"id": button_id, "label": label, "primary": True}
    return {"id": button_id, "label": label}


def dam_values(view: dict) -> list[list[int]]:
    """Every seat's dam as its cards' numbers, left to right."""
    return [[card["value"] for card in shown["dam"]] for shown in view["players"]]


def _told_apart(specs: list[dict], board: Board, view: dict) -> list[dict]:
    """Two specials of a kind on the dam (two Buffsters) make two buttons of the same words: each then
    names the card its special stands on."""
    said = [spec["label"] for spec in specs]
    seat = view["deciding"]
    dam = view["players"][seat]["dam"] if seat is not None else []
    for spec, (_, move) in zip(specs, board.extra, strict=True):
        if said.count(spec["label"]) > 1 and 0 <= move.at < len(dam) and not spec.get("html"):
            card = told_apart([shown["value"] for shown in dam], move.at)
            spec["label"] = tr(f"{TEXTS}.on_card", what=spec["label"], value=card)
    return specs


def card_named(view: dict, seat: int, pos: int) -> dict:
    """A dam card as a text names it: its value, and its position where that dam shows the value twice."""
    return card_words(named_card([card["value"] for card in view["players"][seat]["dam"]], pos))


def words(text) -> str:
    return tr(text.key, **text.params)


def _piece_label(piece: str, view: dict, seat: int) -> str:
    """A mode of the placing: the piece and how many of it are left to place."""
    count = view["players"][seat]["hand"].count(piece)
    if piece == HAMSTER:
        return tr(f"{TEXTS}.hamsters_to_place", count=count)
    return f"{words(piece_text(piece))} ×{count}" if count > 1 else words(piece_text(piece))


# --- what happens now, in words -------------------------------------------------------------------------
def _status(table: Table, view: dict, deciding: bool, chance: bool, board: Board) -> str:
    names = table.names
    phase = view["phase"]
    if chance:
        rolling = roller(view)
        name = names[rolling] if rolling is not None else ""
        key = {"start_roll": "start_roll", "reroll": "second_roll_now"}.get(phase, "roll_now")
        key = key if rolling is not None else "start_roll_anyone"
        doing = tr(f"{TEXTS}.{key}", name=name)
        if phase == "roll" and view["rerolls"] and view["dice"]:
            doing = tr(f"{TEXTS}.reroll", value=sum(view["dice"])) + " " + doing
        how = tr(f"{TEXTS}.how_real" if table.setup.get("dice") == "real" else f"{TEXTS}.how_app")
        if not may_roll(table, view):  # a phone rolls for its seat
            how = tr(f"{TEXTS}.waiting_roll", name=name)
    else:
        actor = view["deciding"]
        name = names[actor] if actor is not None else ""
        doing = _doing(view, name, names)
        how = tr(f"{TEXTS}.how_{_how_key(view, board)}") if deciding else \
            tr(f"{TEXTS}.{'waiting_for' if table.held is not None else 'waiting'}", name=name)
    heading = tr(f"{TEXTS}.heading", round=round_and_turn(view)[0], mode=tr(f"{TEXTS}.mode_{view['mode']}"))
    return (f'<div class="tb-status"><span class="hd-heading">{html.escape(heading)}</span> '
            f'<b>{html.escape(doing)}</b><br>{html.escape(how)}</div>')


def _doing(view: dict, name: str, names: list[str]) -> str:
    phase = view["phase"]
    if phase == "flood":
        flood = view["flood"]
        return tr(f"{TEXTS}.doing_flood", name=names[flood["player"]], **card_named(view, flood["player"], flood["at"]))
    if phase == "window":
        return tr(f"{TEXTS}.doing_window_{view['window']}", name=name, value=view["value"] or 0)
    if phase == "place":
        key = "doing_redeploy" if view["turns"] else "doing_place"
        return tr(f"{TEXTS}.{key}", name=name)
    if phase == "mole":
        return tr(f"{TEXTS}.doing_mole", name=name, value=sum(view["second"] or (0, 0)))
    if phase == "breach":
        return tr(f"{TEXTS}.doing_breach", name=name, pile=view["players"][view["deciding"]]["pile"])
    if phase == "move" and view["progress"]["moved"][view["deciding"]]:  # only a Speedster is left to move
        return tr(f"{TEXTS}.doing_move_speedster", name=name)
    return tr(f"{TEXTS}.doing_{phase}", name=name)


def _how_key(view: dict, board: Board) -> str:
    """What to tap, naming only what there is: a window whose specials are all buttons (Ninjaster,
    Mobster, ...) names no card, a flood without a special's button names no button."""
    phase = view["phase"]
    if phase == "window" and not board.tappable:
        return "window_buttons"
    if phase == "pass":
        return "pass_two" if view["num_players"] == 2 else "pass"
    if phase == "flood" and not board.extra:
        return "flood_taps"
    if phase == "place" and any(move.kind == "restore" for _, move in board.extra):
        return "place_restore"
    if phase == "move" and view["progress"]["moved"][view["deciding"]]:
        return "move_speedster"
    if phase == "move" and any(move.kind == "use" for move in board.taps.values()):
        return "move_with_speedster"
    return phase


# --- deciding ---------------------------------------------------------------------------------------------
def _move(table: Table, seat: int, button: str, selection: list[str]):
    view = table.view(seat)
    return decisions.move_of(board_for(view, table.legal_actions(), seat), view, seat, button, selection)


def _real_roll(table: Table, button: str, selection: list[str]):
    """A real roll: one face of each die, entered where real dice are played."""
    dice = decisions.dice_roll(selection) if button == "enter" and table.setup.get("dice") == "real" else None
    return None if dice is None else Roll(*dice)


def _hint(table: Table, seat: int) -> None:
    if not has_bots():
        return
    view = table.view(seat)
    board = board_for(view, table.legal_actions(), seat)
    advice = table.hint(seat)
    taps, button = decisions.parts_of(board, advice.action)
    if advice.action.kind in ("pass", "keep"):
        taps = decisions.selection_parts(view, seat, advice.action)
    mode = button if board.modes and taps else None
    reason, params = advice.reason, with_names(advice.params, table.names)
    if button and not mode and not taps:  # a move made by a button: the hint says the button's words
        label = next(_move_button(button_id, move, view, table.names) for button_id, move in board.extra
                     if button_id == button)
        if not label.get("html") and label["label"] not in tr(reason, **params):
            reason, params = f"{TEXTS}.hint_tap", {"label": label["label"], "why": Text(reason, **params)}
    set_choice(error=None, hint={"reason": reason, "params": params, "move": advice.action.to_data(),
                                 "taps": taps, "mode": mode, "button": None if mode else button})


def with_names(params: dict, names: list[str]) -> dict:
    """A hint's values with each "player 2" said as that player's name, as the table shows it."""
    def named(value):
        if isinstance(value, Text) and value.key == "move.hamsterdam.player" and 0 < value.params["n"] <= len(names):
            return names[value.params["n"] - 1]
        if isinstance(value, Text):
            return Text(value.key, **{key: named(inner) for key, inner in value.params.items()})
        return value
    return {key: named(value) for key, value in params.items()}


MOVES = Moves(TEXTS, _move, _hint, unreadable=f"{TEXTS}.choose_first", roll_of=_real_roll,
              may_roll=lambda table: may_roll(table, table.view(None)), roll_unreadable=f"{TEXTS}.choose_dice")


# --- the end ----------------------------------------------------------------------------------------------
def _end(table: Table) -> None:
    announce_winners(table, TEXTS)
    standings = table.standings()
    view = table.view(None)
    if view["exhausted"]:  # the piles did not reach the end number: say why the game is over
        st.info(tr(f"{TEXTS}.ended_by_supply", tokens=view["tokens_in_piles"], end=view["end_tokens"]))
    if standings.get("decided_by"):
        st.info(tr(f"{TEXTS}.decided_by_{standings['decided_by']}"))
    standings_table(table.names, standings, PARTS)
    st.caption(tr(f"{TEXTS}.score_rule"))
    if table.held is None:  # a phone holds a seat of this game only: a new game starts at the table
        from assistant.ui.hamsterdam.setup import LEVELS, MOST  # the form's module reads this one's texts

        new_game_button("hd-new", seating_again("hd", table.setup, LEVELS, MOST))
    # Every dam as the game ended, the winner's big: only looked at.
    winner = standings["players"][0]["player"]
    status = f'<div class="tb-status"><b>{html.escape(tr(f"{TEXTS}.final_dams"))}</b></div>'
    frame, slots = table_parts(table.names, labels(table, table.held, TEXTS), view, winner, status, "", "")
    tap_board(BOARD, frame, slots=slots, select="none", notes=game_over(table), on_decision=_nothing)


def _nothing(decision: dict) -> None:
    """The dams at the end are only looked at."""
