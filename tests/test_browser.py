"""The app as a whole in a real browser: a restarted server reopens the same game; the score check,
the print page and Home fit a tablet. Each game's browser tests are in tests/<game>/test_browser.py;
screenshots land in tests/artifacts/ to be looked at."""

from __future__ import annotations

import re

import pytest

from assistant.store import Store
from assistant.ui.nav import game_names
from tests.browser import browser_page, served_app
from tests.in_browser import (
    ARTIFACTS,
    HS,
    HS_DIE,
    SC,
    assert_tablet_friendly,
    game_id,
    part,
    tap_to_decide,
    wait_idle,
)

pytestmark = pytest.mark.browser


def test_a_restarted_server_reopens_the_same_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(f"{url}/hamstern?lang=de")
        page.get_by_role("button", name="Spiel starten").tap()
        wait_idle(page)
        page.locator(f"{HS} button", has_text="Würfeln").tap()
        wait_idle(page)
        page.get_by_text("Person 1, du bist dran").wait_for()
        game_url = page.url
        rolled = Store(db).load(game_id(page)).state.roll
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(game_url.replace(game_url.split("/hamstern")[0], url))
        part(page, HS, "4-5").wait_for()
        assert page.locator(HS_DIE).get_attribute("aria-label") == str(rolled)
        page.get_by_text("Person 1, du bist dran").wait_for()
        page.screenshot(path=ARTIFACTS / "app-restarted.png", full_page=True)


def test_score_check_print_and_home_fit_a_tablet(app):
    with browser_page(800, 1280) as page:
        page.goto(f"{app.url}/score-check?lang=de")
        tap_to_decide(page, SC, "4-5")
        page.locator(f'{SC} [data-tap="4-5"].tb-crossed').wait_for()  # a tap, a cross (saved, drawn again)
        assert_tablet_friendly(page)
        nav = page.locator('.st-key-ht-topbar a[data-page]')
        pages = 4 + len(game_names())  # Home, Print, Score check, History and every game that can be played
        assert nav.count() == pages, "every page in the top bar in German at 800 px (none under 'more')"
        for n in range(nav.count()):
            box = nav.nth(n).bounding_box()
            assert box["height"] >= 44 and box["x"] + box["width"] <= 800, box
        page.screenshot(path=ARTIFACTS / "app-score-check.png", full_page=True)
        page.goto(f"{app.url}/print?lang=en")
        download_button = page.get_by_role("button", name=re.compile("Download PDF"))
        download_button.wait_for()
        with page.expect_download() as download:
            download_button.click()
        assert download.value.suggested_filename == "hamstern-A-a4-en.pdf"
        page.goto(f"{app.url}/?lang=en")
        page.get_by_text("Recent games").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / "app-home.png", full_page=True)
