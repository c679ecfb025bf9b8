"""A phone whose browser was rewritten, in every game, in a real browser: what the page sends over its
websocket is changed on the way (Playwright's ``route_web_socket``) into decisions the page never
offered: a button not drawn, another seat's picture, malformed values. Each is refused with one line,
nothing is saved, and the server prints no traceback."""

from __future__ import annotations

import json

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg

from tests.browser import require_chromium, served_app
from tests.forging import GAMES, REFUSED, phone_on_its_turn, record
from tests.in_browser import ARTIFACTS, wait_idle
from tests.seat_devices import chromium, device, seat_url

pytestmark = pytest.mark.browser
BOARD = '[class*="st-key-"][class*="-board"]:not([data-stale="true"])'


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    from assistant.store import Store

    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    folder = tmp_path_factory.mktemp("forged")
    log = folder / "server.log"
    with served_app(folder / "games.sqlite3", log=log) as url:
        yield url, Store(folder / "games.sqlite3"), log


def forge_on_the_way(page, forgeries: list) -> list:
    """Rewrite the page's next decisions into ``forgeries`` (functions of the decision sent); returns
    the decisions the page really sent."""
    sent = []

    def rewrite(message):
        if isinstance(message, str):
            return message
        back = BackMsg()
        back.ParseFromString(message)
        for widget in back.rerun_script.widget_states.widgets:
            if widget.json_trigger_value and forgeries:
                events = json.loads(widget.json_trigger_value)
                for event in events:
                    if event.get("event") == "action" and isinstance(event.get("value"), dict):
                        sent.append(event["value"])
                        event["value"] = forgeries.pop(0)(event["value"])
                widget.json_trigger_value = json.dumps(events)
        return back.SerializeToString()

    def route(socket):
        server = socket.connect_to_server()
        socket.on_message(lambda message: server.send(rewrite(message)))
        server.on_message(socket.send)

    page.route_web_socket("**/_stcore/stream", route)
    return sent


def decide_something(page) -> None:
    """An honest decision, whatever the board offers: a button, or a mode and a part, or a part."""
    board = page.locator(BOARD).first
    buttons = board.locator("button[data-button]:not([disabled]):not([data-button='clear'])"
                            ":not([data-button='take_hint'])")
    if buttons.count():
        buttons.first.tap()
        return
    modes = board.locator("button[data-mode]:not([disabled])")
    if modes.count():
        modes.first.tap()
    parts = board.locator("[data-tap].tb-tappable")
    parts.first.tap()
    still = board.locator("button[data-button]:not([disabled])")
    if not board.evaluate("el => el.querySelector('.tb-waiting') !== null") and still.count():
        still.first.tap()


@pytest.mark.parametrize("game", GAMES)
def test_a_rewritten_phone_is_refused_in_every_game(served, game):
    url, store, log = served
    game_id, token = phone_on_its_turn(store, game)
    before = record(store, game_id)
    forgeries = [
        lambda value: {**value, "button": "undo"},
        lambda value: {**value, "button": "die-6", "selection": []},
        lambda value: {**value, "version": [0, 0] if value.get("version") != [0, 0] else [1, 1]},
        lambda value: {**value, "button": 12, "selection": {"a": 1}},
        lambda value: {**value, "selection": ["p99", "<script>"]},
    ]
    count = len(forgeries)
    with chromium() as browser:
        phone = device(browser, "about:blank", remote=True)
        sent = forge_on_the_way(phone, forgeries)
        phone.goto(seat_url(url, token))
        wait_idle(phone)
        phone.get_by_text("You play Ben").wait_for()
        for n in range(count):
            # Watched from before the tap: the refusal is a notice, gone at the page's next redraw (on a
            # loaded machine that may come before a check made afterwards would look).
            phone.evaluate("""(texts) => {
                window.refusalSeen = false;
                clearInterval(window.refusalWatch);
                window.refusalWatch = setInterval(() => {
                    if (texts.some((t) => document.body.innerText.includes(t))) window.refusalSeen = true;
                }, 20);
            }""", list(REFUSED))
            for _ in range(3):  # a tap while the last answer is still on its way is not sent: tap again
                decide_something(phone)
                for _ in range(50):  # until the rewritten decision went out
                    if len(sent) > n:
                        break
                    phone.wait_for_timeout(100)
                if len(sent) > n:
                    break
                wait_idle(phone)
            wait_idle(phone)
            phone.wait_for_function("() => window.refusalSeen")
            assert record(store, game_id) == before, f"{game}: forgery {n} changed the game"
        assert len(sent) == count, f"{game}: {len(sent)} decisions went out"
        phone.screenshot(path=ARTIFACTS / f"forged-{game}.png")
    printed = log.read_text(errors="replace")
    assert "Traceback" not in printed, printed[-3000:]
