"""What a player sees of a Hamsterdam table, and why a move is refused.

Everything on the table is public: dams, hamsters, specials, flood tokens, piles. Hidden are
only the dam cards another player chose to pass until everybody has chosen, and the specials
dealt to another player, and those they kept, until everybody has kept theirs.
"""

from __future__ import annotations

from assistant import CHANCE
from assistant.errors import IllegalAction
from assistant.games.hamsterdam.abilities import swims
from assistant.games.hamsterdam.actions import Move, Roll
from assistant.games.hamsterdam.cards import card_words, numbers, piece_text

KINDS_OF_PHASE = {
    "pass": ("pass",), "arrange": ("lay",), "keep": ("keep",), "place": ("put", "clear", "restore", "done", "use"),
    "flood": ("plug", "use", "accept"), "breach": ("breach",), "sacrifice": ("sacrifice",),
    "move": ("move", "stay", "go_on", "use"), "window": ("use", "go_on"), "choose_dice": ("dice",), "mole": ("put",),
}
SETUP = ("pass", "arrange", "keep")


def round_number(state) -> int:
    """The round ``state`` is in, from 1, as the table's heading says it: the turns completed tell it (the
    replay page steps from round to round with it)."""
    return state.turns // state.round_turns + 1


def view(state, player: int | None) -> dict:
    """JSON-safe. ``player`` None (or no seat, as CHANCE) sees what every player may see."""
    me = player if isinstance(player, int) and 0 <= player < state.num_players else None
    phase = state.phase
    flood = None
    if phase == "flood":
        seat, pos = state.floods[0]
        flood = {"player": seat, "at": pos, "value": state.dams[seat][pos]}
    return {
        "game": "hamsterdam",
        "mode": state.mode,
        "options": dict(state.options),
        "num_players": state.num_players,
        "me": me,
        "phase": phase,
        "current_player": state.current_player,
        "deciding": None if phase in ("roll", "start_roll", "reroll", "over") else state.actor,
        "start_player": None if phase in (*SETUP, "start_roll") else state.start_player,
        "start_rolls": list(state.start_rolls),
        "start_dice": [list(dice) if dice else None for dice in state.start_dice],  # public, as the sums
        "roller": state.roller() if phase not in (*SETUP, "start_roll", "place") or state.turns else None,
        "turns": state.turns,
        "round": round_number(state),
        "turns_per_round": state.round_turns,
        "movement_every": state.movement_turns,
        "dice": list(state.dice) if state.dice else None,
        "value": state.value or None,  # after the roll's abilities (Buffster, Spinster)
        "window": state.window if phase == "window" else None,
        "adjust": list(state.adjust),  # each player's Mobster change this roll
        "ignore": list(state.ignore),  # who used Ninjaster this roll
        "pending": state.pending or None,  # Physicster or Whack-a-Mole, waiting for its second roll
        "second": list(state.second) if state.second else None,  # that roll
        "rerolls": state.rerolls,
        "flood": flood,
        "moving": list(state.moving),
        "supply": state.supply,
        "tokens_in_piles": sum(state.piles),
        "end_tokens": numbers().end_tokens[state.num_players],
        "exhausted": state.exhausted,
        "scores": state.scores(),
        "players": [_player(state, seat, me) for seat in range(state.num_players)],
        "progress": _progress(state),
    }


def _progress(state) -> dict:
    """Where the turn stands, as everybody at the table knows it: who is still to decide in this phase,
    the floods still to resolve, who moved, ... (``sample.py`` rebuilds a state from a view with it)."""
    return {
        "queue": list(state.queue), "floods": [list(flood) for flood in state.floods],
        "contenders": list(state.contenders), "window": state.window, "moved": list(state.moved),
        "sped": list(state.sped), "janitor": list(state.janitor), "copy_janitor": list(state.copy_janitor),
        "bombing": state.bombing, "whacked": state.whacked,
        "pending_at": state.pending_at, "moving_to": state.moving_to,
    }


