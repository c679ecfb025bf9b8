"""Hamster Table, the table-side assistant: ``streamlit run streamlit_app.py``.

Only navigation lives here; the pages are in ``assistant/ui/pages``.
"""

import streamlit as st

from assistant.store_errors import StorageError
from assistant.ui import common, nav

st.set_page_config(page_title="Hamster Table", page_icon=common.FAVICON, layout="wide",
                   initial_sidebar_state="collapsed")
common.page_setup()
try:
    chosen = st.navigation(nav.pages(), position="hidden")
    nav.top_bar(chosen)
    chosen.run()
except StorageError as error:
    # The file of saved games cannot be used (damaged, another program's, read-only, a full
    # disk): every page says so in the player's language instead of showing a traceback.
    common.show_storage_error(error)
