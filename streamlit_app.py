"""Hamster Table, the table-side assistant: ``streamlit run streamlit_app.py``.

Only navigation lives here; the pages are in ``assistant/ui/pages``.

``streamlit run`` finds ``app`` below (an ``st.App``) and serves this same script through it, with the
app's own routes beside Streamlit's: the route that tells each device when its game moved
(assistant/ui/live_events.py). Run as the page script (by the server, or by AppTest), it draws the page.
"""

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from assistant.store_errors import StorageError
from assistant.ui import common, live_events, nav


def main() -> None:
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


if get_script_run_ctx(suppress_warning=True) is None:  # imported by `streamlit run` to serve the app
    app = st.App(__file__, routes=live_events.routes())
else:
    main()
