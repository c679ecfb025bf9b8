"""Hamsterbacke, a new game: alone against 1-4 computer opponents, or 2-5 people together at one
tablet (computer opponents too, if wished; two people need one at least, as the game is for 3-5).
People sit first, then the computer opponents (assistant/ui/seats.py)."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import tr
from assistant.ui.seats import seating_form, start

LEVELS = ("random", "easy", "hard")
MOST = 5  # players at the table


def new_game_form() -> None:
    st.header(tr("ui.backe.setup_title"))
    seating = seating_form("hb", "ui.backe", LEVELS, MOST)
    # RULINGS 4: 3-5 players; two only as one person against a computer opponent.
    too_few = len(seating.people) + len(seating.levels) < 3 and seating.mode == "together"
    if too_few:
        st.warning(tr("ui.backe.too_few_players"), icon=":material/group_add:")
    if st.button(tr("ui.start_game"), type="primary", key="hb_start", icon=":material/play_arrow:",
                 disabled=too_few):
        setup = seating.setup("ui.backe")
        start(get_game("hamsterbacke").new_state(len(setup["names"]), seed=secrets.randbits(32)), setup)
