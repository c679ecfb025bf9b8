"""Biber Gang: a new solo game, or the game named by ``?game=ID``."""

import streamlit as st

from assistant.ui.biber_play import play
from assistant.ui.biber_setup import new_game_form

game_id = st.query_params.get("game")
if game_id:
    play(game_id)
else:
    new_game_form()
