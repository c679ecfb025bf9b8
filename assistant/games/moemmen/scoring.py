"""Mömmen scores (RULINGS.md section 5, docs/RULES.md M10, M11).

A hand is scored for one colour: that colour's plus values, -1 for each plus card of another
colour, each minus card its value (whatever its colour), Tim and Benny -3 each. The player
takes the best colour; when colours tie, the first in the order red, yellow, green, blue.
Used by the engine, the score check and the app alike.
"""

from __future__ import annotations

from assistant.games import standings as ranking
from assistant.games.moemmen.cards import COLOUR_OF, COLOURS, IS_PLUS, POINTS


def colour_score(hand, colour: int) -> int:
    """The hand's score when ``colour`` is the colour chosen for it."""
    return sum(POINTS[card] if not IS_PLUS[card] or COLOUR_OF[card] == colour else -1 for card in hand)


def best_colour(hand) -> int:
    """The colour that scores the hand best; ties go to the first in colour order."""
    scores = [colour_score(hand, colour) for colour in range(len(COLOURS))]
    return scores.index(max(scores))


def round_score(hand) -> int:
    return colour_score(hand, best_colour(hand))


def breakdown(hand) -> dict:
    """The parts of the hand's score for its best colour, as the score check shows them."""
    colour = best_colour(hand)
    return {
        "colour": COLOURS[colour],
        "colour_points": sum(POINTS[card] for card in hand if IS_PLUS[card] and COLOUR_OF[card] == colour),
        "other_plus": -sum(1 for card in hand if IS_PLUS[card] and COLOUR_OF[card] != colour),
        "minus": sum(POINTS[card] for card in hand if not IS_PLUS[card] and COLOUR_OF[card] >= 0),
        "tim_benny": sum(POINTS[card] for card in hand if COLOUR_OF[card] < 0),
    }


def standings(totals: list[int], round_scores: list[list[int]], *, over: bool) -> dict:
    """The match so far: the highest total leads and, at the end, wins; equal totals share (M11).
    ``round_scores`` holds each finished round's scores, one per seat."""
    breakdowns = [{"rounds": [scores[p] for scores in round_scores]} for p in range(len(totals))]
    return ranking.table(totals, totals, over=over, breakdowns=breakdowns)
