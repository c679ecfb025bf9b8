"""Initial Setup (RULINGS.md section 2): the decisions before the hamsters are placed.

Each function takes the state; ``*_moves`` lists a phase's legal moves, the others carry out a
move that ``check`` accepted and return True when doing so showed something hidden (cards
passed, specials dealt or kept by others), so that it stands against undo (base.Step).

- passing (full mode): each player chooses two dam cards, one for each neighbour (both for the
  opponent with two players); the choices stay hidden until everybody has chosen;
- arranging (full mode): each player lays their dam cards left to right, one at a time;
- keeping: two specials are dealt per blue dot, one per blue dot is kept (Classic: one per blue dot, no choice; our
  reading of "give each player two special hamsters": docs/RULES.md D9);
- the start player: everybody rolls, the highest roll starts ("Roll to see who goes first").

Then the hamsters are placed (placing.py): setup hands on through ``state.defend_the_dam()`` (rules.py)
instead of importing the next phase, so that the modules import each other without a circle.
"""

from __future__ import annotations

from itertools import combinations, permutations

from assistant.games.hamsterdam.actions import Move, Roll, move_of
from assistant.games.hamsterdam.cards import HAMSTER, distinct, hand_order, numbers, special_name

TWINSTERS = "twinsters"


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


# --- the start player ----------------------------------------------------------------------------
def start_roll_for_first_player(state) -> None:
    state.start_phase("start_roll", list(range(state.num_players)))
    state.draw_dice()


def start_roll(state, roll: Roll) -> None:
    """Everybody rolls; the highest roll starts; those tied for it roll again."""
    player = state.queue.pop(0)
    state.start_rolls[player] = roll.value
    state.start_dice[player] = roll.dice
    state.say("log.hamsterdam.start_roll", player=player, value=roll.value)
    if state.queue:
        state.draw_dice()
        return
    best = max(state.start_rolls[p] for p in state.contenders)
    tied = [p for p in state.contenders if state.start_rolls[p] == best]
    if len(tied) > 1:
        state.say("log.hamsterdam.start_tie", value=best)
        state.queue, state.contenders = list(tied), list(tied)
        state.draw_dice()
        return
    state.start_player = tied[0]
    state.say("log.hamsterdam.start_player", player=tied[0])
    state.defend_the_dam()
