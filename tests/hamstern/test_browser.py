"""Hamstern in the real app in a real browser at tablet sizes: tapping the board, one screen per decision,
screenshots.

One served app per module (games are saved straight into its file of saved games); screenshots
land in tests/artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.store import Store
from tests.browser import browser_page
from tests.hamstern.helpers import cell_ids
from tests.in_browser import (
    ARTIFACTS,
    HS,
    HS_COUNTER,
    HS_DIE,
    SIZES,
    assert_in_view,
    assert_tablet_friendly,
    board_button,
    game_id,
    part,
    press,
    select,
    tops,
    wait_idle,
)

pytestmark = pytest.mark.browser


def hamstern_game(store: Store, roll: int, players: int = 4, dice: str = "app") -> str:
    state = get_game("hamstern").new_state(players, seed=1)
    state.apply(Roll(roll))
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    return store.create(state, {"names": names, "dice": dice})


# --- Hamstern ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", list(SIZES))
def test_play_rounds_by_tapping(app, size):
    width, height = SIZES[size]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/hamstern?lang=en")
        page.get_by_text("Start the game").wait_for()
        page.get_by_text("We roll a real die").tap()
        wait_idle(page)
        page.screenshot(path=ARTIFACTS / f"app-{size}-setup.png", full_page=True)
        page.get_by_role("button", name="Start the game").tap()
        wait_idle(page)
        press(page, HS, "die-3")
        page.get_by_text("Player 1, your turn").wait_for()
        page.locator(f'{HS} [data-tap="4-5"].tb-tappable').wait_for()
        select(page, HS, *cell_ids("F5 G5 H5"))  # answered in the browser: no rerun
        assert "tb-selected" in part(page, HS, "4-5").get_attribute("class")
        assert board_button(page, HS, "confirm").inner_text().strip() == "Cross 3"
        select(page, HS, "5-5")  # a fourth cell is not taken: the roll is 3
        assert "tb-selected" not in part(page, HS, "5-5").get_attribute("class")
        press(page, HS, "confirm")
        page.get_by_text("Player 2, your turn").wait_for()
        select(page, HS, *cell_ids("A1 B1 C1"))  # not in the start chamber: refused with a reason
        press(page, HS, "confirm")
        page.locator(f"{HS} .tb-error").filter(has_text="very first crosses go into the start").wait_for()
        assert "tb-selected" in part(page, HS, "0-0").get_attribute("class")  # kept, to be corrected
        page.screenshot(path=ARTIFACTS / f"app-{size}-refused.png")
        board_button(page, HS, "clear").tap()  # in the browser only
        assert not page.locator(f"{HS} .tb-selected").count()
        select(page, HS, *cell_ids("G6 G7 F7"))
        press(page, HS, "confirm")
        board_button(page, HS, "die-2").wait_for()  # the next roll
        press(page, HS, "die-2")
        page.get_by_text("Player 1, your turn").wait_for()
        select(page, HS, *cell_ids("D5 C5"))  # player 1 enters chamber d through the corridor
        press(page, HS, "confirm")
        page.get_by_text("Player 2, your turn").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / f"app-{size}-playing.png", full_page=True)
        played = game_id(page)
    state = app.store.load(played).state
    assert len(state.history) == 5 and state.current_player == 1


@pytest.mark.parametrize("roll", [3, 1])
def test_the_whole_hamstern_decision_is_on_one_screen(app, roll):
    """Issue 8: the deciding sheet, the roll, the counter and Confirm without scrolling, at every size."""
    played = hamstern_game(app.store, roll)
    with browser_page(*SIZES["landscape"]) as page:
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{app.url}/hamstern?game={played}&lang=en")
            part(page, HS, "4-5").wait_for()
            page.wait_for_timeout(300)  # the pictures settle
            page.screenshot(path=ARTIFACTS / f"one-screen-hamstern-{roll}-{size}.png")
            assert_in_view(page, f"{HS} .tb-board svg.ht-sheet", "the sheet")
            assert_in_view(page, HS_DIE, "the roll")
            assert_in_view(page, HS_COUNTER, "the round counter")
            assert_in_view(page, f'{HS} button[data-button="confirm"]', "Confirm")
            if roll == 1:
                assert_in_view(page, f"{HS} .tb-track", "the 1-track")
            counter = tops(page, f"{HS_COUNTER} svg")
            assert len(counter) >= 7 and len(set(counter)) == 1, f"the round counter wraps: {counter}"
            assert_tablet_friendly(page)  # every cell a finger can hit
