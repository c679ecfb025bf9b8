"""The tap board sends its picture and each slot once: after a decision the browser names the pictures
and slots it keeps (and so does a redraw after another device's move), and the next run sends a picture or
a slot again only if it changed, or if the browser lost it.

A decision is drawn in the browser at once (tap_board's ``sent``), marked as waiting until the
server's picture replaces it: checked in Chromium with the server's answers held back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.ui.components import _KEPT as KEPT
from assistant.ui.components import SEND_PICTURE, picture_id
from tests.components import send_trigger
from tests.in_browser import HeldAnswers

ROOT = Path(__file__).resolve().parent.parent
PAGE = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
import streamlit as st
from assistant.ui.components import tap_board
st.session_state.setdefault("decisions", [])
st.session_state.setdefault("picture", "<div>one</div>")
st.session_state.setdefault("count", 0)
def decided(decision):
    st.session_state.decisions.append(decision["button"])
    if decision["button"] == "turn":
        st.session_state.picture = "<div>two</div>"
    if decision["button"] == "count":
        st.session_state.count += 1
tap_board("board", st.session_state.picture, select="none",
          slots={{"same": "<b>always</b>", "count": f"<b>{{st.session_state.count}}</b>"}},
          buttons=[{{"id": "go", "label": "Go"}}, {{"id": "turn", "label": "Turn"}}, {{"id": "count", "label": "+1"}}],
          on_decision=decided)
"""


def sent(at: AppTest) -> dict:
    return json.loads(at.get("bidi_component")[0].proto.json)["board"]


def tap(at: AppTest, button: str, has: list[str] | None) -> dict:
    send_trigger(at, at.get("bidi_component")[0], json.dumps(
        [{"event": "action", "value": {"button": button, "selection": [], "version": None, "has": has}}]))
    assert not at.exception, at.exception
    return sent(at)


OFFERING = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
import streamlit as st
from assistant.ui.components import tap_board
st.session_state.setdefault("decisions", [])
def decided(decision):
    st.session_state.decisions.append([decision["button"], decision["selection"]])
tap_board("board", '<i data-tap="a">a</i><i data-tap="b">b</i><i data-tap="c">c</i>', tappable=["a", "b"],
          buttons=[{{"id": "keep", "label": "Keep"}}, {{"id": "off", "label": "Off", "enabled": False}},
                   {{"id": "clear", "label": "Clear"}}],
          modes=[{{"id": "swap", "label": "Swap", "tappable": ["c"]}}], version=[7, 1], on_decision=decided)
st.write(st.session_state.pop("notice", ""))
"""


def forge(at: AppTest, value) -> str:
    """Send ``value`` as the board's decision (what a rewritten browser could send); the notice shown."""
    send_trigger(at, at.get("bidi_component")[0], json.dumps([{"event": "action", "value": value}]))
    assert not at.exception, at.exception
    return at.markdown[-1].value if at.markdown else ""


def test_only_a_decision_the_board_offered_reaches_the_page():
    at = AppTest.from_string(OFFERING, default_timeout=30).run()
    honest = {"version": [7, 1], "has": None}
    assert forge(at, {**honest, "button": "keep", "selection": ["a", "b"]}) == ""
    assert forge(at, {**honest, "button": "swap", "selection": ["c"]}) == ""
    refused = [
        {**honest, "button": "off", "selection": []},  # drawn, but not enabled
        {**honest, "button": "clear", "selection": []},  # only ever acts in the browser
        {**honest, "button": "undo", "selection": []},  # never drawn
        {**honest, "button": "keep", "selection": ["z"]},  # a part that is not on the board
        {**honest, "button": "keep", "selection": [["a"]]},
        {**honest, "button": "keep", "selection": "a"},
        {**honest, "button": None, "selection": []},
        {**honest, "button": ["keep"], "selection": []},
        {**honest, "button": "keep" * 1000, "selection": []},
        {"version": [7, 0], "button": "keep", "selection": ["a"]},  # another seat's picture
        {"version": [6, 1], "button": "keep", "selection": ["a"]},  # an older picture
        {"version": "7", "button": "keep", "selection": ["a"]},
        {"button": "keep", "selection": ["a"]},
    ]
    notices = [forge(at, value) for value in refused]
    assert all(notice.startswith(("That was not on offer", "This game moved on")) for notice in notices), notices
    assert at.session_state.decisions == [["keep", ["a", "b"]], ["swap", ["c"]]]
    # Junk beside an honest decision is dropped, not echoed back to the browser.
    assert forge(at, {**honest, "button": "keep", "selection": ["a"], "seq": {"deep": [[[1]]]}, "has": 12}) == ""
    assert json.loads(at.get("bidi_component")[0].proto.json)["board"]["answered"] is None
    del at.session_state.decisions[-1]
    for junk in (None, 3, "keep", ["keep"], {"button": "keep"}):
        forge(at, junk)
    assert at.session_state.decisions == [["keep", ["a", "b"]], ["swap", ["c"]]]


