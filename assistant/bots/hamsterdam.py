"""Hamsterdam bots. They read a player's view only: the specials another player was dealt, the cards
they chose to pass and the dice to come are unknown; everything else lies open on the table.

Easy: the greedy policy of ``hamsterdam_policy`` (its docstring tells how it judges a table).
Hard: the shared determinized search (``assistant.bots.search``). It deals what it cannot see at
random (``HamsterdamGame.sample_from_view``: the dice to come, the others' hidden specials), plays
each candidate move out for some moves with the easy policy for everybody, and keeps the move with
the best average margin over the opponents: flood tokens (pile and dam, fewer is better) and the
floods its uncovered cards can still expect before the next redeployment. The easy choice gets a
head start (``EASY_BONUS``), so noise alone does not overrule it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from assistant.bots import Advice
from assistant.bots.hamsterdam_policy import (
    ODDS,
    easy_choice,
    easy_move,
    own_rollout_move,
    rollout_move,
    sharp_choice,
    table_from_view,
)
from assistant.bots.search import Playout, search
from assistant.games.hamsterdam import HamsterdamGame, HamsterdamState
from assistant.games.hamsterdam.actions import Move
from assistant.games.hamsterdam.cards import piece_text

__all__ = ["EasyBot", "HardBot", "choose_easy", "explain", "make_bot"]
PIECE_KINDS = ("put", "clear", "plug", "sacrifice", "move", "use")  # the moves that name a piece


def choose_easy(view: dict, legal: list, rng: random.Random) -> Move:
    """The easy bot as a plain function (called like a bot's ``choose``)."""
    return easy_move(view, legal)


def explain(move: Move, why: str, params: dict) -> Advice:
    """The reason as a catalogue key with its values; every reason names the move, in its own words
    or as the move's text."""
    named = {"move": move.text()}
    if move.kind in PIECE_KINDS:
        named["piece"] = piece_text(move.piece)
    return Advice(move, f"bot.hamsterdam.{why}", named | params)


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        return explain(*easy_choice(table_from_view(view), legal))

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return easy_move(view, legal)


# --- the hard bot: the shared search, with this game's deals, rollouts and values ------------
GAME = HamsterdamGame()
HARD_SAMPLES = 200
HARD_SECONDS = 0.4
HARD_DEPTH = 40  # moves a rollout plays after the candidate before ``margin`` judges the table
HARD_CANDIDATES = 8  # more legal moves than this: the easy choice and a random few of the others
# Where the search decides. Passing, laying the dam and placing pieces are many small choices far from
# any flood, where rollouts of a few dozen moves tell nothing: there the easy judgement stands.
SEARCHED = ("flood", "window", "breach", "sacrifice", "move", "choose_dice", "mole", "keep")
EASY_BONUS = 0.5  # points the easy choice gets beside its simulated margin
EXPOSURE = 0.5  # what an expected flood on a card without a piece counts at the horizon, in points
WIN = 3.0  # winning, beside the margin of tokens, once a rollout reaches the end


def worth(state: HamsterdamState, seat: int) -> float:
    """Minus the seat's flood tokens, and minus part of the floods its bare cards can expect before
    the next redeployment (a rollout stops before then)."""
    rolls = state.round_turns - state.turns % state.round_turns
    dam, flipped, stacks = state.dams[seat], state.flipped[seat], state.stacks[seat]
    bare = sum(ODDS[dam[pos]] for pos in range(len(dam)) if not flipped[pos] and not stacks[pos])
    return -(state.piles[seat] + state.dam_tokens(seat)) - EXPOSURE * rolls * bare


def margin(state: HamsterdamState, me: int) -> float:
    """My worth less the opponents' (half the best of them, half their average), and the win once over."""
    others = [worth(state, p) for p in range(state.num_players) if p != me]
    value = worth(state, me) - 0.5 * (max(others) + sum(others) / len(others))
    if state.phase == "over":
        winners = state.winners()
        value += WIN / len(winners) if me in winners else -WIN / state.num_players
    return value


PLAYOUT = Playout(sample=GAME.sample_from_view, policy=rollout_move, value=margin, depth=HARD_DEPTH,
                  own_policy=own_rollout_move)


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS, depth: int = HARD_DEPTH):
        self.samples, self.seconds = samples, seconds
        self.playout = PLAYOUT if depth == HARD_DEPTH else replace(PLAYOUT, depth=depth)

    def _found(self, view: dict, legal: list, rng: random.Random):
        easy = sharp_choice(view, legal)
        if len(legal) == 1 or view["phase"] not in SEARCHED:
            return easy, None
        others = [move for move in legal if move != easy[0]]
        if len(others) >= HARD_CANDIDATES:
            others = rng.sample(others, HARD_CANDIDATES - 1)
        found = search(view, [easy[0], *others], rng, self.playout, samples=self.samples, seconds=self.seconds,
                       prior={easy[0]: EASY_BONUS})
        return easy, found

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        easy, found = self._found(view, legal, rng)
        if found is None or found.action == easy[0]:
            return explain(*easy)
        return explain(found.action, "best", {"samples": found.samples})

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        easy, found = self._found(view, legal, rng)
        return easy[0] if found is None else found.action


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
