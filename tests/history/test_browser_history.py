"""In a real browser, on the tablet sizes: the History page (its parts, a player's chart) and a game's end
screen with its chart; names drawn as typed (in the tables, the legend and a point's tooltip), taps of
44 px and more, nothing to scroll sideways, no word of ours broken inside a table cell, no toolbar over a
chart, a refused rename said on screen at its field. Screenshots go to tests/artifacts/."""

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
    """The served app's store with a game of each kind played to its end, older Hamstern score checks, and a
    Hamstern sheet the odd name played alone (a score, not a win: their win rate says so)."""
    for days in range(6, 0, -1):
        check_at(app.store, "hamstern", time.time() - days * 86400,
                 [(ODD, 20 + 3 * days, 1 + days % 2, days % 2 == 0), ("Bo", 25 + days, 2 - days % 2, days % 2 == 1)],
                 variant="A")
    play_to_end(app.store, "hamstern", setup_for("hamstern", [ODD]), 7, num_players=1)
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


def broken_words(page) -> list[str]:
    """The words in the History tables' cells (names typed at the table left out: they may break) that
    the browser split over two lines."""
    return page.evaluate("""() => {
        const broken = [];
        for (const cell of document.querySelectorAll('.ht-history-table td:not(.name), .ht-history-table th')) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                for (const match of node.textContent.matchAll(/\\S+/g)) {
                    const range = document.createRange();
                    range.setStart(node, match.index);
                    range.setEnd(node, match.index + match[0].length);
                    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                    if (lines.size > 1) broken.push(match[0]);
                }
            }
        }
        return broken;
    }""")


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
        assert not broken_words(page)
        shown(page, f"{app.url}/history?lang=de", ".ht-history-table")  # "Punkteprüfung", not "Punkteprüfu-ng"
        assert "Punkteprüfung" in page.locator(".ht-history-table").inner_text() and not broken_words(page)
        page.screenshot(path=str(ARTIFACTS / f"history-recent-de-{width}x{height}.png"))
        shown(page, f"{app.url}/history?lang=en", ".ht-history-table")
        page.screenshot(path=str(ARTIFACTS / f"history-recent-{width}x{height}.png"))
        page.locator("[data-testid='stButtonGroup']").get_by_text("Players", exact=True).click()
        wait_idle(page)
        page.locator("[data-testid='stButtonGroup']").get_by_text(ODD, exact=True).click()
        page.wait_for_selector(f"{CHART} canvas, {CHART} svg", state="visible", timeout=60_000)
        wait_idle(page)
        page.wait_for_timeout(800)
        assert_tablet_friendly(page)
        assert page.get_by_text("The win rate counts the 11 games against others").is_visible()  # of 12
        chart_is_bare(page)
        page.screenshot(path=str(ARTIFACTS / f"history-player-{width}x{height}.png"))
        page.locator(CHART).first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"history-player-chart-{width}x{height}.png"))
        for part, name in (("duel", "head-to-head"), ("leaders", "leaderboard"), ("files", "files")):
            shown(page, f"{app.url}/history?part={part}&lang=de", "h1")
            assert_tablet_friendly(page)
            assert not broken_words(page)
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


@pytest.mark.parametrize("lang, rename, reasons", [
    ("en", "Rename", ("Another player has this name already.", "A name cannot be empty")),
    ("de", "Umbenennen", ("Jemand anderes hat diesen Namen schon.", "Ein Name darf nicht leer sein")),
])
def test_a_refused_rename_is_said_on_screen_at_its_field(seeded, lang, rename, reasons):
    app, _ = seeded
    bo = next(person.id for person in history.people(app.store) if person.name == "Bo")
    width, height = SIZES["landscape"]
    with browser_page(width, height) as page:
        shown(page, f"{app.url}/history?part=players&lang={lang}", "h1")
        page.locator("[data-testid='stButtonGroup']").get_by_text("Bo", exact=True).click()
        wait_idle(page)
        panel = page.locator(f".st-key-hi_manage_{bo}")
        panel.locator("summary").click()
        field = panel.locator("input[type='text']")
        for typed, reason in zip(("CY", ""), reasons, strict=True):
            field.fill(typed)
            field.press("Enter")  # Streamlit takes the text; then the button
            wait_idle(page)
            panel.get_by_role("button", name=rename, exact=True).click()
            wait_idle(page)
            alert = panel.locator("[data-testid='stAlert']")
            alert.wait_for(state="visible", timeout=30_000)
            assert reason in alert.inner_text()
            # At its field: right under it, the panel still open (where the page is scrolled to depends on
            # when the charts above it were drawn; a finger scrolls that far anyway).
            box, at = alert.bounding_box(), field.bounding_box()
            assert field.is_visible() and at["y"] < box["y"] <= at["y"] + at["height"] + 160, (at, box)
            assert box["height"] < height / 2, box
            assert page.locator("[data-testid='stAlert']").count() == 1  # none at the top of the page
            page.screenshot(path=str(ARTIFACTS / f"history-rename-refused-{lang}-{'blank' if not typed else 'taken'}"
                                                 f"-{width}x{height}.png"))
    assert next(person.name for person in history.people(app.store) if person.id == bo) == "Bo"


def test_the_history_counts_what_the_games_recorded(seeded):
    app, ids = seeded
    recorded = {(game.source, game.source_id) for game in history.recent_games(app.store, limit=50)}
    assert {("game", game_id) for game_id in ids.values()} <= recorded
