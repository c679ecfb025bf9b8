"""Games played in rounds (``Rounds``): the screen between two rounds, the button for the next,
and the cover before the first decision of the new round at a shared tablet. One round loop for every
such game; each game says only how many rounds are finished and how a finished round looks.

The engine deals the next round at once; the table shows each finished round until somebody taps
Next round, and holds the computer opponents back meanwhile (``pause`` of ``widgets.bots_move``).
Which round was gone on from is saved with the game (a mark, assistant/store_screens.py), not kept by
the tab: a reload, a second device or a restarted server shows the same screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import streamlit as st

from assistant.ui.common import store, tr
from assistant.ui.seats import ACKNOWLEDGED, at_tablet, cover_needed
from assistant.ui.table import Table
from assistant.ui.widgets import bots_move, draw_in_the_bots_place

ROUNDS_SHOWN = "rounds_shown"  # mark: how many finished rounds the table went on from
ROUND_START = "round_start"  # mark: the action count when the table went on to the round in play


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
    draw_in_the_bots_place(render_table, table)


def end_cover_or_table(table: Table, end: Callable[[Table], None], show_cover: Callable[[], None],
                       draw_table: Callable[[Table], None]) -> bool:
    """The end screen, the cover a shared tablet shows before a decision (the tablet changes hands, or
    a new round's first decision), or the table. False when the cover is all the page shows."""
    if table.is_over():
        end(table)
    elif cover_needed(table) or cover_after_round(table):
        show_cover()
        return False
    else:
        draw_table(table)
    return True


def round_to_show(table: Table, rounds: Rounds) -> bool:
    """A round ended that nobody went on from yet (the last round: the end screen)."""
    return not table.is_over() and rounds.finished(table) > _shown(table, rounds)


def _shown(table: Table, rounds: Rounds) -> int:
    """How many finished rounds the table went on from. A game saved before this was kept starts from
    the rounds finished when it is first opened, unless one ended just now."""
    shown = table.marks().get(ROUNDS_SHOWN)
    if shown is None:
        finished = rounds.finished(table)
        shown = store().set_mark_once(table.id, ROUNDS_SHOWN,
                                      finished - 1 if finished and rounds.just_ended(table) else finished)
        table.marks()[ROUNDS_SHOWN] = shown
    return shown


def round_over(table: Table, rounds: Rounds) -> None:
    index = _shown(table, rounds)  # the first round nobody went on from
    st.header(tr(f"{rounds.texts}.round_over", round=index + 1))
    rounds.results(table, index)
    # Above the scores, so that it is on the screen with the round's end; in a lesson its own Next leads on.
    if table.setup.get("origin") != "lesson":
        st.button(tr(f"{rounds.texts}.next_round"), key=f"{rounds.key}-next-round", type="primary",
                  icon=":material/skip_next:", on_click=_next_round, args=(table.id, index + 1, table.actions_taken))
    rounds.totals(table)


def _next_round(game_id: str, shown: int, actions: int) -> None:
    from assistant.ui.access import still_allowed

    if not still_allowed():
        return
    store().set_mark(game_id, ROUND_START, actions)
    store().set_mark(game_id, ROUNDS_SHOWN, shown)  # last: a device that sees it sees the round start too


def round_started_here(table: Table) -> bool:
    """The table went on to the round in play, and nothing was done in it since."""
    return table.marks().get(ROUND_START) == table.actions_taken


def cover_after_round(table: Table) -> bool:
    """Together: everybody looked at the round's end on the tablet, so the first person at the tablet to
    decide in the new round taps "It is me" too, even the one who made the round's last move."""
    start, seat = table.marks().get(ROUND_START), table.current_player
    if table.setup.get("mode") != "together" or table.held is not None or start is None or seat < 0 \
            or not at_tablet(table, seat):
        return False
    if any(at_tablet(table, actor) for actor in table.actors()[start:]):
        return False  # a person at the tablet has decided in this round: cover_needed knows from here on
    return table.marks().get(ACKNOWLEDGED) != table.actions_taken
