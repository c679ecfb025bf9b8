"""Hamsterdam bots. They read a player's view only: the specials another player was dealt, the cards
they chose to pass and the dice to come are unknown; everything else lies open on the table.

Easy: the greedy policy of ``hamsterdam_policy`` (its docstring tells how it judges a table).
Hard: the same judgement using abilities more freely (``sharp_choice``), and where a choice is near
the floods (placing, plugging, the abilities, breaches, the movement phase) the shared determinized
search (``assistant.bots.search``): it deals what it cannot see at random
(``HamsterdamGame.sample_from_view``: the dice to come, the others' hidden specials), plays the best
few candidate moves out for some moves (the opponents as easy, itself as sharp), and keeps the move
with the best average margin over the opponents: flood tokens (pile and dam, fewer is better) and the
floods its cards can still expect beyond what their pieces plug before the next redeployment. The
sharp choice gets a head start (``SHARP_BONUS``), so noise alone does not overrule it.
"""

from __future__ import annotations

import random

from assistant.bots import Advice
from assistant.bots.hamsterdam_policy import (
    WAYS,
    card_at,
    easy_choice,
    easy_move,
    excess,
    move_gain,
    own_rollout_move,
    place_candidates,
    rollout_move,
    sharp_choice,
    table_from_view,
)
from assistant.bots.search import Playout, search, with_depth
from assistant.games.hamsterdam import HamsterdamGame, HamsterdamState
from assistant.games.hamsterdam.actions import Move
from assistant.games.hamsterdam.cards import piece_text, special_name
from assistant.i18n import Text

__all__ = ["EasyBot", "HardBot", "choose_easy", "explain", "make_bot"]
PIECE_KINDS = ("put", "clear", "plug", "sacrifice", "move", "use")  # the moves that name a piece


def choose_easy(view: dict, legal: list, rng: random.Random) -> Move:
    """The easy bot as a plain function (called like a bot's ``choose``)."""
    return easy_move(view, legal)


def explain(view: dict, move: Move, why: str, params: dict) -> Advice:
    """The reason as a catalogue key with its values; every reason names the move, in its own words
    or as the move's text, which names the cards by their numbers as the table's buttons do."""
    named = {"move": move_words(view, move)}
    if move.kind in PIECE_KINDS:
        named["piece"] = piece_text(move.piece)
    return Advice(move, f"bot.hamsterdam.{why}", named | params)


def move_words(view: dict, move: Move):
    """The move as the table's buttons say it: cards by their numbers (from ``view``'s dams)."""
    return move.text([[card["value"] for card in shown["dam"]] for shown in view["players"]], view["me"])


def does(view: dict, move: Move) -> Text:
    """What a move does, in the table's words: the piece and the card it goes to, the flood it plugs,
    the token it clears, the end it flips; a move made by a button is that button's words."""
    table = table_from_view(view)
    me, kind = table.me, move.kind
    piece = {"piece": piece_text(move.piece)} if kind in PIECE_KINDS else {}
    if kind in ("put", "clear") and 0 <= move.at < len(table.dams[me]):
        ways = {"ways": WAYS[table.dams[me][move.at]]} if kind == "put" else {}
        return Text(f"bot.hamsterdam.does_{kind}", **piece, **card_at(table, me, move.at), **ways)
    if kind == "plug" and table.flood:
        return Text("bot.hamsterdam.does_plug", **piece, **card_at(table, *table.flood))
    if kind == "move":
        return Text("bot.hamsterdam.does_move", **piece, **card_at(table, me, move.at, "start"),
                    **card_at(table, me, move.to))
    if kind == "breach":
        intact = [pos for pos, flipped in enumerate(table.flipped[me]) if not flipped]
        end = intact[0] if move.side == "left" else intact[-1]
        return Text("bot.hamsterdam.does_breach", move=move_words(view, move), **card_at(table, me, end))
    if kind == "sacrifice":
        return Text("bot.hamsterdam.does_sacrifice", **piece)
    if kind == "keep":
        return Text("bot.hamsterdam.does_keep", names=", ".join(special_name(name) for name in move.cards))
    return Text("bot.hamsterdam.does_button", move=move_words(view, move))


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        return explain(view, *easy_choice(table_from_view(view), legal))

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return easy_move(view, legal)


# --- the hard bot: the shared search, with this game's deals, rollouts and values ------------
GAME = HamsterdamGame()
HARD_SAMPLES = 200
HARD_SECONDS = 0.4
HARD_DEPTH = 40  # moves a rollout plays after the candidate before ``margin`` judges the table
HARD_CANDIDATES = 8  # the sharp choice and the best few others by the easy judgement
# Where the search decides. Passing and laying the dam are choices far from any flood, where rollouts
# of a few dozen moves tell nothing: there the easy judgement stands.
SEARCHED = ("place", "flood", "window", "breach", "sacrifice", "move", "choose_dice", "mole", "keep")
SHARP_BONUS = 0.5  # points the sharp choice gets beside its simulated margin
EXPOSURE = 1.0  # what an expected flood beyond the pieces on a card counts at the horizon, in points
WIN = 3.0  # winning, beside the margin of tokens, once a rollout reaches the end


def worth(state: HamsterdamState, seat: int) -> float:
    """Minus the seat's flood tokens, and minus the floods its cards can expect beyond what their pieces
    plug before the next redeployment (a rollout stops before then)."""
    rolls = state.round_turns - state.turns % state.round_turns
    dam, flipped, stacks = state.dams[seat], state.flipped[seat], state.stacks[seat]
    floods = sum(excess(rolls, dam[pos], len(stacks[pos])) for pos in range(len(dam)) if not flipped[pos])
    return -(state.piles[seat] + state.dam_tokens(seat)) - EXPOSURE * floods


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


def candidates_of(view: dict, legal: list, sharp: Move) -> list[Move]:
    """The sharp choice first, then the moves the easy judgement likes best: while placing, the best
    put and clear of each piece; in the movement phase, the moves that cover most."""
    table = table_from_view(view)
    if view["phase"] == "place":
        others = place_candidates(table, legal)
    elif view["phase"] == "move":
        others = sorted(legal, key=lambda move: move_gain(table, move), reverse=True)
    else:
        others = legal
    return [sharp, *[move for move in others if move != sharp][:HARD_CANDIDATES - 1]]


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS, depth: int = HARD_DEPTH):
        self.samples, self.seconds, self.playout = samples, seconds, with_depth(PLAYOUT, depth)

    def _found(self, view: dict, legal: list, rng: random.Random):
        """The sharp choice with its reason, and the search's result (None where it does not search)."""
        sharp = sharp_choice(view, legal)
        if len(legal) == 1 or view["phase"] not in SEARCHED:
            return sharp, None
        found = search(view, candidates_of(view, legal, sharp[0]), rng, self.playout, samples=self.samples,
                       seconds=self.seconds, prior={sharp[0]: SHARP_BONUS})
        return sharp, found

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        sharp, found = self._found(view, legal, rng)
        if found is None or found.action == sharp[0]:
            return explain(view, *sharp)
        # What the move does, then how the search found it better than the bot's own first choice.
        key = "best_one" if found.samples == 1 else "best"
        return explain(view, found.action, key, {"samples": found.samples, "does": does(view, found.action)})

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        sharp, found = self._found(view, legal, rng)
        return sharp[0] if found is None else found.action


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
