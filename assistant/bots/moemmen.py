"""Mömmen bots. They read a player's view only: the other hands and the deck are unknown.

Easy: greedy, from its own hand and the table. It picks the colour to collect (the most plus
cards of one colour, then their values) and gives every card a worth for that colour (``keep``):
a sheep of the colour is worth much, a sheep of another colour costs a point at the round's end,
a minus card its value and more (it is hard to lay down). An exchange gains the worth of the
card taken minus that of the card laid down. Around that: finish the colour whenever an
exchange does; play Tim whenever it pushes minus cards onto the opponents or dumps one of its
own; play Benny or refresh the table when the table holds nothing for the colour; otherwise
the best exchange, or pass. Taking a minus card during Tim, it takes the least harmful one and
lays down its least useful card.
Hard: the shared determinized search (``assistant.bots.search``). It deals the unseen cards at
random consistently with its view, plays each candidate move out to the end of the round with
the easy policy for everybody, and keeps the move with the best average margin of round
scores over the opponents (and of winning, when the round ends the match).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import NamedTuple

from assistant.bots import Advice
from assistant.bots.search import Playout, search
from assistant.games.moemmen import MoemmenGame, MoemmenState, actions
from assistant.games.moemmen.actions import Move
from assistant.games.moemmen.cards import (
    BENNY,
    COLOUR_OF,
    COLOURS,
    HAND_SIZE,
    IS_MINUS,
    IS_PLUS,
    POINTS,
    TIM,
    card_text,
    colour_text,
    minus_count,
    unseen_cards,
)
from assistant.games.moemmen.scoring import colour_score

COUNT_WEIGHT = 5  # choosing the colour to collect: one more sheep of it counts as much as 5 points of value
IN_COLOUR = 10  # worth of a sheep of the collected colour, beside its value
SECOND_COLOUR = 0.3  # per sheep already held of another colour: a second string to the bow
MINUS_STUCK = 1.0  # a minus card costs more than its value: it goes only for a sheep of its colour
OWN_MINUS_STUCK = 0.5  # ... which is easy when its colour is the one collected
SPECIAL = 1.5  # Tim and Benny count -3 at the end, but each is played for a new card and more
NOTHING_HERE = 5  # an exchange gaining less brings no sheep of the colour: the table offers nothing
WORTH_IT = 0.5  # smaller gains are not worth giving a card to the next player
COMPLETE = 100.0  # the gain of an exchange that ends the round with six sheep of a colour


class Seat(NamedTuple):
    """What the player to move knows, from a view or (in rollouts) from a state."""

    hand: list[int]  # sorted
    table: list[int]
    phase: str
    must_lay_minus: bool


def seat_from_view(view: dict) -> Seat:
    return Seat(view["hand"], view["table"], view["phase"], view["must_lay_minus"])


def seat_from_state(state: MoemmenState) -> Seat:
    """The player to move's own hand and the public table only: the rollout plays fair within its deal."""
    return Seat(state.hands[state.current_player], state.table, state.phase, state.must_lay_minus)


# --- judging cards -------------------------------------------------------------------------
def colour_counts(hand) -> tuple[list[int], list[int]]:
    """Per colour: how many plus cards the hand holds, and their values."""
    counts, values = [0] * len(COLOURS), [0] * len(COLOURS)
    for card in hand:
        if IS_PLUS[card]:
            counts[COLOUR_OF[card]] += 1
            values[COLOUR_OF[card]] += POINTS[card]
    return counts, values


def target_colour(counts: list[int], values: list[int]) -> int:
    """The colour to collect: the most sheep, then the highest values; ties to the first colour.
    Only sheep of that colour are taken, so the choice holds until another colour overtakes it."""
    ranks = [COUNT_WEIGHT * count + value for count, value in zip(counts, values, strict=True)]
    return ranks.index(max(ranks))


def keep(card: int, colour: int, counts: list[int]) -> float:
    """What ``card`` is worth in a hand collecting ``colour``."""
    if IS_PLUS[card]:
        if COLOUR_OF[card] == colour:
            return IN_COLOUR + POINTS[card]
        return -1 + SECOND_COLOUR * counts[COLOUR_OF[card]] + 0.05 * POINTS[card]
    if IS_MINUS[card]:
        return POINTS[card] - (OWN_MINUS_STUCK if COLOUR_OF[card] == colour else MINUS_STUCK)
    return SPECIAL


