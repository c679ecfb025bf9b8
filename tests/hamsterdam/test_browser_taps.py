"""Every tap gets an answer, in a real browser (issue 23): a part that cannot be tapped says why beside the
board at once, without a trip to the server; a hamster and then a card it cannot go to says why; "Use the
hint" where one tap decides is that tap.

Screenshots: tests/artifacts/taps-*.png, to be looked at.
"""

from __future__ import annotations

import random

import pytest

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.hamsterdam.actions import Move
from assistant.ui.hamsterdam.decisions import board_for, parts_of
from tests.browser import browser_page
from tests.in_browser import ARTIFACTS, SIZES, board_button, press, select, wait_idle

pytestmark = pytest.mark.browser
HD = '.st-key-hd-board:not([data-stale="true"])'


def reached(store, players: int, mode: str, wanted) -> tuple[str, object]:
    """A game at one tablet, every seat a person, at the first position random play reaches that ``wanted``
    accepts."""
    for seed in range(100):
        game = get_game("hamsterdam").new_state(players, seed=seed, mode=mode)
        rng = random.Random(seed)
        while not game.is_over() and not wanted(game):
            game.apply(game.chance_outcome() if game.is_chance_node() else rng.choice(game.legal_actions()))
        if wanted(game):
            names = ["Ann", "Bo", "Cy", "Di"][:players]
            setup = {"names": names, "bots": ["human"] * players, "mode": "together", "speed": "quick", "dice": "app"}
            return store.create(game, setup), game
    raise AssertionError("no game reached the wanted position")


def refused(state, move) -> str:
    try:
        state.check(move)
    except IllegalAction as error:
        return error.message("en")
    raise AssertionError(f"{move} is allowed")


def note(page, board: str) -> str:
    return page.locator(f"{board} .tb-note").inner_text().strip()


def test_a_wrong_second_tap_and_a_card_that_cannot_be_used_say_why_at_once(app):
    played, game = reached(app.store, 2, "classic", lambda g: g.phase == "move" and g.current_player == 0
                           and not g.moved[0] and sum(map(len, g.stacks[0])) > 2)
    pairs = board_for(game.view(0), game.legal_actions(), 0).pairs
    hamster = next(part_id for part_id in pairs if part_id.startswith("p0-"))
    far = next(part_id for part_id in pairs if part_id.startswith("c0-") and part_id not in pairs[hamster])
    piece, start, to = hamster.split("-", 2)[2], int(hamster.split("-")[1]), int(far.split("-")[1])
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/hamsterdam?game={played}&lang=en")
        page.locator(f"{HD} .hd-big").wait_for()
        select(page, HD, hamster, far)  # in the browser only: the choice starts anew with the card, and says why
        assert note(page, HD) == refused(game, Move("move", piece, start, to))
        page.screenshot(path=ARTIFACTS / "taps-hamsterdam-wrong-second-tap.png")
        select(page, HD, "c1-0")  # the other player's dam: what the rules want now
        assert note(page, HD) == refused(game, Move("lay", at=2))
        select(page, HD, hamster)  # the card is still chosen: the other way round, the same reason
        assert note(page, HD) == refused(game, Move("move", piece, start, to))
        select(page, HD, pairs[hamster][0])
        assert note(page, HD) == ""  # a card the hamster goes to: the pair is chosen, nothing to explain
        assert page.locator(f"{HD} .tb-selected").count() == 2
    assert len(app.store.load(played).state.history) == len(game.history)  # nothing was decided


def test_use_the_hint_where_one_tap_decides_is_that_tap(app):
    def flood_with_a_choice(g) -> bool:
        if g.current_player != 0 or g.phase != "flood":
            return False
        board = board_for(g.view(0), g.legal_actions(), 0)
        return sum(1 for move in g.legal_actions() if parts_of(board, move)[0]) > 1

    played, game = reached(app.store, 3, "full", flood_with_a_choice)
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/hamsterdam?game={played}&lang=en")
        page.locator(f"{HD} .hd-big").wait_for()
        press(page, HD, "hint")
        board_button(page, HD, "take_hint").wait_for()
        marked = page.locator(f"{HD} .tb-hint").first.get_attribute("data-tap")
        page.screenshot(path=ARTIFACTS / "taps-hamsterdam-hint.png")
        board_button(page, HD, "take_hint").tap()
        wait_idle(page)
    board = board_for(game.view(0), game.legal_actions(), 0)
    taken = app.store.load(played).state.history[len(game.history)]
    assert parts_of(board, taken)[0] == [marked]
