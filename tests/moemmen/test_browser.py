"""Mömmen in a real browser at tablet sizes: with four computer opponents your hand, the table, the
piles and the buttons on one screen, taps of 44 px at least, an exchange chosen by tapping (what
cannot pair greyed), the Tim phase answered, the round's end and the score check. Screenshots land
in tests/artifacts/ to be looked at."""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.games.moemmen.cards import COLOUR_OF, IS_MINUS, IS_PLUS, full_colour
from assistant.store import Store
from tests.browser import browser_page
from tests.in_browser import (
    ARTIFACTS,
    SIZES,
    assert_in_view,
    assert_tablet_friendly,
    board_button,
    part,
    press,
    select,
    tap_to_decide,
    wait_idle,
)
from tests.moemmen.helpers import collect_one_colour

pytestmark = pytest.mark.browser
MM = '.st-key-mm-board:not([data-stale="true"])'
CHECK = '.st-key-mm-check:not([data-stale="true"])'


def game_at(store: Store, players: int, wanted, *, humans: int = 1, seed_from: int = 0):
    """A saved game (everybody collecting one colour) at the first position ``wanted`` accepts; the
    first ``humans`` seats are people (together at one tablet if more than one), the rest easy bots."""
    for seed in range(seed_from, seed_from + 300):
        state = get_game("moemmen").new_state(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if state.is_over() or wanted(state):
                break
            state.apply(collect_one_colour(state.view(state.current_player), state.legal_actions(), rng))
        if not state.is_over() and wanted(state):
            names = ["Ann", "Bo", "Cleo", "Dan", "Eva"][:humans] + [f"Bot {n}" for n in range(1, players - humans + 1)]
            setup = {"names": names, "bots": ["human"] * humans + ["easy"] * (players - humans),
                     "mode": "together" if humans > 1 else "alone", "speed": "quick"}
            return store.create(state, setup), state
    raise AssertionError("no game reached the wanted position")


def my_turn(state) -> bool:
    return state.current_player == 0 and state.phase == "turn" and len(state.history) > 8


def completing(state):
    """Seat 0's exchange that shows six plus cards of one colour, or None."""
    if state.current_player != 0 or state.phase != "turn":
        return None
    for move in state.legal_actions():
        if move.kind == "exchange":
            hand = list(state.hands[0])
            hand.remove(move.give)
            if full_colour(sorted([*hand, move.take])) is not None:
                return move
    return None


def assert_one_screen(page) -> None:
    assert_in_view(page, f"{MM} .mm-players", "every player")
    assert_in_view(page, f"{MM} .mm-slots", "the table")
    assert_in_view(page, f"{MM} .mm-piles", "the deck and the discard pile")
    assert_in_view(page, f"{MM} .mm-hand-cards", "your hand")
    assert_in_view(page, f"{MM} .tb-buttons button", "the buttons")
    assert_tablet_friendly(page)


def open_game(page, url: str, game: str, lang: str = "en") -> None:
    page.goto(f"{url}/moemmen?game={game}&lang={lang}")
    part(page, MM, "t0").wait_for()
    page.wait_for_timeout(300)  # the pictures settle


@pytest.mark.parametrize("size", ["landscape", "wide", "portrait"])
def test_a_turn_with_four_bots_on_one_screen(app, size):
    played, state = game_at(app.store, 5, my_turn)
    move = next(m for m in state.legal_actions() if m.kind == "exchange")
    give, take = f"h{move.give}-0", f"t{state.table.index(move.take)}"
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played)
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-turn.png")
        assert_one_screen(page)
        assert board_button(page, MM, "exchange").is_disabled()
        select(page, MM, give)  # in the browser only: what cannot pair with it is greyed
        unpaired = page.locator(f"{MM} .tb-unpaired")
        greyed = {unpaired.nth(n).get_attribute("data-tap") for n in range(unpaired.count())}
        pairs = {(m.give, m.take) for m in state.legal_actions() if m.kind == "exchange"}
        allowed = {f"t{place}" for place, card in enumerate(state.table) if (move.give, card) in pairs}
        assert {f"t{place}" for place in range(5)} - allowed <= greyed and not allowed & greyed
        select(page, MM, take)
        assert not board_button(page, MM, "exchange").is_disabled()
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-chosen.png")
    assert len(app.store.load(played).state.history) == len(state.history), "choosing decides nothing"


@pytest.mark.parametrize(("size", "lang"), [("landscape", "en"), ("wide", "en"), ("portrait", "de")])
def test_what_the_opponents_were_seen_to_take_on_one_screen(app, size, lang):
    """Four bots, each holding cards it took from the table (three or more for some): their small
    pictures in the players' boxes, and the table, your hand and the buttons still on one screen."""
    played, state = game_at(app.store, 5, lambda s: my_turn(s) and all(s.known[1:])
                            and sum(len(cards) for cards in s.known[1:]) >= 12)
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played, lang=lang)
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-known-{lang}.png")
        assert_one_screen(page)
        assert page.locator(f"{MM} .mm-known").count() == 4
        assert_in_view(page, f"{MM} .mm-known", "the cards seen taken")
        pictures = page.locator(f"{MM} .mm-known svg")
        assert pictures.count() == sum(len(cards) for cards in state.known[1:])
        assert all(pictures.nth(n).bounding_box()["width"] >= 38 for n in range(pictures.count())), "too small to read"


