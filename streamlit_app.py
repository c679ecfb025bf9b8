"""Hamster Table, the table-side assistant: ``streamlit run streamlit_app.py``.

Only navigation lives here; the pages are in ``assistant/ui/pages``.

``streamlit run`` finds ``app`` below (an ``st.App``) and serves this same script through it, with the
app's own routes beside Streamlit's (the route that tells each device when its game moved,
assistant/ui/live_events.py) and the check that lets a paired tablet be the table
(assistant/ui/access.py). Run as the page script (by the server, or by AppTest), it draws the page.
"""

from contextlib import asynccontextmanager

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from assistant.store_errors import StorageError
from assistant.ui import access, common, live_events, nav


def main() -> None:
    st.set_page_config(page_title="Hamster Table", page_icon=common.FAVICON, layout="wide",
                       initial_sidebar_state="collapsed")
    common.page_setup()
    try:
        # Who this device is comes from the server: the table reaches every page, anyone else a seat
        # link's page or the page that says how to join.
        table = access.is_table_device()
        chosen = st.navigation(nav.pages() if table else nav.visitor_pages(), position="hidden")
        nav.top_bar(chosen, links=table)
        chosen.run()
    except StorageError as error:
        # The file of saved games cannot be used (damaged, another program's, read-only, a full
        # disk): every page says so in the player's language instead of showing a traceback.
        common.show_storage_error(error)


def _unforeseen(error: Exception) -> bool:
    """An error no page foresaw (a message from a rewritten browser that Streamlit itself cannot read):
    one line in the player's language instead of Streamlit's error page; the server's log keeps the rest."""
    try:
        st.error(common.tr("ui.unforeseen"), icon=":material/error:")
    except Exception:  # nowhere to write it: Streamlit shows its own page
        return False
    return True


@asynccontextmanager
async def _print_table_link(_app):
    """At start, the terminal shows the link that makes a tablet the table (as Jupyter prints its token);
    at Ctrl-C, the devices waiting for moves are let go at once."""
    from streamlit import net_util

    host = net_util.get_internal_ip() or "localhost"
    try:
        link = access.table_link_for_terminal(host, st.get_option("server.port"))
        print(f"\n  Table link (open it on the tablet):  {link}\n", flush=True)
    except StorageError as error:
        print(f"\n  The file of saved games cannot be used: {error}\n", flush=True)
    live_events.stop_waiting_when_the_server_stops()
    yield


if get_script_run_ctx(suppress_warning=True) is None:  # imported by `streamlit run` to serve the app
    from starlette.middleware import Middleware

    live_events.send_at_once()

    app = st.App(__file__, routes=live_events.routes(), middleware=[Middleware(access.TableKeyMiddleware)],
                 lifespan=_print_table_link, on_script_error=_unforeseen)
else:
    main()
