"""Checking the end of a Mömmen round: ``python -m assistant score moemmen FILE``.

Input (CONTRACT.md): ``{"players": [{"name": "Ann", "hand": ["red+3", "blue-2", "tim", ...]}]}``,
each hand the six cards it held when the round ended. The total is the round's score (M10):
the best colour's plus values, -1 per plus card of another colour, minus cards their value,
Tim and Benny -3 each; the breakdown names the colour and its parts. The highest total wins,
ties share. A hand of another size, an unknown card, more copies of a card than the deck
has (counted over all hands), or hands of which none holds six plus cards of one colour (no round
ends so, M9) are refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from assistant.errors import IllegalAction
from assistant.games import standings as ranking
from assistant.games.moemmen.cards import COPIES, HAND_SIZE, card_from_name, card_text, full_colour
from assistant.games.moemmen.scoring import breakdown, round_score
from assistant.games.score_input import read_players


def check_hands(names: list[str], hands: list[list[int]], *, finished: bool = True) -> None:
    """Refuse hands no round can end with (IllegalAction, a ValueError). Shared by this check and
    the app's score check, so both give the same reason. ``finished=False`` (hands still being
    entered) refuses only too many cards."""
    for name, hand in zip(names, hands, strict=True):
        if len(hand) > HAND_SIZE:
            raise IllegalAction("error.moemmen.hand_too_big", name=name, count=len(hand))
        if finished and len(hand) != HAND_SIZE:
            raise IllegalAction("error.moemmen.hand_size", name=name, count=len(hand))
    counts = Counter(card for hand in hands for card in hand)
    for card in sorted(counts):
        if counts[card] > COPIES[card]:
            raise IllegalAction("error.moemmen.too_many_copies", count=counts[card], card=card_text(card),
                                copies=COPIES[card])
    # A round ends only when a player holds six plus cards of one colour (M9; RULINGS.md section 5).
    if finished and not any(full_colour(sorted(hand)) is not None for hand in hands):
        raise IllegalAction("error.moemmen.no_full_colour")


def check_scores(data: Any, *, finished: bool = True) -> dict:
    names, hands = [], []
    for name, player in read_players(data, "moemmen"):
        unknown = sorted(set(player) - {"name", "hand"})
        if unknown:
            raise ValueError(f"{name}: unknown field {unknown[0]!r} (the field is 'hand')")
        if not isinstance(player.get("hand"), list):
            raise ValueError(f"{name}: 'hand' must be a list of cards such as \"red+3\"")
        try:
            hands.append([card_from_name(card) for card in player["hand"]])
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        names.append(name)
    check_hands(names, hands, finished=finished)
    totals = [round_score(hand) for hand in hands]
    return {
        "players": [{"name": name, "total": total, "breakdown": breakdown(hand)}
                    for name, total, hand in zip(names, totals, hands, strict=True)],
        "winners": [names[p] for p in ranking.best(totals)],
    }
