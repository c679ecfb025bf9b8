"""Hamsterdam scores (RULINGS.md section 2): the flood tokens in a player's pile and on their dam;
the fewest wins, then more hamsters left (normal and special), then the win is shared.

The ranking is the score check's (scorecard.py), so the engine and the check never disagree.
"""

from __future__ import annotations

from assistant.games.hamsterdam import scorecard


def counts(piles: list[int], dam_tokens: list[int], hamsters: list[int]) -> list[dict[str, int]]:
    """Each player's counts as the score check reads them."""
    return [{"flood_pile": pile, "dam_tokens": dam, "hamsters": left}
            for pile, dam, left in zip(piles, dam_tokens, hamsters, strict=True)]


def standings(player_counts: list[dict[str, int]], *, over: bool) -> dict:
    """The standings table; before the end the lead is shown, but nobody has won yet."""
    table = scorecard.standings(player_counts)
    if not over:
        table["over"], table["decided_by"] = False, None
        for row in table["players"]:
            row["winner"] = False
    return table