def test_the_picture_goes_once_and_again_only_when_it_changes_or_is_lost():
    at = AppTest.from_string(PAGE, default_timeout=30).run()
    first = sent(at)
    assert first["html"] == "<div>one</div>" and first["html_id"] == picture_id("<div>one</div>")

    # The browser keeps picture one and decides: the picture is not sent again.
    after = tap(at, "go", [first["html_id"]])
    assert after["html"] is None and after["html_id"] == first["html_id"]
    # A browser that keeps something else (a stale tab) gets the picture.
    assert tap(at, "go", ["another"])["html"] == "<div>one</div>"
    # The picture changes: sent although the browser keeps the old one.
    changed = tap(at, "turn", [first["html_id"]])
    assert changed["html"] == "<div>two</div>" and changed["html_id"] == picture_id("<div>two</div>")
    # The browser lost its pictures and asks: sent, and nothing is decided.
    assert tap(at, SEND_PICTURE, None)["html"] == "<div>two</div>"
    assert at.session_state.decisions == ["go", "go", "turn"]


def test_a_slot_goes_once_and_again_only_when_it_changes_or_is_lost():
    at = AppTest.from_string(PAGE, default_timeout=30).run()
    first = sent(at)
    assert first["slots"] == {"same": {"id": picture_id("<b>always</b>"), "html": "<b>always</b>"},
                              "count": {"id": picture_id("<b>0</b>"), "html": "<b>0</b>"}}
    kept = [first["html_id"], *(slot["id"] for slot in first["slots"].values())]
    # A decision that changes one slot: only that slot is sent, the other is named by its id.
    after = tap(at, "count", kept)
    assert after["html"] is None
    assert after["slots"] == {"same": {"id": picture_id("<b>always</b>"), "html": None},
                              "count": {"id": picture_id("<b>1</b>"), "html": "<b>1</b>"}}
    # Back to a slot the browser still keeps (its id named): not sent; one it dropped: sent.
    assert at.session_state.count == 1
    at.session_state.count = -1  # the next "+1" draws "<b>0</b>" again
    again = tap(at, "count", kept)
    assert again["slots"]["count"] == {"id": picture_id("<b>0</b>"), "html": None}
    dropped = tap(at, "go", [first["html_id"]])
    assert dropped["slots"]["same"]["html"] == "<b>always</b>" and dropped["slots"]["count"]["html"] == "<b>0</b>"


def test_what_a_browser_says_it_keeps_cannot_stop_slow_or_fill_the_server():
    """``has`` as a rewritten browser may send it: a million entries, long texts, numbers, objects, lists in
    lists. The decision is taken all the same, the server reads no more than the browser may keep
    (MOST_KEPT ids, each an id's length), and sends whatever it is not told in so many words is kept."""
    at = AppTest.from_string(PAGE, default_timeout=60).run()
    first = sent(at)
    kept = [first["html_id"], *(slot["id"] for slot in first["slots"].values())]
    forged = [[0] * 10**6 + kept, ["x" * 10**6] * 8, [kept], [[picture] for picture in kept],
              [{"id": picture} for picture in kept], {"has": kept}, ",".join(kept), [None, True, 1.5, 10**30, -1],
              [picture.upper() + " " for picture in kept], [picture * 2 for picture in kept]]
    for has in forged:
        answer = tap(at, "go", has)
        assert answer["html"] == "<div>one</div>" and all(slot["html"] for slot in answer["slots"].values()), has
        assert at.session_state[KEPT] == frozenset()
    # The ids the browser keeps count, whatever comes with them; the server holds those ids, not megabytes.
    assert tap(at, "go", ["x" * 10**6] * 8 + kept + [0] * 10**6)["html"] is None
    assert at.session_state[KEPT] == frozenset(kept)
    assert at.session_state.decisions == ["go"] * (len(forged) + 1)
    # Lists nested too deep to be read: no decision at all, and the page stands.
    send_trigger(at, at.get("bidi_component")[0], '[{"event": "action", "value": {"button": "go", "has": '
                 + "[" * 100_000 + "]" * 100_000 + "}}]")
    assert not at.exception and at.session_state.decisions == ["go"] * (len(forged) + 1)


