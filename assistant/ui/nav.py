"""The app's pages. Each page is a small script in ``assistant/ui/pages``."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from assistant.ui.common import tr

PAGES_DIR = Path(__file__).parent / "pages"
PAGE_FILES = {"home": "home.py", "print": "print_sheets.py", "hamstern": "hamstern.py", "biber_gang": "biber_gang.py",
              "score_check": "score_check.py"}
ICONS = {"home": "🏠", "print": "🖨️", "hamstern": "🐹", "biber_gang": "🦫", "score_check": "🧮"}
GAME_TITLES = {"hamstern": "Hamstern", "biber_gang": "Biber Gang"}


def page(name: str) -> st.Page:
    title = GAME_TITLES.get(name) or tr(f"ui.{name}")
    return st.Page(PAGES_DIR / PAGE_FILES[name], title=title, icon=ICONS[name], url_path=name.replace("_", "-"),
                   default=name == "home")


def pages() -> list[st.Page]:
    return [page(name) for name in PAGE_FILES]
