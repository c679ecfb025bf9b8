"""Hamsterbacke's lesson in a real browser, as a new player makes it: every step tapped, on a tablet in English
(1024x768) and on a phone in German (390x844). Each step's screenshot lands in tests/artifacts/backe-lesson-*.png
to be looked at; the parts a step points at must be on the screen and marked so that they stand out from the
red ring of what a tap can choose."""

from __future__ import annotations

import pytest

from assistant.lessons import load_lesson
from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, assert_tablet_friendly, part, wait_idle
from tests.lessons.in_browser import board_selector, make_step

pytestmark = pytest.mark.browser
HB = board_selector("hb-board")
ORANGE = "rgb(240, 160, 32)"  # the lesson's mark at the start of its pulse (tap_board.css, table.css)


def lesson_marked(page, tap_id: str) -> dict:
    """How the part ``tap_id`` is drawn: a pile of the tablet's circle by its frame's stroke, any other part
    (a phone's pile, a colour of the hand, a player, the blocking stack) by its outline."""
    return part(page, HB, tap_id).evaluate("""el => {
        const frame = el.querySelector('.hb-frame');
        const style = getComputedStyle(frame || el);
        const box = el.getBoundingClientRect();
        return {frame: !!frame, stroke: style.stroke, strokeWidth: parseFloat(style.strokeWidth),
                outline: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth),
                marked: el.classList.contains('tb-lesson'), width: box.width, height: box.height};
    }""")


def assert_marked(page, tap_id: str) -> None:
    page.locator(f'{HB} [data-tap="{tap_id}"].tb-lesson').wait_for(state="attached")
    drawn = lesson_marked(page, tap_id)
    assert drawn["marked"] and drawn["width"] > 0 and drawn["height"] > 0, (tap_id, drawn)
    if drawn["frame"]:
        # Thicker than the red frame of a pile a tap can take (4): seen at a glance, pulsing between oranges.
        assert drawn["strokeWidth"] >= 8 and drawn["stroke"] != "rgb(255, 75, 75)", (tap_id, drawn)
    else:
        assert drawn["outline"] == "solid" and drawn["outlineWidth"] >= 4, (tap_id, drawn)


def assert_bernds_numbers(page, shot: str) -> None:
    """Ann's row of the standings: place, name, score pile 20, hand 5, blocking stack 3, total 15."""
    row = page.locator('[data-testid="stTable"] tr', has_text="Ann")
    row.scroll_into_view_if_needed()
    cells = [cell.strip() for cell in row.locator("td, th").all_inner_texts()]
    assert cells[1:] == ["Ann", "20", "5", "3", "15"], cells
    page.screenshot(path=str(ARTIFACTS / shot))
    page.evaluate("window.scrollTo(0, 0)")


@pytest.mark.parametrize(("width", "height", "lang"), [(1024, 768, "en"), (390, 844, "de")])
def test_the_lesson_is_played_by_tapping(app, width, height, lang):
    lesson = load_lesson("hamsterbacke")
    name = f"backe-lesson-{lang}-{width}x{height}"
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/learn?lesson=hamsterbacke&lang={lang}")
        page.locator(".st-key-ls-panel").wait_for(timeout=30_000)
        overflows = {}  # the steps whose text does not fit its box (a phone's box scrolls): px hidden
        for index, step in enumerate(lesson.steps):
            page.wait_for_function(f"(new URLSearchParams(location.search).get('step') || '0') === '{index}'",
                                   timeout=30_000)
            wait_idle(page)
            if step.show:
                part(page, HB, step.show[0]).wait_for()
                page.wait_for_timeout(300)  # the pictures settle
            page.screenshot(path=str(ARTIFACTS / f"{name}-{index:02d}.png"))
            for tap_id in step.show:
                if ":" in tap_id:  # a button or mode the step points at ("mode:sets1")
                    kind, name = tap_id.split(":")
                    assert page.locator(f'{HB} button[data-{kind}="{name}"].tb-lesson').count() == 1, tap_id
                else:
                    assert_marked(page, tap_id)
            assert_tablet_friendly(page)
            hidden = page.locator(".ls-step").evaluate("el => el.scrollHeight - el.clientHeight")
            overflows.update({step.key: hidden} if hidden > 1 else {})
            if step.key == "bernd":  # the rulebook's example: Ann's row of the end's table, scrolled to
                assert_bernds_numbers(page, f"{name}-bernd.png")
            make_step(page, lesson, index)
        page.locator(".st-key-ls-first").wait_for(timeout=30_000)
        page.screenshot(path=str(ARTIFACTS / f"{name}-done.png"))
    assert not overflows, f"the step's text is cut off (scrolls in its box): {overflows}"
