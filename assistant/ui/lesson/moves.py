"""What a lesson allows on its board: the one move its step asks for (assistant/lessons).

The decision pipeline (assistant/ui/deciding.py) asks ``refusal`` before a move of a lesson's game is
taken, and ``lesson_roll`` for its dice: a lesson's dice show what the lesson prepared. Everything
else on the board is the game's own: a lesson is a real game, played by the real rules.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from assistant.bots import Advice
from assistant.i18n import catalogue
from assistant.lessons import Lesson, Step, lesson_games, load_lesson
from assistant.ui.common import lang, tr
from assistant.ui.table import Table

STEP_NUMBER = re.compile(r"[0-9]{1,3}")  # a step in the address: ASCII digits only ("²" is a digit to isdigit)


def lesson_of(game: str, setup: dict[str, Any]) -> tuple[Lesson, int] | None:
    """The lesson and the prepared position a saved game of ``game`` plays (None: not a lesson's game, or a
    mark that names another game's lesson)."""
    if setup.get("origin") != "lesson":
        return None
    marked = setup.get("lesson")
    if not isinstance(marked, dict) or marked.get("game") != game or game not in lesson_games():
        return None
    lesson, segment = load_lesson(marked["game"]), marked.get("segment")
    if type(segment) is not int or not 0 <= segment < len(lesson.starts):
        return None
    return lesson, segment


def step_text(lesson: Lesson, step: Step, part: str) -> str | None:
    """A step's text (``text``, ``do`` or ``why``) in the player's language; None if it has none."""
    key = f"lesson.{lesson.game}.{step.key}.{part}"
    return tr(key) if key in catalogue(lang()) else None


def refusal(table: Table, move, seat: int | None = None) -> str | None:
    """Why the lesson does not take ``move`` now, or None (not a lesson's game, or the move asked for).
    A move the rules refuse anyway is refused with the rules' own reason: that too is a lesson."""
    found = lesson_of(table.game, table.setup)
    if found is None:
        return None
    lesson, segment = found
    shown = shown_step(lesson)
    if shown is not None and lesson.steps[shown].ask is None:
        return tr("ui.lesson.read_first")  # a step that only explains: its Next leads on, not a move
    if move == lesson.expected(segment, table.actions_taken):
        return None
    reason = table.refusal(move, seat)
    if reason is not None:
        return reason
    step = lesson.asking(segment, table.actions_taken)
    if step is None:
        return tr("ui.lesson.wait")
    return step_text(lesson, step, "why") or tr("ui.lesson.not_this", do=step_text(lesson, step, "do") or "")


def step_in_address(lesson: Lesson) -> int:
    """The step in the address, kept within the lesson (its length: the lesson is done); anything but a
    number is the first step."""
    text = st.query_params.get("step", "0")
    return min(int(text), len(lesson.steps)) if STEP_NUMBER.fullmatch(text) else 0


def shown_step(lesson: Lesson) -> int | None:
    """The step the lesson page shows (None: the lesson is done)."""
    number = step_in_address(lesson)
    return number if number < len(lesson.steps) else None


def lesson_roll(table: Table):
    """The lesson's prepared roll at a chance node of a lesson's game; None for any other game."""
    found = lesson_of(table.game, table.setup)
    if found is None:
        return None
    lesson, segment = found
    return lesson.expected(segment, table.actions_taken)


def asked_move_advice(table: Table, legal: list) -> Advice | None:
    """In a lesson, Hint points at the move the step asks for (the bots' advice might be another good
    move, which the lesson would then refuse), with the step's own instruction as the reason. None
    outside a lesson, or when the step asks for nothing this seat may do now."""
    found = lesson_of(table.game, table.setup)
    if found is None:
        return None
    lesson, segment = found
    move, step = lesson.expected(segment, table.actions_taken), lesson.asking(segment, table.actions_taken)
    if move is None or step is None or move not in legal:
        return None
    return Advice(move, "ui.lesson.hint", {"do": step_text(lesson, step, "do") or ""})
