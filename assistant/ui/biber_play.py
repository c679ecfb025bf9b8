"""Biber Gang alone against computer opponents: the table, one bot move at a time, hints, undo.

The human is seat 0 and sees only their own view. Bots move one per rerun, each
move saved and told in the log, so the table can follow what happened.
"""

from __future__ import annotations

import os
import random
import time

import streamlit as st

from assistant import i18n
from assistant.bots import get_bot
from assistant.games.biber_gang.actions import DISCARD, DISCARD_TURN, DRAW_DECK, SWAP, SWIM, TAKE_DISCARD, TURN_UP
from assistant.games.biber_gang.cards import BEAVER, PARTNER, card_words
from assistant.games.biber_gang.log import card_text, game_log, log_text
from assistant.store import SavedGame
from assistant.ui import cards
from assistant.ui.common import lang, plain, save_move, show_hint, show_notice, show_reason, tr, undo_move
from assistant.ui.hamstern_play import load_or_explain

HUMAN = 0
RULES = ("display", "start", "turn", "beaver", "beaver_pair", "deck", "end", "scoring", "winner", "undo")


def bot_delay() -> float:
    """Seconds between bot moves, so a player can follow them (0 in the tests)."""
    return float(os.environ.get("HAMSTER_TABLE_BOT_DELAY", "0.9"))


def _act(saved: SavedGame, move) -> None:
    reason = save_move(saved, move)
    st.session_state.bg_error = reason
    if not reason:
        st.session_state.bg_hint = None


def _undo(saved: SavedGame) -> None:
    undo_move(saved)
    st.session_state.bg_error = st.session_state.bg_hint = None


def _hint(saved: SavedGame) -> None:
    state = saved.state
    advice = get_bot("biber_gang", "hard").advise(state.view(HUMAN), state.legal_actions(),
                                                  random.Random(len(state.history)))
    st.session_state.bg_hint = (advice.action, advice.reason, advice.params)


def _tap(saved: SavedGame, position: int) -> None:
    state = saved.state
    if state.phase == "reveal":
        _act(saved, TURN_UP[position])
        return
    mode = st.session_state.get("bg_mode", "swap")
    if mode == "swim":
        cards_, up = state.displays[HUMAN], state.face_up[HUMAN]
        beaver = next((b for b in range(8) if cards_[b] == BEAVER and up >> b & 1 and up >> PARTNER[b] & 1
                       and cards_[PARTNER[b]] == state.drawn), 0)
        _act(saved, SWIM[beaver][position])
    elif mode == "discard_turn":
        _act(saved, DISCARD_TURN[position])
    else:
        _act(saved, SWAP[position])


def play(game_id: str) -> None:
    saved = load_or_explain(game_id)
    if saved is None or saved.state.game.name != "biber_gang":
        return
    if st.session_state.get("bg_game") != game_id:
        st.session_state.bg_game, st.session_state.bg_error, st.session_state.bg_hint = game_id, None, None
    show_notice()
    state, setup = saved.state, saved.setup
    names = setup["names"]
    view = state.view(HUMAN)
    if not state.is_over() and state.current_player != HUMAN:
        _bot_turn(saved, names)
        return
    _opponents(view, names, setup["bots"])
    _table(saved, view, names)
    _log(state, names)
    _score_table(view, names)
    _rules_panel(state)


def _bot_turn(saved: SavedGame, names) -> None:
    """Show the table, play one bot move, save it, and come back for the next."""
    state = saved.state
    player = state.current_player
    view = state.view(HUMAN)
    _opponents(view, names, saved.setup["bots"])
    st.info(tr("ui.biber.waiting", name=plain(names[player])))
    _log(state, names)
    # Your own cards as they are now, while the bots move (the tappable ones come back on your turn).
    st.markdown(f"**{plain(names[HUMAN])}** · {tr('ui.biber.total')}: {view['players'][HUMAN]['total']}")
    st.markdown(cards.display_html(view["players"][HUMAN]["display"], width=72), unsafe_allow_html=True)
    bot = get_bot("biber_gang", saved.setup["bots"][player])
    move = bot.choose(state.view(player), state.legal_actions(), random.Random(len(state.history)))
    time.sleep(bot_delay())
    _act(saved, move)
    if st.session_state.bg_error:  # not saved (a read-only file, a full disk): say so, do not retry forever
        show_reason(st.session_state.bg_error)
        return
    st.rerun()


