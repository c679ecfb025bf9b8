"""Lessons: a guided first game of each game, played on the real board, as data.

A lesson is one JSON file per game (``assistant/lessons/<game>.json``), read by one runner
(assistant/ui/lesson/). Adding a step is adding an entry::

    {"game": "hamsterbacke",
     "starts": [{"players": 3, "seed": 12, "options": {}, "bots": ["human", "easy", "easy"],
                 "actions": []}],
     "steps": [{"key": "take", "auto": [...], "ask": {"move": "take", "pile": 3},
                "show": ["p3"], "rules": ["rules.backe.take"]},
               {"key": "bernd", "start": 1, "ask": null, "show": [...]}]}

- ``starts``: the prepared positions (a seeded deal or sheet, and the moves that lead to it). Every
  step plays on the position the step before left, unless it names ``"start"``: then it begins on that
  prepared position (a scoring example at the end of a game, a deal with Tim in the hand).
- ``auto``: the moves made for the learner before the step (the dice, the deck, the other players),
  as the game's action JSON; ``ask``: the one move the learner makes (None: a step that only
  explains, with a Next button). Any other move is refused with the step's ``why`` text, or with the
  rules' own reason if the rules refuse it too.
- ``key``: the step's texts, ``lesson.<game>.<key>.text`` (one or two sentences: the rule as it first
  matters), ``.do`` (what to do now, for a step that asks) and, if wished, ``.why`` (said when another
  move is made).
- ``show``: the board's parts to highlight (the tap board's ``data-tap`` ids).
- ``rules``: the rules-panel texts (catalogue keys) this step teaches: shown under the step, and a
  test checks that every line of the game's rules panel is taught by some step.
- ``taps``: how the ask is made on the board, as the board sends it: ``{"board": key, "button": id,
  "selection": [part ids]}`` (the tests play every lesson through with them, in AppTest and in a browser).

Every position is reached under the rules: the engine replays each start's moves and every step's
moves from the seed (``state_before``), so a lesson whose moves the engine refuses fails to load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.base import Action, State

HERE = Path(__file__).parent
STEP_FIELDS = {"key", "start", "auto", "ask", "show", "rules", "taps"}
START_FIELDS = {"players", "seed", "options", "bots", "actions"}


@dataclass(frozen=True)
class Start:
    """A prepared position: a new game of ``players`` from ``seed`` with ``options``, after ``actions``."""

    players: int
    seed: int
    options: dict[str, Any]
    bots: tuple[str, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Step:
    key: str
    segment: int  # the prepared position this step plays on (an index of ``Lesson.starts``)
    auto: tuple[Action, ...]
    ask: Action | None
    show: tuple[str, ...]
    rules: tuple[str, ...]
    asked_at: int  # how many moves of its segment come before its ask (the starts' and the steps' own)
    taps: dict[str, Any] | None = None  # how the ask is made on the board: {"board", "button", "selection"}


@dataclass(frozen=True)
class Lesson:
    game: str
    starts: tuple[Start, ...]
    steps: tuple[Step, ...]

    def script(self, segment: int) -> list[Action]:
        """Every move of a segment in order: its start's, then each step's ``auto`` and ``ask``."""
        moves = list(self.starts[segment].actions)
        for step in self.steps:
            if step.segment == segment:
                moves += [*step.auto, *([step.ask] if step.ask is not None else [])]
        return moves

    def before(self, index: int) -> list[Action]:
        """The moves of step ``index``'s segment that come before its ask (its own ``auto`` included)."""
        step = self.steps[index]
        return self.script(step.segment)[:step.asked_at]

    def state_before(self, index: int) -> State:
        """The game as step ``index`` shows it, replayed by the engine from its seed (the rules check
        every move)."""
        start = self.starts[self.steps[index].segment]
        return get_game(self.game).replay(start.players, start.seed, start.options, self.before(index))

    def expected(self, segment: int, done: int) -> Action | None:
        """The move a game of ``segment`` with ``done`` moves takes next in this lesson (None: none)."""
        script = self.script(segment)
        return script[done] if done < len(script) else None

    def asking(self, segment: int, done: int) -> Step | None:
        """The step whose ask is the move after ``done`` moves of ``segment`` (None: a move made for the
        learner comes next, or none)."""
        for step in self.steps:
            if step.segment == segment and step.ask is not None and step.asked_at == done:
                return step
        return None

    def only_made_for_learner(self, index: int, done: int) -> bool:
        """Whether the moves of step ``index``'s segment after the first ``done`` and before its ask are all
        made for the learner (``auto``): no step asks for one of them."""
        step = self.steps[index]
        return done <= step.asked_at and not any(
            other.segment == step.segment and other.ask is not None and done <= other.asked_at < step.asked_at
            for other in self.steps)

    def after_done(self, index: int, segment: int, done: int) -> int:
        """The step to show when step ``index`` is shown on a game of ``segment`` with ``done`` moves: the
        next step once its ask is made, itself otherwise."""
        step = self.steps[index]
        if step.segment == segment and step.ask is not None and done == step.asked_at + 1:
            return index + 1
        return index


