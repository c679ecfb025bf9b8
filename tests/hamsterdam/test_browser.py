"""Hamsterdam in a real browser at tablet sizes: the deciding player's dam, the roll and the decision's
buttons on one screen without scrolling, taps of 44 px at least, and deciding by tapping (a hamster
and the card it moves to, the hamster that plugs a flood, a piece and a card when placing, the
specials kept, the faces of real dice). Screenshots land in tests/artifacts/ to be looked at."""

from __future__ import annotations

import random

import pytest

from assistant.games import get_game
from assistant.games.hamsterdam.actions import RESTORE
from assistant.games.hamsterdam.cards import MARKED, TURNED, numbers
from assistant.store import Store
from assistant.ui.hamsterdam.board import TABLE_CSS
from assistant.ui.hamsterdam.decisions import board_for, parts_of
from assistant.ui.hamsterdam.pictures import piece_chip
from tests.browser import App, browser_page, require_chromium
from tests.in_browser import (
    ARTIFACTS,
    SIZES,
    assert_in_view,
    assert_tablet_friendly,
    board_button,
    mode_button,
    press,
    select,
    settle,
    tap_to_decide,
    wait_idle,
)

pytestmark = pytest.mark.browser
HD = '.st-key-hd-board:not([data-stale="true"])'


def game_at(store: Store, players: int, mode: str, wanted, *, dice: str = "app", seed_from: int = 0):
    """A saved game (you against random bots, quick) at the first position random play reaches that
    ``wanted`` accepts."""
    for seed in range(seed_from, seed_from + 100):
        game = get_game("hamsterdam").new_state(players, seed=seed, mode=mode)
        rng = random.Random(seed)
        while not game.is_over() and not wanted(game):
            game.apply(game.chance_outcome() if game.is_chance_node() else rng.choice(game.legal_actions()))
        if wanted(game):
            setup = {"names": ["Ann"] + [f"Bot {n}" for n in range(1, players)],
                     "bots": ["human"] + ["random"] * (players - 1), "mode": "alone", "speed": "quick", "dice": dice}
            return store.create(game, setup), game
    raise AssertionError("no game reached the wanted position")


def opened(page, app: App, game_id: str, name: str) -> None:
    page.goto(f"{app.url}/hamsterdam?game={game_id}&lang=en")
    page.locator(f"{HD} .hd-big").wait_for()
    page.wait_for_timeout(400)  # the pictures settle
    page.screenshot(path=ARTIFACTS / f"hamsterdam-{name}.png")


def assert_one_screen(page, *, roll: bool = True) -> None:
    """What happens now, the deciding player's dam, the roll and the buttons: all on the screen."""
    assert_in_view(page, f"{HD} .hd-status", "what happens now")
    assert_in_view(page, f"{HD} .hd-big", "the deciding player's dam")
    assert_in_view(page, f"{HD} .tb-buttons button", "the decision's buttons")
    if roll:
        assert_in_view(page, f"{HD} .hd-roll", "the roll")
    assert_tablet_friendly(page)


def your_move(game) -> bool:
    return game.current_player == 0 and game.phase == "move" and game.turns > 4 and any(
        move.kind == "move" for move in game.legal_actions())


@pytest.mark.parametrize("size", ["landscape", "wide", "portrait"])
def test_a_move_by_tapping_a_hamster_then_its_card(app, size):
    played, game = game_at(app.store, 3, "full", your_move)
    move = next(move for move in game.legal_actions() if move.kind == "move")
    board = board_for(game.view(0), game.legal_actions(), 0)
    piece, card = parts_of(board, move)[0]
    with browser_page(*SIZES[size]) as page:
        opened(page, app, played, f"{size}-move")
        assert_one_screen(page)
        select(page, HD, piece, card)  # in the browser only
        assert page.locator(f"{HD} .tb-selected").count() == 2
        assert board_button(page, HD, "move").is_enabled()
        page.screenshot(path=ARTIFACTS / f"hamsterdam-{size}-move-chosen.png")
        press(page, HD, "move")
    assert app.store.load(played).state.history[len(game.history)] == move


def your_flood(game) -> bool:
    if game.current_player != 0 or game.phase != "flood":
        return False
    board = board_for(game.view(0), game.legal_actions(), 0)
    return any(parts_of(board, move)[0] for move in game.legal_actions() if move.kind == "plug")


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_a_flood_is_plugged_by_tapping_the_hamster(app, size):
    played, game = game_at(app.store, 3, "full", your_flood)
    board = board_for(game.view(0), game.legal_actions(), 0)
    plug = next(move for move in game.legal_actions() if move.kind == "plug" and parts_of(board, move)[0])
    with browser_page(*SIZES[size]) as page:
        opened(page, app, played, f"{size}-flood")
        assert_one_screen(page)
        assert page.locator(f"{HD} .hd-flooding").count() == 1  # the card that floods stands out
        tap_to_decide(page, HD, parts_of(board, plug)[0][0])
        page.screenshot(path=ARTIFACTS / f"hamsterdam-{size}-flood-plugged.png")
    assert app.store.load(played).state.history[len(game.history)] == plug


