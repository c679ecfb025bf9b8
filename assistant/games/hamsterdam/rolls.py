"""Roll the Dice (RULINGS.md section 2, D6, D14): a turn's roll, and the second roll that Physicster
and Whack-a-Mole make after their owner's roll (their use, abilities.roll_again, asks for it).

Every roll is drawn from the state's generator when its chance node appears (``draw_dice``), so
the app's roll and a replay agree; a real roll may be entered instead. The roll for the start
player is setup's (setup.start_roll).

A roll that stands opens the roll's abilities (``state.open_window``, rules.py); a second roll, once
resolved, goes on in that window (``state.next_in_window``): through the state, not by importing the
flow, so that the modules import each other without a circle.
"""

from __future__ import annotations

from assistant.games.hamsterdam import abilities
from assistant.games.hamsterdam.actions import Move, Roll, move_of
from assistant.games.hamsterdam.cards import stack_add

MOLE = "whack-a-mole"


def turn_roll(state, roll: Roll) -> None:
    """Rolled again while nobody has the value on an intact card; then the roll's abilities."""
    state.dice = roll.dice
    value = roll.value
    state.say("log.hamsterdam.roll", player=state.roller(), first=roll.dice[0], second=roll.dice[1], value=value)
    if not any(state.dams[p][pos] == value for p in range(state.num_players) for pos in state.intact(p)):
        state.say("log.hamsterdam.reroll", value=value)
        state.rerolls += 1
        state.draw_dice()
        return
    state.value, state.whacked = value, False
    state.adjust, state.ignore = [0] * state.num_players, [False] * state.num_players
    state.open_window("roll_own", [state.roller()])


# --- Physicster and Whack-a-Mole ------------------------------------------------------------------
def second_roll(state, roll: Roll) -> None:
    player = state.roller()
    state.say("log.hamsterdam.second_roll", player=player, first=roll.dice[0], second=roll.dice[1], value=roll.value)
    if state.pending == "physicster":  # keep the first roll or take this one: the roller decides
        state.second = roll.dice
        state.phase = "choose_dice"
        return
    targets = mole_targets(state, player, roll.value)
    state.second = roll.dice
    if len(targets) > 1:
        state.phase = "mole"
        return
    mole_lands(state, player, targets[0] if targets else -1)


def dice_moves(state) -> list[Move]:
    return list(dict.fromkeys(move_of("dice", cards=dice) for dice in (state.dice, state.second)))


def apply_dice(state, move: Move) -> None:
    state.dice, state.value = move.cards, sum(move.cards)
    state.say("log.hamsterdam.kept_dice", player=state.roller(), value=state.value)
    finish(state)


def mole_targets(state, player: int, value: int) -> list[int]:
    """The intact cards of that value without a flood token: a hamster cannot stand on a token."""
    return [pos for pos in state.intact(player) if state.dams[player][pos] == value and not state.tokens[player][pos]]


def mole_moves(state) -> list[Move]:
    return [move_of("put", MOLE, pos) for pos in mole_targets(state, state.roller(), sum(state.second))]


def apply_mole(state, move: Move) -> None:
    mole_lands(state, state.roller(), move.at)


def mole_lands(state, player: int, to: int) -> None:
    """Onto the card rolled, or, with no such card, into the reinforcement pile Whack-a-Mole side up."""
    state.stacks[player][state.pending_at].remove(MOLE)
    stack_add(state.stacks[player][to] if to >= 0 else state.reserve[player], abilities.after_use(MOLE))
    finish(state)


def finish(state) -> None:
    state.pending, state.pending_at, state.second = "", -1, None
    state.phase = "window"
    state.next_in_window()