def test_a_phone_redrawn_after_another_move_is_not_sent_the_pictures_it_keeps(db):
    """The events route's trigger names the pictures the page keeps: a phone that has not decided yet
    gets its sheets once, not on every move of another device; a page that lost them gets them."""
    from assistant.games.hamstern import Roll
    from tests.components import HS, board, open_seat

    state = get_game("hamstern").new_state(3, seed=7)
    state.apply(Roll(3))
    game_id = db.create(state, {"names": ["Ann", "Ben", "Cid"], "dice": "app"})
    at = open_seat(db.seat_links(game_id, [0, 1, 2])[1].token).run()
    first = json.loads(board(at, HS).proto.json)["board"]
    assert first["html"] is not None

    def heard(pictures) -> dict:
        listener = next(e for e in at.get("bidi_component") if e.proto.id.endswith("-ht-live-events"))
        moved = {"count": 1, "n": 1, "pictures": pictures}
        send_trigger(at, listener, json.dumps([{"event": "moved", "value": moved}]))
        assert not at.exception, at.exception
        return json.loads(board(at, HS).proto.json)["board"]

    assert heard([first["html_id"], "another"])["html"] is None
    assert heard([])["html"] == first["html"]  # a page that lost it (or never got it)
    assert heard("junk")["html"] == first["html"] and heard([{"id": 1}])["html"] == first["html"]


def test_every_decision_names_itself_and_the_next_picture_says_it_answers_it():
    at = AppTest.from_string(PAGE, default_timeout=30).run()
    assert sent(at)["answered"] is None
    send_trigger(at, at.get("bidi_component")[0], json.dumps([{"event": "action", "value": {
        "button": "go", "selection": [], "version": None, "has": [sent(at)["html_id"]], "seq": 7}}]))
    # The same picture, the same everything else: only "answered" tells the browser its decision is taken.
    assert sent(at)["answered"] == 7 and sent(at)["html"] is None


# --- in Chromium: the decision drawn at once -------------------------------------------------------
BOARD = '.st-key-hs-board:not([data-stale="true"])'
# The board's shadow root, found from the page (document.querySelector does not reach inside it).
ROOT_JS = "[...document.querySelectorAll('.st-key-hs-board *')].find(e => e.shadowRoot).shadowRoot"
# Tap a button by script and look at the board in the same task, then at the next animation frame:
# nothing from the server can have arrived in between (its answers come as websocket messages, which
# are handled in tasks of their own).
CLICK_AND_LOOK = """([button, cells]) => new Promise((resolve) => {
    const root = __ROOT__;
    const look = () => ({
        crossed: cells.filter(id => root.querySelector(`[data-tap="${id}"]`).classList.contains('tb-crossed')),
        waiting: root.querySelector('.tb-root').classList.contains('tb-waiting'),
        ring: getComputedStyle(root.querySelector('.tb-root'), '::after').content !== 'none',
        disabled: [...root.querySelectorAll('button[data-button]')].every(b => b.disabled || b.ariaDisabled === 'true'),
    });
    root.querySelector(`button[data-button="${button}"]`).click();
    const now = look();
    requestAnimationFrame(() => resolve({now, frame: look()}));
})""".replace("__ROOT__", ROOT_JS)
IS_WAITING = f"{ROOT_JS}.querySelector('.tb-root').classList.contains('tb-waiting')"
HAS_RING = f"() => getComputedStyle({ROOT_JS}.querySelector('.tb-root'), '::after').content !== 'none'"
WAITING, ANSWERED = f"() => {IS_WAITING}", f"() => !{IS_WAITING}"


def _classes(page, tap_id: str) -> str:
    return page.locator(f'{BOARD} [data-tap="{tap_id}"]').get_attribute("class")