def test_placing_a_special_then_a_hamster(app):
    played, game = game_at(app.store, 4, "full", lambda g: g.phase == "place" and g.current_player == 0
                           and len(set(g.hand[0])) > 1)
    board = board_for(game.view(0), game.legal_actions(), 0)
    special = next(mode for mode in board.modes if mode["piece"] != "hamster")
    with browser_page(*SIZES["landscape"]) as page:
        opened(page, app, played, "landscape-place")
        assert_one_screen(page, roll=False)
        mode_button(page, HD, special["id"]).tap()  # in the browser only
        page.locator(f'{HD} [data-tap="{special["tappable"][0]}"].tb-tappable').wait_for()
        tap_to_decide(page, HD, special["tappable"][0])
    placed = app.store.load(played).state.history[len(game.history)]
    assert placed.kind == "put" and placed.piece == special["piece"]


def your_redeployment(game) -> bool:
    return game.phase == "place" and game.current_player == 0 and RESTORE in game.legal_actions()


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_place_as_before_is_one_button_on_the_first_screen(app, size):
    played, game = game_at(app.store, 3, "full", your_redeployment)
    _, button = parts_of(board_for(game.view(0), game.legal_actions(), 0), RESTORE)
    with browser_page(*SIZES[size]) as page:
        opened(page, app, played, f"{size}-redeploy")
        assert_one_screen(page, roll=False)
        restore = board_button(page, HD, button)
        assert restore.inner_text().strip() == "Place as before"
        assert_in_view(page, f'{HD} button[data-button="{button}"]', "Place as before")
        box = restore.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
        assert page.locator(f"{HD} .hd-big .hd-stood .hd-chip").count()  # where the pieces stood, faint
        press(page, HD, button)
        page.screenshot(path=ARTIFACTS / f"hamsterdam-{size}-redeploy-restored.png")
    assert app.store.load(played).state.history[len(game.history)] == RESTORE


def test_keeping_specials_by_tapping(app):
    played, game = game_at(app.store, 2, "full", lambda g: g.phase == "keep" and g.current_player == 0
                           and len(g.offered[0]) >= 2)
    count = len(game.offered[0]) // 2
    with browser_page(*SIZES["portrait"]) as page:
        opened(page, app, played, "portrait-keep")
        assert_in_view(page, f"{HD} .hd-offer", "the specials offered")
        assert_in_view(page, f"{HD} .tb-buttons button", "the buttons")
        assert_tablet_friendly(page)
        select(page, HD, *(f"k{n}" for n in range(count)))
        assert board_button(page, HD, "keep").inner_text().strip() == f"Keep these ({count} of {count})"
        press(page, HD, "keep")
    kept = app.store.load(played).state.history[len(game.history)]
    assert kept.kind == "keep" and kept.cards == tuple(sorted(game.offered[0][:count]))


def test_real_dice_are_entered_by_their_faces(app):
    played, game = game_at(app.store, 2, "classic", lambda g: g.phase == "roll" and g.roller() == 0 and g.turns > 2,
                           dice="real")
    with browser_page(*SIZES["landscape"]) as page:
        opened(page, app, played, "landscape-real-dice")
        assert_one_screen(page)
        assert_in_view(page, f"{HD} .hd-die", "the dice faces")
        select(page, HD, "a3", "b6")
        page.screenshot(path=ARTIFACTS / "hamsterdam-landscape-real-dice-chosen.png")
        press(page, HD, "enter")
        wait_idle(page)
    assert app.store.load(played).state.history[len(game.history)].dice == (3, 6)


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_the_end_screen(app, size):
    played, _ = game_at(app.store, 3, "classic", lambda g: g.is_over())
    with browser_page(*SIZES[size]) as page:
        page.goto(f"{app.url}/hamsterdam?game={played}&lang=en")
        page.locator("h2", has_text="The game is over").wait_for()
        settle(page)  # the end screen is drawn in parts (the standings, the chart): all of it
        page.get_by_text("Hamsters").first.wait_for()
        page.screenshot(path=ARTIFACTS / f"hamsterdam-{size}-end.png")
        assert_tablet_friendly(page)


def test_no_special_name_is_broken_inside_a_word():
    """Every special (plain, turned, marked) as a chip in columns as narrow as a big dam's card at
    1024 px (56 px) and a small dam's (48 px): a name on two lines is cut only at a hyphen."""
    require_chromium()
    specials = numbers().special_names
    chips = [piece_chip(piece) for name in specials for piece in (name, TURNED + name, MARKED + name)]

    def dam(kind: str, width: int) -> str:
        columns = "".join(f'<div class="hd-pos"><div class="hd-stack">{chip}</div></div>' for chip in chips)
        return (f'<div style="width:{width * len(chips)}px"><div class="hd-player {kind}"><div class="hd-dam" '
                f'style="grid-template-columns: repeat({len(chips)}, minmax(0, 1fr))">{columns}</div></div></div>')

    with browser_page(*SIZES["landscape"]) as page:
        page.set_content(f"<style>{TABLE_CSS}</style>{dam('hd-big', 56)}{dam('hd-small', 48)}")
        broken = page.evaluate("""() => [...document.querySelectorAll('.hd-chip span')].filter(el => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
            return lines.size > 1 && !/[ -]/.test(el.textContent);
        }).map(el => el.textContent)""")
    assert not broken, f"names broken inside a word: {sorted(set(broken))}"
