"""One small family of custom components (Streamlit components v2: inline HTML/CSS/JS, no iframe,
no build step, no network).

``tap_board`` shows a picture whose parts marked ``data-tap="id"`` can be tapped. Selecting happens
in the browser at once; only a decision (a button, or the tap itself where one tap decides) goes to
Python, as the trigger ``action = {"button": id, "selection": [ids]}``. Every game page builds its
table from it: a sheet, a card display, a hand.

A decision is drawn in the browser at once (``sent``: what it looks like), marked as waiting until
the next picture from Python, which names the decision it answers, replaces it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, NamedTuple

import streamlit as st

from assistant.ui.common import tr
from assistant.ui.components import payloads  # noqa: F401 - no message a browser sends can stop a run

_HERE = Path(__file__).parent
_tap_board = st.components.v2.component(
    "tap_board", js=(_HERE / "tap_board.js").read_text(encoding="utf-8"),
    css=(_HERE / "tap_board.css").read_text(encoding="utf-8"),
)


# The browser keeps each picture it was sent, and each slot's HTML, by its id, and names the ones it keeps
# in every decision; a run then sends a picture or a slot only if the browser does not keep it already (a
# 4-player sheet table is 100 KB that Streamlit would otherwise serialise, hash and send on every
# decision; a late Hamsterdam table 50 KB, of which a decision changes a few slots). A device that redraws
# because another device moved (assistant/ui/live_events.py) names what it keeps too (``browser_keeps``):
# a phone that has not decided yet is not sent its sheets again on every move. Only the browser's word
# counts: a run's picture may never reach it (a newer run drops what an older one had not sent yet).
_KEPT = "_tb_kept"  # the ids the browser said it keeps (one store for the page: every board on it shares it)
MOST_KEPT = 96  # the browser keeps at most this many (tap_board.js), the newest
ID_LENGTH = 16  # a picture's id: 16 hex digits (``picture_id``)
SEND_PICTURE = "send_picture"  # the browser lost a picture it was told it had (a rare remount)
# The number of the last decision taken (the browser numbers them): the next picture says it answers
# it, and the browser's drawing of that decision gives way to it, even when nothing else changed (a
# refusal for the same reason again).
_ANSWERED = "_tb_answered:"


# What the board was last drawn with, on the server: its picture's position, the buttons it offered
# and the parts a tap could choose. A decision is taken only if it is one of those: whatever the
# browser sends, it cannot press a button that was not drawn or choose a part that was not tappable.
_OFFERED = "_tb_offered:"
BROWSER_ONLY = {"clear", "take_hint"}  # they only change the selection; never sent
# The parts a lesson's step points at (assistant/ui/lesson/page.py sets it around the game's drawing): every
# board drawn meanwhile highlights them ("tb-lesson"), whichever game page draws it.
HIGHLIGHT = "_lesson_highlight"


class Offer(NamedTuple):
    version: Any
    buttons: frozenset[str]
    parts: frozenset[str]


def _offer(key: str, data: dict) -> None:
    select, modes = data["select"], data["modes"]
    buttons = {spec["id"] for spec in data["buttons"] if spec["enabled"]} - BROWSER_ONLY
    buttons |= {mode["id"] for mode in modes}
    if select["mode"] == "one":
        buttons.add(select["button"])
    parts = set(select["tappable"]) | set(data["selected"]) | set(data["marks"].get("tb-hint", ()))
    for mode in modes:
        parts |= set(mode.get("tappable", ()))
    st.session_state[_OFFERED + key] = Offer(data["version"], frozenset(buttons), frozenset(parts))


def was_offered(key: str, decision: dict) -> str | None:
    """None if ``decision`` is one the board offered when it was last drawn; otherwise the catalogue key
    of why not: "ui.stale" (made on an older picture), "ui.not_offered" (a button or part not drawn)."""
    offer = st.session_state.get(_OFFERED + key)
    if offer is None or decision.get("version") != offer.version:
        return "ui.stale"
    selection = decision.get("selection")
    if selection is None:
        selection = []
    if not isinstance(selection, list):
        return "ui.not_offered"
    button = decision.get("button")
    if not isinstance(button, str) or button not in offer.buttons:
        return "ui.not_offered"
    if not all(isinstance(part, str) and part in offer.parts for part in selection):
        return "ui.not_offered"
    return None


def _dispatch(key: str, on_decision: Callable[[dict], None]) -> None:
    """Runs before the script, like a button's on_click: the decision is taken first, and the page
    is drawn once, already showing its outcome."""
    decision = (st.session_state.get(key) or {}).get("action")
    if not decision or not isinstance(decision, dict):  # the browser sends an object; anything else is no decision
        return
    seq = decision.get("seq")
    browser_keeps(decision.get("has"))
    if decision.get("button") == SEND_PICTURE:
        return
    st.session_state[_ANSWERED + key] = seq if isinstance(seq, int) and not isinstance(seq, bool) else None
    refused = was_offered(key, decision)
    if refused is not None:
        st.session_state.notice = tr(refused)
        return
    on_decision(decision)


def browser_keeps(picture_ids) -> None:
    """The browser says it keeps these pictures and slots (a list of ids; anything else keeps none): the
    next run sends only the others. A browser that claims one it lost asks for it."""
    listed = picture_ids[:MOST_KEPT] if isinstance(picture_ids, list) else []
    # Only what has an id's length: the session holds these until the next decision, and a forged list of
    # long texts would keep megabytes there.
    st.session_state[_KEPT] = frozenset(picture for picture in listed
                                        if isinstance(picture, str) and len(picture) == ID_LENGTH)


def _wait_note() -> str:
    """Said when a tap that decides comes while the last decision is still on its way."""
    return tr("ui.wait_note")


def _full_note() -> str:
    """Said when a part is tapped while as many are chosen as may be ("{n}": how many)."""
    return tr("ui.full_note")


@lru_cache(maxsize=256)  # a board that keeps its picture (the same string each run) finds its id at once
def picture_id(html: str) -> str:
    return hashlib.blake2b(html.encode(), digest_size=ID_LENGTH // 2).hexdigest()


def tap_board(key: str, html: str, *, slots: dict[str, str] | None = None, tappable=(), selected=(),
              select: str = "many", max_selected: int = 0, pairs: dict[str, list[str]] | None = None,
              buttons: list[dict[str, Any]] = (), pending: dict | None = None, marks: dict | None = None,
              choose_button: str = "choose", modes: list[dict[str, Any]] = (), mode: str | None = None,
              notes: dict[str, str] | None = None, version: int | None = None, sent: dict | None = None,
              on_decision: Callable[[dict], None]) -> None:
    """Mount the board; ``on_decision(decision)`` runs when the player decides, before the next run.

    ``html`` is the picture, drawn again in the browser only when it changes: keep it the same from
    one decision to the next and send what changes as ``slots`` (HTML for the elements marked
    ``data-slot="name"``, each empty in the picture; the browser keeps them by id, so only a changed
    slot is sent) and ``marks`` (``{class: [part ids]}``, such as the crossed cells; a mark's id
    ``"button:ID"`` or ``"mode:ID"`` puts its class on that button or mode of the board).

    ``select``: "many" (tap toggles, a button decides), "one" (a tap decides at once) or "none".
    ``pairs`` (with "many"): ``{part: [parts it may be selected with]}``; a part that does not pair with
    every part selected is greyed ("tb-unpaired"), and a tap on it starts the selection anew with it.
    ``buttons``: ``{"id", "label" (may hold "{n}", the selection's size), "primary", "needs": "selection"|"full",
    "enabled", "html", "icon", "label_none" (the label while nothing is selected)}``; the ids "clear" and
    "take_hint" act in the browser only. ``version`` comes back with the decision (see ``Table.is_current``).
    ``modes``: ``{"id", "label", "tappable"}``; choosing a mode happens in the browser, and a tap then
    decides with the mode's id as the button (the markup holds a ``.tb-modes`` box for them).
    ``notes``: ``{part: text}`` for parts that cannot be tapped now: a tap on one shows its text (why not)
    in the markup's ``.tb-note`` box, at once, in the browser; the text is shown as text, never as HTML.
    A key ``"prefix:*"`` speaks for every part named ``prefix:...`` without a note of its own, and ``"*"``
    for every part without one (the same reason for the whole board: roll first). With ``pairs``, a key
    ``"a>b"`` (either way round) says why ``b`` tapped with ``a`` selected does not pair (the selection
    starts anew with ``b``). "take_hint" on a board where one tap decides (``select="one"``, a mode) is
    that tap, on the hinted part.

    ``sent``: what each decision looks like the moment it is made, drawn in the browser before Python
    answers: ``{"buttons": {button id: effect}, "taps": effect}`` ("taps": a tap that decides, with
    ``select="one"`` or in a mode). An effect is ``{"selected": [classes], "parts": {class: [part ids]}}``:
    classes for the parts the decision was made with (they lose the "selected" look) and for parts named
    (a pile the card comes from). Name only what the device shows already: a card it has not been shown
    is drawn when Python sends it. Every decision, with an effect or none, marks the board "tb-waiting"
    and disables its buttons until Python's next picture (or, with no answer, for 8 s); that picture is
    drawn as it comes, so a refusal shows the position as it was, with its reason.
    """
    kept = st.session_state.get(_KEPT, frozenset())
    html_id = picture_id(html)
    slots = {name: _kept_or_sent(slot, kept) for name, slot in (slots or {}).items()}
    if st.session_state.get(HIGHLIGHT):
        marks = {**(marks or {}), "tb-lesson": list(st.session_state[HIGHLIGHT])}
    data = {
        "html": None if html_id in kept else html,
        "html_id": html_id,
        "slots": slots,
        "select": {"mode": select, "max": max_selected, "tappable": list(tappable), "button": choose_button,
                   "pairs": pairs},
        "selected": list(selected),
        "buttons": [{"enabled": True, "primary": False, "needs": "", **spec} for spec in buttons],
        "pending": pending,
        "marks": marks or {},
        "modes": list(modes),
        "mode": mode,
        "notes": notes or {},
        "version": version,
        "sent": sent or {},
        "answered": st.session_state.get(_ANSWERED + key),
        "wait_note": _wait_note(),
        "full_note": _full_note() if max_selected else "",
    }
    _offer(key, data)
    # One key: Streamlit looks at each top-level value of ``data`` for a dataframe (0.1 ms each).
    _tap_board(key=key, data={"board": data}, on_action_change=partial(_dispatch, key, on_decision))


def _kept_or_sent(html: str, kept: frozenset[str]) -> dict:
    """A slot as the board's data names it: its id, and its HTML unless the browser keeps it."""
    slot_id = picture_id(html)
    return {"id": slot_id, "html": None if slot_id in kept else html}