def test_together_an_exchange_by_tapping_then_the_tablet_is_passed(app, size="portrait"):
    played, state = game_at(app.store, 3, lambda s: s.current_player == 0 and s.phase == "turn"
                            and len(s.history) > 3 and completing(s) is None, humans=3, seed_from=40)
    move = next(m for m in state.legal_actions() if m.kind == "exchange")
    with browser_page(*SIZES[size]) as page:
        page.goto(f"{app.url}/moemmen?game={played}&lang=en")
        page.get_by_text("Ann, it is your turn").wait_for()
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-cover.png")
        page.get_by_role("button", name="It is me").tap()
        part(page, MM, "t0").wait_for()
        page.wait_for_timeout(300)
        select(page, MM, f"h{move.give}-0", f"t{state.table.index(move.take)}")
        press(page, MM, "exchange")
        page.get_by_text("Bo, it is your turn").wait_for()
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-passed.png")
        assert page.get_by_role("button", name="Undo Ann's move").is_visible()
        page.get_by_role("button", name="It is me").tap()
        board_button(page, MM, "pass").wait_for()
        assert_tablet_friendly(page)
        press(page, MM, "pass")
        page.get_by_text("Cleo, it is your turn").wait_for()
    after = app.store.load(played).state
    assert after.history[len(state.history):] == [move, after.history[-1]] and after.history[-1].kind == "pass"


def test_tim_answered_as_an_opponent_in_german(app):
    played, state = game_at(app.store, 2, lambda s: s.phase == "tim_take" and s.current_player == 0)
    move = state.legal_actions()[0]
    with browser_page(*SIZES["landscape"]) as page:
        open_game(page, app.url, played, lang="de")
        page.get_by_text("spielt Tim. Ann, nimm eine Minuskarte").wait_for()
        page.screenshot(path=ARTIFACTS / "moemmen-landscape-tim-take-de.png")
        assert_one_screen(page)
        select(page, MM, f"t{state.table.index(move.take)}", f"h{move.give}-0")
        press(page, MM, "exchange")
        wait_idle(page)
    assert app.store.load(played).state.history[len(state.history)] == move


def test_the_round_over_screen(app, size="landscape"):
    played, state = game_at(app.store, 4, completing, seed_from=3)
    move = completing(state)
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played)
        select(page, MM, f"h{move.give}-0", f"t{state.table.index(move.take)}")
        press(page, MM, "exchange")
        page.get_by_text(f"Round {state.round} is over").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-round-over.png", full_page=True)
        assert_in_view(page, '.st-key-mm-next-round button', "Next round")
        assert_tablet_friendly(page)


def test_the_score_check_by_tapping(app):
    with browser_page(*SIZES["portrait"]) as page:
        page.goto(f"{app.url}/score-check?lang=en")
        page.locator('[data-testid="stButtonGroup"] button', has_text="Mömmen").tap()
        part(page, CHECK, "cred+1").wait_for()
        for card in ("red+1", "red+2", "red+3", "red+4", "red+4", "blue-3", "tim", "green+2"):
            tap_to_decide(page, CHECK, f"c{card}")
        page.get_by_text("2 of 6 cards").wait_for()
        page.screenshot(path=ARTIFACTS / "moemmen-portrait-score-check.png", full_page=True)
        assert_tablet_friendly(page)


def test_five_players_scores_wrap_instead_of_being_cut(app, size="portrait"):
    """After a round every box holds the total and the last round; five boxes side by side on the
    tablet's narrow side, in German's longer words, wrap them to a second line instead of cutting them."""
    played, _ = game_at(app.store, 5, lambda s: s.current_player == 0 and s.phase == "turn" and s.round > 1)
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played, lang="de")
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-five-players-de.png")
        cut = page.locator(f"{MM} .mm-pinfo").evaluate_all(
            "boxes => boxes.filter(box => box.scrollWidth > box.clientWidth + 1).map(box => box.textContent)")
        assert not cut, f"cut off: {cut}"
        assert page.get_by_text("(letzte Runde").count() == 5
        assert_one_screen(page)


def test_a_hint_beside_the_table_leaves_the_hand_where_it_was(app, size="landscape"):
    """After Tim (German: long texts) the side column holds the status, four buttons, the note that
    Tim stands and then the hint: it grows downwards, the table and your hand stay together."""
    played, _ = game_at(app.store, 5, lambda s: s.phase == "tim_exchange" and s.current_player == 0)
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played, lang="de")
        hand = page.locator(f"{MM} .mm-hand-cards")
        before = hand.bounding_box()["y"]
        press(page, MM, "hint")
        page.locator(f"{MM} .tb-hint-text").wait_for()
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-tim-hint-de.png")
        assert hand.bounding_box()["y"] == before
        assert_one_screen(page)
        assert_in_view(page, f"{MM} .tb-hint-text", "the hint")


def test_a_card_that_cannot_be_exchanged_says_why_when_tapped(app, size="landscape"):
    def blocked(hand, table):
        return [card for card in hand if IS_MINUS[card]
                and not any(IS_PLUS[taken] and COLOUR_OF[taken] == COLOUR_OF[card] for taken in table)]

    played, state = game_at(app.store, 2, lambda s: my_turn(s) and blocked(s.hands[0], s.table))
    minus = blocked(state.hands[0], state.table)[0]
    with browser_page(*SIZES[size]) as page:
        open_game(page, app.url, played)
        note = page.locator(f"{MM} .tb-note")
        assert not note.is_visible()  # no room taken while there is nothing to say
        part(page, MM, f"h{minus}-0").tap()
        note.wait_for()
        assert "only be exchanged for a plus card of its colour" in note.inner_text()
        page.screenshot(path=ARTIFACTS / f"moemmen-{size}-why-not.png")
        part(page, MM, "t0").tap()  # another tap: the note goes
        page.wait_for_timeout(100)
        assert not note.is_visible()
