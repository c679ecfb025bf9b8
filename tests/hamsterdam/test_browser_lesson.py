"""The Hamsterdam lesson in a real browser: played through by taps on a tablet (English) and on a phone
(German), a screenshot of every step in tests/artifacts/ (lesson-hamsterdam-tablet-NN.png,
lesson-hamsterdam-phone-NN.png) to be looked at; the step's highlighted parts are where the learner looks,
and every tap target is a finger's size."""

from __future__ import annotations

import pytest

from assistant.lessons import load_lesson
from tests.browser import browser_page
from tests.in_browser import assert_tablet_friendly, wait_idle
from tests.lessons.in_browser import SCREENS, assert_played_by_taps, board_selector

pytestmark = pytest.mark.browser

LESSON = load_lesson("hamsterdam")
HD = board_selector("hd-board")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lesson_is_played_by_taps(app, screen):
    assert_played_by_taps(app.url, LESSON, "lesson-hamsterdam", screen, HD)


def step_of(key: str) -> int:
    return next(n for n, step in enumerate(LESSON.steps) if step.key == key)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("key", ["plug", "cheekster", "others", "mobster", "breach", "stay", "copycatster"])
def test_the_highlighted_parts_are_shown(app, screen, key):
    """Each part the step points at is drawn and outlined (in the page, if not all on its first screen: a
    phone scrolls down to Bea's dam); nothing is too small to tap and nothing runs off the side."""
    width, height, lang = SCREENS[screen]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/learn?lesson=hamsterdam&step={step_of(key)}&lang={lang}")
        page.locator(".st-key-ls-panel").wait_for(timeout=30_000)
        page.locator(f"{HD} .tb-lesson").first.wait_for(timeout=30_000)
        wait_idle(page)
        marked = page.locator(f"{HD} .tb-lesson")
        assert marked.count() == len(LESSON.steps[step_of(key)].show)
        for n in range(marked.count()):
            box = marked.nth(n).bounding_box()
            assert box and box["width"] >= 20 and box["height"] >= 20, (key, n, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (key, n, box)
            outline = marked.nth(n).evaluate("el => getComputedStyle(el).outlineStyle")
            assert outline == "solid", (key, n, outline)
        assert_tablet_friendly(page)
