"""Biber Gang, new solo game: your name, 1-5 computer opponents and their levels, house rule."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import store, tr
from assistant.ui.widgets import BOT_SPEEDS

LEVELS = ("random", "easy", "hard")


def new_game_form() -> None:
    st.header(tr("ui.biber.setup_title"))
    name = st.text_input(tr("ui.biber.your_name"), value=tr("ui.default_name", n=1), key="bg_new_name", max_chars=20)
    count = st.segmented_control(tr("ui.biber.opponents"), options=[1, 2, 3, 4, 5], default=1, required=True,
                                 key="bg_new_count")
    levels = []
    columns = st.columns(min(count, 3), wrap=False)
    for n in range(count):
        with columns[n % len(columns)]:
            levels.append(st.segmented_control(
                tr("ui.biber.level", name=tr("ui.biber.bot_name", n=n + 1)), options=list(LEVELS), default="easy",
                required=True, key=f"bg_new_level_{n}", format_func=lambda level: tr(f"ui.biber.level_{level}")))
    keep = st.toggle(tr("ui.biber.keep_rule"), key="bg_new_keep")
    # Side by side, so that Start stays on a 768 px screen with five opponents to set.
    rounds_column, speed_column = st.columns([1, 3], wrap=False)
    rounds = rounds_column.segmented_control(tr("ui.biber.rounds"), options=[1, 3, 5], default=5, required=True,
                                             key="bg_new_rounds")
    speed = speed_column.segmented_control(tr("ui.biber.speed"), options=list(BOT_SPEEDS), default="normal",
                                           required=True, key="bg_new_speed",
                                           format_func=lambda s: tr(f"ui.biber.speed_{s}"))
    if st.button(tr("ui.start_game"), type="primary", key="bg_start", icon=":material/play_arrow:"):
        state = get_game("biber_gang").new_state(count + 1, seed=secrets.randbits(32), rounds=rounds,
                                                 discard_pickup_must_be_kept=keep)
        names = [name.strip() or tr("ui.default_name", n=1)] + [tr("ui.biber.bot_name", n=n + 1) for n in range(count)]
        game_id = store().create(state, {"names": names, "bots": ["human", *levels], "mode": "solo",
                                            "speed": speed})
        st.query_params["game"] = game_id
        st.rerun()
