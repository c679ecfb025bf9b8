"""The Biber Gang lesson in a real browser: played through by taps on a tablet (English) and on a phone
(German), a screenshot of every step in tests/artifacts/ (lesson-biber-tablet-NN.png, lesson-biber-phone-NN.png)
to be looked at. On the tablet the step and the cards it highlights are seen together, without scrolling; on
the phone the page only scrolls down to them. Every tap target is a finger's size."""

from __future__ import annotations

import pytest

from assistant.lessons import load_lesson
from tests.browser import browser_page
from tests.in_browser import BG, assert_tablet_friendly
from tests.lessons.in_browser import SCREENS, assert_played_by_taps, open_step

pytestmark = pytest.mark.browser

LESSON = load_lesson("biber_gang")
# The steps whose highlighted cards are checked: each kind of move, the beaver's and the end's.
CHECKED = ("reveal", "draw", "swap", "turn_up", "pair", "beaver", "swim", "rebuilt", "last_take", "last_swap")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_lesson_is_played_by_taps(app, screen):
    assert_played_by_taps(app.url, LESSON, "lesson-biber", screen, BG)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_highlighted_cards_are_in_sight(app, screen):
    width, height, lang = SCREENS[screen]
    with browser_page(width, height) as page:
        for key in CHECKED:
            index = next(n for n, step in enumerate(LESSON.steps) if step.key == key)
            open_step(page, app.url, LESSON, index, lang, BG)
            marked = page.locator(f"{BG} .tb-lesson")
            assert marked.count() == len(LESSON.steps[index].show), key
            for n in range(marked.count()):
                box = marked.nth(n).bounding_box()
                assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, (key, n, box)
                if screen == "tablet":  # the step's text above and its cards, on one screen
                    assert 0 <= box["y"] and box["y"] + box["height"] <= height, (key, n, box)
            assert_tablet_friendly(page)
