"""Playing a lesson in a real browser (Debian's chromium): each step's taps as a finger makes them, with a
screenshot of each step to look at. Each game's browser lesson test calls ``play_lesson``."""

from __future__ import annotations

from assistant.lessons import Lesson
from tests.in_browser import ARTIFACTS, board_button, mode_button, part, press, select, tap_to_decide, wait_idle


def board_selector(key: str) -> str:
    return f'.st-key-{key}:not([data-stale="true"])'


def shown_step(page) -> int:
    return int(page.evaluate("new URLSearchParams(location.search).get('step') || '0'"))


def make_step(page, lesson: Lesson, index: int) -> None:
    """What step ``index`` asks, made with taps: Next, or its move (a mode then a part, parts then a
    button, or one tap that decides)."""
    step = lesson.steps[index]
    if step.ask is None:
        page.locator(".st-key-ls-next button").tap()
        wait_idle(page)
        return
    board, button, selection = board_selector(step.taps["board"]), step.taps["button"], step.taps.get("selection", [])
    if mode_button(page, board, button).count():
        mode_button(page, board, button).tap()
        tap_to_decide(page, board, selection[0])
    elif board_button(page, board, button).count():
        select(page, board, *selection)
        press(page, board, button)
    else:
        tap_to_decide(page, board, selection[0])


def step_of(lesson: Lesson, key: str) -> int:
    """The number of the step called ``key``."""
    return next(n for n, step in enumerate(lesson.steps) if step.key == key)


def open_step(page, url: str, lesson: Lesson, index: int, lang: str, board: str | None = None) -> None:
    """Open step ``index`` and wait until ``board`` (a selector) is drawn, with the step's highlights if it
    has any: the first page a fresh server draws takes longest."""
    page.goto(f"{url}/learn?lesson={lesson.game}&step={index}&lang={lang}")
    page.locator(".st-key-ls-panel").wait_for(timeout=30_000)
    if board:
        drawn = f"{board} .tb-lesson" if lesson.steps[index].show else f"{board} [data-tap]"
        page.locator(drawn).first.wait_for(timeout=30_000)
    wait_idle(page)


def play_lesson(page, url: str, lesson: Lesson, name: str, lang: str = "en", shots: bool = True,
                board: str | None = None) -> list[str]:
    """Open the lesson at ``url`` (its first step drawn on ``board``, a selector) and play every step; a
    screenshot of each step goes to tests/artifacts/``name``-NN.png (their paths are returned). Each step
    must come in turn, and the lesson ends on its end screen."""
    open_step(page, url, lesson, 0, lang, board)
    taken = []
    for index in range(len(lesson.steps)):
        page.wait_for_function(f"(new URLSearchParams(location.search).get('step') || '0') === '{index}'",
                               timeout=30_000)
        wait_idle(page)
        if shots:
            path = ARTIFACTS / f"{name}-{index:02d}.png"
            page.screenshot(path=str(path))
            taken.append(str(path))
        make_step(page, lesson, index)
    page.locator(".st-key-ls-first").wait_for(timeout=30_000)
    return taken


# Each lesson is played through on a tablet in English and on a phone in German.
SCREENS = {"tablet": (1024, 768, "en"), "phone": (390, 844, "de")}


def assert_played_by_taps(url: str, lesson: Lesson, name: str, screen: str, board: str | None = None) -> None:
    """The whole lesson played by taps on ``screen`` (a key of SCREENS), every step in turn, ending on the
    end screen's "Play a first game"; screenshots as tests/artifacts/``name``-``screen``-NN.png."""
    from tests.browser import browser_page  # Playwright, only where a browser test runs

    width, height, lang = SCREENS[screen]
    with browser_page(width, height) as page:
        shots = play_lesson(page, url, lesson, f"{name}-{screen}", lang, board=board)
        assert len(shots) == len(lesson.steps)
        assert page.locator(".st-key-ls-first").is_visible()


__all__ = ["assert_played_by_taps", "SCREENS", "play_lesson", "make_step", "shown_step", "part", "open_step", "step_of"]