def _player(state, seat: int, me: int | None) -> dict:
    mine = seat == me
    passing = state.phase == "pass"
    keeping = state.phase in SETUP
    return {
        "dam": [{"value": value, "flipped": state.flipped[seat][pos], "tokens": state.tokens[seat][pos],
                 "pieces": list(state.stacks[seat][pos])} for pos, value in enumerate(state.dams[seat])],
        "held": list(state.held[seat]),
        "passed": bool(state.passes[seat]),
        "pass": list(state.passes[seat]) if mine or not passing else None,
        "offered": list(state.offered[seat]) if mine else None,
        "offered_count": len(state.offered[seat]),
        "kept": list(state.kept[seat]) if mine or not keeping else None,
        "hand": list(state.hand[seat]),
        "before": [list(stack) for stack in state.before[seat]] if state.phase == "place" else [],  # as the round ended
        "reserve": list(state.reserve[seat]),
        "removed": list(state.removed[seat]),
        "pile": state.piles[seat],
        "dam_tokens": state.dam_tokens(seat),
        "breaches": state.breaches[seat],
        "hamsters": state.hamsters_left(seat) if not keeping else len(state.hand[seat]),
        "score": state.scores()[seat],
    }


def refusal(state, action) -> IllegalAction:
    """Why ``action``, which is not among the legal actions, is refused."""
    if not isinstance(action, Roll | Move):
        return IllegalAction("error.hamsterdam.not_a_move")
    if state.current_player == CHANCE:
        if isinstance(action, Move):
            return IllegalAction("error.hamsterdam.roll_first")
        return IllegalAction("error.hamsterdam.bad_roll", dice=" ".join(map(str, action.dice)))
    if isinstance(action, Roll):
        return IllegalAction("error.hamsterdam.no_roll_now")
    if action.kind not in KINDS_OF_PHASE[state.phase]:
        return IllegalAction(f"error.hamsterdam.now_{state.phase}")
    if state.phase == "mole":
        return IllegalAction("error.hamsterdam.mole_card", value=sum(state.second))
    if state.phase == "choose_dice":
        return IllegalAction("error.hamsterdam.keep_a_roll")
    return _move_refusal(state, action, state.actor)


def _move_refusal(state, move: Move, player: int) -> IllegalAction:
    kind = move.kind
    positions = range(len(state.dams[player]))
    if kind in ("put", "clear", "move") and move.at not in positions:
        return IllegalAction("error.hamsterdam.no_such_card", at=move.at + 1)
    if state.phase == "move" and (kind == "stay" or kind == "move" and state.moved[player]):
        return IllegalAction("error.hamsterdam.moved_already")  # only Speedster may still move (D15)
    if state.phase == "move" and kind == "go_on":
        return IllegalAction("error.hamsterdam.now_move")
    if kind == "pass":
        return IllegalAction("error.hamsterdam.pass_two")
    if kind == "lay":
        return IllegalAction("error.hamsterdam.not_held", value=move.at)
    if kind == "keep":
        return IllegalAction("error.hamsterdam.keep_count", count=len(state.offered[player]) // 2)
    if kind in ("put", "clear") and move.piece not in state.hand[player]:
        return IllegalAction("error.hamsterdam.no_piece", piece=piece_text(move.piece))
    if kind == "put" or kind == "move" and move.piece in state.stacks[player][move.at]:
        target = move.at if kind == "put" else move.to
        if target not in positions or kind == "move" and abs(move.to - move.at) != 1:
            return IllegalAction("error.hamsterdam.not_neighbour")
        if state.flipped[player][target]:
            return IllegalAction("error.hamsterdam.card_flipped", **_card(state, player, target))
        return IllegalAction("error.hamsterdam.token_on_card", **_card(state, player, target))
    if kind == "clear" and state.tokens[player][move.at] and swims(move.piece):
        return IllegalAction("error.hamsterdam.swimster_cannot_clear")
    if kind == "clear":
        return IllegalAction("error.hamsterdam.no_token", **_card(state, player, move.at))
    if kind == "done":
        return IllegalAction("error.hamsterdam.can_still_place")
    if kind == "restore":
        return IllegalAction(f"error.hamsterdam.{'cannot_restore' if state.before[player] else 'no_before'}")
    if kind == "move":
        return IllegalAction("error.hamsterdam.not_there", piece=piece_text(move.piece),
                             **_card(state, player, move.at))
    if kind == "use":
        return IllegalAction("error.hamsterdam.cannot_use", piece=piece_text(move.piece))
    if kind in ("plug", "sacrifice"):
        return IllegalAction(f"error.hamsterdam.{kind}_not_there", piece=piece_text(move.piece))
    if kind == "accept":  # a hamster stands where the flood comes: it must plug the hole
        seat, pos = state.floods[0]
        return IllegalAction("error.hamsterdam.must_plug", **_card(state, seat, pos))
    return IllegalAction("error.hamsterdam.not_a_move")


def _card(state, player: int, pos: int) -> dict:
    """A refusal names a card by its value, with its position where the dam shows that value twice."""
    return card_words(state.card(player, pos))
