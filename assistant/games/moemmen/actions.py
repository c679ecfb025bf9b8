"""Mömmen moves. Every move exists once, built here, so that listing the legal moves is only
gathering constants (the random-play speed depends on it).

- ``exchange``: lay down the hand card ``give`` and take the table card ``take``. The same
  kind serves the normal exchange (M2), the Tim player's exchange (M4) and each opponent's
  take of a minus card during Tim (M5); each phase has its own legality (rules.py);
- ``benny``, ``tim``: play that card (M3, M4);
- ``refresh``: a table with 3 or more minus cards is replaced (M6);
- ``pass``: end the turn doing nothing (M7);
- ``skip``: the Tim player makes no exchange (M4).

Identical cards are the same move: a move names cards, never hand positions or table slots.
"""

from __future__ import annotations

from typing import Any

from assistant import i18n
from assistant.games.base import KeyedAction, describe
from assistant.games.moemmen.cards import KINDS, NAMES, card_from_name, card_text

SIMPLE = ("benny", "tim", "refresh", "pass", "skip")


class Move(KeyedAction):
    """Immutable and hashable (``KeyedAction``); ``give`` and ``take`` are cards (ints, see
    cards.py), -1 for the moves that are no exchange."""

    FIELDS = ("kind", "give", "take")

    def __init__(self, kind: str, give: int = -1, take: int = -1):
        self._freeze(kind, give, take)

    def to_data(self) -> Any:
        if self.kind == "exchange":
            return {"move": "exchange", "give": NAMES[self.give], "take": NAMES[self.take]}
        return {"move": self.kind}

    def text(self) -> i18n.Text:
        """The move in words, to be translated into the player's language."""
        if self.kind == "exchange":
            return i18n.Text("move.moemmen.exchange", give=card_text(self.give), take=card_text(self.take))
        return i18n.Text(f"move.moemmen.{self.kind}")

    def __str__(self) -> str:
        text = self.text()
        return i18n.t(text.key, "en", **text.params)


EXCHANGE = tuple(tuple(Move("exchange", give, take) for take in range(KINDS)) for give in range(KINDS))  # [give][take]
BENNY, TIM, REFRESH, PASS, SKIP = (Move(kind) for kind in SIMPLE)
_SIMPLE_MOVES = {move.kind: move for move in (BENNY, TIM, REFRESH, PASS, SKIP)}


def exchange(give: int, take: int) -> Move:
    return EXCHANGE[give][take]


def is_known(move: Move) -> bool:
    """Whether ``move`` is one of the game's moves: a hand-made ``Move`` may name no card or no kind,
    and then it is refused as no move rather than with a reason about cards it does not name."""
    if move.kind == "exchange":
        return all(type(card) is int and 0 <= card < KINDS for card in (move.give, move.take))
    return move.kind in _SIMPLE_MOVES and move.give == move.take == -1


def move_from_data(data: Any) -> Move:
    """The move ``data`` names; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("move"), str):
        raise ValueError(f'a Mömmen move is {{"move": kind, ...}}, not {describe(data)}')
    kind, fields = data["move"], set(data) - {"move"}
    try:
        if kind == "exchange" and fields == {"give", "take"}:
            return EXCHANGE[card_from_name(data["give"])][card_from_name(data["take"])]
        if kind in _SIMPLE_MOVES and not fields:
            return _SIMPLE_MOVES[kind]
    except ValueError:
        pass
    raise ValueError(f"no such Mömmen move: {describe(data)}")
