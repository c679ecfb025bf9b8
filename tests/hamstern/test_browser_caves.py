"""Caves from codes in a real browser: the new-game form and the print page at tablet sizes, with the
progress bar while a cave is made; screenshots in tests/artifacts/ to look at."""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, HS, PHONE_SIZES, SIZES, assert_tablet_friendly, wait_idle
from tests.phone_pages import assert_boxes_at_least, at_size, check_phone
from tests.seat_devices import chromium, device, seat_url

pytestmark = pytest.mark.browser
CODE = "BAKO-MIRU"


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_a_cave_from_a_code_is_chosen_looked_at_and_played(app, size):
    width, height = SIZES[size]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/hamstern?lang=en")
        page.get_by_text("Start the game").wait_for()
        page.get_by_text("A cave's code").tap()
        box = page.get_by_role("textbox", name="Cave code")
        box.wait_for()
        box.fill("tavo pine")
        box.press("Enter")
        # Made in this server for the first time: a progress bar while the hard bot plays its test games.
        page.get_by_text("Cave TAVO-PINE").wait_for(timeout=60_000)
        wait_idle(page)
        page.get_by_text("Look at the cave").tap()
        wait_idle(page)
        page.wait_for_timeout(800)  # the expander opens with an animation
        page.screenshot(path=ARTIFACTS / f"caves-setup-{size}.png", full_page=True)
        assert_tablet_friendly(page)
        page.get_by_role("button", name="Start the game").tap()
        wait_idle(page)
        page.locator(f"{HS} [data-tap]").first.wait_for()
        page.screenshot(path=ARTIFACTS / f"caves-table-{size}.png")
        assert_tablet_friendly(page)


def test_the_print_page_shows_progress_then_offers_the_cave(app):
    width, height = SIZES["landscape"]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/print?lang=de")
        page.get_by_text("Code einer Höhle").wait_for()
        page.get_by_text("Code einer Höhle").tap()
        box = page.get_by_role("textbox", name="Höhlencode")
        box.fill("gura melo")
        box.press("Enter")
        page.get_by_text("wird gezogen und mit 200 Testspielen geprüft").wait_for(timeout=30_000)
        page.screenshot(path=ARTIFACTS / "caves-print-progress.png")
        page.get_by_text("Höhle GURA-MELO").wait_for(timeout=60_000)
        wait_idle(page)
        page.get_by_text("PDF herunterladen").wait_for()
        page.screenshot(path=ARTIFACTS / "caves-print.png", full_page=True)
        assert_tablet_friendly(page)


def test_a_seat_on_a_phone_plays_a_cave(app):
    """A phone's window on the sheet works on a cave's chambers as on sides A and B: 44 px cells, one screen."""
    state = get_game("hamstern").new_state(2, seed=3, side=CODE)
    state.apply(Roll(4))
    game_id = app.store.create(state, {"names": ["Ann", "Ben"], "dice": "app"})
    token = app.store.seat_links(game_id, [1])[1].token
    with chromium() as browser:
        page = device(browser, seat_url(app.url, token, "en"), PHONE_SIZES["phone"])
        page.get_by_text("You play Ben").wait_for(timeout=60_000)  # the served app makes the cave first
        page.locator(f"{HS} .hs-window").wait_for()
        for size in PHONE_SIZES:
            at_size(page, size)
            check_phone(page, ".tb-frame", {"the sheet's window": f"{HS} .hs-window",
                                            "the buttons": f"{HS} .tb-buttons button"}, f"caves-phone-{size}")
            assert_boxes_at_least(page, f"{HS} .hs-pick", "a pick of the chambers")
        page.context.close()
