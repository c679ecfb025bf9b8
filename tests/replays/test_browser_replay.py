"""The replay page in a real browser: the arrow keys, Home and End and a swipe across the board step
through the game without a click; a Hamsterdam and a Biber Gang replay on a tablet (both ways round)
and on a phone, photographed into tests/artifacts, fit the screen with nothing to scroll sideways."""

from __future__ import annotations

import pytest

from tests.in_browser import ARTIFACTS, smallest_text, wait_idle
from tests.replays.helpers import saved_game
from tests.seat_devices import chromium, device

pytestmark = pytest.mark.browser
BOARD = '.st-key-rp-board:not([data-stale="true"])'
SIZES = {"tablet": (1024, 768), "upright": (800, 1280), "phone": (390, 844)}


def step_is(page, step: int) -> None:
    """Until the page shows ``step`` (the address names it, the board has it drawn)."""
    page.wait_for_function(f"new URLSearchParams(location.search).get('step') === '{step}'", timeout=15_000)
    wait_idle(page)
    page.locator(f'.st-key-rp-steps p:has-text("Move {step} of")' if step else '.st-key-rp-steps p:has-text("Start")') \
        .first.wait_for(timeout=15_000)


def swipe(page, dx: int) -> None:
    """A finger drawn across the board (a touch, through the browser's own input: pointer events)."""
    box = page.locator(f"{BOARD} .rb-root").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 200)
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for n in range(1, 6):
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * n / 5, "y": y}]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_keys_and_a_swipe_step_the_board(app):
    game_id = saved_game(app.store, "biber_gang")
    length = app.store.action_count(game_id)
    with chromium() as browser:
        page = device(browser, f"{app.url}/replay?game={game_id}&step=10&lang=en", SIZES["tablet"], remote=False)
        page.locator(f"{BOARD} .rb-root").first.wait_for()
        for key, step in (("ArrowRight", 11), ("ArrowRight", 12), ("ArrowLeft", 11), ("End", length), ("Home", 0)):
            page.keyboard.press(key)
            step_is(page, step)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")  # quick presses count from the step asked for, not the one drawn
        step_is(page, 3)
        swipe(page, -160)  # to the left: the next step, as a page turned
        step_is(page, 4)
        swipe(page, 160)
        step_is(page, 3)
        box = page.locator(f"{BOARD} .rb-root").first.bounding_box()
        page.mouse.move(box["x"] + 300, box["y"] + 100)  # a mouse drawn across it too
        page.mouse.down()
        page.mouse.move(box["x"] + 100, box["y"] + 110, steps=5)
        page.mouse.up()
        step_is(page, 4)
        # Keys pressed in the slider move the slider, not the board twice.
        page.get_by_role("slider").focus()
        page.keyboard.press("ArrowRight")
        step_is(page, 5)


@pytest.mark.parametrize("name", ["hamsterdam", "biber_gang"])
def test_a_replay_fits_a_tablet_and_a_phone(app, name):
    game_id = saved_game(app.store, name, num_players=4)
    link = app.store.replay_link(game_id)
    with chromium() as browser:
        for size_name, size in SIZES.items():
            phone = size_name == "phone"
            # The tablet is the table; a phone opens the link the table shared.
            url = f"{app.url}/replay?r={link}&step=60&lang=de" if phone else \
                f"{app.url}/replay?game={game_id}&step=60&lang=en"
            page = device(browser, url, size, remote=phone)
            page.locator(f"{BOARD} .rb-root").first.wait_for()
            page.wait_for_timeout(700)  # the board fits itself to the screen once the page around it is drawn
            page.screenshot(path=str(ARTIFACTS / f"replay-{name}-{size[0]}x{size[1]}.png"))
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size[0], f"{size_name}: sideways scrolling ({width} px)"
            board = page.locator(f"{BOARD} .rb-root").first.bounding_box()
            assert board["x"] >= 0 and board["x"] + board["width"] <= size[0] + 1, f"{size_name}: board cut off"
            if not phone:  # a tablet shows the whole board with the steps above it, nothing scrolled
                assert board["y"] + board["height"] <= size[1] + 1, f"{size_name}: board below the screen {board}"
            for key in ("rp-first", "rp-back", "rp-forward", "rp-last"):
                button = page.locator(f".st-key-{key} button").bounding_box()
                assert button["width"] >= 44 and button["height"] >= 44, (size_name, key, button)
            # The smallest words as drawn: the board's own size, times what it was made smaller by to fit.
            zoom = float(page.locator(f"{BOARD} .rb-root").first.evaluate("root => root.style.zoom || 1"))
            size_drawn, words = smallest_text(page, BOARD)
            # Hamsterdam's long special names on a compact dam are the live table's smallest words (8.8 px).
            assert size_drawn * zoom >= (8.5 if name == "hamsterdam" else 10), (size_name, size_drawn, zoom, words)
            page.context.close()


def test_sharing_and_withdrawing_a_link_on_a_tablet(app):
    game_id = saved_game(app.store, "moemmen")
    with chromium() as browser:
        for size in (SIZES["tablet"], SIZES["upright"]):
            page = device(browser, f"{app.url}/replay?game={game_id}&lang=de", size, remote=False)
            page.locator(".st-key-rp-share button").click()
            withdraw = page.locator(".st-key-rp-withdraw button").first
            withdraw.wait_for(timeout=15_000)
            wait_idle(page)
            withdraw.scroll_into_view_if_needed()
            box = withdraw.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= size[0], box
            page.screenshot(path=str(ARTIFACTS / f"replay-share-{size[0]}x{size[1]}.png"), full_page=True)
            withdraw.click()
            page.get_by_text("Der Link ist zurückgezogen").wait_for(timeout=15_000)
            page.screenshot(path=str(ARTIFACTS / f"replay-withdrawn-{size[0]}x{size[1]}.png"), full_page=True)
            page.context.close()


def test_a_played_on_solo_game_says_it_is_no_best_score(app):
    from assistant.replays import play_on, replay_of

    original = saved_game(app.store, "hamstern", num_players=1)
    new_id = play_on(app.store, original, replay_of(app.store, original).length)
    with chromium() as browser:
        page = device(browser, f"{app.url}/hamstern?game={new_id}&lang=en", SIZES["tablet"], remote=False)
        note = page.get_by_text("Played on from a replay")
        note.wait_for(timeout=15_000)
        note.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "hamstern-played-on-end-1024x768.png"))
