"""Hamsterbacke's chart on the end screen (drawn by assistant/ui/charts.py): the cards in each player's
score pile after every turn, from one replay of the game's record (the engine's series)."""

from __future__ import annotations

import json

from assistant.games.hamsterbacke.series import score_piles_by_turn
from assistant.ui.charts import ChartSpec, once_per_game
from assistant.ui.common import tr


def end_chart(table) -> ChartSpec:
    """The score piles over the turns: one point per turn, however long the game (never smoothed)."""
    series = once_per_game(table, lambda: score_piles_by_turn(json.loads(table.to_json())))
    return ChartSpec(tr("ui.backe.chart.title"), table.names, series, tr("history.ui.chart.turn"),
                     tr("ui.backe.chart.value"), x_type="Q")
