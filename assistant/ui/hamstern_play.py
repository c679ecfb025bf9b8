"""Hamstern at the table: the roll, the sheet of the player deciding, hints, undo, the end.

Every button acts through a callback that checks the move on a copy of the
state, saves it, and only then clears the selection; an illegal move leaves the
saved game untouched and puts its reason next to the board.
"""

from __future__ import annotations

import random

import streamlit as st

from assistant import i18n
from assistant.bots import get_bot
from assistant.games.hamstern import PASS, Place, Roll
from assistant.games.hamstern.layout import cell_name
from assistant.store import DamagedGame, SavedGame, UnknownGame
from assistant.ui import board, pictures
from assistant.ui.common import lang, plain, save_move, show_hint, show_notice, show_reason, store, tr, undo_move

# Every ruling of docs/RULES.md (H1-H5) is in one of these; tests/test_app_german.py checks it.
RULES = ("together", "touch", "corridor_icon", "one", "compulsory", "app_roll", "hourglass", "end", "scoring", "ties",
         "undo")


# --- session state: what this browser tab has selected ------------------------------
def _reset_choice() -> None:
    st.session_state.hs_selected = set()
    st.session_state.hs_hint = None
    st.session_state.hs_error = None


def _toggle(cell) -> None:
    selected = st.session_state.hs_selected
    selected.symmetric_difference_update({cell})
    st.session_state.hs_error = None


def _act(saved: SavedGame, action) -> None:
    reason = save_move(saved, action)
    if reason:
        st.session_state.hs_error = reason
    else:
        _reset_choice()


def _confirm(saved: SavedGame) -> None:
    _act(saved, Place(frozenset(st.session_state.hs_selected)))


def _undo(saved: SavedGame) -> None:
    undo_move(saved)
    _reset_choice()


def _ask_hint(saved: SavedGame) -> None:
    state = saved.state
    player = state.current_player
    advice = get_bot("hamstern", "hard").advise(state.view(player), state.legal_actions(),
                                                 random.Random(len(state.history)))
    st.session_state.hs_hint = {"cells": set(advice.action.cells),
                                "reason": advice.reason, "params": advice.params}


def _take_hint() -> None:
    st.session_state.hs_selected = set(st.session_state.hs_hint["cells"])


# --- the page ---------------------------------------------------------------------------
def load_or_explain(game_id: str) -> SavedGame | None:
    try:
        return store().load(game_id)
    except UnknownGame:
        st.error(tr("ui.unknown_game", id=plain(game_id[:40])))  # typed into the URL: shown as text
    except DamagedGame as error:
        st.error(tr("ui.damaged_game", reason=plain(error)))
    if st.button(tr("ui.back_home"), key="hs_home"):
        st.query_params.pop("game", None)
        st.rerun()
    return None


def play(game_id: str) -> None:
    saved = load_or_explain(game_id)
    if saved is None or saved.state.game.name != "hamstern":
        return
    if st.session_state.get("hs_game") != game_id:
        st.session_state.hs_game = game_id
        _reset_choice()
    show_notice()
    state, names = saved.state, saved.setup["names"]
    _status_bar(state, names)
    if state.is_over():
        _end_screen(saved)
    elif state.is_chance_node():
        _roll_controls(saved)
        _sheets_of_others(state, names, exclude=None)
    else:
        _placement(saved)
        _sheets_of_others(state, names, exclude=state.current_player)
    _rules_panel(state)


def _status_bar(state, names) -> None:
    left, middle, right = st.columns([1.1, 2, 2.6], wrap=False, vertical_alignment="center")
    with left:
        if state.roll is not None:
            st.markdown(pictures.die_svg(state.roll, 64), unsafe_allow_html=True)
    with middle:
        # While the table waits for the die, the number is that of the roll to come.
        number = state.rolls + 1 if state.is_chance_node() else state.rolls
        lines = [f"<b>{tr('ui.hamstern.roll_number', n=number)}</b>"]
        if state.roll is not None:
            lines.append(tr("ui.hamstern.rolled", value=state.roll))
        if not state.is_over() and not state.is_chance_node():
            lines.append(f"<b>{_escape(tr('ui.hamstern.turn', name=names[state.current_player]))}</b>")
        st.html(f'<div class="ht-status">{"<br>".join(lines)}</div>')
    with right:
        st.markdown(pictures.counter_html(state.layout.round_counter_faces, state.ticks, state.hourglass),
                    unsafe_allow_html=True)
        st.caption(tr("ui.hamstern.hourglass_on" if state.hourglass else "ui.hamstern.hourglass_off"))


