"""The tap board sends its picture once: after a decision the browser names the picture it shows,
and the next run sends the picture again only if it changed, or if the browser lost it."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest

from assistant.ui.components import SEND_PICTURE, picture_id

ROOT = Path(__file__).resolve().parent.parent
PAGE = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
import streamlit as st
from assistant.ui.components import tap_board
st.session_state.setdefault("decisions", [])
st.session_state.setdefault("picture", "<div>one</div>")
def decided(decision):
    st.session_state.decisions.append(decision["button"])
    if decision["button"] == "turn":
        st.session_state.picture = "<div>two</div>"
tap_board("board", st.session_state.picture, select="none", buttons=[{{"id": "go", "label": "Go"}}],
          on_decision=decided)
"""


def sent(at: AppTest) -> dict:
    return json.loads(at.get("bidi_component")[0].proto.json)["board"]


def tap(at: AppTest, button: str, has: str | None) -> dict:
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = _make_trigger_id(at.get("bidi_component")[0].proto.id, "events")
    widget.json_trigger_value = json.dumps(
        [{"event": "action", "value": {"button": button, "selection": [], "version": None, "has": has}}])
    at._run(states)
    assert not at.exception, at.exception
    return sent(at)


def test_the_picture_goes_once_and_again_only_when_it_changes_or_is_lost():
    at = AppTest.from_string(PAGE, default_timeout=30).run()
    first = sent(at)
    assert first["html"] == "<div>one</div>" and first["html_id"] == picture_id("<div>one</div>")

    # The browser shows picture one and decides: the picture is not sent again.
    after = tap(at, "go", first["html_id"])
    assert after["html"] is None and after["html_id"] == first["html_id"]
    # A browser that shows something else (a stale tab) gets the picture.
    assert tap(at, "go", "another")["html"] == "<div>one</div>"
    # The picture changes: sent although the browser named the old one.
    changed = tap(at, "turn", first["html_id"])
    assert changed["html"] == "<div>two</div>" and changed["html_id"] == picture_id("<div>two</div>")
    # The browser lost its pictures and asks: sent, and nothing is decided.
    assert tap(at, SEND_PICTURE, None)["html"] == "<div>two</div>"
    assert at.session_state.decisions == ["go", "go", "turn"]
