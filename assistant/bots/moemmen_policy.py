"""How the Mömmen bots judge cards and choose a move, without search (the bots are in moemmen.py).

Easy: greedy, from its own hand and the table. It picks the colour to collect (the most plus
cards of one colour, then their values) and gives every card a worth for that colour (``keep``):
a sheep of the colour is worth much, a sheep of another colour costs a point at the round's end,
a minus card its value and more (it is hard to lay down). An exchange gains the worth of the
card taken minus that of the card laid down. Around that: finish the colour whenever an
exchange does; play Tim whenever it pushes minus cards onto the opponents or dumps one of its
own; play Benny or refresh the table when the table holds nothing for the colour; otherwise
the best exchange, or pass. Taking a minus card during Tim, it takes the least harmful one and
lays down its least useful card.

Sharp: the hard bot's own judgement, the easy one with what the view tells about the opponents
(tuned over thousands of matches against easy, see ``SHARP_*``): it avoids collecting the colour
an opponent most likely collects, lays down rather a card nobody else collects, counts a minus
card as the block it is (six sheep need every place in the hand) and finishes its colour with
the highest sheep on offer.
"""

from __future__ import annotations

from typing import NamedTuple

from assistant.games.moemmen import MoemmenState, actions
from assistant.games.moemmen.actions import Move
from assistant.games.moemmen.cards import COLOUR_OF, COLOURS, COPIES, HAND_SIZE, IS_MINUS, IS_PLUS, POINTS, minus_count

COUNT_WEIGHT = 5  # choosing the colour to collect: one more sheep of it counts as much as 5 points of value
IN_COLOUR = 10  # worth of a sheep of the collected colour, beside its value
SECOND_COLOUR = 0.3  # per sheep already held of another colour: a second string to the bow
MINUS_STUCK = 1.0  # a minus card costs more than its value: it goes only for a sheep of its colour
OWN_MINUS_STUCK = 0.5  # ... which is easy when its colour is the one collected
SPECIAL = 1.5  # Tim and Benny count -3 at the end, but each is played for a new card and more
NOTHING_HERE = 5  # an exchange gaining less brings no sheep of the colour: the table offers nothing
WORTH_IT = 0.5  # smaller gains are not worth giving a card to the next player
COMPLETE = 100.0  # the gain of an exchange that ends the round with six sheep of a colour

# The sharp judgement's own weights. Each was kept because it won more matches against easy
# (2-player matches to 30 with seats alternating, 10,000 or more matches a setting).
SHARP_STUCK = (5.0, 2.5)  # a minus card blocks one of the six places: far worse than its value
SHARP_CLASH = 3.0  # choosing the colour: points off, times the share of the odds an opponent collects it
SHARP_GIFT = 1.0  # laying down a sheep: its value + 2, times the share of the odds the next player collects it
ON_TABLE = 0.1  # an opponent's colour shows on the table this much less often (measured over easy players)
SHEEP_PER_COLOUR = sum(COPIES[card] for card in range(len(COPIES)) if IS_PLUS[card] and COLOUR_OF[card] == 0)


class Seat(NamedTuple):
    """What the player to move knows, from a view or (in rollouts) from a state."""

    hand: list[int]  # sorted
    table: list[int]
    phase: str
    must_lay_minus: bool
    discard_top: int | None


def seat_from_view(view: dict) -> Seat:
    return Seat(view["hand"], view["table"], view["phase"], view["must_lay_minus"], view["discard_top"])


def seat_from_state(state: MoemmenState) -> Seat:
    """The player to move's own hand and the public cards only: the rollout plays fair within its deal."""
    return Seat(state.hands[state.current_player], state.table, state.phase, state.must_lay_minus,
                state.discard[-1] if state.discard else None)


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


def colour_odds(seat: Seat) -> list[float]:
    """How likely an opponent collects each colour: the more of its sheep nobody can see, the
    likelier; a colour with a sheep on the table much less (they would have taken it)."""
    unseen = [SHEEP_PER_COLOUR] * len(COLOURS)
    top = () if seat.discard_top is None else (seat.discard_top,)
    for card in (*seat.hand, *seat.table, *top):
        if IS_PLUS[card]:
            unseen[COLOUR_OF[card]] -= 1
    on_table = {COLOUR_OF[card] for card in seat.table if IS_PLUS[card]}
    return [count ** 2 * (ON_TABLE if colour in on_table else 1.0) for colour, count in enumerate(unseen)]