def _roll_controls(saved: SavedGame) -> None:
    state = saved.state
    if saved.setup.get("dice") == "real":
        st.subheader(tr("ui.hamstern.enter_roll"))
        columns = st.columns(6, wrap=False)
        for value, column in zip(range(1, 7), columns, strict=True):
            column.button(f"{'⚀⚁⚂⚃⚄⚅'[value - 1]} {value}", key=f"hs-die-{value}", on_click=_act,
                          args=(saved, Roll(value)), width="stretch")
    else:
        st.button(f"🎲 {tr('ui.hamstern.roll_button')}", key="hs-roll", type="primary", on_click=_act,
                  args=(saved, state.chance_outcome()))
    if state.can_undo():
        st.button(_undo_label(state, saved.setup["names"]), key="hs-undo", on_click=_undo, args=(saved,))
    if st.session_state.hs_error:  # a roll that could not be saved (a read-only file, a full disk)
        show_reason(st.session_state.hs_error)


def _undo_label(state, names) -> str:
    """"Undo", or at a shared table whose placement it takes back: "Undo Player 2's F5 G5"."""
    if state.num_players == 1:
        return f"↶ {tr('ui.undo')}"
    name = plain(names[state.last_placer()])
    last = state.history[-1]
    if last.is_pass:
        return f"↶ {tr('ui.hamstern.undo_whose_pass', name=name)}"
    cells = " ".join(cell_name(cell) for cell in sorted(last.cells))
    return f"↶ {tr('ui.hamstern.undo_whose', name=name, cells=cells)}"


def _placement(saved: SavedGame) -> None:
    state = saved.state
    player = state.current_player
    selected = st.session_state.hs_selected
    only_pass = state.legal_actions() == [PASS]
    if only_pass:
        st.info(tr("ui.hamstern.nothing_fits"))
    elif state.roll == 1:
        st.markdown(tr("ui.hamstern.select_one", high=max(state.sizes(player).stop - 1, 1)))
    else:
        st.markdown(tr("ui.hamstern.select_exactly", count=state.roll))
    pending = len(selected) if state.roll == 1 else 0
    track, info = st.columns([3, 2], wrap=False, vertical_alignment="center")
    track.markdown(pictures.track_html(state.layout.one_track_length, state.struck[player], pending),
                   unsafe_allow_html=True)
    info.caption(tr("ui.hamstern.track_left", left=state.track_left(player), total=state.layout.one_track_length)
                 + " · " + tr("ui.hamstern.score_now", points=state.scores()[player]))
    buttons = st.columns(5, wrap=False)
    if only_pass:
        buttons[0].button(tr("ui.hamstern.pass_button"), key="hs-pass", type="primary", on_click=_act,
                          args=(saved, PASS))
    else:
        buttons[0].button(f"✔ {tr('ui.hamstern.confirm', count=len(selected))}", key="hs-confirm", type="primary",
                          disabled=not selected, on_click=_confirm, args=(saved,))
        buttons[1].button(tr("ui.hamstern.clear"), key="hs-clear", on_click=_reset_choice, disabled=not selected)
        buttons[2].button(f"💡 {tr('ui.hint')}", key="hs-hint", on_click=_ask_hint, args=(saved,))
    if state.can_undo():
        buttons[3].button(_undo_label(state, saved.setup["names"]), key="hs-undo", on_click=_undo, args=(saved,))
    if st.session_state.hs_error:
        show_reason(st.session_state.hs_error)
    hint = st.session_state.hs_hint
    if hint:
        hint_row = st.columns([4, 1.4], wrap=False, vertical_alignment="center")
        with hint_row[0]:
            show_hint(i18n.t(hint["reason"], lang(), **hint["params"]))
        hint_row[1].button(tr("ui.take_hint"), key="hs-take-hint", on_click=_take_hint)
    crossed = set(state.layout.cells_of(state.crossed[player]))
    board.tappable_sheet(state.layout, crossed, selected, _toggle, hint=hint["cells"] if hint else set(),
                         disabled=only_pass)


