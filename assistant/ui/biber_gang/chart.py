"""Biber Gang's chart on the end screen (drawn by assistant/ui/charts.py): each player's total after
every round, from the table's view."""

from __future__ import annotations

from assistant.ui.charts import ChartSpec, totals_chart


def end_chart(table) -> ChartSpec:
    """Each player's total after every finished round (the view lists each player's round scores)."""
    return totals_chart(table.names, [player["round_scores"] for player in table.view(None)["players"]])
