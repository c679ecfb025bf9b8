"""In a real browser: typed names and ids render as the characters typed (no link, no HTML),
/biber_gang reaches Biber Gang, a game id opened on the other game's page finds its page,
and players get no developer menu."""

from __future__ import annotations

import urllib.parse

import pytest

from assistant.games import get_game
from assistant.store import Store
from tests.browser import browser_page, require_chromium, served_app
from tests.in_browser import BG, part, wait_idle

pytestmark = pytest.mark.browser
NAME = "[y](https://example.org) <img src=x> **b** www.example.org me@example.org"
LINK_ID = "[click](https://example.org)"


@pytest.fixture(autouse=True)
def _chromium():
    require_chromium()


def test_names_and_ids_render_as_typed_and_links_find_their_page(tmp_path):
    db_path = tmp_path / "games.sqlite3"
    store = Store(db_path)
    biber_id = store.create(get_game("biber_gang").new_state(2, seed=1),
                            {"names": [NAME, "Bot 1"], "bots": ["human", "easy"], "mode": "solo", "speed": "quick"})
    with served_app(db_path) as url, browser_page(1024, 768) as page:
        for path in (f"/biber_gang?game={biber_id}&lang=en", f"/hamstern?game={biber_id}&lang=en"):
            page.goto(url + path)
            part(page, BG, "p0").wait_for()
            wait_idle(page)
            assert urllib.parse.urlparse(page.url).path == "/biber-gang", page.url
            text = page.inner_text("body").replace("\u2060", "")  # the invisible joiners that stop autolinks
            assert NAME in text  # the brackets, the tag and the stars, as typed (the score table)
            over_my_cards = page.locator(f"{BG} .bg-mine .bg-name").inner_text()  # inside the board
            assert over_my_cards.startswith(NAME), over_my_cards
            assert not page.locator('a[href*="example.org"]').count(), "a name became a link"
            assert not page.locator('[data-testid="stMain"] img[src="x"]').count()
        # .streamlit/config.toml: no Deploy button and no developer menu for players
        assert not page.locator('[data-testid="stAppDeployButton"]').count()
        assert not page.locator('[data-testid="stMainMenu"]').count()
        page.goto(f"{url}/hamstern?game={urllib.parse.quote(LINK_ID)}&lang=en")
        page.get_by_text("no saved game", exact=False).wait_for()
        assert LINK_ID in page.inner_text("body").replace("\u2060", "")
        assert not page.locator('a[href*="example.org"]').count()
        # Home through the top menu, and back: the unfinished game is offered first.
        page.goto(f"{url}/biber-gang?game={biber_id}&lang=en")
        part(page, BG, "p0").wait_for()
        page.locator('.st-key-ht-topbar a[data-page]').filter(has_text="Home").first.click()
        page.get_by_text("Recent games").wait_for()
        page.locator('.st-key-ht-topbar a[data-page]').filter(has_text="Biber Gang").first.click()
        page.locator(".st-key-continue-biber_gang button").wait_for()
        assert "game=" not in page.url


def test_back_leaves_each_page_of_the_top_bar_in_one_step(tmp_path):
    """Home -> Print -> History -> Scores through the top bar, then Back three times: one page a step
    (a tap used to leave two or three steps behind it, History its ?part= too)."""
    with served_app(tmp_path / "games.sqlite3") as url, browser_page(1024, 768) as page:
        page.goto(f"{url}/?lang=en")
        links = page.locator(".st-key-ht-topbar a[data-page]")

        def on(name: str) -> None:
            page.locator(f'.st-key-ht-topbar a[data-page="{name}"][aria-current="page"]').wait_for()
            wait_idle(page)

        on("home")
        for name in ("print", "history", "score_check"):
            links.and_(page.locator(f'[data-page="{name}"]')).click()
            on(name)
        assert "part=" not in page.url
        for name in ("history", "print", "home"):
            page.go_back()
            on(name)
        assert page.url.endswith("/?lang=en")
