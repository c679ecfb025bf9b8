"""Hamsterbacke, a new game: alone against 1-4 computer opponents, or 2-5 people together at one
tablet (computer opponents too, if wished; two people need one at least, as the game is for 3-5).
People sit first, then the computer opponents."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import store, tr
from assistant.ui.widgets import BOT_SPEEDS

LEVELS = ("random", "easy", "hard")
MODES = ("alone", "together")
MOST = 5  # players at the table


def new_game_form() -> None:
    st.header(tr("ui.backe.setup_title"))
    mode = st.segmented_control(tr("ui.backe.mode"), options=list(MODES), default="alone", required=True,
                                key="hb_new_mode", format_func=lambda m: tr(f"ui.backe.mode_{m}"))
    if mode == "alone":
        names = [st.text_input(tr("ui.backe.your_name"), value=tr("ui.default_name", n=1), key="hb_new_name",
                               max_chars=20)]
        count = st.segmented_control(tr("ui.backe.opponents"), options=[1, 2, 3, 4], default=2, required=True,
                                     key="hb_new_count")
    else:
        people = st.segmented_control(tr("ui.backe.people"), options=[2, 3, 4, 5], default=3, required=True,
                                      key="hb_new_people")
        columns = st.columns(min(people, 3), wrap=False)
        names = []
        for n in range(people):
            with columns[n % len(columns)]:
                names.append(st.text_input(tr("ui.backe.person_name", n=n + 1), value=tr("ui.default_name", n=n + 1),
                                           key=f"hb_new_person_{n}", max_chars=20))
        room = list(range(MOST - people + 1))
        count = st.segmented_control(tr("ui.backe.opponents_too"), options=room, default=0, required=True,
                                     key="hb_new_count_together")
    levels = []
    if count:
        columns = st.columns(min(count, 4), wrap=False)
        for n in range(count):
            with columns[n % len(columns)]:
                levels.append(st.segmented_control(
                    tr("ui.backe.level", name=tr("ui.backe.bot_name", n=n + 1)), options=list(LEVELS),
                    default="easy", required=True, key=f"hb_new_level_{n}",
                    format_func=lambda level: tr(f"ui.backe.level_{level}")))
        speed = st.segmented_control(tr("ui.backe.speed"), options=list(BOT_SPEEDS), default="normal", required=True,
                                     key="hb_new_speed", format_func=lambda s: tr(f"ui.backe.speed_{s}"))
    else:
        speed = "normal"
    # RULINGS 4: 3-5 players; two only as one person against a computer opponent.
    too_few = len(names) + count < 3 and mode == "together"
    if too_few:
        st.warning(tr("ui.backe.too_few_players"), icon=":material/group_add:")
    if st.button(tr("ui.start_game"), type="primary", key="hb_start", icon=":material/play_arrow:",
                 disabled=too_few):
        names = [name.strip() or tr("ui.default_name", n=n + 1) for n, name in enumerate(names)]
        names += [tr("ui.backe.bot_name", n=n + 1) for n in range(count)]
        state = get_game("hamsterbacke").new_state(len(names), seed=secrets.randbits(32))
        bots = ["human"] * (len(names) - count) + levels
        game_id = store().create(state, {"names": names, "bots": bots, "mode": mode, "speed": speed})
        st.query_params["game"] = game_id
        st.rerun()