EASY_STUCK = (MINUS_STUCK, OWN_MINUS_STUCK)


def keep(card: int, colour: int, counts: list[int], stuck: tuple[float, float] = EASY_STUCK) -> float:
    """What ``card`` is worth in a hand collecting ``colour``; ``stuck``: what a minus card costs
    beside its value, of another colour and of the colour collected."""
    if IS_PLUS[card]:
        if COLOUR_OF[card] == colour:
            return IN_COLOUR + POINTS[card]
        return -1 + SECOND_COLOUR * counts[COLOUR_OF[card]] + 0.05 * POINTS[card]
    if IS_MINUS[card]:
        return POINTS[card] - (stuck[1] if COLOUR_OF[card] == colour else stuck[0])
    return SPECIAL


class Judge:
    """The worth of the cards in a hand and on the table, for the colour the hand collects.
    ``cost``: what laying a card down costs beside its worth (the easy judgement knows none)."""

    def __init__(self, hand, table=(), colour: int | None = None, stuck=EASY_STUCK):
        self.counts, values = colour_counts(hand)
        self.colour = target_colour(self.counts, values) if colour is None else colour
        self.worth = {card: keep(card, self.colour, self.counts, stuck) for card in (*hand, *table)}
        self.five = max(self.counts) == HAND_SIZE - 1  # one exchange may finish a colour
        self.cost: dict[int, float] = {}
        self.finish_high = False  # finishing the colour: the first sheep that does (easy) or the highest

    def gain(self, move: Move) -> float:
        return self.worth[move.take] - self.worth[move.give]

    def rank(self, move: Move) -> float:
        return self.worth[move.take] - self.worth[move.give] - self.cost.get(move.give, 0.0)

    def completes(self, move: Move) -> bool:
        """Whether the exchange gives six plus cards of one colour (the round ends, M9)."""
        take = move.take
        if not self.five or not IS_PLUS[take]:
            return False
        colour = COLOUR_OF[take]
        lost = IS_PLUS[move.give] and COLOUR_OF[move.give] == colour
        return self.counts[colour] + 1 - lost == HAND_SIZE


def sharp_judge(seat: Seat) -> Judge:
    """The sharp judgement: the colour an opponent likely collects is worth less to collect, and a
    sheep of it costs more to lay down (the next player may take it)."""
    odds = colour_odds(seat)
    share = [odd / (sum(odds) or 1.0) for odd in odds]
    counts, values = colour_counts(seat.hand)
    ranks = [COUNT_WEIGHT * count + value - SHARP_CLASH * part
             for count, value, part in zip(counts, values, share, strict=True)]
    judge = Judge(seat.hand, seat.table, colour=ranks.index(max(ranks)), stuck=SHARP_STUCK)
    judge.cost = {card: SHARP_GIFT * share[COLOUR_OF[card]] * (POINTS[card] + 2) for card in seat.hand if IS_PLUS[card]}
    judge.finish_high = True
    return judge


def best_exchange(judge: Judge, legal: list) -> tuple[Move | None, float]:
    """The legal exchange that ranks highest, and its gain (``COMPLETE`` if it ends the round)."""
    exchanges = [move for move in legal if move.kind == "exchange"]
    if not exchanges:
        return None, 0.0
    if judge.five:
        finishing = [move for move in exchanges if judge.completes(move)]
        if finishing:
            return (max(finishing, key=lambda move: POINTS[move.take]) if judge.finish_high else finishing[0]), COMPLETE
    best = max(exchanges, key=judge.rank)  # the first of equals
    return best, judge.gain(best)


# --- the policies ------------------------------------------------------------------------------
def choice(seat: Seat, legal: list, judge: Judge) -> Move:
    """The move a judgement leads to (easy or sharp)."""
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


def easy_choice(seat: Seat, legal: list) -> Move:
    return choice(seat, legal, Judge(seat.hand, seat.table))


def sharp_choice(seat: Seat, legal: list) -> Move:
    return choice(seat, legal, sharp_judge(seat))


def easy_move(view: dict, legal: list) -> Move:
    return legal[0] if len(legal) == 1 else easy_choice(seat_from_view(view), legal)


def sharp_move(view: dict, legal: list) -> Move:
    return legal[0] if len(legal) == 1 else sharp_choice(seat_from_view(view), legal)
