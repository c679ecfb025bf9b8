"""Biber Gang alone against computer opponents: the whole table on one screen, bots moving in turn,
hints, undo, a "round over" screen, the end.

The human is seat 0 and the page reads only seat 0's view. The table is one tap board: choosing
what to do with a drawn card happens in the browser; tapping a card of your display decides.
"""

from __future__ import annotations

import html
from functools import partial
from pathlib import Path

import streamlit as st

from assistant.games.biber_gang.actions import move_from_data
from assistant.games.biber_gang.cards import card_words
from assistant.ui.biber_gang.pictures import card_box, display_box
from assistant.ui.common import plain, tr
from assistant.ui.components import tap_board
from assistant.ui.pictures import icon
from assistant.ui.table import Table, choice, set_choice
from assistant.ui.widgets import board_messages, bots_move, log_panel, plain_names

TABLE_CSS = (Path(__file__).parent / "table.css").read_text(encoding="utf-8")
HUMAN = 0
RULES = ("display", "start", "turn", "keep", "beaver", "beaver_pair", "deck", "end", "scoring", "winner", "undo")
MODES = ("swap", "discard_turn", "swim")


def render(table: Table) -> None:
    view = table.view(HUMAN)
    if _round_over_to_show(table, view):
        _round_over(table, view)
        return
    if bots_move(table, table.setup.get("speed", "normal"), _render_table, lambda seat: seat != HUMAN,
                 lambda seat: table.setup["bots"][seat],
                 pause=lambda current: _round_over_to_show(current, current.view(HUMAN))):
        return
    view = table.view(HUMAN)
    if _round_over_to_show(table, view):  # the bots' turns (quick) ended the round
        _round_over(table, view)
        return
    _render_table(table)


def _render_table(table: Table) -> None:
    view = table.view(HUMAN)
    if table.is_over():
        _end(table, view)
    else:
        _table(table, view)
    log_panel(table.log(plain_names(table)))
    _score_table(table, view)


# --- the table -----------------------------------------------------------------------------------
def _table(table: Table, view: dict) -> None:
    chosen = choice()
    my_turn = view["current_player"] == HUMAN
    legal = table.legal_actions() if my_turn else []
    kinds = {move.kind for move in legal}
    hint = chosen.get("hint")
    markup = (f'<style>{TABLE_CSS}</style><div class="bg-table">{_opponents(table, view)}<div class="bg-main">'
              f'<div class="bg-piles">{_piles(view)}</div>'
              f'<div class="bg-side">{_status(table, view, my_turn)}<div class="tb-modes"></div>'
              f'<div class="tb-buttons"></div></div>'
              f'<div class="bg-mine">{_my_display(table, view)}</div></div></div>')
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
    if my_turn:
        buttons.append({"id": "hint", "label": tr("ui.hint"), "icon": icon("hint")})
    if table.can_undo() and table.last_actor() == HUMAN:
        buttons.append({"id": "undo", "label": tr("ui.undo"), "icon": icon("undo")})
    tap_board("bg-board", markup, tappable=taps, select="one", buttons=buttons, modes=modes,
                         marks={"tb-hint": hint["taps"]} if hint else None, choose_button="tap",
                         version=table.actions_taken, on_decision=partial(_decide, table, legal))


def _decide(table: Table, legal: list, decision: dict) -> None:
    if not table.is_current(decision):
        return
    button, selection = decision.get("button"), decision.get("selection") or []
    if button == "undo":
        table.undo()
        return
    if button == "hint":
        advice = table.hint(HUMAN)
        move = advice.action
        taps = [f"p{p}" for p in (move.at, move.to) if p >= 0]
        taps += {"draw_deck": ["deck"], "take_discard": ["discard"]}.get(move.kind, [])
        set_choice(error=None, hint={"reason": advice.reason, "params": advice.params, "move": move.to_data(),
                                     "taps": taps})
        return
    tapped = selection[0] if selection else ""
    if button == "tap":
        button = {"deck": "draw_deck", "discard": "take_discard"}.get(tapped, "turn_up")
    position = int(tapped[1:]) if tapped.startswith("p") else -1
    for move in legal:
        if move.kind != button:
            continue
        if position < 0 or (move.to if move.kind == "swim" else move.at) == position:
            table.act(move)
            return
    # Not a legal move now (a tap on an older picture of the table): the engine refuses it
    # with its own reason, in the player's language, and nothing changes.
    try:
        move = move_from_data({"move": button, "at": position} if position >= 0 else {"move": button})
    except ValueError:
        set_choice(error=tr("ui.biber.not_now"))
        return
    table.act(move)


def _opponents(table: Table, view: dict) -> str:
    boxes = []
    for seat in range(1, table.num_players):
        shown = view["players"][seat]
        turn = " bg-turn" if view["current_player"] == seat else ""
        level = tr(f"ui.biber.level_{table.setup['bots'][seat]}")
        boxes.append(f'<div class="bg-opponent{turn}"><div class="bg-name">{html.escape(table.names[seat])} · '
                     f'{html.escape(level)} · {_total(shown)}</div>{display_box(shown["display"], 22)}</div>')
    return f'<div class="bg-opponents">{"".join(boxes)}</div>'


