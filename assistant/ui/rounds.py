"""Games played in rounds (``Rounds``): the screen between two rounds, the button for the next,
and the cover before the first decision of the new round at a shared tablet. One round loop for every
such game; each game says only how many rounds are finished and how a finished round looks.

The engine deals the next round at once; the page shows each finished round once per tab before the
game goes on, and holds the computer opponents back meanwhile (``pause`` of ``widgets.bots_move``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import streamlit as st

from assistant.ui.common import tr
from assistant.ui.seats import ACKNOWLEDGED, at_tablet
from assistant.ui.table import Table
from assistant.ui.widgets import bots_move

SEEN = "seen_rounds"  # session key: game id -> how many finished rounds this tab has shown
ROUND_START = "round_start"  # session key: game id -> the action count when this tab went on to a new round


class Rounds(NamedTuple):
    key: str  # the start of the page's widget keys ("bg", "mm")
    texts: str  # the game's catalogue prefix: round_over and next_round
    finished: Callable[[Table], int]  # how many rounds are finished
    results: Callable[[Table, int], None]  # draws how round ``index`` (from 0) ended
    totals: Callable[[Table], None]  # the scores so far, under the round's end
    # A round that ended just now and nothing done in the next yet: a tab opening the game shows it.
    just_ended: Callable[[Table], bool] = lambda table: False


def play(table: Table, rounds: Rounds, render_table: Callable[[Table], None], is_bot: Callable[[int], bool],
         level_of: Callable[[int], str]) -> None:
    """A finished round not shown yet, else the computer opponents' turns, else the table."""
    def pause(current: Table) -> bool:
        return round_to_show(current, rounds)

    if not pause(table) and bots_move(table, table.setup.get("speed", "normal"), render_table, is_bot, level_of,
                                      pause=pause):
        return
    if pause(table):  # a round ended (by the bots' quick turns, too)
        round_over(table, rounds)
        return
    render_table(table)


def round_to_show(table: Table, rounds: Rounds) -> bool:
    """A round ended that this tab has not shown yet (the last round: the end screen). A tab that opens
    a game later starts from the rounds finished then, unless one ended just now."""
    finished = rounds.finished(table)
    seen = st.session_state.setdefault(SEEN, {})
    if table.id not in seen:
        seen[table.id] = finished - 1 if finished and rounds.just_ended(table) else finished
    return not table.is_over() and finished > seen[table.id]


def round_over(table: Table, rounds: Rounds) -> None:
    index = st.session_state[SEEN][table.id]  # the first round not shown yet
    st.header(tr(f"{rounds.texts}.round_over", round=index + 1))
    rounds.results(table, index)
    # Above the scores, so that it is on the screen with the round's end.
    st.button(tr(f"{rounds.texts}.next_round"), key=f"{rounds.key}-next-round", type="primary",
              icon=":material/skip_next:", on_click=_next_round, args=(table.id, index + 1, table.actions_taken))
    rounds.totals(table)


def _next_round(game_id: str, shown: int, actions: int) -> None:
    st.session_state[SEEN][game_id] = shown
    st.session_state.setdefault(ROUND_START, {})[game_id] = actions


def round_started_here(table: Table) -> bool:
    """This tab went on to the round in play, and nothing was done in it since."""
    return st.session_state.get(ROUND_START, {}).get(table.id) == table.actions_taken


def cover_after_round(table: Table) -> bool:
    """Together: everybody looked at the round's end on the tablet, so the first person at the tablet to
    decide in the new round taps "It is me" too, even the one who made the round's last move."""
    start, seat = st.session_state.get(ROUND_START, {}).get(table.id), table.current_player
    if table.setup.get("mode") != "together" or table.held is not None or start is None or seat < 0 \
            or not at_tablet(table, seat):
        return False
    if any(at_tablet(table, actor) for actor in table.actors()[start:]):
        return False  # a person at the tablet has decided in this round: cover_needed knows from here on
    return st.session_state.get(ACKNOWLEDGED, {}).get(table.id) != table.actions_taken
