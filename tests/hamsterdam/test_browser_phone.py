"""Hamsterdam's seat page on a phone, in a real browser, at a small phone's size, a common one and a
phone on its side, in English and German: every decision a phone seat makes (passing, laying, keeping
specials, placing and redeploying, rolling, entering real dice, floods, the roll's specials, moving, a
breach) and waiting, each with what it needs on one screen: the dam as a phone layout (two columns of
positions, each card with its stack beside it, names in full), taps of 44 px, texts of 14 px.

The positions come from one seeded game of random moves, taken where Ben (seat 1) decides. The pages
of one language load side by side; each is then laid out at the three sizes without a reload.
Screenshots: tests/artifacts/phone-hamsterdam-[<situation>-]<size>-<lang>.png, to be looked at.
"""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.ui.hamsterdam.devices import roller
from tests.in_browser import ARTIFACTS, PHONE_SIZES, press, select, wait_idle
from tests.phone_pages import at_size, check_phone
from tests.seat_devices import chromium, saved, seat_url

pytestmark = pytest.mark.browser
HD = '.st-key-hd-board:not([data-stale="true"])'
SETUP = {"names": ["Ann", "Ben"], "bots": ["human", "human"], "mode": "together", "speed": "quick", "dice": "app"}
# The first time Ben meets these (the dam still bare), and the last (the dam full of stacks).
FIRST = ("pass", "arrange", "keep", "place", "roll")
LAST = ("redeploy", "flood", "window", "choose_dice", "move", "breach", "waiting")
MAIN = "move"  # its screenshots are the ones without a situation in their names
MEASURED = ARTIFACTS / "phone-hamsterdam-measured.txt"  # at 390 x 844: the smallest tap target and text


def played(seed: int) -> tuple[dict, dict]:
    """A 2-player full game of random moves: the positions where Ben decides (by phase; "redeploy": a
    placing after the first round), where he rolls, and where he waits for Ann to move; the first
    and the last of each."""
    rng = random.Random(seed)
    state = get_game("hamsterdam").new_state(2, seed=seed, mode="full")
    first, last = {}, {}
    while not state.is_over():
        view = state.view(None)
        if state.is_chance_node():
            if view["phase"] == "roll" and roller(view) == 1:
                first.setdefault("roll", state.clone())
            state.apply(state.chance_outcome())
            continue
        key = state.phase if state.current_player == 1 else ("waiting" if state.phase == "move" else None)
        if key == "place" and view["turns"]:
            key = "redeploy"
        if key:
            first.setdefault(key, state.clone())
            last[key] = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    return first, last


def situations() -> dict:
    """Every situation of the test, from seeded games: most from one, the rare ones (a breach's
    sacrifice, Whack-a-Mole) from games where they come up."""
    first, last = played(7)
    found = {key: first[key] for key in FIRST} | {key: last[key] for key in LAST}
    found["sacrifice"] = played(37)[1]["sacrifice"]
    found["mole"] = played(35)[1]["mole"]
    return found | {"real": found["roll"]}  # Ben's roll again, with real dice: he enters them


@pytest.fixture(scope="module")
def browser():
    MEASURED.unlink(missing_ok=True)
    with chromium() as shared:
        yield shared


@pytest.fixture(scope="module")
def seats(app) -> dict[str, dict[str, tuple]]:
    """Per language, each situation saved as a game of its own: its position, its id and Ben's seat link."""
    found = situations()
    saved = {}
    for lang in ("en", "de"):
        saved[lang] = {}
        for name, state in found.items():
            game_id = app.store.create(state, SETUP | {"dice": "real" if name == "real" else "app"})
            saved[lang][name] = (state, game_id, app.store.seat_links(game_id, [1])[1].token)
    return saved


# Buttons beside the decision: a hint, taking one's last decision back (on screen where there is room).
ASIDE = ":not([data-button='hint']):not([data-button='take_hint']):not([data-button='undo'])"
# Where a button decides (Pass, Keep, Roll, Enter the roll, a special's use, Move); elsewhere a tap does.
BUTTONS = ("pass", "keep", "roll", "real", "window", "choose_dice", "move")
# Where the decision is a tap on a part (a card, a piece, a special, a die's face); elsewhere it is a button.
TAPS = ("pass", "arrange", "keep", "place", "redeploy", "real", "flood", "move", "breach", "sacrifice", "mole")


def in_view(name: str) -> dict[str, str]:
    """What must be wholly on the screen: what happens now, the parts a tap chooses, the pieces to
    place, the buttons that decide, the dice; waiting, the dam shown big."""
    parts = {"what happens now": f"{HD} .hd-status"}
    if name == "waiting":
        return parts | {"the dam": f"{HD} .hd-big"}
    if name in BUTTONS:
        parts["the buttons that decide"] = f"{HD} .tb-buttons button{ASIDE}"
    if name in TAPS:
        parts["the parts to tap"] = f"{HD} .tb-tappable"
    if name in ("place", "redeploy"):
        parts["the pieces to place"] = f"{HD} .tb-modes button"
    if name in ("flood", "window", "choose_dice", "move", "breach"):
        parts["the roll"] = f"{HD} .hd-roll"
    return parts


def open_seats(browser, url: str, seats: dict[str, tuple], lang: str) -> dict:
    """Every situation's seat page, loading side by side (each in a context of its own)."""
    pages = {}
    for name, (_, _, token) in seats.items():
        context = browser.new_context(viewport=dict(zip(("width", "height"), PHONE_SIZES["phone"], strict=True)),
                                      has_touch=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(seat_url(url, token, lang), wait_until="commit")
        pages[name] = page
    for page in pages.values():
        page.locator(f"{HD} .hd-status").wait_for()
        wait_idle(page)
    return pages


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_decision_of_a_phone_seat_fits_a_phone(app, browser, seats, lang):
    seats = seats[lang]
    pages = open_seats(browser, app.url, seats, lang)
    for name, page in pages.items():
        for size in PHONE_SIZES:
            at_size(page, size)
            shot = f"phone-hamsterdam-{'' if name == MAIN else name + '-'}{size}-{lang}"
            tap, text = check_phone(page, ".hd-table", in_view(name), shot)
            if size == "phone":
                with MEASURED.open("a", encoding="utf-8") as out:
                    out.write(f"{lang} {name}: smallest tap target {tap:.1f} px, smallest text {text}\n")

    # Deciding works in the phone's layout: Ben keeps his specials, and places a hamster with one tap.
    for name in ("keep", "place"):
        page = pages[name]
        at_size(page, "phone-small")
        state, game_id, _ = seats[name]
        before = app.store.action_count(game_id)
        if name == "keep":
            select(page, HD, *(f"k{n}" for n in range(len(state.legal_actions()[0].cards))))
            press(page, HD, "keep")
        else:
            page.locator(f"{HD} .hd-big .tb-tappable").first.tap()
            wait_idle(page)
        saved(page, app.store, game_id, before)
    for page in pages.values():
        page.context.close()
