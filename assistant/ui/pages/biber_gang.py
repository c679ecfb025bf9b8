"""Biber Gang: a new solo game (or the unfinished one to continue), or the game named by ``?game=ID``."""

import streamlit as st

from assistant.ui.biber_play import play
from assistant.ui.biber_setup import new_game_form
from assistant.ui.nav import offer_unfinished_game, open_on_its_own_page

game_id = st.query_params.get("game")
if game_id:
    open_on_its_own_page(game_id, "biber_gang")
    play(game_id)
else:
    offer_unfinished_game("biber_gang")
    new_game_form()
