"""What the phone tests check on a seat page (or a table page) at a phone's size: no sideways
scrolling, every tap target at least 44 px, the decision's texts at least 14 px, and the parts of
the decision wholly on the screen; and a screenshot of it to look at.

The seat pages' tests go through the same sizes on one page (``page.set_viewport_size``): the page
lays itself out again, no reload."""

from __future__ import annotations

from tests.in_browser import (
    ARTIFACTS,
    PHONE_SIZES,
    assert_in_view,
    assert_tablet_friendly,
    settle,
    smallest_tap_target,
    smallest_text,
)

SMALLEST_TEXT = 14  # px: cell numbers, die faces, card values, counts
# The widest right edge of anything shown in the page's main part (the top bar and the boards
# included): Streamlit hides what runs off the side (``overflow-x: hidden``), so scrollWidth alone
# would not tell. Inside a board a part clipped on purpose (the Hamstern sheet in its window) counts
# as far as its clipping box goes.
WIDEST = """() => {
    let right = 0, what = "";
    const clipped = (el, box) => {
        let edge = box.right;
        for (let up = el.parentElement; up; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== "visible") edge = Math.min(edge, up.getBoundingClientRect().right);
        }
        return edge;
    };
    const walk = (root, inBoard) => {
        for (const el of root.querySelectorAll("*")) {
            if (el.shadowRoot) walk(el.shadowRoot, true);
            if (!el.checkVisibility()) continue;
            const box = el.getBoundingClientRect();
            if (!box.width) continue;
            const edge = inBoard ? clipped(el, box) : box.right;
            if (edge > right) [right, what] = [edge, el.tagName + " " + el.textContent.trim().slice(0, 30)];
        }
    };
    walk(document.querySelector('[data-testid="stMain"]'), false);
    return [Math.round(right * 10) / 10, what];
}"""


def at_size(page, size: str) -> None:
    """Lay the page out for one of the phone sizes (tests.in_browser.PHONE_SIZES)."""
    width, height = PHONE_SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    # Two frames: the media queries apply, and the page is drawn at the new size.
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    settle(page)  # a phone's screen reported may redraw the board in the phone's layout


def check_phone(page, text_in: str, in_view: dict[str, str], shot: str) -> tuple[float, list]:
    """Everything the decision needs on one screen: no sideways scrolling, taps >= 44 px, the texts
    inside ``text_in`` (a selector inside the board) >= 14 px, each of ``in_view`` ({what: selector})
    wholly on the screen; a screenshot as tests/artifacts/``shot``.png. Returns the smallest tap
    target and the smallest text, [px, text]."""
    page.screenshot(path=ARTIFACTS / f"{shot}.png")
    assert_tablet_friendly(page)
    widest = page.evaluate(WIDEST)
    assert widest[0] <= page.viewport_size["width"] + 0.5, f"{shot}: runs off the side: {widest}"
    for what, selector in in_view.items():
        assert_in_view(page, selector, f"{shot}: {what}")
    text = smallest_text(page, text_in)
    assert text[0] >= SMALLEST_TEXT, f"{shot}: text smaller than {SMALLEST_TEXT} px: {text}"
    return smallest_tap_target(page), text


def assert_boxes_at_least(page, selector: str, what: str, side: float = 44) -> None:
    """Tap targets the measuring scripts do not know (labels that choose a view): each shown one at
    least ``side`` px both ways."""
    found = page.locator(selector)
    for n in range(found.count()):
        box = found.nth(n).bounding_box()
        if box and box["width"] > 0:
            assert box["width"] >= side - 0.5 and box["height"] >= side - 0.5, f"{what} under {side} px: {box}"
