"""Mömmen cards: 64 cards, sheep of four colours, Tim the Shearer and Benny the Village Dog.

A card is an int: ``colour * 6 + face`` for the sheep (faces +1, +2, +3, +4, -2, -3 in that
order), then ``TIM`` (24) and ``BENNY`` (25). It is written as in the contract: ``"red+3"``,
``"blue-2"``, ``"tim"``, ``"benny"``. Sorting cards groups them by colour, plus cards first.
Each colour has three of every plus card and one of each minus card (RULINGS.md section 5).
"""

from __future__ import annotations

from assistant.games.base import describe
from assistant.i18n import Text

COLOURS = ("red", "yellow", "green", "blue")
FACES = ("+1", "+2", "+3", "+4", "-2", "-3")
FACE_VALUES = (1, 2, 3, 4, -2, -3)
TIM = len(COLOURS) * len(FACES)  # 24
BENNY = TIM + 1  # 25
KINDS = BENNY + 1  # 26 different cards
NAMES = tuple(f"{colour}{face}" for colour in COLOURS for face in FACES) + ("tim", "benny")
_INDEX = {name: card for card, name in enumerate(NAMES)}

SHEEP = range(TIM)
COLOUR_OF = tuple(card // len(FACES) if card < TIM else -1 for card in range(KINDS))  # -1: Tim and Benny
IS_PLUS = tuple(card < TIM and card % len(FACES) < 4 for card in range(KINDS))
IS_MINUS = tuple(card < TIM and card % len(FACES) >= 4 for card in range(KINDS))
POINTS = tuple(FACE_VALUES[card % len(FACES)] if card < TIM else -3 for card in range(KINDS))  # Tim, Benny: -3
COPIES = tuple(3 if IS_PLUS[card] else 1 if IS_MINUS[card] else 4 for card in range(KINDS))
FULL_DECK: tuple[int, ...] = tuple(card for card in range(KINDS) for _ in range(COPIES[card]))
TOTAL_CARDS = len(FULL_DECK)  # 64
MINUS_CARDS = tuple(card for card in range(KINDS) if IS_MINUS[card])

HAND_SIZE = 6
TABLE_SIZE = 5
REFRESH_MINUS = 3  # a table showing this many minus cards or more may be refreshed (M6)


def card_name(card: int) -> str:
    return NAMES[card]


def card_from_name(name) -> int:
    """``"red+3"`` -> 2; ValueError for anything that is no card of the game."""
    card = _INDEX.get(name) if isinstance(name, str) else None
    if card is None:
        raise ValueError(f"{describe(name)} is no Mömmen card (cards are written like red+3, blue-2, tim, benny)")
    return card


def card_text(card: int) -> Text:
    """The card in the player's language ("red +3", "Rot +3", "Tim the Shearer")."""
    if card == TIM:
        return Text("card.moemmen.tim")
    if card == BENNY:
        return Text("card.moemmen.benny")
    value = POINTS[card]
    return Text("card.moemmen.plus" if value > 0 else "card.moemmen.minus", colour=colour_text(COLOUR_OF[card]),
                value=abs(value))


def colour_text(colour: int) -> Text:
    return Text(f"card.moemmen.{COLOURS[colour]}")


def full_colour(hand) -> int | None:
    """The colour of a hand of six plus cards of one colour (it ends the round), else None.
    ``hand`` is sorted, so its first and last card bound every card between them."""
    if len(hand) != HAND_SIZE:
        return None
    first, last = hand[0], hand[-1]
    if last < TIM and IS_PLUS[last] and first // len(FACES) == last // len(FACES):
        return COLOUR_OF[first]
    return None


def minus_count(cards) -> int:
    return sum(map(IS_MINUS.__getitem__, cards))


def unseen_cards(view: dict) -> list[int]:
    """The cards ``view``'s seat cannot see, in card order: other hands, the deck and the
    discard pile below its top card."""
    unseen = list(FULL_DECK)
    seen = list(view["hand"]) + list(view["table"])
    if view["discard_top"] is not None:
        seen.append(view["discard_top"])
    for card in seen:
        unseen.remove(card)
    return unseen