@pytest.mark.browser
def test_a_decision_is_drawn_at_once_and_the_server_s_picture_replaces_it(app):
    from tests.browser import browser_page
    from tests.hamstern.helpers import cell_ids
    from tests.in_browser import select

    state = get_game("hamstern").new_state(1, seed=1)
    state.apply(Roll(3))
    played = app.store.create(state, {"names": ["Ann"], "dice": "app"})
    f5_g5, h5 = cell_ids("F5 G5"), cell_ids("H5")
    with browser_page(1024, 768) as page:
        answers = HeldAnswers(page)
        page.goto(f"{app.url}/hamstern?game={played}&lang=en")
        page.locator(f'{BOARD} [data-tap="4-5"].tb-tappable').wait_for()

        # Two cells on a 3: refused. Drawn crossed at once, the board waiting, its buttons disabled;
        # the ring round the board only once the answer is late (0.4 s) ...
        select(page, BOARD, *f5_g5)
        answers.holding = True
        looked = page.evaluate(CLICK_AND_LOOK, ["confirm", f5_g5])
        assert looked["now"] == {"crossed": f5_g5, "waiting": True, "disabled": True, "ring": False}
        assert looked["frame"] == looked["now"]
        page.wait_for_timeout(300)  # no answer yet: it stays so
        assert page.evaluate(WAITING) and "tb-crossed" in _classes(page, f5_g5[0])
        page.wait_for_function(HAS_RING, timeout=2000)
        assert "tb-crossed" not in _classes(page, h5[0])  # only the cells the decision was made with
        # ... and the refusal puts the picture back, still selected, with the reason.
        answers.release()
        page.wait_for_function(ANSWERED)
        assert not page.evaluate(HAS_RING)
        page.locator(f"{BOARD} .tb-error").filter(has_text="cross exactly 3 cells").wait_for()
        for cell in f5_g5:
            assert "tb-crossed" not in _classes(page, cell) and "tb-selected" in _classes(page, cell)
        assert page.locator(f'{BOARD} button[data-button="confirm"]').is_enabled()

        # The third cell: taken. Crossed at once; the server's picture keeps the crosses, not the waiting.
        select(page, BOARD, *h5)
        answers.holding = True
        looked = page.evaluate(CLICK_AND_LOOK, ["confirm", f5_g5 + h5])
        assert looked["now"] == looked["frame"] == {"crossed": f5_g5 + h5, "waiting": True, "disabled": True,
                                                    "ring": False}
        answers.release()
        page.wait_for_function(ANSWERED)
        page.locator(f'{BOARD} button[data-button="roll"]').wait_for()
        assert all("tb-crossed" in _classes(page, cell) and "tb-selected" not in _classes(page, cell)
                   for cell in f5_g5 + h5)
        assert not page.locator(f"{BOARD} .tb-error").count()

        # No answer at all (a lost connection): after 8 s the board is the player's again.
        answers.holding = True
        looked = page.evaluate(CLICK_AND_LOOK, ["roll", []])
        assert looked["now"]["waiting"] and looked["now"]["disabled"]
        page.wait_for_function(ANSWERED, timeout=10_000)
        assert page.locator(f'{BOARD} button[data-button="roll"]').is_enabled()
        answers.release()
        page.locator(f'{BOARD} [data-tap="0-0"].tb-tappable').wait_for()  # the roll the server made
    assert len(app.store.load(played).state.history) == 3  # the roll, the placement, the next roll


@pytest.mark.browser
def test_a_browser_that_lost_what_it_said_it_keeps_asks_for_it_and_draws_it_whole(app):
    """The page names its pictures in a decision, then loses them all before the answer comes (as a page
    whose store another board filled): the answer, which leaves them out, is not drawn half; the board asks
    for them (send_picture), and draws the answer whole: the refusal's reason, the sheet, its taps."""
    from tests.browser import browser_page
    from tests.hamstern.helpers import cell_ids
    from tests.in_browser import ARTIFACTS, select

    state = get_game("hamstern").new_state(1, seed=1)
    state.apply(Roll(3))
    played = app.store.create(state, {"names": ["Ann"], "dice": "app"})
    asked = []  # the page's messages that ask for what it lost
    with browser_page(1024, 768) as page:
        answers = HeldAnswers(page)
        page.on("websocket", lambda socket: socket.on("framesent", lambda frame: asked.append(frame)
                                                      if SEND_PICTURE.encode() in _bytes(frame) else None))
        page.goto(f"{app.url}/hamstern?game={played}&lang=en")
        page.locator(f'{BOARD} [data-tap="4-5"].tb-tappable').wait_for()
        select(page, BOARD, *cell_ids("F5 G5"))
        answers.holding = True
        page.locator(f'{BOARD} button[data-button="confirm"]').click()
        page.wait_for_function(WAITING)
        assert page.evaluate("window.tbPictures.size") >= 2  # the sheet and the side panel at least, named
        page.evaluate("window.tbPictures.clear()")
        answers.release()
        page.locator(f"{BOARD} .tb-error").filter(has_text="cross exactly 3 cells").wait_for()
        page.wait_for_function(ANSWERED)
        page.locator(f'{BOARD} [data-tap="4-5"].tb-tappable').wait_for()
        assert "undefined" not in page.locator(BOARD).inner_text()
        assert len(asked) == 1 and page.evaluate("window.tbPictures.size") >= 2  # asked once, sent, kept again
        page.screenshot(path=str(ARTIFACTS / "tap_board_lost_pictures.png"))
    assert len(app.store.load(played).state.history) == 1  # the refused decision saved nothing


def _bytes(frame) -> bytes:
    """A websocket frame as Playwright gives it (bytes, or text)."""
    return frame if isinstance(frame, bytes) else str(frame).encode()