class Judge:
    """The worth of the cards in a hand and on the table, for the colour the hand collects."""

    def __init__(self, hand, table=()):
        self.counts, values = colour_counts(hand)
        self.colour = target_colour(self.counts, values)
        self.worth = {card: keep(card, self.colour, self.counts) for card in (*hand, *table)}
        self.five = max(self.counts) == HAND_SIZE - 1  # one exchange may finish a colour

    def gain(self, move: Move) -> float:
        return self.worth[move.take] - self.worth[move.give]

    def completes(self, move: Move) -> bool:
        """Whether the exchange gives six plus cards of one colour (the round ends, M9)."""
        take = move.take
        if not self.five or not IS_PLUS[take]:
            return False
        colour = COLOUR_OF[take]
        lost = IS_PLUS[move.give] and COLOUR_OF[move.give] == colour
        return self.counts[colour] + 1 - lost == HAND_SIZE


def best_exchange(judge: Judge, legal: list) -> tuple[Move | None, float]:
    """The legal exchange that gains most, and its gain (``COMPLETE`` if it ends the round)."""
    exchanges = [move for move in legal if move.kind == "exchange"]
    if not exchanges:
        return None, 0.0
    if judge.five:
        for move in exchanges:
            if judge.completes(move):
                return move, COMPLETE
    worth = judge.worth
    best = max(exchanges, key=lambda move: worth[move.take] - worth[move.give])  # the first of equals
    return best, worth[best.take] - worth[best.give]


# --- the easy policy --------------------------------------------------------------------------
def easy_choice(seat: Seat, legal: list) -> Move:
    judge = Judge(seat.hand, seat.table)
    best, gain = best_exchange(judge, legal)
    if seat.phase == "tim_take":  # an opponent asked to take a minus card always has an exchange
        return best
    if seat.phase == "tim_exchange":
        return best if best is not None and (gain > 0 or seat.must_lay_minus) else actions.SKIP
    if gain == COMPLETE:
        return best
    if actions.TIM in legal and plays_tim(seat, judge, gain):
        return actions.TIM
    if gain < NOTHING_HERE:
        for move in (actions.BENNY, actions.REFRESH):
            if move in legal:
                return move
    return best if best is not None and gain >= WORTH_IT else actions.PASS


def plays_tim(seat: Seat, judge: Judge, gain: float) -> bool:
    """Tim pushes the table's minus cards onto the opponents. With none there, it lets a minus card
    of the hand go for any table card (and an opponent must take it): worth it unless a plain
    exchange gains clearly more."""
    if minus_count(seat.table):
        return True
    worth = judge.worth
    dump = max(worth[take] - worth[give] for give in seat.hand if IS_MINUS[give] for take in seat.table)
    return dump + 1 >= gain


def easy_move(view: dict, legal: list) -> Move:
    return legal[0] if len(legal) == 1 else easy_choice(seat_from_view(view), legal)


def choose_easy(view: dict, legal: list, rng: random.Random) -> Move:
    """The easy bot as a plain function (the shared random simulation plays Mömmen with it)."""
    return easy_move(view, legal)


# --- reasons ----------------------------------------------------------------------------------
def explain(view: dict, legal: list, move: Move) -> Advice:
    """A one-line reason for ``move``, from what the seat sees; it names the move's cards."""
    judge = Judge(view["hand"], view["table"])
    colour = colour_text(judge.colour)
    if move.kind == "exchange":
        cards = {"give": card_text(move.give), "take": card_text(move.take), "colour": colour}
        if view["phase"] == "tim_take":
            return Advice(move, "bot.moemmen.take", cards)
        if judge.completes(move):
            return Advice(move, "bot.moemmen.complete", cards | {"colour": colour_text(COLOUR_OF[move.take])})
        if view["phase"] == "tim_exchange" and IS_MINUS[move.give]:
            return Advice(move, "bot.moemmen.tim_minus", cards)
        return Advice(move, f"bot.moemmen.{exchange_kind(judge, move)}", cards)
    if move.kind == "tim":
        count = min(minus_count(view["table"]), view["num_players"] - 1)
        if count:
            return Advice(move, "bot.moemmen.tim_push_one" if count == 1 else "bot.moemmen.tim_push", {"count": count})
        minus = min((card for card in view["hand"] if IS_MINUS[card]), key=judge.worth.get)
        return Advice(move, "bot.moemmen.tim_dump", {"card": card_text(minus)})
    if move.kind in ("benny", "refresh"):
        nothing = best_exchange(judge, legal)[1] < NOTHING_HERE
        return Advice(move, f"bot.moemmen.{move.kind}" if nothing else "bot.moemmen.new_table",
                      {"colour": colour, "count": minus_count(view["table"]), "move": move.text()})
    return Advice(move, f"bot.moemmen.{move.kind}", {"colour": colour})


