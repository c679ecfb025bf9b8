"""Mömmen, a new game: alone against 1-4 computer opponents, or 2-5 people together at one tablet
(computer opponents too, if wished), and the target the match runs to (assistant/ui/seats.py).

The lowest level offered is "easy": uniformly random play almost never completes a colour, so
"random" is for the tests only."""

from __future__ import annotations

import secrets

import streamlit as st

from assistant.games import get_game
from assistant.games.registry import game_info
from assistant.ui.common import tr
from assistant.ui.seats import seating_form, start

LEVELS = ("easy", "hard")
MOST = 5  # players at the table
TEXTS = "ui.moemmen"


def targets() -> tuple[int, ...]:
    """The targets the app offers (the engine takes any positive total: ruling M11)."""
    return next(option.offered for option in game_info("moemmen").options if option.name == "target")


def new_game_form() -> None:
    st.header(tr("ui.moemmen.setup_title"))
    seating = seating_form("mm", TEXTS, LEVELS, MOST)
    offered = targets()
    target = st.segmented_control(tr("ui.moemmen.target"), options=list(offered), default=max(offered),
                                  required=True, key="mm_new_target",
                                  format_func=lambda points: tr("ui.moemmen.points", points=points))
    if st.button(tr("ui.start_game"), type="primary", key="mm_start", icon=":material/play_arrow:"):
        setup = seating.setup(TEXTS)
        start(get_game("moemmen").new_state(len(setup["names"]), seed=secrets.randbits(32), target=target), setup)