def lesson_games() -> tuple[str, ...]:
    """The games with a lesson, in the registry's order."""
    from assistant.games.registry import GAME_NAMES

    return tuple(name for name in GAME_NAMES if (HERE / f"{name}.json").exists())


@cache
def load_lesson(game: str) -> Lesson:
    """The lesson of ``game``; ValueError naming what is wrong with its file (a bad move says which step)."""
    if game not in lesson_games():
        raise ValueError(f"there is no lesson for {game!r}")
    data = json.loads((HERE / f"{game}.json").read_text(encoding="utf-8"))
    engine = get_game(game)

    def action(value: Any, where: str) -> Action:
        try:
            return engine.action_from_json(json.dumps(value))
        except ValueError as error:
            raise ValueError(f"{game} lesson, {where}: {error}") from None

    starts = []
    for n, start in enumerate(data["starts"]):
        unknown = set(start) - START_FIELDS
        if unknown:
            raise ValueError(f"{game} lesson, start {n}: unknown fields {sorted(unknown)}")
        starts.append(Start(start["players"], start["seed"], start.get("options", {}),
                            tuple(start.get("bots", ["human"] * start["players"])),
                            tuple(action(move, f"start {n}") for move in start.get("actions", []))))
    steps, segment, done, keys = [], 0, len(starts[0].actions), set()
    for n, step in enumerate(data["steps"]):
        unknown = set(step) - STEP_FIELDS
        if unknown:
            raise ValueError(f"{game} lesson, step {n}: unknown fields {sorted(unknown)}")
        if step["key"] in keys:
            raise ValueError(f"{game} lesson, step {n}: the key {step['key']!r} is used twice")
        keys.add(step["key"])
        if "start" in step:
            segment = step["start"]
            if not 0 <= segment < len(starts):
                raise ValueError(f"{game} lesson, step {n}: there is no start {segment}")
            done = len(starts[segment].actions)
        where = f"step {n} ({step['key']})"
        auto = tuple(action(move, where) for move in step.get("auto", []))
        ask = action(step["ask"], where) if step.get("ask") is not None else None
        done += len(auto)
        steps.append(Step(step["key"], segment, auto, ask, tuple(step.get("show", [])), tuple(step.get("rules", [])),
                          done, step.get("taps")))
        done += ask is not None
    lesson = Lesson(game, tuple(starts), tuple(steps))
    _check_reachable(lesson)
    return lesson


def _check_reachable(lesson: Lesson) -> None:
    """Play every segment through the engine: a move it refuses is named, with its step."""
    engine = get_game(lesson.game)
    for segment, start in enumerate(lesson.starts):
        state = engine.new_state(start.players, seed=start.seed, **start.options)
        for number, move in enumerate(lesson.script(segment)):
            try:
                state.apply(move)
            except IllegalAction as error:
                owner = next((step.key for step in lesson.steps if step.segment == segment
                              and number <= step.asked_at), "its start")
                raise ValueError(f"{lesson.game} lesson, start {segment}, move {number} ({owner}): "
                                 f"{error.message('en')}") from None
