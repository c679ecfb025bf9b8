"""Places and winners, the same way for every game.

A game ranks its players by a key per player where a higher key is better: the total and
then its tie-breaks in order, such as (total, chambers, mushrooms, acorns), or the negated
total for a game whose lowest total wins. Equal keys share a place, and the place
after them is skipped (1, 1, 3), as players count it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def places(keys: Sequence) -> list[int]:
    """Each player's place, 1 for first."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def best(keys: Sequence) -> list[int]:
    """The players sharing first place."""
    top = max(keys)
    return [player for player, key in enumerate(keys) if key == top]


def table(keys: Sequence, scores: Sequence[int], *, over: bool, breakdowns: Sequence[dict] | None = None,
          decided_by: str | None = None) -> dict[str, Any]:
    """The standings as data the app shows: rows in order of place (then seat), each with
    ``player`` (a seat), ``place``, ``score``, ``winner`` and, if the game has one, ``breakdown``.

    Before the end nobody is a winner yet (place 1 is the lead). ``decided_by`` names the
    tie-break that decided first place (None when the scores alone did, or before the end).
    """
    ranked = places(keys)
    rows = []
    for player, (place, score) in enumerate(zip(ranked, scores, strict=True)):
        row = {"player": player, "place": place, "score": score, "winner": over and place == 1}
        if breakdowns is not None:
            row["breakdown"] = breakdowns[player]
        rows.append(row)
    rows.sort(key=lambda row: (row["place"], row["player"]))
    return {"players": rows, "over": over, "decided_by": decided_by if over else None}


def winners_of(standing: dict[str, Any]) -> list[int]:
    """The winning seats of a standings table, in seat order (empty before the end)."""
    return sorted(row["player"] for row in standing["players"] if row["winner"])
