"""What a browser sends a component, read so that no message can stop the page.

Streamlit reads what a component sends (components v2: its triggers and its state) as JSON text, with
``json.loads``. Python refuses to read an integer of more than 4300 digits (``sys.int_info``: reading a
longer one costs time growing with the square of its length) and raises a plain ValueError, which
Streamlit's readers do not catch: its trigger reader catches JSONDecodeError only, its state reader
nothing at all. Lists nested a few thousand deep raise RecursionError, which neither reader catches. A
forged message holding such a number or such lists (or, as state, any text that is no JSON) would stop
the whole run before any of the app's code, and the page would show nothing but an error.

Read here, a message that cannot be read is one never sent: a trigger with nothing in it, a state with
no value (the component's defaults). Every component of the app (the tap board, the replay's board, the
live events) is read through these two readers, so importing this module once guards them all
(assistant/ui/components/__init__.py does). Nothing a browser sends is trusted either way: each page
still checks what it gets.
"""

from __future__ import annotations

from typing import Any

from streamlit.components.v2.bidi_component import serialization
from streamlit.runtime.state import session_state

_GUARDED = "_hamster_table_guarded"


def _unread_is_none(read):
    def read_or_none(value: Any) -> Any:
        try:
            return read(value)
        except (ValueError, RecursionError):  # no JSON, JSON too costly or too deeply nested for Python to
            return None                         # read: as if nothing was sent

    setattr(read_or_none, _GUARDED, True)
    return read_or_none


def guard() -> None:
    """Wrap Streamlit's two readers, once (a module reloaded by Streamlit's file watcher wraps nothing twice)."""
    for module, name in ((serialization, "handle_deserialize"), (session_state, "unpack_widget_state_value")):
        read = getattr(module, name)
        if not getattr(read, _GUARDED, False):
            setattr(module, name, _unread_is_none(read))


guard()
