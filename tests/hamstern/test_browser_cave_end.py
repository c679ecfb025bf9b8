"""The end of a game on a cave in a real browser at 1024x768: the cave's name (its code) on the first screen
under the heading, and "New game" offering the same cave; screenshots in tests/artifacts/ to look at."""

from __future__ import annotations

import pytest

from assistant.games import get_game
from tests.browser import browser_page
from tests.helpers import play_saved
from tests.in_browser import ARTIFACTS, SIZES, assert_tablet_friendly, wait_idle

pytestmark = pytest.mark.browser
CODE = "BAKO-MIRU"


def test_the_end_of_a_cave_game_names_the_cave_and_offers_it_again(app):
    state = get_game("hamstern").new_state(2, seed=5, side=CODE)
    game_id = play_saved(app.store, state, {"names": ["Ann", "Bo"], "dice": "app"}, seed=5)
    width, height = SIZES["landscape"]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/hamstern?game={game_id}&lang=en")
        named = page.get_by_text(f"Cave {CODE}", exact=True)
        named.wait_for(timeout=60_000)  # the served app has the cave's layout from the saved game
        wait_idle(page)
        box = named.bounding_box()
        assert box["y"] + box["height"] < height  # on the first screen, under the heading
        assert page.get_by_text("“New game” offers this cave again").is_visible()
        page.screenshot(path=ARTIFACTS / "caves-end-1024x768.png")
        assert_tablet_friendly(page)
        page.get_by_role("button", name="New game").tap()
        page.get_by_role("button", name="Start the game").wait_for()
        page.get_by_text(f"Cave {CODE}", exact=True).wait_for(timeout=60_000)  # made in the server if need be
        wait_idle(page)
        assert page.get_by_role("textbox", name="Cave code").input_value() == CODE
        page.screenshot(path=ARTIFACTS / "caves-new-game-again-1024x768.png")
