"""Scoring a revealed display (RULINGS.md section 3, "Scoring").

A column whose two cards have the same value is a pair and scores 0 (a beaver
copies its partner; two beavers are a locked pair of a value the player names,
and we name the best one). Every other card scores its value. 2/3/4 pairs of the
same value give -10/-15/-20 in total.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product

from assistant.games import standings as ranking
from assistant.games.biber_gang.cards import BEAVER, COLUMNS, NUMBERS

MATCHING_BONUS = {2: -10, 3: -15, 4: -20}


@dataclass(frozen=True)
class RoundScore:
    points: int
    column_pairs: tuple[int | None, ...]  # per column: the pair's value, or None
    bonus: int
    beaver_pair_values: tuple[int, ...]  # the value chosen for each locked beaver pair

    def to_data(self) -> dict:
        return {"points": self.points, "column_pairs": list(self.column_pairs), "bonus": self.bonus,
                "beaver_pair_values": list(self.beaver_pair_values)}


def score_display(cards: list[int] | tuple[int, ...]) -> RoundScore:
    """The best score of 8 known cards, choosing the value of every locked beaver pair."""
    locked = [c for c in range(COLUMNS) if cards[c] == BEAVER and cards[c + COLUMNS] == BEAVER]
    if not locked:
        return _score(cards, {})
    best = None
    for values in product(NUMBERS, repeat=len(locked)):
        result = _score(cards, dict(zip(locked, values, strict=True)))
        if best is None or result.points < best.points:
            best = result
    return best


def _score(cards, locked_values: dict[int, int]) -> RoundScore:
    points, pairs = 0, []
    for column in range(COLUMNS):
        top, bottom = cards[column], cards[column + COLUMNS]
        if column in locked_values:
            pairs.append(locked_values[column])
        elif top == BEAVER or bottom == BEAVER:
            pairs.append(bottom if top == BEAVER else top)  # the beaver copies its partner
        elif top == bottom:
            pairs.append(top)
        else:
            pairs.append(None)
            points += top + bottom
    counts = Counter(value for value in pairs if value is not None)
    bonus = sum(MATCHING_BONUS.get(count, 0) for count in counts.values())
    return RoundScore(points + bonus, tuple(pairs), bonus, tuple(locked_values[c] for c in sorted(locked_values)))


def ranking_key(total: int) -> tuple[int]:
    """The lowest total wins, and equal totals share the place (RULINGS.md section 3)."""
    return (-total,)


def standings(totals: list[int], *, over: bool) -> dict:
    """Places and winners from the players' totals (or one round's points); no tie-breaks."""
    return ranking.table([ranking_key(total) for total in totals], totals, over=over)


def lowest(totals: list[int]) -> list[int]:
    """The players with the lowest total: the leaders, or at the end the winners."""
    return ranking.best([ranking_key(total) for total in totals])
