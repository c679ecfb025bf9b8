"""Checking the end of a Hamsterbacke game: ``python -m assistant score hamsterbacke FILE``.

Input (CONTRACT.md): ``{"players": [{"name": "Ann", "score_pile": 20, "hand": 5, "blocking": 3}]}``,
card counts. The total is score pile minus hand; the highest wins, ties share. Counts no game
can produce (negative, not whole numbers, more than the 120 cards together) are refused.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import IllegalAction
from assistant.games import standings as ranking
from assistant.games.hamsterbacke.cards import TOTAL_CARDS
from assistant.games.hamsterbacke.scoring import total
from assistant.games.score_input import read_players

FIELDS = ("score_pile", "hand", "blocking")
# The game ends with the deck empty and two or three piles left in the circle, one card each
# at least (the turn that leaves three may take one more): the players hold 118 cards at most.
MOST_HELD = TOTAL_CARDS - 2


def check_counts(counts: list[dict[str, int]]) -> None:
    """Refuse card counts no game can end with (IllegalAction, a ValueError). Shared by this
    check and the app's score check, so both give the same reason."""
    together = sum(sum(player.values()) for player in counts)
    if together > MOST_HELD:
        raise IllegalAction("error.backe.too_many_cards", count=together, most=MOST_HELD)


def check_scores(data: Any) -> dict:
    names, counts = [], []
    for name, player in read_players(data, "hamsterbacke"):
        values = {}
        for field in FIELDS:
            if field not in player and field != "blocking":  # the blocking stack may be left out: it never counts
                raise ValueError(f"{name}: the number of cards in '{field}' is missing")
            value = player.get(field, 0)
            if type(value) is not int or value < 0:
                raise ValueError(f"{name}: {field} must be a whole number of cards, 0 or more, not {value!r}")
            values[field] = value
        names.append(name)
        counts.append(values)
    check_counts(counts)
    totals = [total(player["score_pile"], player["hand"]) for player in counts]
    return {
        "players": [{"name": name, "total": points, "breakdown": dict(player)}
                    for name, points, player in zip(names, totals, counts, strict=True)],
        "winners": [names[p] for p in ranking.best(totals)],
    }
