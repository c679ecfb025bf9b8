"""The real app in a real browser at tablet sizes: tapping the boards, one screen per decision,
screenshots, restarts.

One served app per module (games are saved straight into its file of saved games); screenshots
land in tests/artifacts/ to be looked at.
"""

from __future__ import annotations

import random
import re

import pytest

from assistant.games import get_game
from assistant.games.biber_gang.actions import DRAW_DECK
from assistant.games.hamstern import Roll
from assistant.store import Store
from assistant.ui.nav import game_names
from tests.browser import browser_page, served_app
from tests.hamstern.helpers import cell_ids
from tests.in_browser import (
    ARTIFACTS,
    BG,
    HS,
    HS_COUNTER,
    HS_DIE,
    SC,
    SIZES,
    assert_in_view,
    assert_tablet_friendly,
    board_button,
    game_id,
    mode_button,
    part,
    press,
    select,
    tap_to_decide,
    tops,
    wait_idle,
)

pytestmark = pytest.mark.browser


def hamstern_game(store: Store, roll: int, players: int = 4, dice: str = "app") -> str:
    state = get_game("hamstern").new_state(players, seed=1)
    state.apply(Roll(roll))
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    return store.create(state, {"names": names, "dice": dice})


def biber_game_with_a_drawn_card(store: Store, opponents: int = 5) -> str:
    state = get_game("biber_gang").new_state(opponents + 1, seed=3)
    rng = random.Random(3)
    while not (state.current_player == 0 and state.phase == "draw"):
        state.apply(rng.choice(state.legal_actions()))
    state.apply(DRAW_DECK)
    names = ["Ann"] + [f"Bot {n}" for n in range(1, opponents + 1)]
    return store.create(state, {"names": names, "bots": ["human"] + ["easy"] * opponents, "mode": "solo",
                                "speed": "quick"})


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


def test_a_restarted_server_reopens_the_same_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(f"{url}/hamstern?lang=de")
        page.get_by_role("button", name="Spiel starten").tap()
        wait_idle(page)
        page.locator(f"{HS} button", has_text="Würfeln").tap()
        wait_idle(page)
        page.get_by_text("Person 1, du bist dran").wait_for()
        game_url = page.url
        rolled = Store(db).load(game_id(page)).state.roll
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(game_url.replace(game_url.split("/hamstern")[0], url))
        part(page, HS, "4-5").wait_for()
        assert page.locator(HS_DIE).get_attribute("aria-label") == str(rolled)
        page.get_by_text("Person 1, du bist dran").wait_for()
        page.screenshot(path=ARTIFACTS / "app-restarted.png", full_page=True)


def test_score_check_print_and_home_fit_a_tablet(app):
    with browser_page(800, 1280) as page:
        page.goto(f"{app.url}/score-check?lang=de")
        tap_to_decide(page, SC, "4-5")
        page.locator(f'{SC} [data-tap="4-5"].tb-crossed').wait_for()  # a tap, a cross (saved, drawn again)
        assert_tablet_friendly(page)
        nav = page.locator('.st-key-ht-topbar [data-testid="stPageLink"] a')
        pages = 3 + len(game_names())  # Home, Print, Score check and every game that can be played
        assert nav.count() == pages, "every page in the top bar in German at 800 px (none under 'more')"
        for n in range(nav.count()):
            box = nav.nth(n).bounding_box()
            assert box["height"] >= 44 and box["x"] + box["width"] <= 800, box
        page.screenshot(path=ARTIFACTS / "app-score-check.png", full_page=True)
        page.goto(f"{app.url}/print?lang=en")
        download_button = page.get_by_role("button", name=re.compile("Download PDF"))
        download_button.wait_for()
        with page.expect_download() as download:
            download_button.click()
        assert download.value.suggested_filename == "hamstern-A-a4-en.pdf"
        page.goto(f"{app.url}/?lang=en")
        page.get_by_text("Recent games").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / "app-home.png", full_page=True)


