"""What every page shares: the language, the saved-games store, tablet-sized styles."""

from __future__ import annotations

import base64
import functools
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path

import streamlit as st

from assistant import i18n
from assistant.errors import IllegalAction
from assistant.store import Store, default_path
from assistant.store_errors import StorageError

LANG_NAMES = {"en": "English", "de": "Deutsch"}
# The tab's icon is a picture of our own (a material icon would be fetched from the internet), read
# once: given as a file, Streamlit would open and convert it on every run.
FAVICON = "data:image/png;base64," + base64.b64encode((Path(__file__).parent / "favicon.png").read_bytes()).decode()

TABLET_CSS = """
<style>
/* Tablet first: big tap targets, nothing that makes the page scroll sideways. */
.stApp { overflow-x: hidden; }
/* Streamlit's header holds nothing for players: our own top bar (nav.top_bar) starts the page. */
[data-testid="stHeader"] { display: none; }
.block-container { padding-top: 0.5rem; padding-left: 1rem; padding-right: 1rem; max-width: 1400px; }
[data-testid="stMain"] button { min-height: 48px; min-width: 48px; font-size: 1.05rem; }
[data-testid="stNumberInput"] input { min-height: 48px; font-size: 1.1rem; }
[data-testid="stNumberInput"] button { min-height: 48px; min-width: 48px; }
/* A typed name: its box a finger's height (Streamlit draws it 40 px tall, the field inside 36). */
[data-testid="stTextInputRootElement"] { min-height: 44px; }
[data-testid="stTextInputRootElement"] input { min-height: 42px; }
[data-testid="stHorizontalBlock"] { flex-wrap: nowrap; }
[data-testid="stColumn"] { min-width: 0 !important; }
/* A link in a page and a switch answer a finger 44 px high, not only on their 28 and 24 px lines: padding
   that the same negative margin takes back, so the page's layout stays as it is (forms keep Start on screen).
   The top bar's links have their own size below. */
[data-testid="stMain"] [data-testid="stPageLink"] a { padding-top: 8px; padding-bottom: 8px; margin: -8px 0; }
[data-testid="stMain"] [data-testid="stCheckbox"] label { padding-top: 12px; padding-bottom: 12px; margin: -12px 0; }
.ht-status { font-size: 1.15rem; line-height: 1.5; }
.ht-tile-picture svg { width: 100%; height: 90px; }
/* What a run is redrawing fades only if the run takes long (as Streamlit's own stale fade), but as an
   animation that starts after 0.6 s: Streamlit's delayed opacity transition, created on every run, made
   the browser lift each redrawn element (a whole sheet table) onto a layer of its own and draw it again,
   on every device at every move: about 15 ms of a phone's CPU per update and 45 ms of the GPU process's. */
[data-stale="true"] { transition: none !important; opacity: 1 !important;
  animation: ht-stale 0.5s ease-in 0.6s forwards; }
@keyframes ht-stale { to { opacity: 0.33; } }
/* The top bar: the links (components/top_links.css draws them) and the language switch at its end. */
.st-key-ht-topbar { border-bottom: 1px solid rgba(49, 51, 63, 0.15); padding-bottom: 4px; flex-wrap: nowrap; }
.st-key-ht-lang button { min-height: 44px; min-width: 48px; }
/* A phone upright: the links in rows of four (components/top_links.css), the language switch beside the last
   row when it has room (nav.top_bar says so), else below.
   Held sideways: the links in one row, the language switch at its end (three rows took a third of 390 px). */
@media (max-width: 640px) {
  .st-key-ht-topbar { flex-wrap: wrap; row-gap: 2px; position: relative; }
  [class*="st-key-ht-links"] { width: 100% !important; }
  .st-key-ht-topbar:has(.st-key-ht-links-room) [data-testid="stLayoutWrapper"]:has(> .st-key-ht-lang) {
    position: absolute; right: 0; bottom: 4px; width: auto; }
}
@media (max-height: 480px) and (min-width: 641px) and (max-width: 960px) {
  [class*="st-key-ht-links"] { flex: 1 1 0; min-width: 0; width: auto !important; }
}
/* A phone: the page's margins smaller. */
@media (max-width: 640px), (max-height: 480px) and (max-width: 960px) {
  .block-container { padding-left: 0.5rem; padding-right: 0.5rem; }
  /* Home: two games a row. */
  [data-testid="stHorizontalBlock"]:has(.ht-tile-picture) { flex-wrap: wrap; }
  [data-testid="stColumn"]:has(.ht-tile-picture) { flex: 1 1 calc(50% - 1rem) !important;
    min-width: calc(50% - 1rem) !important; }
  /* A saved game's row: its button as wide as its word, the text beside it takes what is left. */
  [data-testid="stColumn"]:has([class*="st-key-resume-"]) { flex: 0 0 auto !important; width: auto !important; }
  /* A seat's page: the language switch beside "You play Ann", so that the decision gets the screen. */
  .stApp:has(.ht-seat-name) .block-container { position: relative; }
  .stApp:has(.ht-seat-name) [data-testid="stVerticalBlock"] { gap: 0.5rem; }
  .stApp:has(.ht-seat-name) [data-testid="stLayoutWrapper"]:has(> .st-key-ht-topbar) { position: absolute;
    top: 0.5rem; right: 0.5rem; width: auto; z-index: 2; }
  .stApp:has(.ht-seat-name) .st-key-ht-topbar { border-bottom: 0; padding-bottom: 0; }
  .ht-seat-name { min-height: 36px; display: flex; align-items: center; padding-right: 110px; font-weight: 600; }
}
</style>
"""


