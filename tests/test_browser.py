"""The real app in a real browser at tablet sizes: tapping, layout, screenshots, restarts.

Screenshots land in tests/artifacts/ to be looked at.
"""

from __future__ import annotations

import pytest

from assistant.store import Store
from tests.browser import browser_page, require_chromium, served_app
from tests.helpers import cells

pytestmark = pytest.mark.browser
ARTIFACTS = __import__("pathlib").Path(__file__).parent / "artifacts"
SIZES = {"landscape": (1024, 768), "wide": (1280, 800), "portrait": (800, 1280)}


@pytest.fixture(autouse=True)
def _chromium():
    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)


def wait_idle(page) -> None:
    """Wait for Streamlit to finish the rerun a tap started."""
    page.wait_for_timeout(150)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000)


def tap_cells(page, names: str) -> None:
    for row, col in sorted(cells(names)):
        page.locator(f".st-key-hc-{row}-{col} button").tap()
        wait_idle(page)


def enter_roll(page, value: int) -> None:
    page.locator(f".st-key-hs-die-{value} button").tap()
    wait_idle(page)


def confirm(page) -> None:
    page.locator(".st-key-hs-confirm button").tap()
    wait_idle(page)


def assert_tablet_friendly(page) -> None:
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    inner_width = page.evaluate("window.innerWidth")
    assert scroll_width <= inner_width, f"sideways scrolling: {scroll_width} > {inner_width}"
    small = page.evaluate("""() => [...document.querySelectorAll('button')]
        .filter(b => b.offsetParent !== null && !b.closest('header') && !b.closest('[data-testid="stSidebar"]'))
        .map(b => b.getBoundingClientRect())
        .filter(r => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
        .map(r => [Math.round(r.width), Math.round(r.height)])""")
    assert not small, f"tap targets under 44 px: {small[:5]}"


@pytest.mark.parametrize("size", list(SIZES))
def test_play_rounds_by_tapping(tmp_path, size):
    width, height = SIZES[size]
    with served_app(tmp_path / "games.sqlite3") as url, browser_page(width, height) as page:
        page.goto(f"{url}/hamstern?lang=en")
        page.get_by_text("Start the game").wait_for()
        page.get_by_text("We roll a real die").tap()
        wait_idle(page)
        page.screenshot(path=ARTIFACTS / f"app-{size}-setup.png", full_page=True)
        page.get_by_role("button", name="Start the game").tap()
        wait_idle(page)
        enter_roll(page, 3)
        tap_cells(page, "F5 G5 H5")
        page.get_by_role("button", name="✔ Cross 3").wait_for()
        confirm(page)
        page.get_by_text("Player 2, your turn").wait_for()
        tap_cells(page, "A1 B1 C1")        # not in the start chamber: refused with a reason
        page.locator(".st-key-hs-confirm button").tap()
        wait_idle(page)
        page.screenshot(path=ARTIFACTS / f"app-{size}-refused.png", full_page=True)
        alert = page.locator('[data-testid="stAlert"]').filter(has_text="very first crosses go into the start")
        alert.wait_for()
        page.screenshot(path=ARTIFACTS / f"app-{size}-refused.png", full_page=True)
        page.get_by_role("button", name="Clear").tap()
        wait_idle(page)
        tap_cells(page, "G6 G7 F7")
        confirm(page)
        enter_roll(page, 2)
        tap_cells(page, "D5 C5")            # player 1 enters chamber d through the corridor
        confirm(page)
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / f"app-{size}-playing.png", full_page=True)
        game_id = page.evaluate("new URLSearchParams(location.search).get('game')")
    state = Store(tmp_path / "games.sqlite3").load(game_id).state
    assert len(state.history) == 5 and state.current_player == 1


def test_a_restarted_server_reopens_the_same_game(tmp_path):
    db = tmp_path / "games.sqlite3"
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(f"{url}/hamstern?lang=de")
        page.get_by_role("button", name="Spiel starten").tap()
        wait_idle(page)
        page.get_by_role("button", name="Würfeln").tap()
        wait_idle(page)
        game_url = page.url
        rolled = Store(db).load(page.evaluate("new URLSearchParams(location.search).get('game')")).state.roll
    with served_app(db) as url, browser_page(1024, 768) as page:
        page.goto(game_url.replace(game_url.split("/hamstern")[0], url))
        page.get_by_text(f"Der Würfel zeigt {rolled}").wait_for()
        page.locator(".st-key-hc-4-5 button").wait_for()
        page.screenshot(path=ARTIFACTS / "app-restarted.png", full_page=True)


def test_score_check_and_print_pages_fit_a_tablet(tmp_path):
    with served_app(tmp_path / "games.sqlite3") as url, browser_page(800, 1280) as page:
        page.goto(f"{url}/score-check?lang=de")
        page.locator(".st-key-sc-4-5 button").tap()
        wait_idle(page)
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / "app-score-check.png", full_page=True)
        page.goto(f"{url}/print?lang=en")
        page.get_by_role("button", name="⬇️ Download PDF").wait_for()
        with page.expect_download() as download:
            page.get_by_role("button", name="⬇️ Download PDF").click()
        assert download.value.suggested_filename == "hamstern-A-a4-en.pdf"
        page.goto(f"{url}/?lang=en")
        page.get_by_text("Recent games").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / "app-home.png", full_page=True)


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_biber_gang_solo_at_tablet_size(tmp_path, size, monkeypatch):
    monkeypatch.setenv("HAMSTER_TABLE_BOT_DELAY", "0.05")
    width, height = SIZES[size]
    with served_app(tmp_path / "games.sqlite3") as url, browser_page(width, height) as page:
        page.goto(f"{url}/biber-gang?lang=en")
        page.get_by_role("button", name="Start the game").tap()
        wait_idle(page)
        for position in (0, 5):  # turn up two cards
            page.locator(f".st-key-bg-card-{position} button").tap()
            wait_idle(page)
        page.get_by_text("Your turn: draw from the deck").wait_for(timeout=60_000)
        page.locator(".st-key-bg-draw button").tap()
        wait_idle(page)
        page.get_by_text("You drew this card").wait_for()
        assert_tablet_friendly(page)
        page.screenshot(path=ARTIFACTS / f"biber-{size}-drawn.png", full_page=True)
        page.locator(".st-key-bg-card-1 button").tap()  # action 2: into a face-down place
        wait_idle(page)
        page.get_by_text("Player 1 drew a").wait_for(timeout=60_000)
        page.screenshot(path=ARTIFACTS / f"biber-{size}-after.png", full_page=True)
