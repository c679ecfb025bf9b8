"""Caves from codes in a real browser: the new-game form and the print page at tablet sizes, with the
progress bar while a cave is made; screenshots in tests/artifacts/ to look at."""

from __future__ import annotations

import pytest

from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, HS, SIZES, assert_tablet_friendly, wait_idle

pytestmark = pytest.mark.browser


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
