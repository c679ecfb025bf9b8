"""Hamsterbacke in a real browser at tablet sizes: the circle, your hand and the buttons on one
screen for each decision, taps of 44 px at least, and deciding by tapping. Screenshots land in
tests/artifacts/ to be looked at."""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.store import Store
from tests.browser import browser_page
from tests.in_browser import (
    ARTIFACTS,
    SIZES,
    assert_in_view,
    assert_tablet_friendly,
    board_button,
    game_id,
    mode_button,
    part,
    press,
    select,
    settle,
    tap_to_decide,
    tops,
    wait_idle,
)

pytestmark = pytest.mark.browser
HB = '.st-key-hb-board:not([data-stale="true"])'


def game_at(store: Store, players: int, wanted, seed_from: int = 0) -> tuple[str, object]:
    """A saved game (you against random bots, quick) at the first position ``wanted`` accepts."""
    for seed in range(seed_from, seed_from + 300):
        state = get_game("hamsterbacke").new_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and not wanted(state):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over():
            names = ["Ann"] + [f"Bot {n}" for n in range(1, players)]
            setup = {"names": names, "bots": ["human"] + ["random"] * (players - 1), "mode": "alone",
                     "speed": "quick"}
            return store.create(state, setup), state
    raise AssertionError("no game reached the wanted position")


def rich_turn(state) -> bool:
    """Your turn, with a set to play and a blocking stack, well into the game (full piles)."""
    kinds = {move.kind for move in state.legal_actions()}
    return (state.current_player == 0 and state.phase == "act" and state.actions_left == 2 and len(state.history) > 30
            and {"play", "turn_pile"} <= kinds)


def assert_one_screen(page, *, modes: bool = True) -> None:
    assert_in_view(page, f"{HB} .hb-circle svg", "the circle")
    assert_in_view(page, f"{HB} .hb-hand", "your hand")
    assert_in_view(page, f"{HB} .tb-buttons button", "the buttons")
    if modes:
        assert_in_view(page, f"{HB} .tb-modes button", "how many sets")
    assert_tablet_friendly(page)


def assert_badges_below_cards(page) -> None:
    """A "2 sets" badge lies below its card, so the card's corner value stays readable."""
    groups = page.locator(f"{HB} .hb-group.hb-has-set")
    assert groups.count()
    for n in range(groups.count()):
        card = groups.nth(n).locator("svg").bounding_box()
        badge = groups.nth(n).locator(".hb-badge").bounding_box()
        assert badge["y"] >= card["y"] + card["height"] - 0.5, f"a badge covers its card: {badge} {card}"


