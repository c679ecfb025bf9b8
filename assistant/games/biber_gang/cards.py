"""Biber Gang cards: 104 number cards (0..12, eight each) and 4 beavers.

A card is an int: 0..12 for numbers, ``BEAVER`` (13) for a beaver. A display is
8 cards: positions 0-3 are the top row, 4-7 the bottom row; column c holds
positions c and c + 4.
"""

from __future__ import annotations

from collections import Counter

from assistant.i18n import Text

BEAVER = 13
NUMBERS = range(13)
COPIES = 8
BEAVERS = 4
FULL_DECK: tuple[int, ...] = tuple(sorted([n for n in NUMBERS for _ in range(COPIES)] + [BEAVER] * BEAVERS))
DISPLAY_SIZE = 8
COLUMNS = 4
ALL_FACE_UP = (1 << DISPLAY_SIZE) - 1


PARTNER = tuple(p + COLUMNS if p < COLUMNS else p - COLUMNS for p in range(DISPLAY_SIZE))
# HIDDEN[face_up_mask]: the face-down positions, looked up rather than counted on every move
HIDDEN = tuple(tuple(p for p in range(DISPLAY_SIZE) if not mask >> p & 1) for mask in range(1 << DISPLAY_SIZE))


def partner(position: int) -> int:
    """The other card of a position's column."""
    return PARTNER[position]


def card_name(card: int) -> str:
    """The card in catalogue keys ("card.a.beaver", "card.the.7")."""
    return "beaver" if card == BEAVER else str(card)


def card_text(card: int) -> str:
    """The card as printed on it, for buttons and short messages: the number, or 🦫."""
    return "🦫" if card == BEAVER else str(card)


def card_to_data(card: int) -> int | str:
    """The card in JSON (the score check's input): 0..12 or "beaver"."""
    return "beaver" if card == BEAVER else card


def card_from_data(data) -> int:
    """A card from JSON: an int 0..12 or "beaver"; ValueError otherwise."""
    if data == "beaver":
        return BEAVER
    if type(data) is int and 0 <= data <= 12:
        return data
    raise ValueError(f'a card is 0..12 or "beaver", not {data!r}')


def position_text(position: int) -> Text:
    """'top 1' .. 'bottom 4' as a player counts them from the left, in the player's language."""
    row = "card.top" if position < COLUMNS else "card.bottom"
    return Text(row, column=position % COLUMNS + 1)


def card_words(card: int, article: str) -> Text:
    """A card with its article ("a"/"the"), e.g. "an 8", "einen Biber". Articles differ per card
    and per language, so each one is spelt out in the catalogues rather than built here."""
    return Text(f"card.{article}.{card_name(card)}")


def unseen_cards(view: dict) -> list[int]:
    """The cards a seat cannot see in its view: face-down cards everywhere, the deck, a hidden drawn card."""
    unseen = Counter(FULL_DECK)
    for player in view["players"]:
        unseen.subtract(card for card in player["display"] if card is not None)
    unseen.subtract(view["discard"])
    if view["drawn"] is not None:
        unseen.subtract([view["drawn"]])
    return list(unseen.elements())


def too_many(cards) -> str | None:
    """The first card that occurs more often than the game has it, if any."""
    counts = Counter(cards)
    for card, count in sorted(counts.items()):
        if count > (BEAVERS if card == BEAVER else COPIES):
            return card_name(card)
    return None
