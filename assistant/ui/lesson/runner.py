"""The one lesson runner: a lesson's step drawn above the game's own board (``/learn?lesson=GAME``).

The board is the game's real table (its ``render``): the lesson is a saved game of its own (marked
``"origin": "lesson"``, assistant/store.py) on the step's prepared position, so a tap, a refusal, a
reload or a restarted server behave as in any game. The step is in the address (``&step=N``) beside the
game (``&game=ID``): a reload shows the same step on the same position. Which step is shown follows
from the game's moves: once the move a step asks for is in the record, the next step is shown; a game
that is not at the step's position (Back, Skip, an old link) is replaced by one that is.
"""

from __future__ import annotations

import streamlit as st

from assistant.games import get_game
from assistant.games.registry import game_info
from assistant.lessons import Lesson
from assistant.ui.access import still_table
from assistant.ui.common import store
from assistant.ui.lesson.moves import lesson_of
from assistant.ui.table import Table, open_table

LESSON_PARAM, STEP_PARAM, GAME_PARAM = "lesson", "step", "game"
MADE_HERE = "lesson_game_made_here"  # session key: the lesson game this tab made last
# The players of a lesson, the same in both languages: the learner is Ann, "(you)" beside the name (a name,
# not "You": the log's sentences are about a third person, "Ann starts").
NAMES = ("Ann", "Bea", "Carl", "Dana", "Emil", "Finn")


class LessonTable(Table):
    """A lesson's game, on the table's own device: drawn for a phone's screen as a phone draws its seat
    (``held``: the learner's seat), without the seat link a phone's seat needs (there is none: the lesson
    page is the table's, and the table may act for every seat)."""

    def still_held(self) -> bool:
        return self._still_the_table()


def go_to(step: int) -> None:
    st.query_params[STEP_PARAM] = str(step)


def as_phone(table: Table) -> Table:
    """The lesson's game drawn for a phone: as the learner's seat is drawn on a phone."""
    return LessonTable(table._position, 0)


def table_for(lesson: Lesson, index: int) -> tuple[Table | None, int]:
    """The lesson's game at step ``index`` (or the step after it, once its ask is made), and that step's
    number: the game in the address if it is at that position, a new one on the step's position if not.
    (None, len(steps)) once the last step is done."""
    table = _open(lesson)
    while index < len(lesson.steps):
        step = lesson.steps[index]
        if table is not None and _segment(table) == step.segment:
            moves = table.moves()
            after = lesson.after_done(index, step.segment, len(moves))
            if after != index and moves == lesson.script(step.segment)[:len(moves)]:
                index = after  # the move asked for is made: the next step
                go_to(index)
                continue
            before = lesson.before(index)
            if moves == before:
                return table, index
            if moves == before[:len(moves)] and lesson.only_made_for_learner(index, len(moves)):
                if all(table.act(move, quiet=True) for move in before[len(moves):]):  # the others' moves, the dice
                    return table, index
            for earlier in range(index - 1, -1, -1):  # Undo took the last asked move back: that step again
                if lesson.steps[earlier].segment == step.segment and moves == lesson.before(earlier):
                    go_to(earlier)
                    return table, earlier
        return _new_game(lesson, index, table), index
    return table, index


def _open(lesson: Lesson) -> Table | None:
    game_id = st.query_params.get(GAME_PARAM, "")
    if not game_id:
        return None
    table = open_table(game_id, explain=False)
    found = lesson_of(table.game, table.setup) if table is not None else None
    return table if found is not None and found[0] is lesson else None


def _segment(table: Table) -> int:
    return table.setup["lesson"]["segment"]


def _new_game(lesson: Lesson, index: int, old: Table | None) -> Table:
    """A new game of the lesson on step ``index``'s position (replayed from its seed by the engine); the
    lesson's game it replaces is deleted (a lesson's games are none of the table's)."""
    segment = lesson.steps[index].segment
    state = lesson.state_before(index)
    game_id = store().create(state, lesson_setup(lesson, segment))
    # One lesson game per tab: the one it made before (a lesson opened again, another lesson) goes; of
    # lessons left half way in other tabs the newest few are kept.
    for replaced in {old.id if old is not None else None, st.session_state.get(MADE_HERE)} - {None}:
        store().forget_lesson_game(replaced)
    st.session_state[MADE_HERE] = game_id
    store().forget_old_lesson_games()
    st.query_params[GAME_PARAM] = game_id
    return open_table(game_id, explain=False)


def lesson_setup(lesson: Lesson, segment: int) -> dict:
    """The setup of a lesson's game: the learner against the lesson's other players, who never move by
    themselves (the lesson makes their moves), the lesson's own dice, no passing of the tablet."""
    start = lesson.starts[segment]
    names = list(NAMES[:start.players])
    return {**app_setup(lesson.game, names, list(start.bots), "quick"), "origin": "lesson",
            "lesson": {"game": lesson.game, "segment": segment}}


def app_setup(game: str, names: list[str], bots: list[str], speed: str) -> dict:
    """A setup as the game's own new-game form makes it (assistant/replay_records.py reads no other): who
    sits where for the games with computer opponents, the app's dice for the games with dice."""
    info = game_info(game)
    setup: dict = {"names": names}
    if info.setup_has_bots:
        setup |= {"bots": bots, "mode": "alone", "speed": speed}
    if info.kind != "cards":
        setup |= {"dice": "app"} if info.setup_has_bots else {"dice": "app", "auto_roll": False}
    return setup


def restart_at(lesson: Lesson, index: int) -> None:
    """Back and Skip: show step ``index`` on a game at its position (made by ``table_for``)."""
    if not still_table():  # a button's callback runs before the page checks the device again
        return
    go_to(index)
    game_id = st.query_params.get(GAME_PARAM, "")
    if game_id:
        store().forget_lesson_game(game_id)
        del st.query_params[GAME_PARAM]


def first_game(lesson: Lesson, name: str) -> str:
    """A first real game after the lesson: the learner (``name``, as typed) against the easy bot(s), with
    hints that explain shown at every decision (``"coach"``): its id. A game without computer opponents
    (Hamstern): the learner's own sheet, with the hints. It is a real game: it counts in the history."""
    start, info = lesson.starts[0], game_info(lesson.game)
    players = max(start.players, info.min_players) if info.setup_has_bots else 1
    names = [name, *NAMES[1:players]]  # the lesson's opponents, now as easy computer opponents
    state = get_game(lesson.game).new_state(players, seed=_seed(), **start.options)
    setup = app_setup(lesson.game, names, ["human", *["easy"] * (players - 1)], "normal")
    return store().create(state, {**setup, "coach": True})


def _seed() -> int:
    import secrets

    return secrets.randbits(32)
