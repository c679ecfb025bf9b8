"""Is this a phone's screen? The browser says (assistant/ui/components/screen.js); a page that has a
phone's drawing of its board uses it then. Only a layout follows from it, never what a device may do."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_screen = st.components.v2.component(
    "ht_screen", js=(Path(__file__).parent / "screen.js").read_text(encoding="utf-8"),
)


def phone_screen(key: str = "ht-screen", mark: str | int | None = None, show: str | None = None) -> bool:
    """True once the browser has said its screen is a phone's (a first run draws for a tablet). On a phone,
    when ``mark`` changes from one run to the next, the part the CSS selector ``show`` finds is scrolled
    into view (a lesson's next step)."""
    data = {} if mark is None else {"mark": mark, "show": show}
    result = _screen(key=key, data=data, default={"phone": False}, on_phone_change=lambda: None)
    return getattr(result, "phone", False) is True  # anything but true from the browser: a tablet
