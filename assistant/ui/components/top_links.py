"""The top bar's page links as one component (assistant/ui/components/top_links.js says why).

The browser names the page tapped; only a page this run offered is gone to, so a forged name (another
page, a seat's page, anything) goes nowhere."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_HERE = Path(__file__).parent
_top_links = st.components.v2.component(
    "ht_top_links", js=(_HERE / "top_links.js").read_text(encoding="utf-8"),
    css=(_HERE / "top_links.css").read_text(encoding="utf-8"),
)


def top_links(links: list[dict], key: str = "ht-top-links") -> str | None:
    """Draw ``links`` (``{"name", "label", "icon" (a Material Symbols name), "href", "current"}``); the
    name of the link tapped in this run, if it is one of them, else None."""
    result = _top_links(key=key, data={"links": links}, on_go_change=lambda: None)
    tapped = getattr(result, "go", None)  # written by the browser: anything at all
    return next((link["name"] for link in links if link["name"] == tapped), None)
