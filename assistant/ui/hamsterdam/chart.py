"""Hamsterdam's chart on the end screen (drawn by assistant/ui/charts.py): each player's flood pile after
every turn, from one replay of the game's record (the engine's series; the table keeps only the end)."""

from __future__ import annotations

import json

from assistant.games.hamsterdam.series import flood_piles_by_turn
from assistant.ui.charts import ChartSpec, once_per_game
from assistant.ui.common import tr


def end_chart(table) -> ChartSpec:
    """The flood piles over the turns: one point per turn, however long the game (never smoothed)."""
    series = once_per_game(table, lambda: flood_piles_by_turn(json.loads(table.to_json())))
    return ChartSpec(tr("ui.hamsterdam.chart.title"), table.names, series, tr("history.ui.chart.turn"),
                     tr("ui.hamsterdam.chart.value"), x_type="Q")