# --- Biber Gang --------------------------------------------------------------------------------------
def test_the_whole_biber_gang_turn_is_on_one_screen_with_five_opponents(app):
    played = biber_game_with_a_drawn_card(app.store)
    with browser_page(*SIZES["landscape"]) as page:
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{app.url}/biber-gang?game={played}&lang=en")
            page.locator(f"{BG} .bg-drawn").wait_for()
            page.wait_for_timeout(300)
            page.screenshot(path=ARTIFACTS / f"one-screen-biber-{size}.png")
            assert page.locator(f"{BG} .bg-opponent").count() == 5
            assert_in_view(page, f"{BG} .bg-mine", "your display")
            assert_in_view(page, f'{BG} [data-tap="deck"]', "the deck")
            assert_in_view(page, f'{BG} [data-tap="discard"]', "the discard")
            assert_in_view(page, f"{BG} .bg-drawn", "the drawn card")
            assert_in_view(page, f"{BG} .tb-modes button", "what to do with it")
            assert_in_view(page, f"{BG} .tb-buttons button", "the buttons")
            assert_tablet_friendly(page)
        # The new-game form with five opponents to set: Start on the screen, in German too.
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(f"{app.url}/biber-gang?lang=de")
        page.locator(".st-key-bg_new_count button").filter(has_text="5").click()
        page.locator(".st-key-bg_new_level_4").wait_for()
        page.wait_for_timeout(300)
        assert_in_view(page, ".st-key-bg_start button", "Start")


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_biber_gang_solo_at_tablet_size(app, size):
    width, height = SIZES[size]
    with browser_page(width, height) as page:
        page.goto(f"{app.url}/biber-gang?lang=en")
        page.get_by_role("button", name="Start the game").tap()  # one opponent, at normal speed
        wait_idle(page)
        for position in ("p0", "p5"):  # turn up two cards: each tap decides
            tap_to_decide(page, BG, position)
            page.locator(f'{BG} [data-tap="{position}"]:not(.tb-tappable)').wait_for()  # face up now
        page.get_by_text("Your turn: draw from the deck").wait_for(timeout=60_000)
        # A tap within the bots' last fragment tick (about 0.4 s) is sent with the ended fragment's
        # id and lost (reported to the lead): a player would tap again; the test waits it out.
        page.wait_for_timeout(800)
        tap_to_decide(page, BG, "deck")
        page.get_by_text("You drew this card").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / f"biber-{size}-drawn.png", full_page=True)
        mode_button(page, BG, "swap").tap()  # chosen in the browser
        tap_to_decide(page, BG, "p1")  # action 2: into a face-down place
        page.get_by_text("Player 1 drew a").wait_for(timeout=60_000)
        page.get_by_text("Your turn: draw from the deck").wait_for(timeout=60_000)  # the bot has moved
        page.screenshot(path=ARTIFACTS / f"biber-{size}-after.png", full_page=True)


def test_five_bots_at_normal_speed_move_while_the_table_stays_and_give_the_turn_back(app):
    # How long they take is a figure of bench/app.py, not a test: a loaded machine is slower.
    state = get_game("biber_gang").new_state(6, seed=5)
    rng = random.Random(5)
    while not (state.current_player == 0 and state.phase == "draw"):
        state.apply(rng.choice(state.legal_actions()))
    names = ["Ann"] + [f"Bot {n}" for n in range(1, 6)]
    played = app.store.create(state, {"names": names, "bots": ["human"] + ["easy"] * 5, "mode": "solo",
                                      "speed": "normal"})
    with browser_page(*SIZES["landscape"]) as page:
        page.goto(f"{app.url}/biber-gang?game={played}&lang=en")
        tap_to_decide(page, BG, "deck")
        page.get_by_text("You drew this card").wait_for()
        mode_button(page, BG, "swap").tap()
        part(page, BG, "p1").tap()
        page.get_by_text("is thinking").first.wait_for()  # the table stays while they move
        page.get_by_text("Your turn: draw from the deck").wait_for(timeout=30_000)
    assert app.store.action_count(played) >= len(state.history) + 2 + 5 * 2  # your two moves, five bot turns