def exchange_kind(judge: Judge, move: Move) -> str:
    """Which exchange reason fits: collecting the colour, losing a minus card, a card to play, or tidying."""
    give, take = move.give, move.take
    if IS_PLUS[take] and COLOUR_OF[take] == judge.colour:
        if IS_MINUS[give]:
            return "collect_minus"
        return "higher" if IS_PLUS[give] and COLOUR_OF[give] == judge.colour else "collect"
    if IS_MINUS[give]:
        return "lose_minus"
    return "tool" if take in (TIM, BENNY) else "tidy"


# The reasons that hold whoever chose the move; the others ("it fits better", "nothing helps")
# are the easy judgement's own, so a move the search chose against it says how it was found.
SHARP = {"take", "complete", "tim_minus", "collect", "collect_minus", "higher", "lose_minus", "tool",
         "tim_push", "tim_push_one", "tim_dump", "benny", "refresh"}


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        return explain(view, legal, easy_move(view, legal))

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return easy_move(view, legal)


# --- the hard bot: the shared search, with this game's deals, rollouts and values ------------
GAME = MoemmenGame()
HARD_SAMPLES = 200
HARD_SECONDS = 0.4
HARD_DEPTH = 200  # a guard: easy players end a round far sooner
HARD_CANDIDATES = 6  # the easy judgement shortlists the exchanges; Tim, Benny, refresh and pass always run
POTENTIAL = ((10.6, 0.0), (11.4, 0.17), (10.4, 0.37), (8.5, 0.58), (5.4, 0.76))  # 1 to 5 sheep
EASY_BONUS = 0.5  # points the easy choice gets beside its simulated margin
WIN = 30.0  # what winning the match is worth beside the round's margin (in points)


# How many sheep of one colour (1 to 5) an opponent holds, in percent, by how far the round has
# gone (cards on the discard pile: fewer than 4, fewer than 12, more) and by how many sheep of one
# colour I hold (2 or fewer, 3, 4, 5): measured over easy players' rounds. A uniformly dealt hand
# mostly holds two, and a search against such hands would not see an opponent one sheep away from the end.
HELD = (
    ((4, 36, 40, 16, 3), (3, 24, 38, 28, 8), (1, 11, 33, 37, 19), (0, 6, 20, 40, 33)),
    ((2, 18, 42, 26, 12), (1, 12, 33, 34, 20), (0, 4, 20, 41, 34), (0, 2, 14, 35, 49)),
    ((0, 9, 32, 38, 21), (0, 5, 23, 37, 35), (0, 2, 14, 35, 50), (0, 1, 7, 30, 62)),
)
DISCARD_STAGES = (4, 12)
ON_TABLE = 0.1  # an opponent's colour shows on the table this much less often (measured likewise)


def held_odds(view: dict) -> tuple[int, ...]:
    """The odds of an opponent holding 1 to 5 sheep of their colour, from what the view tells."""
    stage = sum(view["discard_count"] >= limit for limit in DISCARD_STAGES)
    mine = max(colour_counts(view["hand"])[0])
    return HELD[stage][min(max(mine, 2), 5) - 2]


def sample_this_round(view: dict, rng: random.Random) -> MoemmenState:
    """A deal consistent with the view whose match ends with this round: the bot looks one round
    ahead (the real target stays in the options, where ``round_value`` finds it). Each opponent's
    hand collects a colour, as a player's would."""
    counts = held_odds(view)
    colours = colour_odds(view)
    deal = GAME.sample_from_view(view, rng)
    for player in range(view["num_players"]):
        if player != view["me"]:
            collect(deal, player, rng.choices(range(len(COLOURS)), colours)[0],
                    rng.choices(range(1, HAND_SIZE), counts)[0], rng)
    rng.shuffle(deal.deck)
    deal.target = -1_000_000
    return deal


