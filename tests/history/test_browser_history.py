"""In a real browser, on the tablet sizes: the History page (its parts, a player's chart) and a game's end
screen with its chart; names drawn as typed (in the tables, the legend and a point's tooltip), taps of
44 px and more, nothing to scroll sideways, no toolbar over a chart. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import time

import pytest

from assistant import history
from tests.browser import browser_page
from tests.history.helpers import check_at, play_to_end, setup_for
from tests.in_browser import ARTIFACTS, SIZES, assert_tablet_friendly, wait_idle

pytestmark = pytest.mark.browser
ODD = "**Ann** <b>x</b>"
NAMES = [ODD, "Bo", "Cy"]
CHART = "[data-testid='stVegaLiteChart']"


@pytest.fixture(scope="module")
def seeded(app):
    """The served app's store with a game of each kind played to its end and older Hamstern score checks."""
    for days in range(6, 0, -1):
        check_at(app.store, "hamstern", time.time() - days * 86400,
                 [(ODD, 20 + 3 * days, 1 + days % 2, days % 2 == 0), ("Bo", 25 + days, 2 - days % 2, days % 2 == 1)],
                 variant="A")
    ids = {}
    for seed, name in enumerate(["hamstern", "biber_gang", "moemmen"], start=1):
        bots = None if name == "hamstern" else ["human", "human", "hard"]
        options = {"rounds": 3} if name == "biber_gang" else None
        ids[name] = play_to_end(app.store, name, setup_for(name, NAMES, bots), seed, options=options)
    # Games of many turns (Hamsterbacke's seed 2: 33 turns), drawn turn by turn, never as an average.
    for seed, name in ((2, "hamsterbacke"), (4, "hamsterdam")):
        ids[name] = play_to_end(app.store, name, setup_for(name, NAMES, ["human", "human", "hard"]), seed)
    return app, ids


def shown(page, path: str, selector: str) -> None:
    page.goto(path)
    page.wait_for_selector(selector, state="visible", timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(500)  # the chart's lines drawn


def chart_is_bare(page) -> None:
    """Over the chart: no toolbar (full screen, the data as a table) and no Vega menu, even on hover."""
    page.locator(CHART).first.hover()
    page.wait_for_timeout(300)
    toolbars = page.locator("[class*='st-key-ht-chart-'] [data-testid='stElementToolbar']")
    assert all(not toolbars.nth(n).is_visible() for n in range(toolbars.count()))
    assert not page.locator(".vega-actions, details[title='Click to view actions']").count()


@pytest.mark.parametrize("size", ["landscape", "portrait"])
def test_the_history_page_on_a_tablet(seeded, size):
    app, _ = seeded
    width, height = SIZES[size]
    with browser_page(width, height) as page:
        shown(page, f"{app.url}/history?lang=en", ".ht-history-table")
        assert ODD in page.locator(".ht-history-table").inner_text()  # as typed: stars and tag shown
        assert not page.locator(".ht-history-table b:text-is('x')").count()
        assert_tablet_friendly(page)
        page.screenshot(path=str(ARTIFACTS / f"history-recent-{width}x{height}.png"))
        page.locator("[data-testid='stButtonGroup']").get_by_text("Players", exact=True).click()
        wait_idle(page)
        page.locator("[data-testid='stButtonGroup']").get_by_text(ODD, exact=True).click()
        page.wait_for_selector(f"{CHART} canvas, {CHART} svg", state="visible", timeout=60_000)
        wait_idle(page)
        page.wait_for_timeout(800)
        assert_tablet_friendly(page)
        chart_is_bare(page)
        page.screenshot(path=str(ARTIFACTS / f"history-player-{width}x{height}.png"))
        page.locator(CHART).first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"history-player-chart-{width}x{height}.png"))
        for part, name in (("duel", "head-to-head"), ("leaders", "leaderboard"), ("files", "files")):
            shown(page, f"{app.url}/history?part={part}&lang=de", "h1")
            assert_tablet_friendly(page)
            page.screenshot(path=str(ARTIFACTS / f"history-{name}-de-{width}x{height}.png"))


@pytest.mark.parametrize("size", ["landscape", "portrait"])
@pytest.mark.parametrize("game", ["biber_gang", "moemmen", "hamstern", "hamsterbacke", "hamsterdam"])
def test_an_end_screen_shows_its_chart_with_the_names_as_typed(seeded, size, game):
    app, ids = seeded
    width, height = SIZES[size]
    with browser_page(width, height) as page:
        shown(page, f"{app.url}/{game.replace('_', '-')}?game={ids[game]}&lang=en", f"{CHART} canvas, {CHART} svg")
        chart = page.locator(CHART).first
        box = chart.bounding_box()
        assert box["width"] > width * 0.8 and box["height"] > 250  # across the page, tall enough to read
        assert box["y"] < height  # on the first screen, under who won
        chart_is_bare(page)
        # The legend and the tooltip write the name as text (Vega draws the legend; its tooltip escapes).
        legend = page.evaluate(f"""() => [...document.querySelectorAll("{CHART} svg text")]
                                        .map(t => t.textContent)""")
        if legend:  # drawn as SVG (a canvas has no text to read)
            assert ODD in legend
            # One game's turns and rounds are drawn as they were: no "a dot per game" average.
            assert (game == "hamstern") or not any("dot per game" in text for text in legend)
        point = page.locator(f"{CHART} svg path[aria-roledescription='point']").first
        if point.count():
            point.hover(force=True)
            page.wait_for_timeout(300)
            tooltip = page.locator("#vg-tooltip-element")
            if tooltip.count() and tooltip.is_visible():
                assert "<b>" not in tooltip.inner_html().replace("&lt;b&gt;", "")
        page.screenshot(path=str(ARTIFACTS / f"end-chart-{game}-{width}x{height}.png"))


def test_the_history_counts_what_the_games_recorded(seeded):
    app, ids = seeded
    recorded = {(game.source, game.source_id) for game in history.recent_games(app.store, limit=50)}
    assert {("game", game_id) for game_id in ids.values()} <= recorded
