"""Score check: Hamstern sheets by tapping, Biber Gang rounds by entering the cards."""

import streamlit as st

from assistant.ui.common import tr
from assistant.ui.score_biber import biber_scorekeeper
from assistant.ui.score_hamstern import hamstern_check

game = st.segmented_control(tr("ui.biber.game"), options=["hamstern", "biber_gang"], default="hamstern",
                            required=True, key="sc_game",
                            format_func={"hamstern": "🐹 Hamstern", "biber_gang": "🦫 Biber Gang"}.get)
if game == "biber_gang":
    biber_scorekeeper()
else:
    hamstern_check()
