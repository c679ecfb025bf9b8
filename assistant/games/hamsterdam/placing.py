"""Defending Your Dam and Redeployment (RULINGS.md section 2): the hamsters placed on the dam.

As in setup.py, each function takes the state; ``*_moves`` lists the legal moves, ``apply_*`` carries
one out (placing shows nothing hidden: each returns False).

- placing (setup and redeployment): the hand of pieces goes onto the dam one at a time; during
  redeployment a piece may leave the game to clear a flood token; no piece on a card with one.
  ``restore`` puts in one move every piece of the hand back where it stood when the round ended
  (``state.before``), where its card still takes it: a table wants its hamsters back mostly.
- redeployment: everybody takes up every piece, from the dam and the reinforcement pile (``take_up``);
  Janitster's use (abilities.py) comes with the placing moves.

The order of the placing players and what comes before and after is rules.py's; when everybody has
placed, the placing hands on through ``state.next_roll()``.
"""

from __future__ import annotations

from collections import Counter

from assistant.games.hamsterdam import abilities
from assistant.games.hamsterdam.actions import DONE, RESTORE, Move, move_of
from assistant.games.hamsterdam.cards import distinct, hand_order, stack_add


def free_positions(state, player: int) -> list[int]:
    """The cards a piece may be placed on: intact and without a flood token."""
    tokens, flipped = state.tokens[player], state.flipped[player]
    return [pos for pos in range(len(tokens)) if not flipped[pos] and not tokens[pos]]


def targets(state, player: int, piece: str) -> list[int]:
    """The cards ``piece`` may be put on: a Swimster shares a card with a flood token."""
    return state.intact(player) if abilities.swims(piece) else free_positions(state, player)


def place_moves(state) -> list[Move]:
    player = state.actor
    pieces = distinct(state.hand[player])
    free = free_positions(state, player)
    tokens, flipped = state.tokens[player], state.flipped[player]
    flooded = [pos for pos in range(len(tokens)) if tokens[pos] and not flipped[pos]]
    moves = [RESTORE] if back_in_place(state, player) else []
    moves += [move_of("put", piece, pos) for piece in pieces for pos in targets(state, player, piece)]
    # a Swimster never removes a token: it cannot be the hamster given up to clear one (RULINGS.md section 2)
    moves += [move_of("clear", piece, pos) for pos in flooded for piece in pieces if not abilities.swims(piece)]
    moves += abilities.redeploy_uses(state, player)
    if not free:
        moves.append(DONE)
    return moves


def back_in_place(state, player: int) -> list[tuple[int, str]]:
    """(card, piece) for each piece of the hand that can go back to the card it stood on when the round
    ended, bottom of the stack first. A piece already put back by tap is not missing there; a card with
    a flood token or flipped takes none (a Swimster goes back beside a token)."""
    if not state.before[player]:  # the first placing: nothing stood anywhere yet
        return []
    hand = Counter(state.hand[player])
    free, intact = set(free_positions(state, player)), set(state.intact(player))
    back = []
    for pos, stood in enumerate(state.before[player]):
        missing = Counter(stood) - Counter(state.stacks[player][pos])
        for piece in stood:
            if missing[piece] and hand[piece] and pos in (intact if abilities.swims(piece) else free):
                missing[piece] -= 1
                hand[piece] -= 1
                back.append((pos, piece))
    return back


def apply_put(state, move: Move) -> bool:
    player = state.actor
    state.hand[player].remove(move.piece)
    stack_add(state.stacks[player][move.at], move.piece)
    continue_placing(state)
    return False


def apply_restore(state, move: Move) -> bool:
    player = state.actor
    back = back_in_place(state, player)
    for pos, piece in back:
        state.hand[player].remove(piece)
        stack_add(state.stacks[player][pos], piece)
    state.say("log.hamsterdam.restored", player=player, count=len(back))
    continue_placing(state)
    return False


def apply_clear(state, move: Move) -> bool:
    player = state.actor
    state.hand[player].remove(move.piece)
    state.removed[player].append(move.piece)
    state.clear_tokens(player, move.at)  # the piece leaves the game, the token goes back to the supply
    state.say("log.hamsterdam.cleared", player=player, piece=move.piece, **state.card(player, move.at))
    continue_placing(state)
    return False


def apply_use(state, move: Move) -> bool:
    abilities.use(state, state.actor, move)
    continue_placing(state)
    return False


def apply_done(state, move: Move) -> bool:
    finish_placing(state)
    return False


def continue_placing(state) -> None:
    """The placing player goes on while a piece is left and a move is possible."""
    player = state.actor
    if not state.hand[player] or not (free_positions(state, player) or any(state.tokens[player])):
        finish_placing(state)


def finish_placing(state) -> None:
    """Pieces that fit nowhere wait in the reinforcement pile; the next player places."""
    player = state.queue.pop(0)
    _keep_the_rest(state, player)
    state.say("log.hamsterdam.placed", player=player)
    next_placer(state)


def next_placer(state) -> None:
    """The next player with something to place; one who has nothing, or no card for it, is passed over."""
    while state.queue:
        player = state.queue[0]
        if state.hand[player] and (free_positions(state, player) or any(state.tokens[player])):
            return
        _keep_the_rest(state, state.queue.pop(0))
    state.next_roll()


def _keep_the_rest(state, player: int) -> None:
    state.reserve[player] = sorted(state.reserve[player] + state.hand[player], key=hand_order)
    state.hand[player] = []


def take_up(state) -> None:
    """Everybody takes up every piece, from the dam and the reinforcement pile, to place them again;
    where each stood is kept for ``restore``."""
    abilities.note_janitster(state)  # before any dam is taken up
    for player in range(state.num_players):
        pieces = state.reserve[player] + [piece for stack in state.stacks[player] for piece in stack]
        state.hand[player] = sorted(pieces, key=hand_order)
        state.reserve[player] = []
        state.before[player] = [list(stack) for stack in state.stacks[player]]
        for stack in state.stacks[player]:
            stack.clear()
