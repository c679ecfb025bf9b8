"""Biber Gang, a new game: alone against 1-5 computer opponents, or 2-6 people together at one
tablet (computer opponents too, if wished, at most 6 at the table), the house rule, the rounds.
People sit first, then the computer opponents (assistant/ui/seats.py)."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.ui.common import tr
from assistant.ui.seats import seating_form, start

LEVELS = ("random", "easy", "hard")
MOST = 6  # players at the table
TEXTS = "ui.biber"


def new_game_form() -> None:
    # The game's options beside the title, so that Start stays on a 768 px screen with five
    # opponents to set (their levels take two rows).
    title, keep_column, rounds_column = st.columns([1.5, 3.5, 1.2], vertical_alignment="bottom")
    title.header(tr("ui.biber.setup_title"))
    keep = keep_column.toggle(tr("ui.biber.keep_rule"), key="bg_new_keep")
    rounds = rounds_column.segmented_control(tr("ui.biber.rounds"), options=[1, 3, 5], default=5, required=True,
                                             key="bg_new_rounds")
    seating = seating_form("bg", TEXTS, LEVELS, MOST)
    if st.button(tr("ui.start_game"), type="primary", key="bg_start", icon=":material/play_arrow:"):
        setup = seating.setup(TEXTS)
        state = get_game("biber_gang").new_state(len(setup["names"]), seed=secrets.randbits(32), rounds=rounds,
                                                 discard_pickup_must_be_kept=keep)
        start(state, setup)
