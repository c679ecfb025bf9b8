"""The Hamstern lesson in a real browser: played through by taps on a tablet (English) and on a phone
(German), a screenshot of every step in tests/artifacts/ (lesson-hamstern-tablet-NN.png,
lesson-hamstern-phone-NN.png) to be looked at; on both screens the cells a step asks for are where the
learner looks (a phone's window opens on their chamber), and every tap target is a finger's size."""

from __future__ import annotations

import pytest

from assistant.lessons import load_lesson
from tests.browser import browser_page
from tests.in_browser import HS, assert_tablet_friendly, wait_idle
from tests.lessons.in_browser import SCREENS, assert_played_by_taps, open_step, step_of

pytestmark = pytest.mark.browser

LESSON = load_lesson("hamstern")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lesson_is_played_by_taps(app, screen):
    assert_played_by_taps(app.url, LESSON, "lesson-hamstern", screen)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("key", ["first", "green", "corridor", "tick", "last"])
def test_the_cells_to_cross_are_on_one_screen(app, screen, key):
    """On a tablet the step's text and the cells it asks for are seen together, without scrolling; on a
    phone the step's text comes first, and one scroll down shows the sheet's window on the cells asked for
    (at a finger's size) with the Cross button. Nothing is too small to tap, nothing runs off the side."""
    width, height, lang = SCREENS[screen]
    with browser_page(width, height) as page:
        open_step(page, app.url, LESSON, step_of(LESSON, key), lang, HS)
        step = LESSON.steps[step_of(LESSON, key)]
        if screen == "phone":
            page.locator(HS).evaluate("board => board.scrollIntoView()")
            button = page.locator(f'{HS} button[data-button="confirm"]').bounding_box()
            assert button and button["y"] + button["height"] <= height, (key, button)
        for cell in step.taps["selection"]:
            box = page.locator(f'{HS} [data-tap="{cell}"]').bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (key, cell, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (key, cell, box)
            assert box["width"] >= 30 if screen == "tablet" else box["width"] >= 43.5, (key, cell, box)
            if screen == "phone":
                frame = page.locator(f"{HS} .hs-window").bounding_box()
                assert frame["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"] + 0.5
                assert frame["y"] - 0.5 <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5
        assert_tablet_friendly(page)


def test_a_cell_that_does_not_touch_is_refused_with_the_rule(app):
    """The rulebook's red places: H5 touches the first crosses only at a corner; crossing it is refused
    with the rule's reason beside the sheet, and the lesson stays on its step."""
    with browser_page(1024, 768) as page:
        open_step(page, app.url, LESSON, step_of(LESSON, "green"), "en", HS)
        page.locator(f'{HS} [data-tap="4-7"]').tap()
        page.locator(f'{HS} button[data-button="confirm"]').tap()
        wait_idle(page)
        page.get_by_text("New crosses must touch one of your crosses").first.wait_for(timeout=30_000)
        assert page.evaluate("new URLSearchParams(location.search).get('step')") == str(step_of(LESSON, "green"))
        page.screenshot(path="tests/artifacts/lesson-hamstern-refused.png")
