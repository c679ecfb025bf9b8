"""What every page shares: the language, the saved-games store, tablet-sized styles."""

from __future__ import annotations

import re

import streamlit as st

from assistant import IllegalAction, i18n
from assistant.store import SavedGame, StaleGame, Store, default_path
from assistant.store_errors import StorageError

LANG_NAMES = {"en": "English", "de": "Deutsch"}

TABLET_CSS = """
<style>
/* Tablet first: big tap targets, nothing that makes the page scroll sideways. */
.stApp { overflow-x: hidden; }
.block-container { padding-top: 4.6rem; padding-left: 1rem; padding-right: 1rem; max-width: 1400px; }
[data-testid="stMain"] button { min-height: 48px; min-width: 48px; font-size: 1.05rem; }
[data-testid="stNumberInput"] input { min-height: 48px; font-size: 1.1rem; }
[data-testid="stNumberInput"] button { min-height: 48px; min-width: 48px; }
[data-testid="stHorizontalBlock"] { flex-wrap: nowrap; }
[data-testid="stColumn"] { min-width: 0 !important; }
.ht-status { font-size: 1.15rem; line-height: 1.5; }
</style>
"""


def lang() -> str:
    """The language every page shows: chosen in the sidebar, kept in the URL."""
    if "lang" not in st.session_state:
        wanted = st.query_params.get("lang", "en")
        st.session_state.lang = wanted if wanted in i18n.LANGUAGES else "en"
    return st.session_state.lang


def tr(key: str, **params) -> str:
    return i18n.t(key, lang(), **params)


# Every ASCII punctuation mark may be backslash-escaped in Markdown; escaping them all
# also stops Streamlit's own directives (":red[...]", ":smile:", "$...$") and raw HTML.
_MARKDOWN_SPECIALS = re.compile(r"([!-/:-@\[-`{-~])")
# Escapes do not stop GitHub-flavoured Markdown from linking bare addresses: it finds
# "https://...", "www." and "a@b.c" in the text after the escapes are read. An invisible
# word joiner (U+2060) where such an address would start leaves nothing to link.
_LINK_STARTS = re.compile(r"(?i)(https?:|www(?=\.)|@)")


def plain(text) -> str:
    """``text`` (a name or an id someone typed) made safe to show literally in st.markdown,
    st.success, widget labels and other places that render Markdown."""
    unlinked = _LINK_STARTS.sub("\\1\u2060", " ".join(str(text).split()))
    return _MARKDOWN_SPECIALS.sub(r"\\\1", unlinked)


def store() -> Store:
    return _store_at(str(default_path()))


@st.cache_resource
def _store_at(path: str) -> Store:
    return Store(path)


def page_setup() -> None:
    """Styles and the language switch; called once per run by the main script."""
    st.html(TABLET_CSS)
    current = lang()
    chosen = st.sidebar.segmented_control(
        "🌐", options=list(LANG_NAMES), format_func=LANG_NAMES.get, default=current, key="lang_switch",
        label_visibility="collapsed",
    )
    if chosen and chosen != current:
        st.session_state.lang = chosen
        st.rerun()
    st.query_params["lang"] = current


def show_reason(text: str) -> None:
    """An illegal action's reason, next to the board, in the player's language."""
    st.error(text, icon="⚠️")


def show_hint(text: str) -> None:
    st.info(text, icon="💡")


def save_move(saved: SavedGame, action) -> str | None:
    """Check ``action`` on a copy of the game, then save it at once.

    Returns the reason in the player's language if the rules refuse it or the file of
    saved games cannot take it (nothing is saved then, and the selection stays for
    another try). A tab that acted on an old picture of the game is refused by the
    store; the page then shows the game as it is, with a notice.
    """
    probe = saved.state.clone()
    try:
        probe.apply(action)
    except IllegalAction as error:
        return error.message(lang())
    try:
        store().append(saved.id, len(saved.state.history), action, probe.scores() if probe.is_over() else None)
    except StaleGame:
        st.session_state.notice = tr("ui.stale")
    except StorageError as error:
        return not_saved(error)
    return None


def undo_move(saved: SavedGame) -> None:
    """Drop the last saved action, unless another tab moved on meanwhile."""
    try:
        store().remove_last(saved.id, len(saved.state.history))
    except StaleGame:
        st.session_state.notice = tr("ui.stale")
    except StorageError as error:
        st.session_state.notice = not_saved(error)


def not_saved(error: StorageError) -> str:
    """A write that failed: says so, that the game is unchanged, and why, in the player's language."""
    return f"{tr('storage.not_saved')} {tr(error.key)}"


def show_storage_error(error: StorageError) -> None:
    """The file of saved games cannot be used: what happened and what to do, never a traceback."""
    st.error(tr(error.key), icon="💾")


def show_notice() -> None:
    notice = st.session_state.pop("notice", None)
    if notice:
        st.warning(notice)
