"""Mömmen's chart on the end screen (drawn by assistant/ui/charts.py): each player's match total after
every round, with the match's target, from the table's standings."""

from __future__ import annotations

from assistant.ui.charts import ChartSpec, totals_chart


def round_scores(standings: dict, num_players: int) -> list[list[int]]:
    """Each seat's score in every round, as the standings list them (their rows are in order of place)."""
    scores: list[list[int]] = [[] for _ in range(num_players)]
    for row in standings["players"]:
        scores[row["player"]] = list(row["breakdown"]["rounds"])
    return scores


def end_chart(table) -> ChartSpec:
    """Each player's match total after every round, the target as a dashed line."""
    return totals_chart(table.names, round_scores(table.standings(), table.num_players),
                        target=table.view(table.held)["target"])