def colour_odds(view: dict) -> list[float]:
    """How likely an opponent collects each colour: the more of its sheep nobody can see, the
    likelier; a colour with a sheep on the table much less (they would have taken it)."""
    unseen = [0] * len(COLOURS)
    for card in unseen_cards(view):
        if IS_PLUS[card]:
            unseen[COLOUR_OF[card]] += 1
    on_table = {COLOUR_OF[card] for card in view["table"] if IS_PLUS[card]}
    return [count ** 2 * (ON_TABLE if colour in on_table else 1.0) for colour, count in enumerate(unseen)]


def collect(deal: MoemmenState, player: int, colour: int, count: int, rng: random.Random) -> None:
    """Give ``player`` up to ``count`` sheep of ``colour`` from their hand and the deck, the rest of
    the hand other cards from there."""
    hand = deal.hands[player]
    cards = hand + deal.deck
    sheep = [card for card in cards if IS_PLUS[card] and COLOUR_OF[card] == colour]
    others = [card for card in cards if not IS_PLUS[card] or COLOUR_OF[card] != colour]
    rng.shuffle(sheep)
    rng.shuffle(others)
    held = min(count, len(sheep), len(hand))
    hand[:] = sorted(sheep[:held] + others[:len(hand) - held])
    deal.deck = sheep[held:] + others[len(hand) - held:]


def rollout_move(state: MoemmenState) -> Move:
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else easy_choice(seat_from_state(state), legal)


def round_value(state: MoemmenState, me: int) -> float:
    """My round score minus the opponents' (half the best of them, half their average), and the
    match won or lost if the round ends it; a rollout cut short judges the hands as they lie."""
    if state.results and state.over:
        scores = state.results[-1]["scores"]
    else:
        scores = [potential(hand) for hand in state.hands]
    others = [score for p, score in enumerate(scores) if p != me]
    margin = scores[me] - 0.5 * (max(others) + sum(others) / len(others))
    if not state.over:
        return margin
    totals = state.totals
    if max(totals) >= state.options["target"]:
        best = max(totals)
        margin += WIN if totals[me] == best and totals.count(best) == 1 else 0 if totals[me] == best else -WIN
    return margin


def potential(hand) -> float:
    """What a hand in the middle of a round is likely to score when the round ends: by how many
    sheep of its colour it holds, and what it would score now (fitted over easy players' rounds)."""
    counts, values = colour_counts(hand)
    colour = target_colour(counts, values)
    base, share = POTENTIAL[max(counts[colour], 1) - 1]
    return base + share * colour_score(hand, colour)


PLAYOUT = Playout(sample=sample_this_round, policy=rollout_move, value=round_value, depth=HARD_DEPTH)


def candidates_of(view: dict, legal: list) -> list[Move]:
    """Every move but the exchanges the easy judgement ranks below the best few."""
    judge = Judge(view["hand"], view["table"])
    exchanges = sorted((m for m in legal if m.kind == "exchange"), key=judge.gain, reverse=True)
    return [m for m in legal if m.kind != "exchange"] + exchanges[:HARD_CANDIDATES]


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS, depth: int = HARD_DEPTH):
        self.samples, self.seconds = samples, seconds
        self.playout = PLAYOUT if depth == HARD_DEPTH else replace(PLAYOUT, depth=depth)

    def _found(self, view: dict, legal: list, rng: random.Random):
        if len(legal) == 1:
            return None
        easy = easy_move(view, legal)
        if best_exchange(Judge(view["hand"], view["table"]), legal)[1] == COMPLETE:
            return None  # six of a colour: nothing beats ending the round now
        # Where the simulations cannot tell moves apart, the easy choice stands.
        return search(view, candidates_of(view, legal), rng, self.playout, samples=self.samples,
                      seconds=self.seconds, prior={easy: EASY_BONUS})

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        found = self._found(view, legal, rng)
        if found is None:
            return super().advise(view, legal, rng)
        advice = explain(view, legal, found.action)
        if found.action == easy_move(view, legal) or advice.reason.removeprefix("bot.moemmen.") in SHARP:
            return advice
        return Advice(found.action, "bot.moemmen.best", {"move": found.action.text(), "samples": found.samples})

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        found = self._found(view, legal, rng)
        return easy_move(view, legal) if found is None else found.action


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
