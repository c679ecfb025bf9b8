"""Checking the end of a Hamsterbacke game: ``python -m assistant score hamsterbacke FILE``.

Input (CONTRACT.md): ``{"players": [{"name": "Ann", "score_pile": 20, "hand": 5, "blocking": 3}]}``,
card counts, all three for every player. The total is score pile minus hand; the highest wins, ties
share. Counts no finished game can leave (negative, not whole numbers, more cards together than can
leave the circle, or fewer than must) are refused.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import IllegalAction
from assistant.games import standings as ranking
from assistant.games.hamsterbacke.cards import END_PILES, HAND_AT_START, LAID_PER_TAKE, PILES, TOTAL_CARDS
from assistant.games.hamsterbacke.scoring import total
from assistant.games.score_input import read_counts, read_players

FIELDS = ("score_pile", "hand", "blocking")
# The game ends with the deck empty and two or three piles left in the circle, one card each
# at least (the turn that leaves three may take one more): the players hold 118 cards at most.
MOST_HELD = TOTAL_CARDS - 2


def fewest_held(players: int) -> int:
    """The fewest cards the players can hold together at the end: the dealt ones, and one card
    at least from every Take, of which it needs enough to lay the whole deck (three a Take) and
    then five more to leave three piles."""
    deck = TOTAL_CARDS - PILES - HAND_AT_START * players
    return HAND_AT_START * players + -(-deck // LAID_PER_TAKE) + PILES - END_PILES


def check_counts(counts: list[dict[str, int]], *, finished: bool = True) -> None:
    """Refuse card counts no game can end with (IllegalAction, a ValueError). Shared by this
    check and the app's score check, so both give the same reason. ``finished=False`` (counts
    still being entered) refuses only too many."""
    together = sum(sum(player.values()) for player in counts)
    if together > MOST_HELD:
        raise IllegalAction("error.backe.too_many_cards", count=together, most=MOST_HELD)
    if finished and together < fewest_held(len(counts)):
        raise IllegalAction("error.backe.too_few_cards", count=together, fewest=fewest_held(len(counts)))


def check_scores(data: Any, *, finished: bool = True) -> dict:
    names, counts = [], []
    for name, player in read_players(data, "hamsterbacke"):
        names.append(name)
        counts.append(read_counts(name, player, dict.fromkeys(FIELDS, "cards")))
    check_counts(counts, finished=finished)
    totals = [total(player["score_pile"], player["hand"]) for player in counts]
    return {
        "players": [{"name": name, "total": points, "breakdown": dict(player)}
                    for name, points, player in zip(names, totals, counts, strict=True)],
        "winners": [names[p] for p in ranking.best(totals)],
    }
