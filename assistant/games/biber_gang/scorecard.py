"""Checking a finished Biber Gang round: ``python -m assistant score biber_gang FILE``.

Input (CONTRACT.md): ``{"players": [{"name": "Ann", "display": [[4 top cards], [4 bottom cards]]}]}``,
a card is 0..12 or "beaver". Scores the round: lowest wins, ties share.
"""

from __future__ import annotations

from typing import Any

from assistant.errors import IllegalAction
from assistant.games.biber_gang.cards import BEAVERS, COPIES, card_from_data, too_many
from assistant.games.biber_gang.scoring import lowest, score_display
from assistant.games.score_input import read_players


def check_card_counts(cards) -> None:
    """Refuse more copies of a card than the game has (IllegalAction, a ValueError).

    Shared by this check and the app's scorekeeper, so both give the same reason.
    """
    excess = too_many(cards)
    if excess == "beaver":
        raise IllegalAction("error.biber.too_many_beavers", copies=BEAVERS)
    if excess:
        raise IllegalAction("error.biber.too_many", card=excess, copies=COPIES)


def check_scores(data: Any) -> dict:
    names, displays = [], []
    for name, player in read_players(data, "biber_gang"):
        rows = player.get("display")
        if not (isinstance(rows, list) and len(rows) == 2 and all(isinstance(r, list) and len(r) == 4 for r in rows)):
            raise ValueError(f"{name}: a display is two rows of four cards")
        try:
            cards = [card_from_data(card) for row in rows for card in row]
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
        names.append(name)
        displays.append(cards)
    check_card_counts(card for cards in displays for card in cards)
    results = [score_display(cards) for cards in displays]
    return {
        "players": [{"name": name, "total": r.points, "breakdown": r.to_data()}
                    for name, r in zip(names, results, strict=True)],
        "winners": [names[p] for p in lowest([r.points for r in results])],
    }
