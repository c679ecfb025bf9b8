"""Hamster Table, the table-side assistant: ``streamlit run streamlit_app.py``.

A placeholder until the app issue: it shows the games and where to print sheets.
"""

import streamlit as st

from assistant.games import GAME_NAMES, is_built

st.set_page_config(page_title="Hamster Table", page_icon="🐹")
st.title("Hamster Table")
for name in GAME_NAMES:
    st.write(f"- {name}" + ("" if is_built(name) else " (coming)"))
st.caption("Print sheets from the command line: python -m sheets hamstern -o sheet.pdf")
