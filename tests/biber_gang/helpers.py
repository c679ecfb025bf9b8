"""Biber Gang's test helpers: a new game and a hand-made position."""

from __future__ import annotations

from assistant.games import get_game
from assistant.games.base import State
from assistant.games.biber_gang.cards import BEAVER, FULL_DECK

B = BEAVER


def new_biber_gang(players: int = 2, seed: int = 0, **options) -> State:
    return get_game("biber_gang").new_state(players, seed=seed, **options)


def rig(state, displays, face_up, deck=None, discard=(9,), turn=0, phase="draw"):
    """Lay out a hand-made Biber Gang position (the rest of the 108 cards go to the deck unless given)."""
    state.displays = [list(d) for d in displays]
    state.face_up = [sum(1 << p for p in up) for up in face_up]
    state.discard = list(discard)
    if deck is None:
        rest = list(FULL_DECK)
        for card in [c for d in displays for c in d] + list(discard):
            rest.remove(card)
        deck = rest
    state.deck = list(deck)
    state.turn, state.phase, state.drawn, state.drawn_from = turn, phase, None, None
    state._legal = None  # the legal moves listed for the position before
    return state
