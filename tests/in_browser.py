"""What the browser tests do on a page: tap the boards, wait for a rerun, measure what is on screen.

The boards live in an open shadow root: Playwright's CSS locators reach inside it, but
``document.querySelectorAll`` does not, so the measuring scripts walk the shadow roots themselves.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ARTIFACTS = Path(__file__).parent / "artifacts"
SIZES = {"landscape": (1024, 768), "wide": (1280, 800), "portrait": (800, 1280)}
# A seat's page is made for phones: a small one, a common one, and a phone on its side.
PHONE_SIZES = {"phone-small": (360, 740), "phone": (390, 844), "phone-side": (844, 390)}
# The boards by their keys; an element Streamlit is replacing (a bot's fragment gives way to the
# page) stays a moment as "stale": never the one to tap.
HS, SC, BG = (f'.st-key-{key}:not([data-stale="true"])' for key in ("hs-board", "sc-board", "bg-board"))
# Parts of the Hamstern board beside the sheet: the roll's die, the round counter.
HS_DIE = f'{HS} [data-slot="side"] > .tb-row:first-child > svg'
HS_COUNTER = f'{HS} [data-slot="side"] > .tb-row:nth-child(2)'


def wait_idle(page) -> None:
    """Wait for Streamlit to finish the rerun a decision started."""
    page.wait_for_timeout(150)
    page.wait_for_function("!document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000)


# Busy: a run going on (the status widget), or an element still waiting to be replaced by one.
_BUSY = "!!document.querySelector('[data-testid=\"stStatusWidget\"], [data-stale=\"true\"]')"


def settle(page, quiet_ms: int = 400, timeout_ms: int = 30_000) -> None:
    """Wait until the page has been quiet for ``quiet_ms`` in a row: no run going on and nothing
    stale. A page that has just loaded or been resized may start a second run of its own (the
    screen size reported, a fragment's timer); measuring between the two measures half a page."""
    waited = quiet = 0
    while quiet < quiet_ms:
        assert waited < timeout_ms, f"the page did not settle within {timeout_ms} ms"
        quiet = 0 if page.evaluate(_BUSY) else quiet + 50
        page.wait_for_timeout(50)
        waited += 50


def part(page, board: str, tap_id: str):
    """A tappable part of a board: a cell "4-5", a card "p3", "deck", "discard"."""
    return page.locator(f'{board} [data-tap="{tap_id}"]')


def select(page, board: str, *tap_ids: str) -> None:
    """Taps that only select: answered in the browser, no rerun to wait for."""
    for tap_id in tap_ids:
        part(page, board, tap_id).tap()


def board_button(page, board: str, button_id: str):
    return page.locator(f'{board} button[data-button="{button_id}"]')


def mode_button(page, board: str, mode_id: str):
    return page.locator(f'{board} button[data-mode="{mode_id}"]')


def press(page, board: str, button_id: str) -> None:
    """A decision: the board sends it to Python, and the page reruns."""
    board_button(page, board, button_id).tap()
    wait_idle(page)


def tap_to_decide(page, board: str, tap_id: str) -> None:
    """A tap that decides at once (a Biber Gang card, a score check cell)."""
    part(page, board, tap_id).tap()
    wait_idle(page)


def game_id(page) -> str:
    return page.evaluate("new URLSearchParams(location.search).get('game')")


# --- measuring ------------------------------------------------------------------------------------
_EVERY_ELEMENT = """
    const all = [];
    const walk = (root) => {
        for (const el of root.querySelectorAll('*')) {
            all.push(el);
            if (el.shadowRoot) walk(el.shadowRoot);
        }
    };
    walk(document);
"""


def small_tap_targets(page) -> list[list]:
    """Buttons, typed fields, the top bar's links and the boards' parts a tap can choose now (cells, cards,
    piles) under 44 px, as [what, width, height]. Parts only looked at (the other players' sheets) are no
    targets."""
    return page.evaluate("() => {" + _EVERY_ELEMENT + """
        return all
            .filter(el => el.matches(
                'button, [data-tap].tb-tappable, [data-testid=stTextInputRootElement], a[data-page]'))
            .filter(el => !el.closest('header') && !el.closest('[data-testid="stSidebar"]'))
            .filter(el => el.checkVisibility())
            .map(el => [el.dataset.tap || el.dataset.button || el.textContent.trim().slice(0, 20),
                        el.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
            .map(([what, r]) => [what, Math.round(r.width), Math.round(r.height)]);
    }""")


def smallest_tap_target(page) -> float:
    """The smallest side of any tap target on screen now (buttons, tappable parts), in px."""
    return page.evaluate("() => {" + _EVERY_ELEMENT + """
        const sides = all
            .filter(el => el.matches('button, [data-tap].tb-tappable'))
            .filter(el => !el.closest('header') && el.checkVisibility())
            .map(el => el.getBoundingClientRect())
            .filter(r => r.width > 0)
            .map(r => Math.min(r.width, r.height));
        return sides.length ? Math.min(...sides) : 0;
    }""")


def smallest_text(page, selector: str) -> list:
    """The smallest text inside ``selector`` (a board: card values, pile counts, names), as
    [font size in px, the text]; SVG text is measured as drawn (its height on screen)."""
    return page.evaluate("(selector) => {" + _EVERY_ELEMENT + """
        const inside = all.filter(el => el.closest(selector) || el.getRootNode().host?.closest(selector));
        let best = [Infinity, ""];
        for (const el of inside) {
            if (!el.checkVisibility()) continue;
            const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
            if (!own.length) continue;
            const size = el instanceof SVGElement
                ? el.getBoundingClientRect().height
                : parseFloat(getComputedStyle(el).fontSize);
            if (size > 0 && size < best[0]) best = [Math.round(size * 10) / 10, own[0].textContent.trim().slice(0, 20)];
        }
        return best;
    }""", selector)


def assert_tablet_friendly(page) -> None:
    """No sideways scrolling, and every tap target at least 44 px (cells and cards included)."""
    settle(page)
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    inner_width = page.evaluate("window.innerWidth")
    assert scroll_width <= inner_width, f"sideways scrolling: {scroll_width} > {inner_width}"
    small = small_tap_targets(page)
    assert not small, f"tap targets under 44 px: {small[:8]}"


def assert_in_view(page, selector: str, what: str) -> None:
    """Every element ``selector`` finds lies wholly inside the viewport, the page not scrolled."""
    assert page.evaluate("window.scrollY") == 0
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    found = page.locator(selector)
    try:  # a board being replaced is stale for a moment: wait for its successor
        found.first.wait_for(state="attached", timeout=10_000)
    except PlaywrightTimeout:
        pass
    assert found.count(), f"{what}: nothing found ({selector})"
    for n in range(found.count()):
        box = found.nth(n).bounding_box()
        assert box, f"{what} is not shown"
        inside = box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= width + 0.5 \
            and box["y"] + box["height"] <= height + 0.5
        assert inside, f"{what} is not wholly on the {width}x{height} screen: {box}"


def tops(page, selector: str) -> list[float]:
    """The top edge of each element ``selector`` finds (one line: all the same)."""
    found = page.locator(selector)
    return [round(found.nth(n).bounding_box()["y"], 1) for n in range(found.count())]


class HeldAnswers:
    """Stands between the page and Streamlit's websocket: while ``holding``, what the server sends
    waits here (the page's own messages go on), as on a busy laptop or weak Wi-Fi."""

    def __init__(self, page):
        self.holding, self.held = False, []
        page.route_web_socket("**/_stcore/stream", self._route)

    def _route(self, socket) -> None:
        server = socket.connect_to_server()

        def from_server(message) -> None:
            if self.holding:
                self.held.append((socket, message))
            else:
                socket.send(message)
        server.on_message(from_server)

    def release(self) -> None:
        self.holding = False
        held, self.held = self.held, []
        for socket, message in held:
            socket.send(message)