def _opponents(view: dict, names, bots) -> None:
    others = list(range(1, view["num_players"]))
    columns = st.columns(min(len(others), 3), wrap=False)
    for n, player in enumerate(others):
        shown = view["players"][player]
        with columns[n % len(columns)]:
            mark = " ▶" if view["current_player"] == player else ""
            st.markdown(f"**{plain(names[player])}**{mark} · {tr('ui.biber.level_' + bots[player])} · "
                        f"{tr('ui.biber.total')}: {shown['total']}")
            st.markdown(cards.display_html(shown["display"], width=34), unsafe_allow_html=True)


def _table(saved: SavedGame, view: dict, names) -> None:
    state = saved.state
    st.markdown(f"#### {tr('ui.biber.round_of', round=min(view['round'], view['rounds']), rounds=view['rounds'])}")
    if state.is_over():
        _end(view, names)
        return
    pile, discard, drawn, controls = st.columns([1, 1, 1, 3.2], wrap=False, vertical_alignment="top")
    top = view["discard"][-1] if view["discard"] else None
    with pile:
        st.caption(tr("ui.biber.deck", count=view["deck_count"]))
        st.markdown(cards.card_html(None, 64), unsafe_allow_html=True)
    with discard:
        st.caption(tr("ui.biber.discard"))
        if top is not None:
            st.markdown(cards.card_html(top, 64), unsafe_allow_html=True)
    with drawn:
        if view["drawn"] is not None:
            st.caption(tr("ui.biber.drawn"))
            st.markdown(cards.card_html(view["drawn"], 64), unsafe_allow_html=True)
    with controls:
        _controls(saved, view, top)
    if st.session_state.bg_error:
        show_reason(st.session_state.bg_error)
    hint = st.session_state.bg_hint
    if hint:
        show_hint(tr("ui.biber.hint", reason=i18n.t(hint[1], lang(), **hint[2]), move=hint[0].text()))
    _my_display(saved, view, names)


def _controls(saved: SavedGame, view: dict, top) -> None:
    state = saved.state
    legal = state.legal_actions()
    if state.phase == "reveal":
        st.markdown(tr("ui.biber.your_turn_reveal"))
    elif state.phase == "draw":
        st.markdown(tr("ui.biber.your_turn_draw"))
        row = st.columns(2, wrap=False)
        row[0].button(tr("ui.biber.draw_deck"), key="bg-draw", type="primary", disabled=DRAW_DECK not in legal,
                      on_click=_act, args=(saved, DRAW_DECK))
        row[1].button(tr("ui.biber.take_discard", the_card=card_words(top, "the") if top is not None else "–"),
                      key="bg-take",
                      disabled=TAKE_DISCARD not in legal, on_click=_act, args=(saved, TAKE_DISCARD))
    else:
        st.markdown(tr("ui.biber.your_turn_place"))
        kinds = {move.kind for move in legal}
        modes = [m for m in ("swap", "discard_turn", "swim") if m in kinds]
        st.segmented_control(tr("ui.biber.mode"), options=modes, default=modes[0], required=True, key="bg_mode",
                             format_func=lambda m: tr(f"ui.biber.mode_{m}"))
        if DISCARD in legal:
            st.button(tr("ui.biber.discard_only"), key="bg-discard", on_click=_act, args=(saved, DISCARD))
    row = st.columns(2, wrap=False)
    row[0].button(f"💡 {tr('ui.hint')}", key="bg-hint", on_click=_hint, args=(saved,))
    if state.can_undo() and state.last_mover == HUMAN:
        row[1].button(f"↶ {tr('ui.undo')}", key="bg-undo", on_click=_undo, args=(saved,))


