"""Biber Gang scorekeeper for real cards: each player's eight cards (or points) per round,
scored by the engine, the five-round table and the winner."""

from __future__ import annotations

import streamlit as st

from assistant.games.biber_gang.cards import BEAVER
from assistant.games.biber_gang.scoring import score_display
from assistant.ui.common import tr

ROUNDS = 5
CARD_CHOICES = [*range(13), BEAVER]


def biber_scorekeeper() -> None:
    st.header(f"🦫 {tr('ui.biber.scorekeeper_title')}")
    st.markdown(tr("ui.biber.scorekeeper_intro"))
    count = st.segmented_control(tr("ui.players"), options=list(range(2, 7)), default=2, required=True,
                                 key="bk_count")
    names = [st.session_state.get(f"bk_name_{n}") or tr("ui.default_name", n=n + 1) for n in range(count)]
    round_no = st.segmented_control(tr("ui.biber.rounds"), options=list(range(1, ROUNDS + 1)), default=1,
                                    required=True, key="bk_round")
    points = st.session_state.setdefault("bk_points", {})
    for player in range(count):
        with st.container(border=True):
            top = st.columns([2, 2], wrap=False, vertical_alignment="bottom")
            top[0].text_input(tr("ui.player_name", n=player + 1), key=f"bk_name_{player}", max_chars=20)
            direct = top[1].toggle(tr("ui.biber.enter_points"), key=f"bk_direct_{player}_{round_no}")
            if direct:
                value = st.number_input(tr("ui.biber.round_points"), min_value=-80, max_value=96, value=0, step=1,
                                        key=f"bk_pts_{player}_{round_no}")
            else:
                cards = []
                for row in range(2):
                    columns = st.columns(4, wrap=False)
                    for col, column in enumerate(columns):
                        cards.append(column.selectbox(
                            tr("ui.biber.card_pick"), CARD_CHOICES, index=0, label_visibility="collapsed",
                            key=f"bk_card_{player}_{round_no}_{row * 4 + col}",
                            format_func=lambda c: "🦫" if c == BEAVER else str(c)))
                value = score_display(cards).points
                st.markdown(f"**{tr('ui.biber.round_points')}: {value}**")
            points[(player, round_no)] = value
    rows, totals = [], []
    for player in range(count):
        row = {tr("ui.hamstern.name"): names[player]}
        total = 0
        for n in range(1, ROUNDS + 1):
            score = points.get((player, n))
            row[str(n)] = score
            total += score or 0
        row[tr("ui.biber.total")] = total
        rows.append(row)
        totals.append(total)
    st.dataframe(rows, hide_index=True, width="stretch")
    best = [names[p] for p, total in enumerate(totals) if total == min(totals)]
    key = "ui.biber.winner" if len(best) == 1 else "ui.biber.winners"
    st.success(f"🏆 {tr(key, names=' & '.join(best))}")