@pytest.mark.parametrize("size", ["landscape", "wide", "portrait"])
def test_take_and_play_by_tapping_on_one_screen(app, size):
    played, state = game_at(app.store, 5, rich_turn)
    play = next(move for move in state.legal_actions() if move.kind == "play")
    pile = next(n for n in range(8) if state.piles[n])
    with browser_page(*SIZES[size]) as page:
        page.goto(f"{app.url}/hamsterbacke?game={played}&lang=en")
        part(page, HB, "p0").wait_for()
        page.wait_for_timeout(300)  # the pictures settle
        page.screenshot(path=ARTIFACTS / f"backe-{size}-turn.png")
        assert_one_screen(page)
        assert_badges_below_cards(page)
        part(page, HB, "s1").tap()  # nobody gives cards now: the tap does nothing but say why, beside the board
        page.locator(f"{HB} .tb-note").wait_for()
        assert page.locator(f"{HB} .tb-note").inner_text() == "Nobody has to give cards now."
        assert_in_view(page, f"{HB} .tb-note", "why a player cannot be tapped")
        mode_button(page, HB, f"sets{play.count}").tap()  # in the browser only
        page.locator(f'{HB} [data-tap="c{play.at}"].tb-tappable').wait_for()
        tap_to_decide(page, HB, f"c{play.at}")
        page.get_by_text("action 2 of 2").wait_for()
        page.screenshot(path=ARTIFACTS / f"backe-{size}-played.png")
        assert_one_screen(page, modes=False)  # more sets to play or not: the circle and your hand stay
        tap_to_decide(page, HB, f"p{pile}")
        wait_idle(page)
        assert game_id(page) == played
    after = app.store.load(played).state
    moves = after.history[len(state.history):len(state.history) + 2]
    assert moves[0] == play and moves[1].kind == "take" and moves[1].at == pile


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_give_cards_by_tapping(app, size):
    played, state = game_at(app.store, 4, lambda s: s.phase == "give" and s.giver == 0 and s.gift_size >= 2
                            and sum(1 for c in s.hands[0] if c) >= 4, seed_from=100)
    size_of_gift = state.gift_size
    with browser_page(*SIZES[size]) as page:
        page.goto(f"{app.url}/hamsterbacke?game={played}&lang=en")
        board_button(page, HB, "give").wait_for()
        page.wait_for_timeout(300)
        chips = page.locator(f"{HB} .hb-chip.tb-tappable")
        ids = [chips.nth(n).get_attribute("data-tap") for n in range(chips.count())]
        select(page, HB, *ids[:size_of_gift + 1])  # one more than asked is not taken
        assert page.locator(f"{HB} .hb-chip.tb-selected").count() == size_of_gift
        assert board_button(page, HB, "give").inner_text().strip() == f"Give {size_of_gift} of {size_of_gift}"
        page.screenshot(path=ARTIFACTS / f"backe-{size}-give.png")
        assert_one_screen(page, modes=False)
        press(page, HB, "give")
    after = app.store.load(played).state
    gift = after.history[len(state.history)]
    assert gift.kind == "give" and gift.given == size_of_gift


def test_the_hint_leaves_the_buttons_in_place(app):
    played, state = game_at(app.store, 3, rich_turn)
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/hamsterbacke?game={played}&lang=en")
        part(page, HB, "p0").wait_for()
        before = tops(page, f"{HB} .tb-buttons button")
        press(page, HB, "hint")
        page.locator(f"{HB} .tb-hint-text").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=ARTIFACTS / "backe-landscape-hint.png")
        assert tops(page, f"{HB} .tb-buttons button")[:len(before)] == before


def test_choosing_who_gives_rings_only_the_tied(app):
    played, state = game_at(app.store, 4, lambda s: s.phase == "choose_giver" and s.turn == 0)
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/hamsterbacke?game={played}&lang=en")
        part(page, HB, f"s{state.giver_choices[0]}").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=ARTIFACTS / "backe-landscape-choose-giver.png")
        ringed = page.locator(f"{HB} .hb-player.tb-tappable")
        assert sorted(ringed.nth(n).get_attribute("data-tap") for n in range(ringed.count())) == \
            sorted(f"s{p}" for p in state.giver_choices)
        # Your own row (whose turn it is) is not drawn with the red ring of what a tap can choose.
        own = part(page, HB, "s0").evaluate("el => getComputedStyle(el).outlineStyle")
        assert own == "none"


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_the_end_screen(app, size):
    state = get_game("hamsterbacke").new_state(3, seed=9)
    rng = random.Random(9)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    setup = {"names": ["Ann", "Bot 1", "Bot 2"], "bots": ["human", "random", "random"], "mode": "alone",
             "speed": "quick"}
    played = app.store.create(state, setup)
    with browser_page(*SIZES[size]) as page:
        page.goto(f"{app.url}/hamsterbacke?game={played}&lang=en")
        page.locator("h2", has_text="The game is over").wait_for()
        settle(page)  # the end screen is drawn in parts (the standings, the chart): all of it
        page.get_by_text("Blocking stack").first.wait_for()
        page.screenshot(path=ARTIFACTS / f"backe-{size}-end.png")
        assert_tablet_friendly(page)
