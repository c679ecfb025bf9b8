"""The history as files: a CSV for a spreadsheet (one row per player per game), one backup file of every
game, score check and player, and restoring such a backup (on a fresh install, say).

The files are made when their button is tapped (Streamlit's deferred download), not on every run of the
page: with ten thousand games the backup takes a moment. A file that is no backup of ours, or a damaged
one, gets one line saying so and changes nothing (assistant/history_backup.py checks it all first).
Every tap asks again whether this device is still the table: a tablet whose key was revoked while the
page was open restores nothing, and its downloads are empty.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import partial

import streamlit as st

from assistant import history
from assistant.store_errors import StorageError
from assistant.ui import access
from assistant.ui.common import not_saved, store, tr
from assistant.ui.history.shown import plural

UPLOAD = "hi_restore_file"


def files_section() -> None:
    today = datetime.date.today().isoformat()
    still_table = access.still_table_later()  # the files are made outside this run
    st.markdown(f"**{tr('history.ui.export_title')}**")
    st.caption(tr("history.ui.export_note"))
    with st.container(horizontal=True, key="hi-downloads"):
        st.download_button(tr("history.ui.csv"), data=partial(_csv, still_table),
                           file_name=f"hamster-table-history-{today}.csv", mime="text/csv", icon=":material/table:",
                           key="hi-csv", on_click="ignore")
        st.download_button(tr("history.ui.backup"), data=partial(_backup, still_table),
                           file_name=f"hamster-table-backup-{today}.json.gz", mime="application/gzip",
                           icon=":material/save:", key="hi-backup", on_click="ignore")
    st.caption(tr("history.ui.csv_columns"))
    st.divider()
    st.markdown(f"**{tr('history.ui.restore_title')}**")
    st.caption(tr("history.ui.restore_note"))
    _outcome()
    upload_key = f"{UPLOAD}_{st.session_state.get('hi_restore_round', 0)}"
    box = st.container(key="hi-restore-box")
    box.html(_uploader_words())
    chosen = box.file_uploader(tr("history.ui.restore_file"), key=upload_key)
    st.button(tr("history.ui.restore"), key="hi-restore", type="primary", icon=":material/restore:",
              disabled=chosen is None, on_click=_restore, args=(upload_key,))


def _uploader_words() -> str:
    """Streamlit's file picker writes "Upload" and its size limit in English whatever the page's language:
    its button says what to do in the player's language instead, and the limit (far above a backup's
    size) is left out."""
    words = tr("history.ui.choose_file").replace("\\", "").replace('"', "")
    zone = '.st-key-hi-restore-box [data-testid="stFileUploaderDropzone"]'
    return (f"<style>{zone} [data-testid='stFileUploaderDropzoneInstructions'] {{ display: none; }}"
            f"{zone} button [data-testid='stMarkdownContainer'] p {{ font-size: 0; }}"
            f'{zone} button [data-testid="stMarkdownContainer"] p::after {{ content: "{words}"; font-size: 1rem; }}'
            "</style>")


def _csv(still_table: Callable[[], bool]) -> bytes:
    if not still_table():
        return b""
    # With a byte order mark: a spreadsheet opened by a double click reads the names' umlauts right.
    return ("\ufeff" + history.export_csv(store())).encode("utf-8")


def _backup(still_table: Callable[[], bool]) -> bytes:
    return history.backup(store()) if still_table() else b""


def _restore(upload_key: str) -> None:
    chosen = st.session_state.get(upload_key)
    if chosen is None or not access.still_table():
        return
    try:
        report = history.restore(store(), chosen.getvalue())
    except history.RestoreRefused as error:
        st.session_state.hi_restored = ("error", tr(error.key))
        return
    except StorageError as error:
        st.session_state.hi_restored = ("error", not_saved(error))
        return
    st.session_state.hi_restored = ("success", tr(
        "history.ui.restored", games=plural("history.ui.restored_games", report.games_added),
        checks=plural("history.ui.restored_checks", report.checks_added),
        people=plural("history.ui.restored_people", report.people_added), matched=report.people_matched,
        results=plural("history.ui.restored_results", report.results_added)))
    if report.already_there:
        st.session_state.hi_restored += (plural("history.ui.restored_kept", report.already_there),)
    # A new uploader: the file restored is not offered to be restored again.
    st.session_state.hi_restore_round = st.session_state.get("hi_restore_round", 0) + 1


def _outcome() -> None:
    """What the last restore did: one line for a refused file, else what was added."""
    outcome = st.session_state.pop("hi_restored", None)
    if not outcome:
        return
    kind, text, *more = outcome
    if kind == "error":
        st.error(text, icon=":material/block:")
    else:
        st.success(" ".join([text, *more]), icon=":material/check_circle:")
