"""Every tap gets an answer, in a real browser (issue 23): a cell that cannot be crossed says why beside
the sheet at once, without a trip to the server (before the roll, a crossed cell).

Screenshots: tests/artifacts/taps-hamstern-*.png, to be looked at.
"""

from __future__ import annotations

import pytest

from assistant.games import get_game
from assistant.games.hamstern import Place, Roll
from tests.browser import browser_page
from tests.hamstern.helpers import cell_ids, cells
from tests.in_browser import ARTIFACTS, HS, SIZES, board_button, part, press

pytestmark = pytest.mark.browser


def note(page) -> str:
    return page.locator(f"{HS} .tb-note").inner_text().strip()


def test_hamstern_cells_say_why_they_cannot_be_crossed(app):
    state = get_game("hamstern").new_state(2, seed=4, side="A")
    state.apply(Roll(3))
    state.apply(Place(cells("F5 G5 H5")))
    state.apply(Place(cells("F6 G6 H6")))
    played = app.store.create(state, {"names": ["Ann", "Bo"], "dice": "real"})
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/hamstern?game={played}&lang=en")
        board_button(page, HS, "die-2").wait_for()
        part(page, HS, cell_ids("A1")[0]).tap()
        assert note(page) == "Roll the die first."
        press(page, HS, "die-2")
        board_button(page, HS, "confirm").wait_for()
        part(page, HS, cell_ids("F5")[0]).tap()
        assert note(page) == "F5 is already crossed."
        page.screenshot(path=ARTIFACTS / "taps-hamstern-crossed.png")
        part(page, HS, cell_ids("F7")[0]).tap()
        assert note(page) == "" and page.locator(f"{HS} .tb-selected").count() == 1
