"""The Mömmen lesson in a real browser: played through by taps on a tablet (English) and on a phone
(German), a screenshot of every step in tests/artifacts/ (lesson-moemmen-tablet-NN.png,
lesson-moemmen-phone-NN.png) to be looked at. The cards a step points at are outlined and on the screen (on
the tablet with the step's text, without scrolling; on a phone the page scrolls down to them), a marked card
once chosen looks chosen, and every tap target is a finger's size."""

from __future__ import annotations

import pytest

from assistant.lessons import load_lesson
from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, assert_tablet_friendly, part
from tests.lessons.in_browser import SCREENS, assert_played_by_taps, board_selector, open_step, step_of

pytestmark = pytest.mark.browser

LESSON = load_lesson("moemmen")
MM, RESULTS = board_selector("mm-board"), board_selector("mm-results")
# Every step that points at cards on the table (the last points at a hand at the end of the match, below it).
MARKING = [step.key for step in LESSON.steps if step.show and step.key != "scoring"]


def expect(locator):
    """Playwright's waiting assertions (imported here: the module is read where Playwright may be missing)."""
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


def outlined(page, marked) -> str:
    return marked.evaluate("el => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineColor")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lesson_is_played_by_taps(app, screen):
    assert_played_by_taps(app.url, LESSON, "lesson-moemmen", screen, MM)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_highlighted_cards_are_in_sight(app, screen):
    width, height, lang = SCREENS[screen]
    with browser_page(width, height) as page:
        for key in MARKING:
            open_step(page, app.url, LESSON, step_of(LESSON, key), lang, MM)
            marked = page.locator(f"{MM} .tb-lesson")
            expect(marked).to_have_count(len(LESSON.steps[step_of(LESSON, key)].show))  # the step's marks, drawn
            for n in range(marked.count()):
                box = marked.nth(n).bounding_box()
                assert box and box["width"] >= 30 and box["height"] >= 40, (key, n, box)
                assert 0 <= box["x"] and box["x"] + box["width"] <= width, (key, n, box)
                if screen == "tablet":  # the step's text above and its cards, on one screen
                    assert 0 <= box["y"] and box["y"] + box["height"] <= height, (key, n, box)
                assert outlined(page, marked.nth(n)).startswith("solid"), key
            assert_tablet_friendly(page)
        # The scoring: Bea's hand among the hands shown at the end of the match, marked, and the page fits.
        open_step(page, app.url, LESSON, step_of(LESSON, "scoring"), lang, RESULTS)
        marked = page.locator(f"{RESULTS} .tb-lesson")
        expect(marked).to_have_count(1)
        assert outlined(page, marked).startswith("solid")
        assert "Bea" in marked.inner_text()
        marked.scroll_into_view_if_needed()
        box = marked.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= width
        assert_tablet_friendly(page)


def test_a_marked_card_once_chosen_looks_chosen(app):
    """The lesson's orange frame gives way to the dark frame of a chosen card: the learner sees the tap took."""
    with browser_page(1024, 768) as page:
        open_step(page, app.url, LESSON, step_of(LESSON, "exchange"), "en", MM)
        card = part(page, MM, "h5-0")  # the red −3
        before = outlined(page, card)
        card.tap()
        page.wait_for_timeout(300)
        chosen = outlined(page, card)
        assert "tb-selected" in card.get_attribute("class")
        assert chosen != before and chosen.startswith("solid rgb(38, 50, 56)"), (before, chosen)
        page.screenshot(path=str(ARTIFACTS / "lesson-moemmen-chosen.png"))
