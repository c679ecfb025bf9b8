"""The seat pages of the three card games made for a phone (issue 22), in a real browser: at 360x740,
390x844 and 844x390, in English and German, for each decision a seat makes and while it waits, what
the decision needs lies on one screen with no sideways scrolling, every tap target is 44 px or more
and every text of the board (card values, pile contents, names) 14 px or more.

One served app and one browser for the module; each seat page is opened once per language and
measured at the three sizes in turn (the phone layout is CSS: no new page is needed for a size).
Screenshots land in tests/artifacts/phone-<game>[-<situation>]-<size>-<lang>.png, to be looked at."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

import pytest

from assistant.games import get_game
from tests.in_browser import PHONE_SIZES, smallest_text, wait_idle
from tests.phone_pages import at_size, check_phone
from tests.seat_devices import chromium, device, seat_url

pytestmark = pytest.mark.browser
NAMES = ["Annegret", "Ben", "Cid", "Dee", "Eve"]
BOARDS = {game: f'.st-key-{key}-board:not([data-stale="true"])'
          for game, key in (("hamsterbacke", "hb"), ("biber_gang", "bg"), ("moemmen", "mm"))}
# The cards inside a board (its shadow root): their values and counts, measured on their own for the record.
CARDS = {"hamsterbacke": ".hb-group, .hb-chip, .hbp-pile, .hb-known-chip", "biber_gang": ".bg-card",
         "moemmen": ".mm-card, .mm-chip"}


class Situation(NamedTuple):
    name: str  # "" for the game's main decision (its screenshot has no situation in its name)
    players: int
    wanted: Callable  # the first position (of seeded random play) this accepts
    parts: tuple[str, ...]  # what the decision needs, each wholly on screen (inside the board)
    waiting: bool = False  # the page of the seat after the one in turn, which waits


def backe_turn(state) -> bool:
    """A turn with sets to play and a blocking stack to turn, a hand of five colours or more."""
    kinds = {move.kind for move in state.legal_actions()}
    colours = sum(1 for count in state.hands[state.current_player] if count)
    return state.phase == "act" and state.actions_left == 2 and {"play", "turn_pile"} <= kinds and colours >= 5


def biber_place(state) -> bool:
    """A card drawn from the deck, to place, with several cards of every display turned up."""
    turned_up = sum(bin(up).count("1") for up in state.face_up)
    return state.phase == "place" and state.drawn_from == "deck" and turned_up > 10


def moemmen_turn(state) -> bool:
    return state.phase == "turn" and any(move.kind == "exchange" for move in state.legal_actions()) \
        and any(state.known[p] for p in range(state.num_players))


HAND = ".hb-group, .hb-chip"
SITUATIONS = {
    "hamsterbacke": [
        Situation("", 4, backe_turn, (".hbp-pile", ".hbp-deck", HAND, ".tb-button", ".tb-status")),
        Situation("giver", 4, lambda state: state.phase == "choose_giver",
                  (".hb-player.tb-tappable", ".tb-button", ".tb-status")),
        Situation("give", 4, lambda state: state.phase == "give" and state.gift_size >= 2,
                  (".hb-chip", ".tb-button", ".tb-status")),
        Situation("waiting", 4, backe_turn, (".hbp-pile", HAND, ".tb-status"), waiting=True),
    ],
    "biber_gang": [
        Situation("", 4, biber_place, (".bg-mine .bg-card", ".bg-pile .bg-card", ".tb-button", ".tb-status")),
        Situation("reveal", 4, lambda state: state.phase == "reveal",
                  (".bg-mine .bg-card", ".bg-pile .bg-card", ".tb-button", ".tb-status")),
        Situation("draw", 4, lambda state: state.phase == "draw" and len(state.history) > 20,
                  (".bg-mine .bg-card", ".bg-pile .bg-card", ".tb-button", ".tb-status")),
        Situation("waiting", 4, biber_place, (".bg-mine .bg-card", ".bg-pile .bg-card", ".tb-status"), waiting=True),
    ],
    "moemmen": [
        Situation("", 5, moemmen_turn, (".mm-slots .mm-card", ".mm-hand-cards .mm-card", ".tb-button", ".tb-status")),
        Situation("take", 5, lambda state: state.phase == "tim_take",
                  (".mm-slots .mm-card", ".mm-hand-cards .mm-card", ".tb-button", ".tb-status")),
        Situation("waiting", 5, moemmen_turn, (".mm-slots .mm-card", ".mm-hand-cards .mm-card", ".tb-status"),
                  waiting=True),
    ],
}


def position(game: str, situation: Situation):
    """The first position seeded random play reaches that the situation accepts."""
    for seed in range(300):
        state = get_game(game).new_state(situation.players, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over() or situation.wanted(state):
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over() and situation.wanted(state):
            return state
    raise AssertionError(f"{game}: no game reached {situation.name or 'the main decision'}")


def seat_page_token(store, game: str, situation: Situation) -> str:
    """Everyone a person with a phone (no computer opponent moves on); the token of the seat in turn,
    or of the next seat, which waits."""
    state = position(game, situation)
    people = state.num_players
    setup = {"names": NAMES[:people], "bots": ["human"] * people, "mode": "together", "speed": "quick"}
    game_id = store.create(state, setup)
    seat = (state.current_player + situation.waiting) % people
    return store.seat_links(game_id, [seat])[seat].token


def assert_tap_says_why(page, board: str, what: str) -> None:
    """A tap on the last part drawn that cannot be used now (a player at the bottom, a face-up card, any
    card while another seat decides) shows why beside the board, on the screen where it was tapped."""
    dead = page.locator(f"{board} [data-tap]:not(.tb-tappable)")
    if not dead.count():
        return  # every part can be used
    dead.last.tap()
    note = page.locator(f"{board} .tb-note")
    note.wait_for()
    assert note.inner_text().strip(), f"{what}: a tap that does nothing says nothing"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    box = note.bounding_box()
    assert box["y"] >= -0.5 and box["y"] + box["height"] <= height + 0.5 and box["x"] + box["width"] <= width + 0.5, \
        f"{what}: the note is not on the screen: {box}"
    # As it was for the next size: no note, nothing scrolled (the tap scrolled its part into view).
    note.evaluate("element => { element.textContent = ''; }")
    page.evaluate("() => document.querySelectorAll('*').forEach((element) => { element.scrollTop = 0; })")


@pytest.fixture(scope="module")
def browser(app):
    with chromium() as opened:
        yield opened


@pytest.mark.parametrize("game", list(SITUATIONS))
def test_every_seat_page_is_made_for_a_phone(app, browser, game):
    board = BOARDS[game]
    measured = {}
    for situation in SITUATIONS[game]:
        token = seat_page_token(app.store, game, situation)
        for lang in ("en", "de"):
            page = device(browser, seat_url(app.url, token, lang), PHONE_SIZES["phone"])
            page.locator(f"{board} .tb-status").wait_for()
            wait_idle(page)
            for size in PHONE_SIZES:
                at_size(page, size)
                what = f"{game} {situation.name or 'decision'} at {size} ({lang})"
                name = "-".join(filter(None, ("phone", game, situation.name, size, lang)))
                in_view = {part: ", ".join(f"{board} {one}" for one in part.split(", ")) for part in situation.parts}
                tap, (text_size, text) = check_phone(page, board, in_view, name)
                assert text, f"{what}: no text measured in the board"
                assert_tap_says_why(page, board, what)
                if size == "phone":
                    measured[(situation.name, lang)] = (tap, text_size, smallest_text(page, CARDS[game])[0])
            page.context.close()
    # What the issue asks about, printed for the record (pytest -s): at 390x844, the smallest of each.
    taps, texts, cards = zip(*measured.values(), strict=True)
    print(f"\n{game} at 390x844: smallest tap target {min(taps):.0f} px, smallest text {min(texts):.1f} px, "
          f"smallest card text {min(cards):.1f} px")
