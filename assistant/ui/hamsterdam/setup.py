"""Hamsterdam, a new game: 2-4 people at one tablet (computer opponents too, if wished), or alone
against 1-3 computer opponents (assistant/ui/seats.py); the full game or Classic; the app's dice or
real dice entered.

The lowest level offered is "easy": "random" is for the tests only. Until the registry names
Hamsterdam's bots, no computer opponent can be chosen (the form says so)."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import tr
from assistant.ui.hamsterdam.play import TEXTS, has_bots
from assistant.ui.seats import seating_form, start

LEVELS = ("easy", "hard")
MOST = 4  # players at the table
MODES = ("full", "classic")
DICE = ("app", "real")


def new_game_form() -> None:
    st.header(tr(f"{TEXTS}.setup_title"))
    seating = seating_form("hd", TEXTS, LEVELS, MOST)
    mode = st.segmented_control(tr(f"{TEXTS}.game_mode"), options=list(MODES), default="full", required=True,
                                key="hd_new_game_mode", format_func=lambda m: tr(f"{TEXTS}.mode_{m}_long"))
    dice = st.segmented_control(tr(f"{TEXTS}.dice_source"), options=list(DICE), default="app", required=True,
                                key="hd_new_dice", format_func=lambda d: tr(f"{TEXTS}.dice_{d}"))
    players = len(seating.people) + len(seating.levels)
    problem = None
    if seating.levels and not has_bots():
        problem = "no_bots_yet"
    elif players < 2:
        problem = "too_few"
    if problem:
        st.warning(tr(f"{TEXTS}.{problem}"), icon=":material/group_add:")
    if st.button(tr("ui.start_game"), type="primary", key="hd_start", icon=":material/play_arrow:",
                 disabled=problem is not None):
        setup = seating.setup(TEXTS) | {"dice": dice}
        start(get_game("hamsterdam").new_state(players, seed=secrets.randbits(32), mode=mode), setup)