def _sheets_of_others(state, names, exclude) -> None:
    players = [p for p in range(state.num_players) if p != exclude]
    if not players:
        return
    st.subheader(tr("ui.hamstern.others"))
    columns = st.columns(min(len(players), 3), wrap=False)
    for n, player in enumerate(players):
        with columns[n % len(columns)]:
            st.markdown(f"**{plain(names[player])}** · {tr('ui.hamstern.score_now', points=state.scores()[player])}")
            crossed = set(state.layout.cells_of(state.crossed[player]))
            st.markdown(board.sheet_svg(state.layout, crossed, cell=14), unsafe_allow_html=True)


def _end_screen(saved: SavedGame) -> None:
    state, names = saved.state, saved.setup["names"]
    st.header(f"🏁 {tr('ui.hamstern.game_over')}")
    winners = [plain(names[p]) for p in state.winners()]
    key = "ui.hamstern.winner" if len(winners) == 1 else "ui.hamstern.winners"
    st.success(tr(key, names=" & ".join(winners)))
    decided = state.deciding_tie_break()
    if decided:
        st.info(tr(f"ui.hamstern.decided_by_{decided}"))
    st.info(tr(f"ui.hamstern.ended_{state.end_reason}"), icon="🏁")
    breakdowns = state.breakdowns()
    order = sorted(range(state.num_players), key=lambda p: breakdowns[p].ranking_key(), reverse=True)
    rows = []
    for player in order:
        b = breakdowns[player]
        place = 1 + sum(1 for other in breakdowns if other.ranking_key() > b.ranking_key())
        rows.append({tr("ui.hamstern.place"): place, tr("ui.hamstern.name"): names[player],
                     tr("ui.hamstern.chambers"): b.chambers, tr("ui.hamstern.mushrooms"): b.mushrooms,
                     tr("ui.hamstern.acorns"): b.acorns, tr("ui.hamstern.total"): b.total})
    st.dataframe(rows, hide_index=True, width="stretch")
    columns = st.columns(min(state.num_players, 3), wrap=False)
    for n, player in enumerate(order):
        with columns[n % len(columns)]:
            st.markdown(f"**{plain(names[player])}**")
            crossed = set(state.layout.cells_of(state.crossed[player]))
            st.markdown(board.sheet_svg(state.layout, crossed, cell=16), unsafe_allow_html=True)
    if state.num_players == 1:
        _solo_results(saved)
    if state.can_undo():
        st.button(_undo_label(state, names), key="hs-undo", on_click=_undo, args=(saved,))
    if st.button(tr("ui.new_game"), key="hs-new", type="primary"):
        st.query_params.pop("game", None)
        st.rerun()


def _solo_results(saved: SavedGame) -> None:
    state = saved.state
    cache_key = f"hs_bot_{saved.id}_{len(state.history)}"
    if cache_key not in st.session_state:
        st.session_state[cache_key] = hard_bot_with_same_rolls(state)
    st.info(tr("ui.hamstern.bot_compare", points=st.session_state[cache_key]))
    best = store().best_solo_scores("hamstern", {"side": state.layout.side})
    if best:
        st.subheader(tr("ui.hamstern.best_scores", side=state.layout.side))
        st.dataframe([{tr("ui.hamstern.name"): r["name"], tr("ui.hamstern.total"): r["score"]} for r in best],
                     hide_index=True)


def hard_bot_with_same_rolls(state) -> int:
    """The hard bot's solo score with the player's rolls (then the game's own, if it plays longer)."""
    rolls = [action.value for action in state.history if isinstance(action, Roll)]
    rival = state.game.new_state(1, seed=state.seed, **state.options)
    bot, rng = get_bot("hamstern", "hard"), random.Random(state.seed)
    while not rival.is_over():
        if rival.is_chance_node():
            rival.apply(Roll(rolls[rival.rolls]) if rival.rolls < len(rolls) else rival.chance_outcome())
        else:
            rival.apply(bot.choose(rival.view(0), rival.legal_actions(), rng))
    return rival.scores()[0]


def _rules_panel(state) -> None:
    with st.expander(f"📜 {tr('ui.rules_in_force')}"):
        first = "rules.hamstern.first_free" if state.free_start else "rules.hamstern.first"
        st.markdown("\n".join(f"- {tr(key)}" for key in [first, *(f"rules.hamstern.{r}" for r in RULES)]))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
