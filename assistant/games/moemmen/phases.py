"""What each phase of a Mömmen turn allows, and why anything else is refused.

One exchange move serves three phases with three rules, kept here as tables built once:
``ROWS[give][take]`` is the move if that exchange is allowed, else None. Listing the moves
is then only looking up the distinct hand cards against the distinct table cards.

- "turn" (M2): a minus card from the hand only for a plus card of its colour; any other card
  for any table card; never a card for the same card;
- "tim_exchange" (M4): any card for any other; only a minus card from the hand when no minus
  card lay on the table as Tim was played, and then the exchange is compulsory;
- "tim_take" (M5): take a minus card, lay down a plus card, Tim or Benny.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, NamedTuple

from assistant.errors import IllegalAction
from assistant.games.moemmen.actions import BENNY, EXCHANGE, PASS, REFRESH, SKIP, TIM, Move
from assistant.games.moemmen.cards import BENNY as BENNY_CARD
from assistant.games.moemmen.cards import (
    COLOUR_OF,
    IS_MINUS,
    IS_PLUS,
    KINDS,
    REFRESH_MINUS,
    card_text,
    colour_text,
    minus_count,
)
from assistant.games.moemmen.cards import TIM as TIM_CARD


def _rows(allowed) -> tuple[tuple[Move | None, ...], ...]:
    return tuple(tuple(EXCHANGE[give][take] if give != take and allowed(give, take) else None
                       for take in range(KINDS)) for give in range(KINDS))


def _normal(give: int, take: int) -> bool:
    """M2: the card laid down decides; a minus card goes only for a plus card of its colour."""
    return not IS_MINUS[give] or (IS_PLUS[take] and COLOUR_OF[take] == COLOUR_OF[give])


NORMAL_ROWS = _rows(_normal)
TIM_ROWS = _rows(lambda give, take: True)
TIM_MINUS_ROWS = _rows(lambda give, take: IS_MINUS[give])
TAKE_ROWS = _rows(lambda give, take: IS_MINUS[take] and not IS_MINUS[give])


def exchanges(hand: list[int], table: list[int], rows) -> list[Move]:
    """The allowed exchanges: hand cards in card order, table cards in the order of their places.

    Random play and the bots' rollouts list these most often: ``itemgetter`` picks a hand card's
    moves for the table cards and ``filter`` drops the refused (None) in one step each.
    """
    takes = tuple(dict.fromkeys(table))
    pick = itemgetter(*takes) if len(takes) > 1 else lambda row: (row[takes[0]],)  # one card: no tuple
    moves: list[Move] = []
    for give in dict.fromkeys(hand):
        moves += filter(None, pick(rows[give]))
    return moves


# --- phase "turn" ---------------------------------------------------------------------------
def turn_moves(state) -> list[Move]:
    hand, table = state.hands[state.turn], state.table
    moves = exchanges(hand, table, NORMAL_ROWS)
    if hand[-1] == BENNY_CARD:  # the hand is sorted and Benny is the last card
        moves.append(BENNY)
    minus = minus_count(table)
    if TIM_CARD in hand and (minus or minus_count(hand)):  # M4: a minus card on the table or in the hand
        moves.append(TIM)
    if minus >= REFRESH_MINUS:
        moves.append(REFRESH)
    moves.append(PASS)
    return moves


def turn_refusal(state, move: Move) -> IllegalAction:
    hand, table = state.hands[state.turn], state.table
    if move.kind == "exchange":
        return _exchange_refusal(hand, table, move) or IllegalAction(
            "error.moemmen.minus_for_own_colour", card=card_text(move.give), colour=colour_text(COLOUR_OF[move.give]))
    if move.kind == "benny":
        return IllegalAction("error.moemmen.not_held", card=card_text(BENNY_CARD))
    if move.kind == "tim":
        if TIM_CARD not in hand:
            return IllegalAction("error.moemmen.not_held", card=card_text(TIM_CARD))
        return IllegalAction("error.moemmen.tim_needs_minus")
    if move.kind == "refresh":
        return IllegalAction("error.moemmen.refresh_needs_three", count=minus_count(table))
    return IllegalAction("error.moemmen.skip_only_after_tim")


def _exchange_refusal(hand: list[int], table: list[int], move: Move) -> IllegalAction | None:
    """The reasons every phase shares: the cards must be there, and be two different cards."""
    if move.give not in hand:
        return IllegalAction("error.moemmen.not_held", card=card_text(move.give))
    if move.take not in table:
        return IllegalAction("error.moemmen.not_on_table", card=card_text(move.take))
    if move.give == move.take:
        return IllegalAction("error.moemmen.same_card", card=card_text(move.give))
    return None


# --- phase "tim_exchange": the Tim player's one exchange ------------------------------------
def tim_exchange_moves(state) -> list[Move]:
    hand, table = state.hands[state.turn], state.table
    if state.must_lay_minus:
        return exchanges(hand, table, TIM_MINUS_ROWS)
    return [*exchanges(hand, table, TIM_ROWS), SKIP]


def tim_exchange_refusal(state, move: Move) -> IllegalAction:
    if move.kind == "exchange":
        refusal = _exchange_refusal(state.hands[state.turn], state.table, move)
        if refusal:  # the same card: "make no exchange" instead, as a pass is no move here
            return refusal if refusal.key != "error.moemmen.same_card" else IllegalAction(
                "error.moemmen.same_card_after_tim", card=card_text(move.give))
    if state.must_lay_minus:  # whatever else was tried, the one way on is the compulsory exchange
        return IllegalAction("error.moemmen.tim_must_lay_minus")
    return IllegalAction("error.moemmen.tim_exchange_only")


# --- phase "tim_take": each opponent in turn ------------------------------------------------
def tim_take_moves(state) -> list[Move]:
    return exchanges(state.hands[state.takers[0]], state.table, TAKE_ROWS)


def tim_take_refusal(state, move: Move) -> IllegalAction:
    if move.kind == "exchange":
        refusal = _exchange_refusal(state.hands[state.takers[0]], state.table, move)
        if refusal:
            return refusal
    return IllegalAction("error.moemmen.must_take_minus")


class Position(NamedTuple):
    """One player's hand and the table, with what the phase's move lists read of a state."""

    hands: list[list[int]]
    table: list[int]
    must_lay_minus: bool
    turn: int = 0
    takers: tuple[int, ...] = (0,)


def moves_in(phase: str, hand: list[int], table: list[int], must_lay_minus: bool = False) -> list[Move]:
    """The moves a player holding ``hand`` (sorted) had in ``phase`` with ``table``: the hard bot asks
    what an opponent could have done."""
    return PHASES[phase].moves(Position([hand], table, must_lay_minus))


class Phase(NamedTuple):
    moves: Any  # state -> the legal moves
    refusal: Any  # (state, move) -> why that move is refused


PHASES = {
    "turn": Phase(turn_moves, turn_refusal),
    "tim_exchange": Phase(tim_exchange_moves, tim_exchange_refusal),
    "tim_take": Phase(tim_take_moves, tim_take_refusal),
}
