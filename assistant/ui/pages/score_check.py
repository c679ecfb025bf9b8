"""Score check: Hamstern sheets by tapping, Biber Gang rounds by tapping the cards.

The check being typed into is named in the URL (``?check=ID``) and saved at once;
see ``assistant/ui/score_saving.py``.
"""

import streamlit as st

from assistant.ui import score_saving
from assistant.ui.common import tr
from assistant.ui.score_biber import biber_scorekeeper
from assistant.ui.score_hamstern import hamstern_check

TITLES = {"hamstern": "🐹 Hamstern", "biber_gang": "🦫 Biber Gang"}


def _switch_game() -> None:
    """Each game has its own check; this tab returns to the one it had for the other game."""
    st.session_state.sc_chosen = st.session_state.sc_game
    st.query_params.pop(score_saving.CHECK_PARAM, None)
    st.session_state.sc_error = st.session_state.bk_error = None


ok, saved = score_saving.open_check()
if ok:
    score_saving.bind("sc_game", score_saving.chosen_game())
    st.segmented_control(tr("ui.biber.game"), options=list(TITLES), required=True, key="sc_game",
                         format_func=TITLES.get, on_change=_switch_game)
    if score_saving.chosen_game() == "biber_gang":
        biber_scorekeeper(saved)
    else:
        hamstern_check(saved)
    if saved:
        st.button(tr("ui.check_new"), key="sc_new_check", on_click=score_saving.start_new)
