"""Hamster Table, the table-side assistant: ``streamlit run streamlit_app.py``.

Only navigation lives here; the pages are in ``assistant/ui/pages``.
"""

import streamlit as st

from assistant.ui import common, nav

st.set_page_config(page_title="Hamster Table", page_icon="🐹", layout="wide", initial_sidebar_state="collapsed")
common.page_setup()
st.navigation(nav.pages(), position="top").run()
