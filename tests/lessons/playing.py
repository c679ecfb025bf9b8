"""Playing a lesson through the app in AppTest (assistant/ui/lesson): the helpers the lesson tests share."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.lessons import Lesson
from tests.components import boards, decide, open_app, payload, shown_html

LEARN_PAGE = "learn"


def open_lesson(name: str, lang: str = "en", **query) -> AppTest:
    """The lesson of game ``name`` (``query``: more of the address, such as ``step`` and ``game``)."""
    return open_app(LEARN_PAGE, lesson=name, lang=lang, **query)


def shown_step(at: AppTest) -> int:
    return int(at.query_params.get("step", "0") if not isinstance(at.query_params.get("step"), list)
               else at.query_params["step"][0])


def query(at: AppTest, name: str) -> str:
    value = at.query_params.get(name, "")
    return value[0] if isinstance(value, list) else value


def lesson_marks(at: AppTest) -> set[str]:
    """The parts every board on the page highlights for the step."""
    found = set()
    for element in boards(at):
        found |= set(payload(element)["marks"].get("tb-lesson", []))
    return found


def parts_on_boards(at: AppTest) -> set[str]:
    """Every part id the boards on the page draw (``data-tap``), and their buttons and modes as a mark names
    them ("button:give", "mode:sets2")."""
    import re

    found = set()
    for element in boards(at):
        data = payload(element)
        found |= set(re.findall(r'data-tap="([^"]+)"', shown_html(data)))
        found |= {f"button:{spec['id']}" for spec in data["buttons"]} | {f"mode:{mode['id']}" for mode in data["modes"]}
    return found


def make_step(at: AppTest, lesson: Lesson, index: int) -> AppTest:
    """Do what step ``index`` asks: its move as its board sends it, or Next."""
    step = lesson.steps[index]
    if step.ask is None:
        at.button(key="ls-next").click().run()
        return at
    taps = step.taps
    assert taps, f"step {step.key} asks for a move but says no taps"
    return decide(at, taps["board"], taps["button"], taps.get("selection", []))


def play_through(game: str, lesson: Lesson, lang: str = "en") -> AppTest:
    """Every step of the lesson, as a learner makes them; each step shows its parts and its number."""
    at = open_lesson(game, lang)
    for index, step in enumerate(lesson.steps):
        assert shown_step(at) == index, (step.key, shown_step(at))
        missing = set(step.show) - parts_on_boards(at)
        assert not missing, f"step {step.key} highlights {missing}, which no board on the page draws"
        assert lesson_marks(at) == set(step.show), step.key
        make_step(at, lesson, index)
        assert not at.exception, at.exception
    assert shown_step(at) == len(lesson.steps)
    return at