def _piles(view: dict) -> str:
    top = view["discard"][-1] if view["discard"] else None
    deck = html.escape(tr("ui.biber.deck", count=view["deck_count"]))
    parts = [f'<div class="bg-pile"><div class="bg-caption">{deck}</div>{card_box(None, 70, tap="deck")}</div>',
             f'<div class="bg-pile"><div class="bg-caption">{html.escape(tr("ui.biber.discard"))}</div>'
             f'{card_box(top, 70, tap="discard") if top is not None else ""}</div>']
    if view["drawn"] is not None:
        parts.append(f'<div class="bg-pile bg-drawn"><div class="bg-caption">{html.escape(tr("ui.biber.drawn"))}'
                     f'</div>{card_box(view["drawn"], 70)}</div>')
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


def _my_display(table: Table, view: dict) -> str:
    mine = view["players"][HUMAN]
    return (f'<div class="bg-name">{html.escape(table.names[HUMAN])} · {_total(mine)}</div>'
            f'{display_box(mine["display"], 0, taps=True)}')


def _total(shown: dict) -> str:
    return html.escape(f'{tr("ui.biber.total")}: {shown["total"] if shown["round_scores"] else "–"}')


# --- between rounds and at the end ---------------------------------------------------------------
def _round_over_to_show(table: Table, view: dict) -> bool:
    """A round just ended and this tab has not yet looked at it (the last round: the end screen)."""
    finished = len(view["round_results"])
    seen = st.session_state.setdefault("bg_seen_rounds", {})
    if table.id not in seen:  # a tab that opens the game mid-round does not show an old round again
        fresh_round = all(card is None for p in view["players"] for card in p["display"])
        seen[table.id] = finished - 1 if fresh_round and finished else finished
    return not table.is_over() and finished > seen[table.id]


def _round_over(table: Table, view: dict) -> None:
    number = len(view["round_results"])
    st.header(tr("ui.biber.round_over", round=number))
    _revealed(table, view["round_results"][-1])
    _score_table(table, view)
    if st.button(tr("ui.biber.next_round"), key="bg-next-round", type="primary"):
        st.session_state["bg_seen_rounds"][table.id] = number
        st.rerun()


def _revealed(table: Table, results: list[dict]) -> None:
    """Every display as it lay at the round's end, column pairs ringed: one picture (the tap board,
    nothing to tap), so no card is cut off by what follows."""
    st.caption(tr("ui.biber.pairs_note"))
    boxes = []
    for seat, result in enumerate(results):
        pairs = tuple(c for c, value in enumerate(result["column_pairs"]) if value is not None)
        boxes.append(f'<div class="bg-opponent"><div class="bg-name"><b>{html.escape(table.names[seat])}</b>: '
                     f'{result["points"]}</div>{display_box(result["display"], 40, pairs=pairs)}</div>')
    tap_board("bg-results", f'<style>{TABLE_CSS}</style><div class="bg-opponents">{"".join(boxes)}</div>',
              select="none", on_decision=_nothing)


def _nothing(decision: dict) -> None:
    """The revealed displays are only looked at."""


def _end(table: Table, view: dict) -> None:
    st.header(f":material/flag: {tr('ui.hamstern.game_over')}")
    standings = table.standings()
    winners = [plain(table.names[row["player"]]) for row in standings["players"] if row["winner"]]
    key = "ui.biber.winner" if len(winners) == 1 else "ui.biber.winners"
    st.success(tr(key, names=" & ".join(winners)), icon=":material/emoji_events:")
    if view["round_results"]:
        _revealed(table, view["round_results"][-1])
    if st.button(tr("ui.new_game"), key="bg-new", type="primary"):
        st.query_params.pop("game", None)
        st.rerun()


def _score_table(table: Table, view: dict) -> None:
    rows: dict[str, list] = {tr("ui.hamstern.name"): plain_names(table)}
    for n in range(view["rounds"]):
        rows[str(n + 1)] = [str(p["round_scores"][n]) if n < len(p["round_scores"]) else "–" for p in view["players"]]
    rows[tr("ui.biber.total")] = [str(p["total"]) if p["round_scores"] else "–" for p in view["players"]]
    st.table(rows, hide_index=True)


def rules_in_force(table: Table) -> list[str]:
    view = table.view(HUMAN)
    keep = "keep_on" if view["options"].get("discard_pickup_must_be_kept") else "keep_off"
    lines = [tr(f"rules.biber.{keep if rule == 'keep' else rule}") for rule in RULES]
    # The number of rounds is an option (ruling B6); say so when it is not the rulebook's 5.
    if view["rounds"] == 5:
        return [*lines, tr("rules.biber.rounds_default")]
    return [*lines, tr("rules.biber.rounds", rounds=view["rounds"])]
