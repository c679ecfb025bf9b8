"""Browser tests with several devices at one table: the table device and phones holding seats, each
in a browser context of its own (its own cookies and Streamlit session), on one served app.

Every page records what the server sent it over the websocket, so a test can search it (and the
page's DOM, shadow roots included) for cards that seat must never see.
"""

from __future__ import annotations

from contextlib import contextmanager

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.in_browser import wait_idle

PHONE = (800, 1280)  # the portrait tablet size doubles as a large phone
TABLE = (1024, 768)
# Everything in the page: the DOM and the open shadow roots the boards draw into.
PAGE_TEXT = """() => {
  const dump = (root) => {
    let text = root.innerHTML || "";
    root.querySelectorAll("*").forEach((el) => { if (el.shadowRoot) text += dump(el.shadowRoot); });
    return text;
  };
  return dump(document);
}"""


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# A phone reaches the laptop over the Wi-Fi, not from the laptop itself: the app serves tests on the
# loopback address and trusts a forwarded address only from there (uvicorn), so a phone says it is one.
PHONE_ADDRESS = {"X-Forwarded-For": "192.168.178.42"}


def device(browser, url: str, size: tuple[int, int] = PHONE, *, remote: bool | None = None):
    """A page in a context of its own that keeps every websocket message it receives (``page.heard``).
    ``remote``: a device on the Wi-Fi, not the laptop (by default, one opening a seat link)."""
    remote = "/seat?" in url if remote is None else remote
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True,
                                  extra_http_headers=PHONE_ADDRESS if remote else None)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.heard = []

    def listen(socket) -> None:
        socket.on("framereceived", lambda payload: page.heard.append(
            payload if isinstance(payload, bytes) else payload.encode()))

    page.on("websocket", listen)
    page.goto(url)
    wait_idle(page)
    return page


def seat_url(url: str, token: str, lang: str = "en") -> str:
    return f"{url}/seat?t={token}&lang={lang}"


def everything_sent(page) -> bytes:
    """What the server sent this page, and what the page shows (DOM and shadow roots)."""
    return b"".join(page.heard) + page.evaluate(PAGE_TEXT).encode()


def wait_for_text(page, selector: str, text: str, timeout: float = 10_000) -> None:
    """Until the element shows ``text``: a move made on another device reaches this one by itself."""
    page.locator(selector).filter(has_text=text).first.wait_for(timeout=timeout)


def saved(page, store, game_id: str, count: int) -> None:
    """Until the decision is in the file of saved games (the rerun it starts may begin a moment late)."""
    for _ in range(100):
        if store.action_count(game_id) > count:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the decision was not saved")
