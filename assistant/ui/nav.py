"""The app's pages, and getting a player to the right one.

Each page is a small script in ``assistant/ui/pages``. A game id leads to its own
game's page whichever game page it was opened on, and a game page opened without
an id offers the unfinished game of that kind before the new-game form.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import streamlit as st

from assistant.ui.common import lang, plain, store, tr

PAGES_DIR = Path(__file__).parent / "pages"
PAGE_FILES = {"home": "home.py", "print": "print_sheets.py", "hamstern": "hamstern.py", "biber_gang": "biber_gang.py",
              "score_check": "score_check.py"}
ICONS = {"home": "🏠", "print": "🖨️", "hamstern": "🐹", "biber_gang": "🦫", "score_check": "🧮"}
GAME_TITLES = {"hamstern": "Hamstern", "biber_gang": "Biber Gang"}
# URL paths people write by hand that should reach a page too: the game's own name
# with "_" (as in ?game= ids, the CLI and the code) where the URL has "-".
ALIASES = {"biber_gang": "biber_gang"}


def page(name: str) -> st.Page:
    title = GAME_TITLES.get(name) or tr(f"ui.{name}")
    return st.Page(PAGES_DIR / PAGE_FILES[name], title=title, icon=ICONS[name], url_path=name.replace("_", "-"),
                   default=name == "home")


def _alias(name: str, url_path: str) -> st.Page:
    """A page hidden from the menu that forwards to ``name``'s page, keeping ?game= and ?lang=."""

    def forward() -> None:
        st.switch_page(page(name), query_params=st.query_params.to_dict())

    return st.Page(forward, title=GAME_TITLES.get(name, name), icon=ICONS[name], url_path=url_path,
                   visibility="hidden")


def pages() -> list[st.Page]:
    return [page(name) for name in PAGE_FILES] + [_alias(name, path) for path, name in ALIASES.items()]


def open_on_its_own_page(game_id: str, here: str) -> None:
    """If ``game_id`` is another game's (a Biber Gang id on the Hamstern page), go to that
    game's page with the id; otherwise stay, and the page explains an unknown id."""
    kind = store().game_of(game_id)
    if kind and kind != here and kind in GAME_TITLES:
        st.switch_page(page(kind), query_params={"game": game_id, "lang": lang()})


def offer_unfinished_game(game: str) -> None:
    """A prominent button to continue the unfinished ``game`` this tab played last (or the
    one played last on this table): after a trip to Home through the top menu, the game
    page must not greet the table with only a fresh form."""
    unfinished = store().recent(game=game, unfinished_only=True)
    if not unfinished:
        return
    last_here = st.session_state.get({"hamstern": "hs_game", "biber_gang": "bg_game"}.get(game, ""))
    chosen = next((saved for saved in unfinished if saved["id"] == last_here), unfinished[0])
    names = ", ".join(plain(name) for name in chosen["setup"].get("names", []))
    when = datetime.datetime.fromtimestamp(chosen["updated"]).strftime("%d.%m. %H:%M")
    if st.button(tr("ui.continue_game", names=names, when=when), key=f"continue-{game}", type="primary"):
        st.query_params["game"] = chosen["id"]
        st.rerun()
