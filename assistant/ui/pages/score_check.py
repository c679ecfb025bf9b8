"""Score check: every registered game with a score check, in the form its app side offers
(``score_form``, see assistant/games/registry.py), or as the JSON the command line reads.

The check being typed into is named in the URL (``?check=ID``) and saved at once;
see ``assistant/ui/score_saving.py``.
"""

import streamlit as st

from assistant.ui import score_saving
from assistant.ui.common import lang, tr
from assistant.ui.nav import game_app, game_icon
from assistant.ui.score_json import json_check

GAMES = score_saving.games()


def _switch_game() -> None:
    """Each game has its own check; this tab returns to the one it had for the other game."""
    st.session_state.sc_chosen = st.session_state.sc_game
    st.query_params.pop(score_saving.CHECK_PARAM, None)
    st.session_state.sc_error = st.session_state.bk_error = None


ok, saved = score_saving.open_check()
if ok:
    score_saving.bind("sc_game", score_saving.chosen_game())
    st.segmented_control(tr("ui.game"), options=list(GAMES), required=True, key="sc_game",
                         format_func=lambda name: f"{game_icon(name)} {GAMES[name].title(lang())}",
                         on_change=_switch_game)
    chosen = GAMES[score_saving.chosen_game()]
    app = game_app(chosen.name) if chosen.app else None
    if hasattr(app, "score_form"):  # a tap-friendly form, saved at once
        app.score_form(saved)
    else:
        json_check(chosen)
    if saved:
        st.button(tr("ui.check_new"), key="sc_new_check", on_click=score_saving.start_new)
