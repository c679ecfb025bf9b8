"""Hamstern's chart on the end screen (drawn by assistant/ui/charts.py): a game on a sheet of its own has
no piles to follow, so the chart follows the players instead: their scores in every Hamstern game of
this side, over time, as the history knows them (it records a game with its last action, so this one is
in it)."""

from __future__ import annotations

from collections.abc import Sequence

from assistant import history
from assistant.games.hamstern.layout import SIDES
from assistant.ui.charts import ChartSpec, distinct, iso
from assistant.ui.common import store, tr
from assistant.ui.hamstern.cave_picker import side_words


def scores_over_time(seated: Sequence[str], game: str, side: str) -> tuple[list[str], list[list[tuple[str, float]]]]:
    """The names and the (date, score) of every game of ``side`` of the people ``seated`` (each person
    once, found by a name they went by before too: merged or renamed since; computer players and names the
    history does not know have no line)."""
    people = [person for person in history.people_named(store(), seated) if person.bot_level is None]
    series = [[(iso(when), score) for when, score in history.score_series(store(), person.id, game, side)]
              for person in people]
    return distinct([person.name for person in people]), series


def end_chart(table) -> ChartSpec:
    """The seated players' scores on this side, game by game (a point is a game: many are smoothed)."""
    side = table.view(None).get("side")
    names, series = scores_over_time(table.names, table.game, side)
    title = (tr("ui.hamstern.chart.title", side=side) if side in SIDES
             else tr("ui.hamstern.chart.title_cave", where=side_words(side)))
    return ChartSpec(title, names, series, tr("history.ui.chart.when"),
                     tr("history.ui.chart.score"), x_type="T", per_game=True)
