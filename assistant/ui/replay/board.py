"""The replay's board: one step of a game drawn by its app side's ``replay_picture``, in a small
component of its own (assistant/ui/components/replay_board.js) that also steps through the game from
the keyboard (arrow keys, Home, End) and from a swipe across the board.

Nothing on it can be tapped, and it sends one thing only: the step wanted, which ``replay_board``
clamps to the game's steps before the page shows it. Whatever the browser sends, it can only choose
which step of the replay to look at.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import streamlit as st

from assistant.ui.components import picture_id

KEY = "rp-board"
_COMPONENTS = Path(__file__).parent.parent / "components"
_replay_board = st.components.v2.component(
    "ht_replay_board", js=(_COMPONENTS / "replay_board.js").read_text(encoding="utf-8"),
    # The tap board's stylesheet first: the games' pictures use its classes (a status line, a message).
    css=(_COMPONENTS / "tap_board.css").read_text(encoding="utf-8")
    + (_COMPONENTS / "replay_board.css").read_text(encoding="utf-8"),
)


def replay_board(html: str, step: int, length: int, on_step: Callable[[int], None]) -> None:
    """Mount the board showing ``html``, step ``step`` of ``length``; ``on_step(n)`` runs before the next
    run when the keys or a swipe ask for step ``n`` (always within 0..length)."""
    data = {"html": html, "html_id": picture_id(html), "step": step, "length": length}
    # One key, "board", as the tap board's: the tests read every board's words the same way.
    _replay_board(key=KEY, data={"board": data}, on_step_change=partial(_asked, length, on_step))


def _asked(length: int, on_step: Callable[[int], None]) -> None:
    asked = (st.session_state.get(KEY) or {}).get("step")
    wanted = asked.get("step") if isinstance(asked, dict) else None
    if isinstance(wanted, int) and not isinstance(wanted, bool):  # anything else from the browser: no step
        on_step(min(max(wanted, 0), length))
