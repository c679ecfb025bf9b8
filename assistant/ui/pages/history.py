"""History: the games that ended at this table (played in the app or counted in Score check), the people
who played them, head to head, leaderboards, and the history as files.

One part at a time (chosen at the top, kept in the URL as ?part=): only what is shown is read from the
file of saved games, so the page stays quick with ten thousand games. The table's device only: nav.py
gives a visitor or a seat link the page that says how to join instead.
"""

import streamlit as st

from assistant.store_errors import StorageError
from assistant.ui.common import show_storage_error, tr
from assistant.ui.history.compare import head_to_head_section, leaderboard_section
from assistant.ui.history.files import files_section
from assistant.ui.history.games import recent_section
from assistant.ui.history.players import players_section

PARTS = {"recent": recent_section, "players": players_section, "duel": head_to_head_section,
         "leaders": leaderboard_section, "files": files_section}
ICONS = {"recent": ":material/history:", "players": ":material/person:", "duel": ":material/swords:",
         "leaders": ":material/leaderboard:", "files": ":material/save:"}

st.title(tr("history.ui.title"))
# The part shown is kept in the URL (?part=), so that a reload stays on it.
if st.session_state.get("hi_part") not in PARTS:
    st.session_state.hi_part = st.query_params.get("part") if st.query_params.get("part") in PARTS else "recent"
part = st.segmented_control(tr("history.ui.part"), options=list(PARTS), required=True, key="hi_part",
                            format_func=lambda name: f"{ICONS[name]} {tr(f'history.ui.part_{name}')}",
                            label_visibility="collapsed")
# The first part is the page's own address: no ?part= for it, so Back leaves the page in one step.
if part == "recent":
    st.query_params.pop("part", None)
else:
    st.query_params["part"] = part
try:
    PARTS[part]()
except StorageError as error:  # the file of saved games cannot be read: said in one line, as everywhere
    show_storage_error(error)
