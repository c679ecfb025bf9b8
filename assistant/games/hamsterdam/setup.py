"""The decisions before the first roll, and redeployment (RULINGS.md section 2, "Setup").

Each function takes the state; ``*_moves`` lists a phase's legal moves, the others carry out a
move that ``check`` accepted and return True when doing so showed something hidden (cards
passed, specials dealt or kept by others), so that it stands against undo (base.Step).

- passing (full mode): each player chooses two dam cards, one for each neighbour (both for the
  opponent with two players); the choices stay hidden until everybody has chosen;
- arranging (full mode): each player lays their dam cards left to right, one at a time;
- keeping: two specials are dealt per blue dot, one per blue dot is kept (Classic: one per blue dot, no choice; our
  reading of "give each player two special hamsters": docs/RULES.md D9);
- placing (setup and redeployment): the hand of pieces goes onto the dam one at a time; during
  redeployment a piece may leave the game to clear a flood token; no piece on a card with one.
  ``restore`` puts in one move every piece of the hand back where it stood when the round ended
  (``state.before``), where its card still takes it: a table wants its hamsters back mostly.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

from assistant.games.hamsterdam import abilities
from assistant.games.hamsterdam.actions import DONE, RESTORE, Move, move_of
from assistant.games.hamsterdam.cards import HAMSTER, distinct, numbers, piece_order, special_name, stack_add

TWINSTERS = "twinsters"


def hand_order(piece: str) -> tuple[int, str]:
    return piece_order(piece), piece


# --- passing ---------------------------------------------------------------------------------
def pass_moves(state) -> list[Move]:
    held = state.held[state.actor]
    if state.num_players == 2:
        return [move_of("pass", cards=pair) for pair in combinations(held, 2)]
    return [move_of("pass", cards=pair) for pair in permutations(held, 2)]


def apply_pass(state, move: Move) -> bool:
    state.passes[state.actor] = move.cards
    state.queue.pop(0)
    if state.queue:
        return False
    players = state.num_players
    for player, (left, right) in enumerate(state.passes):
        state.held[player].remove(left)
        state.held[player].remove(right)
    for player, (left, right) in enumerate(state.passes):
        state.held[(player + 1) % players].append(left)  # turns and the dice go to the left: seat + 1
        state.held[(player - 1) % players].append(right)
        if players == 2:  # both cards go to the opponent
            state.say("log.hamsterdam.passed_both", player=player, left=left, right=right)
        else:
            state.say("log.hamsterdam.passed", player=player, left=left, right=right)
    for held in state.held:
        held.sort()
    state.start_phase("arrange", list(range(players)))
    return True  # everybody now sees the cards they received


# --- arranging -------------------------------------------------------------------------------
def lay_moves(state) -> list[Move]:
    return [move_of("lay", at=value) for value in distinct(state.held[state.actor])]


def apply_lay(state, move: Move) -> bool:
    player = state.actor
    held = state.held[player]
    held.remove(move.at)
    state.dams[player].append(move.at)
    if len(set(held)) == 1:  # one value left: no choice, lay it (both copies if two)
        state.dams[player] += held
        held.clear()
    if held:
        return False
    state.say("log.hamsterdam.arranged", player=player, order=" ".join(map(str, state.dams[player])))
    state.queue.pop(0)
    if state.queue:
        return False
    deal_specials(state)
    return True  # the specials dealt are seen


# --- specials --------------------------------------------------------------------------------
def deal_specials(state) -> None:
    """Two per blue dot from the shuffled specials to choose from, one Twinster set aside (the
    rulebook); Classic gives one per blue dot, nobody chooses (D9)."""
    deck = [name for name in numbers().special_names for _ in range(2)]
    deck.remove(TWINSTERS)
    state.rng.shuffle(deck)
    per_dot = 1 if state.mode == "classic" else 2
    for player in range(state.num_players):
        dots = numbers().blue_dots(state.dams[player])
        state.offered[player] = sorted(deck.pop() for _ in range(per_dot * dots))
        state.hand[player] = [HAMSTER] * numbers().hamsters_for(state.dams[player])
    if state.mode == "classic":
        for player in range(state.num_players):
            _kept(state, player, state.offered[player])
        specials_kept(state)
        return
    state.start_phase("keep", [p for p in range(state.num_players) if state.offered[p]])
    if not state.queue:
        start_roll_for_first_player(state)


def keep_count(state, player: int) -> int:
    return len(state.offered[player]) // 2


def keep_moves(state) -> list[Move]:
    offered = state.offered[state.actor]
    choices = dict.fromkeys(combinations(offered, keep_count(state, state.actor)))
    return [move_of("keep", cards=choice) for choice in choices]


def apply_keep(state, move: Move) -> bool:
    _kept(state, state.actor, move.cards)
    state.queue.pop(0)
    if state.queue:
        return False
    specials_kept(state)
    return True  # everybody's specials are on the table


def _kept(state, player: int, cards) -> None:
    kept = list(cards)
    if TWINSTERS in kept:  # the set-aside copy joins its twin
        kept.append(TWINSTERS)
    state.kept[player] = kept
    state.offered[player] = []


def specials_kept(state) -> None:
    for seat, kept in enumerate(state.kept):
        state.hand[seat] = sorted(state.hand[seat] + kept, key=hand_order)
        if kept:
            state.say("log.hamsterdam.kept", player=seat, names=", ".join(map(special_name, kept)))
    start_roll_for_first_player(state)


def start_roll_for_first_player(state) -> None:
    state.start_phase("start_roll", list(range(state.num_players)))
    state.draw_dice()


# --- placing ---------------------------------------------------------------------------------
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
    moves += [move_of("clear", piece, pos) for pos in flooded for piece in pieces]
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


def start_placing(state) -> None:
    state.start_phase("place", state.turn_order())
    next_placer(state)


def start_redeployment(state) -> None:
    """Everybody takes up every piece, from the dam and the reinforcement pile, to place them again."""
    state.say("log.hamsterdam.redeploy", round=state.turns // state.round_turns)
    abilities.note_janitster(state)  # before any dam is taken up
    for player in range(state.num_players):
        pieces = state.reserve[player] + [piece for stack in state.stacks[player] for piece in stack]
        state.hand[player] = sorted(pieces, key=hand_order)
        state.reserve[player] = []
        state.before[player] = [list(stack) for stack in state.stacks[player]]
        for stack in state.stacks[player]:
            stack.clear()
    start_placing(state)
