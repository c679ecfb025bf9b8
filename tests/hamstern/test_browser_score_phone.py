"""Hamstern's score check on a phone (a player checks their own paper sheet on their phone): the whole sheet
at the phone's width made cells of 28 px, and beside the variant's switch the number of players showed four
of its six numbers. Now the cells keep 44 px (the sheet slides sideways) and every number is on screen."""

from __future__ import annotations

import pytest

from assistant.store import Store
from tests.browser import browser_page, require_chromium, served_app
from tests.in_browser import ARTIFACTS, PHONE_SIZES, SC, part, settle, small_tap_targets, tap_to_decide

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    path = tmp_path_factory.mktemp("score-phone") / "games.sqlite3"
    with served_app(path) as url:
        yield url, Store(path)


@pytest.mark.parametrize("size", ["phone", "phone-side"])
def test_a_paper_sheet_is_checked_on_a_phone_with_cells_a_finger_hits(served, size):
    url, store = served
    width, height = PHONE_SIZES[size]
    with browser_page(width, height) as page:
        page.goto(f"{url}/score-check?lang=en")
        page.locator(".st-key-sc_game button", has_text="Hamstern").click()
        part(page, SC, "1-1").wait_for()
        settle(page)
        six = page.locator(".st-key-sc_count button", has_text="6")
        # Whole, not clipped by its column or the screen's edge.
        assert six.evaluate("""b => { const r = b.getBoundingClientRect();
            const column = b.closest('[data-testid="stColumn"]');
            const right = column ? Math.min(column.getBoundingClientRect().right, innerWidth) : innerWidth;
            return r.width > 0 && r.right <= right + 0.5; }"""), "the number 6 is cut off"
        assert small_tap_targets(page) == []
        # The sheet's far column lies beyond the screen's edge on a phone held upright: the tap slides the
        # sheet to it, and the cell is counted.
        cell = part(page, SC, "9-12")
        cell.scroll_into_view_if_needed()
        before = cell.bounding_box()
        tap_to_decide(page, SC, "9-12")
        part(page, SC, "9-12").locator("xpath=self::*[contains(@class, 'tb-crossed')]").wait_for()
        check = page.evaluate("new URLSearchParams(location.search).get('check')")
        assert store.load_check(check).data["crossed"]["A"][0] == [[9, 12]]
        assert "tb-selected" not in part(page, SC, "9-12").get_attribute("class")  # counted, not left chosen
        # The sheet stayed where the tap slid it: the cell just crossed is still on screen, where it was.
        # (The tap brought a winner into the totals and a line about a cross out of reach: neither may push
        # the sheet down under the finger before the next tap.)
        assert part(page, SC, "9-12").evaluate("""cell => { const r = cell.getBoundingClientRect();
            return r.left >= 0 && r.right <= innerWidth + 0.5; }""")
        page.get_by_text("cannot have been reached").wait_for()
        settle(page)
        after = part(page, SC, "9-12").bounding_box()
        def middle(box):  # (a crossed cell's box is its cross's, a little larger)
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert all(abs(a - b) < 1 for a, b in zip(middle(after), middle(before), strict=True)), (before, after)
        page.screenshot(path=ARTIFACTS / f"score-check-hamstern-{size}.png")