def _my_display(saved: SavedGame, view: dict, names) -> None:
    shown = view["players"][HUMAN]["display"]
    hint_move = st.session_state.bg_hint[0] if st.session_state.bg_hint else None
    styles = []
    for position, card in enumerate(shown):
        look = cards.card_background(card)
        ring = "box-shadow: 0 0 0 5px #64b5f6;" if hint_move is not None and position in (hint_move.at, hint_move.to) \
            else ""
        styles.append(f".st-key-bg-card-{position} button {{ {look} {ring} height: clamp(96px, 15vw, 150px);"
                      " width: 100%; border: none; color: transparent; }")
    st.html("<style>" + "\n".join(styles) + "</style>")
    st.markdown(f"**{plain(names[HUMAN])}** · {tr('ui.biber.total')}: {view['players'][HUMAN]['total']}")
    for row in (range(4), range(4, 8)):
        columns = st.columns(4, wrap=False)
        for position, column in zip(row, columns, strict=True):
            label = "?" if shown[position] is None else card_text(shown[position])
            column.button(label, key=f"bg-card-{position}", on_click=_tap, args=(saved, position),
                          width="stretch")


def _log(state, names) -> None:
    shown = [plain(name) for name in names]
    lines = [log_text(event, lang(), shown) for event in game_log(state)]
    with st.expander(f"📜 {tr('ui.biber.log')}", expanded=True):
        st.markdown("\n".join(f"- {line}" for line in lines[-6:][::-1]) or "–")


def _score_table(view: dict, names) -> None:
    rows = []
    for player, shown in enumerate(view["players"]):
        row = {tr("ui.hamstern.name"): names[player]}
        for n in range(view["rounds"]):
            row[str(n + 1)] = str(shown["round_scores"][n]) if n < len(shown["round_scores"]) else "–"
        row[tr("ui.biber.total")] = shown["total"]
        rows.append(row)
    st.dataframe(rows, hide_index=True, width="stretch")
    if view["round_results"]:
        number = len(view["round_results"])
        with st.expander(tr("ui.biber.last_round", round=number), expanded=view["phase"] in ("reveal", "over")):
            st.caption(tr("ui.biber.pairs_note"))
            columns = st.columns(min(view["num_players"], 3), wrap=False)
            for player, result in enumerate(view["round_results"][-1]):
                pairs = tuple(c for c, value in enumerate(result["column_pairs"]) if value is not None)
                with columns[player % len(columns)]:
                    st.markdown(f"**{plain(names[player])}**: {result['points']}")
                    st.markdown(cards.display_html(result["display"], width=34, pairs=pairs), unsafe_allow_html=True)


def _end(view: dict, names) -> None:
    totals = [p["total"] for p in view["players"]]
    best = [plain(names[p]) for p, total in enumerate(totals) if total == min(totals)]
    key = "ui.biber.winner" if len(best) == 1 else "ui.biber.winners"
    st.success(f"🏆 {tr(key, names=' & '.join(best))}")
    if st.button(tr("ui.new_game"), key="bg-new", type="primary"):
        st.query_params.pop("game", None)
        st.rerun()


def _rules_panel(state) -> None:
    with st.expander(f"📜 {tr('ui.rules_in_force')}"):
        keep = "keep_on" if state.keep_discard else "keep_off"
        keys = [f"rules.biber.{r}" for r in RULES[:3]] + [f"rules.biber.{keep}"]
        keys += [f"rules.biber.{r}" for r in RULES[3:]]
        lines = [tr(key) for key in keys]
        # The number of rounds is an option (ruling B6); say so when it is not the rulebook's 5.
        if state.rounds == 5:
            lines.append(tr("rules.biber.rounds_default"))
        else:
            lines.append(tr("rules.biber.rounds", rounds=state.rounds))
        st.markdown("\n".join(f"- {line}" for line in lines))