def lang() -> str:
    """The language every page shows: chosen in the top bar, kept in the URL; an address without one
    (a seat link typed into a phone) opens in the browser's language if we have it, else English."""
    chosen = st.session_state.get("lang")  # one look-up: a page asks for every text it shows
    if chosen is None:
        wanted = st.query_params.get("lang") or (st.context.locale or "en")[:2].lower()
        chosen = st.session_state.lang = wanted if wanted in i18n.LANGUAGES else "en"
    return chosen


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


def refusal(error: ValueError) -> str:
    """Why an entry was refused, in the player's language, for places that render Markdown
    (st.error, st.info): names people typed inside the reason stay text."""
    if isinstance(error, IllegalAction):
        return i18n.t(error.key, lang(), **{key: plain(value) if isinstance(value, str) else value
                                             for key, value in error.params.items()})
    return plain(str(error))


_STORES: dict[Path, Store] = {}
_STORES_LOCK = threading.Lock()
# The store for the variables default_path reads, as they are: a run asks for the store some ten times,
# and making the file's path each time cost about 20 µs.
_STORE_OF: dict[tuple, Store] = {}
_WHERE = ("HAMSTER_TABLE_DB", "XDG_DATA_HOME", "HOME")


def store() -> Store:
    """The store of the saved games, one per file for the whole server (every tab shares it).

    A dictionary rather than st.cache_resource, whose lookup cost 0.3 ms, twice a decision."""
    where = tuple(os.environ.get(name) for name in _WHERE)
    found = _STORE_OF.get(where)
    if found is not None:
        return found
    path = default_path()
    with _STORES_LOCK:
        if path not in _STORES:
            _STORES[path] = Store(path)
        found = _STORE_OF[where] = _STORES[path]
    return found


def page_setup() -> None:
    """Styles; called once per run by the main script."""
    st.html(TABLET_CSS)


def language_switch() -> None:
    """EN | DE, in the top bar of every page (no hidden sidebar); the choice stays in the URL."""
    current = lang()
    chosen = st.container(key="ht-lang", width="content").segmented_control(
        tr("ui.language"), options=list(LANG_NAMES), format_func=str.upper, default=current, key="lang_switch",
        label_visibility="collapsed",
    )
    if chosen and chosen != current:
        st.session_state.lang = chosen
        st.rerun()
    st.query_params["lang"] = current


def not_saved(error: StorageError) -> str:
    """A write that failed: says so, that the game is unchanged, and why, in the player's language."""
    return f"{tr('storage.not_saved')} {tr(error.key)}"


def show_storage_error(error: StorageError) -> None:
    """The file of saved games cannot be used: what happened and what to do, never a traceback."""
    st.error(tr(error.key), icon=":material/database:")


def fragment(draw: Callable[..., None], *, run_every: float | None = None) -> Callable[..., None]:
    """``st.fragment(draw, run_every=...)`` that explains a file of saved games it cannot use, as
    main() does for the page: Streamlit catches what a fragment raises itself, even on a whole-page run,
    and would show a traceback instead. The fragment stops there, and on a whole-page run so does the
    page (as an error in main() would stop it): the message is shown once."""

    @functools.wraps(draw)  # the same name: Streamlit tells fragments apart by their function's name
    def explained(*args, **kwargs) -> None:
        from assistant.ui.access import still_allowed  # access uses this module

        try:
            if not still_allowed():  # a key revoked or a link withdrawn since the page was drawn
                st.rerun(scope="app")
            draw(*args, **kwargs)
        except StorageError as error:
            show_storage_error(error)
            st.stop()

    return st.fragment(explained, run_every=run_every)


def show_notice() -> None:
    notice = st.session_state.pop("notice", None)
    if notice:
        st.warning(notice)
