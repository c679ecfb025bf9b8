"""No tap is lost in a redraw, in a real browser: taps 50 ms apart, made while the last decision is on
its way (right after Hint, right after Confirm), are taken once the answer is drawn, or visibly refused."""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.ui.hamstern.sheet import cell_id
from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, HS, HeldAnswers, board_button, part, wait_idle

pytestmark = pytest.mark.browser
SELECTED = f"{HS} [data-tap].tb-selected"


def solo_game(store, roll: int) -> str:
    state = get_game("hamstern").new_state(1, seed=1)
    state.apply(Roll(roll))
    return store.create(state, {"names": ["Ann"], "dice": "app"})


def selected(page) -> set[str]:
    return set(page.eval_on_selector_all(SELECTED, "els => els.map(el => el.dataset.tap)"))


def test_taps_right_after_hint_are_taken_once_the_hint_is_drawn(app):
    game_id = solo_game(app.store, 4)
    with browser_page(1024, 768) as page:
        answers = HeldAnswers(page)  # the laptop is busy: the answer to Hint comes late
        page.goto(f"{app.url}/hamstern?game={game_id}&lang=en")
        wait_idle(page)
        page.set_default_timeout(10_000)
        page.locator(f"{HS} [data-tap].tb-tappable").first.wait_for()
        cells = sorted(app.store.load(game_id).state.legal_actions(), key=lambda a: -len(a.cells))[0].cells
        ids = [cell_id(cell) for cell in sorted(cells)]
        answers.holding = True
        board_button(page, HS, "hint").tap()
        for tap_id in ids:  # while the hint is on its way
            part(page, HS, tap_id).tap()
            page.wait_for_timeout(50)
        assert page.locator(f"{HS} .tb-queued").count() == len(ids)  # kept, and marked so
        answers.release()
        wait_idle(page)
        for _ in range(50):  # the hint's answer is drawn, then the taps kept meanwhile are taken
            if selected(page) == set(ids):
                break
            page.wait_for_timeout(100)
        assert selected(page) == set(ids)
        assert page.locator(f"{HS} .tb-queued").count() == 0
        page.screenshot(path=ARTIFACTS / "taps-after-hint.png")


def test_a_tap_that_decides_while_the_last_decision_is_on_its_way_says_so(app):
    """Biber Gang: a tap on a card decides at once; a second tap before the answer is refused, visibly."""
    state = get_game("biber_gang").new_state(2, seed=4)
    game_id = app.store.create(state, {"names": ["Ann", "Bot 1"], "bots": ["human", "easy"], "mode": "alone",
                                       "speed": "normal"})
    with browser_page(1024, 768) as page:
        answers = HeldAnswers(page)
        page.goto(f"{app.url}/biber-gang?game={game_id}&lang=en")
        wait_idle(page)
        board = '.st-key-bg-board:not([data-stale="true"])'
        page.locator(f"{board} [data-tap].tb-tappable").first.wait_for()
        first, second = page.locator(f"{board} [data-tap].tb-tappable").all()[:2]
        answers.holding = True
        first.tap()
        page.wait_for_timeout(50)
        second.tap()
        page.locator(f"{board} .tb-flash").filter(has_text="your last decision is on its way").wait_for()
        answers.release()
        wait_idle(page)
        assert app.store.action_count(game_id) == 1  # the first tap, and only it


FULL_BOARD = """
import sys
sys.path.insert(0, {root!r})
import streamlit as st
from assistant.ui.components import tap_board
tap_board("board", '<i data-tap="a">a</i> <i data-tap="b">b</i> <i data-tap="c">c</i><div class="tb-note"></div>',
          tappable=["a", "b", "c"], max_selected=2, buttons=[{{"id": "give", "label": "Give"}}],
          on_decision=lambda decision: None)
"""


def test_a_tap_past_as_many_as_may_be_chosen_says_so(tmp_path):
    """Giving two cards: a third tap is not taken, and the board says why."""
    from tests.browser import require_chromium
    from tests.serving import ROOT, serve

    require_chromium()
    script = tmp_path / "full_board.py"
    script.write_text(FULL_BOARD.format(root=str(ROOT)), encoding="utf-8")
    with serve(script, tmp_path / "games.sqlite3") as (url, _process), browser_page(800, 600) as page:
        page.goto(url)
        board = ".st-key-board"
        page.locator(f'{board} [data-tap="a"]').wait_for()
        for tap_id in "abc":
            part(page, board, tap_id).tap()
        assert selected_in(page, board) == {"a", "b"}
        page.locator(f"{board} .tb-note").filter(has_text="2 chosen already").wait_for()


def selected_in(page, board: str) -> set[str]:
    return set(page.eval_on_selector_all(f"{board} [data-tap].tb-selected", "els => els.map(el => el.dataset.tap)"))
