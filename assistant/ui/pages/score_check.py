"""Score check: Hamstern sheets by tapping, Biber Gang rounds and Mömmen hands by tapping the cards,
Hamsterdam's tokens and hamsters by counting.

The check being typed into is named in the URL (``?check=ID``) and saved at once;
see ``assistant/ui/score_saving.py``.
"""

import streamlit as st

from assistant.games.registry import registered
from assistant.ui import score_saving
from assistant.ui.common import lang, tr
from assistant.ui.nav import game_icon
from assistant.ui.score_backe import backe_check
from assistant.ui.score_biber import biber_scorekeeper
from assistant.ui.score_hamsterdam import hamsterdam_check
from assistant.ui.score_hamstern import hamstern_check
from assistant.ui.score_json import json_check
from assistant.ui.score_moemmen import moemmen_check

# Tap-friendly forms, saved at once.
FORMS = {"hamstern": hamstern_check, "biber_gang": biber_scorekeeper, "hamsterbacke": backe_check,
         "moemmen": moemmen_check, "hamsterdam": hamsterdam_check}
GAMES = {info.name: info for info in registered() if info.score_check}


def _switch_game() -> None:
    """Each game has its own check; this tab returns to the one it had for the other game."""
    st.session_state.sc_chosen = st.session_state.sc_game
    st.query_params.pop(score_saving.CHECK_PARAM, None)
    st.session_state.sc_error = st.session_state.bk_error = None


ok, saved = score_saving.open_check()
if ok:
    score_saving.bind("sc_game", score_saving.chosen_game())
    st.segmented_control(tr("ui.biber.game"), options=list(GAMES), required=True, key="sc_game",
                         format_func=lambda name: f"{game_icon(name)} {GAMES[name].title(lang())}",
                         on_change=_switch_game)
    chosen = score_saving.chosen_game()
    if chosen in FORMS:
        FORMS[chosen](saved)
    else:
        json_check(GAMES[chosen])
    if saved:
        st.button(tr("ui.check_new"), key="sc_new_check", on_click=score_saving.start_new)
