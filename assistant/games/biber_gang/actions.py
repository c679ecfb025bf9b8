"""Biber Gang moves. Every possible move exists once, built here, so that listing
legal moves is only gathering constants (the random-play speed depends on it)."""

from __future__ import annotations

from typing import Any

from assistant import i18n
from assistant.games.base import KeyedAction, describe
from assistant.games.biber_gang.cards import DISPLAY_SIZE, position_text

KINDS = ("turn_up", "draw_deck", "take_discard", "swap", "discard_turn", "discard", "swim")


class Move(KeyedAction):
    """``kind`` with up to two display positions: turn_up(pos), swap(pos), discard_turn(pos),
    swim(beaver position, face-down position); draw_deck, take_discard and discard take none.

    Immutable and hashable (``KeyedAction``).
    """

    FIELDS = ("kind", "at", "to")

    def __init__(self, kind: str, at: int = -1, to: int = -1):
        self._freeze(kind, at, to)

    def to_data(self) -> Any:
        data: dict[str, Any] = {"move": self.kind}
        if self.at >= 0:
            data["at"] = self.at
        if self.to >= 0:
            data["to"] = self.to
        return data

    @property
    def reveals_hidden_card(self) -> bool:
        """True if the move always shows a card nobody had seen (a swap does when its target
        is face down, which only the state knows)."""
        return self.kind in ("turn_up", "draw_deck", "discard_turn", "swim")

    def text(self) -> i18n.Text:
        """The move in words, to be translated into the player's language."""
        params = {}
        if self.at >= 0:
            params["position"] = position_text(self.at)
        if self.to >= 0:
            params["to"] = position_text(self.to)
        return i18n.Text(f"move.biber.{self.kind}", **params)

    def __str__(self) -> str:
        text = self.text()
        return i18n.t(text.key, "en", **text.params)


TURN_UP = tuple(Move("turn_up", p) for p in range(DISPLAY_SIZE))
DRAW_DECK = Move("draw_deck")
TAKE_DISCARD = Move("take_discard")
SWAP = tuple(Move("swap", p) for p in range(DISPLAY_SIZE))
DISCARD_TURN = tuple(Move("discard_turn", p) for p in range(DISPLAY_SIZE))
DISCARD = Move("discard")
SWIM = tuple(tuple(Move("swim", b, f) for f in range(DISPLAY_SIZE)) for b in range(DISPLAY_SIZE))
_BY_DATA = {(m.kind, m.at, m.to): m for m in (*TURN_UP, DRAW_DECK, TAKE_DISCARD, *SWAP, *DISCARD_TURN, DISCARD,
                                                *(m for row in SWIM for m in row))}


def move_from_data(data: Any) -> Move:
    if not isinstance(data, dict) or not set(data) <= {"move", "at", "to"}:
        raise ValueError(f'a Biber Gang move is {{"move": kind, "at": position, "to": position}}, not {describe(data)}')
    key = (data.get("move"), data.get("at", -1), data.get("to", -1))
    # Only strings and whole numbers can name a move; anything else (a list, an object)
    # could not even be looked up in the table (TypeError: unhashable).
    if type(key[0]) is not str or type(key[1]) is not int or type(key[2]) is not int or key not in _BY_DATA:
        raise ValueError(f"no such Biber Gang move: {describe(data)}")
    return _BY_DATA[key]
