"""Hamsterbacke bots. They read a player's view only: other hands (beyond the cards seen taken
from the circle), the score piles and the deck are unknown.

Easy: greedy. Each move is judged by how it changes what the seat's cards are worth
(``worth``): a card on the score pile counts 1; a card on the blocking stack, or in a
complete set in hand, somewhat less, since it still has to be turned (and cannot score at
all once the game ends first); a leftover card in hand costs, the more so the nearer the
end. Playing a colour the others hold in sets blocks them, which counts a little too.
Hard: the shared determinized search (``assistant.bots.search``). It deals the unseen
cards at random in a way consistent with what it can see, plays each candidate move out
for some moves with the easy policy for everybody, and keeps the move with the best
average margin of ``worth`` over the opponents (the final scores if the game ended).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from assistant.bots import Advice
from assistant.bots.search import Playout, search, with_depth
from assistant.games.hamsterbacke import HamsterbackeGame, HamsterbackeState
from assistant.games.hamsterbacke.actions import GIVER, Move, give
from assistant.games.hamsterbacke.cards import (
    END_PILES,
    KINDS,
    VALUES,
    blocked_colours,
    card_text,
    cards_text,
    pile_text,
    sets_text,
)
from assistant.i18n import Text

FULL_DECK_SIZE = 60  # a deck this large or larger counts as early in the game (two players start with 108)
BLOCK_BONUS = 0.15  # per card of a colour another player is known to hold in sets, while my top blocks it
HARD_SAMPLES = 200
HARD_SECONDS = 0.4
HARD_DEPTH = 24  # moves a rollout plays after the candidate before ``worth`` judges the position
TUNING = ((0.2, 0.4), (0.9, 0.15), (0.5, 0.9))  # (late, early) worth of a card in a set, left over, blocking
PRIOR_WEIGHT = 0.25  # how much the easy judgement counts beside the simulations (same unit: cards)


class Table(NamedTuple):
    """What one seat sees, from a view or (in rollouts) from a state: the same judgement for both."""

    me: int
    hand: list[int]  # my cards, a count per colour
    hand_sizes: list[int]
    blocking: list[list[int]]  # every blocking stack
    known: list[list[int]]  # per player, the cards everybody saw go into that hand
    piles: list[list[int]]
    deck: int
    ending: bool  # this turn is the last
    actions_left: int
    scores: list[int]  # public: score pile minus hand


def table_from_view(view: dict) -> Table:
    players = view["players"]
    return Table(view["me"], view["hand"], [p["hand_count"] for p in players], [p["blocking"] for p in players],
                 [p["known"] for p in players], view["piles"], view["deck_count"], view["ending"],
                 view["actions_left"], [p["score"] for p in players])


def table_from_state(state: HamsterbackeState, seat: int) -> Table:
    """The seat's own hand and public facts only (the rollout policy plays fair within its deal)."""
    return Table(seat, state.hands[seat], state.hand_sizes, state.blocking, state.known, state.piles,
                 len(state.deck), state.ending, state.actions_left, [])


class Weights(NamedTuple):
    in_set: float  # a card of a complete set in hand
    leftover: float  # a card in hand that completes no set (a cost)
    blocking: float  # a card on the blocking stack


def weights(deck: int, piles_left: int, ending: bool, actions_left: int) -> Weights:
    """What cards are worth now: the nearer the end, the less time to turn them, the more a hand costs."""
    if ending:  # the last turn: a card left in hand costs 1, on the blocking stack it is worth nothing
        return Weights(-0.5 if actions_left == 2 else -1.0, 1.0, 0.0)
    if deck == 0 and piles_left <= END_PILES + 1:  # the next take by anyone ends the game
        return Weights(-0.3, 1.0, 0.0)
    early = min(1.0, deck / FULL_DECK_SIZE) if deck else -0.1 * (piles_left - END_PILES - 1)
    (set_late, set_early), (left_late, left_early), (block_late, block_early) = TUNING
    return Weights(set_late + (set_early - set_late) * early, left_late + (left_early - left_late) * early,
                   block_late + (block_early - block_late) * early)


def colour_worth(card: int, count: int, w: Weights, blocked: bool) -> float:
    value = VALUES[card]
    in_sets = count - count % value
    return (w.in_set * (0.7 if blocked and w.in_set > 0 else 1.0)) * in_sets - w.leftover * (count - in_sets)


def block_bonus(table: Table, card: int) -> float:
    """What a top card of ``card`` is worth for blocking the others' known sets of it."""
    value = VALUES[card]
    held = sum(known[card] - known[card] % value for p, known in enumerate(table.known) if p != table.me)
    return BLOCK_BONUS * held


def gift_for(table: Table) -> tuple[int, int]:
    """(giver, cards) if I turned my stack now: the player with the most cards gives (K3); (-1, 0) if nobody."""
    stack = table.blocking[table.me]
    most = max(table.hand_sizes)
    if not stack or table.hand_sizes[table.me] == most:
        return -1, 0
    giver = max((p for p in range(len(table.hand_sizes)) if table.hand_sizes[p] == most),
                key=lambda p: table.scores[p] if table.scores else 0)
    return giver, min(VALUES[stack[-1]], most)


def judge(table: Table, move: Move, w: Weights, piles_left: int) -> float:
    """How much ``move`` changes what my cards are worth (in cards)."""
    hand = table.hand
    if move.kind == "take":
        pile = table.piles[move.at]
        if table.deck == 0 and piles_left - 1 <= END_PILES:  # this take ends the game: a card in hand costs 1
            return -len(pile) - 0.01 * len(pile)
        blocked = blocked_colours(table.blocking, table.me)
        gain = 0.0
        for card in set(pile):
            count, added = hand[card], pile.count(card)
            gain += (colour_worth(card, count + added, w, card in blocked)
                     - colour_worth(card, count, w, card in blocked))
        return gain
    if move.kind == "play":
        card = move.at
        cards = move.count * VALUES[card]
        gain = colour_worth(card, hand[card] - cards, w, False) - colour_worth(card, hand[card], w, False)
        gain += w.blocking * cards + (block_bonus(table, card) if w.blocking else 0.0)
        stack = table.blocking[table.me]
        if stack and stack[-1] != card and w.blocking:
            gain -= block_bonus(table, stack[-1])  # my old top no longer blocks
        return gain + 0.01 * VALUES[card]  # a higher top card asks a bigger gift later
    if move.kind == "turn_pile":
        stack = table.blocking[table.me]
        _, gift = gift_for(table)
        others = max(1, len(table.hand_sizes) - 1)
        gain = len(stack) * (1.0 - w.blocking) + gift * (1.0 - w.leftover / others)
        return gain - (block_bonus(table, stack[-1]) if w.blocking else 0.0)
    return 0.0  # pass: the only move


def easy_act(table: Table, legal: list) -> tuple[Move, float]:
    piles_left = sum(1 for pile in table.piles if pile)
    w = weights(table.deck, piles_left, table.ending, table.actions_left)
    best, best_gain = legal[0], None
    for move in legal:
        gain = judge(table, move, w, piles_left)
        if best_gain is None or gain > best_gain:
            best, best_gain = move, gain
    return best, best_gain


def easy_gift(hand: list[int], size: int, w: Weights) -> tuple[int, ...]:
    """The ``size`` cards that cost me least, one at a time: leftovers first, whole sets last."""
    left, gift = list(hand), [0] * KINDS
    for _ in range(size):
        card = max((c for c in range(KINDS) if left[c]),
                   key=lambda c: (colour_worth(c, left[c] - 1, w, False) - colour_worth(c, left[c], w, False),
                                  -VALUES[c]))
        left[card] -= 1
        gift[card] += 1
    return tuple(gift)


def easy_giver(choices: list[int], scores: list[int]) -> int:
    """Among the tied players, the leader gives: my score grows as much, and theirs is the one to catch."""
    return max(choices, key=lambda p: scores[p])


def easy_move(view: dict, legal: list) -> Move:
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "choose_giver":
        return next(m for m in legal if m.at == easy_giver(view["giver_choices"],
                                                           [p["score"] for p in view["players"]]))
    if phase == "give":
        table = table_from_view(view)
        piles_left = sum(1 for pile in table.piles if pile)
        move = give(easy_gift(view["hand"], view["gift_size"],
                              weights(table.deck, piles_left, table.ending, table.actions_left)))
        return move if move in legal else legal[0]
    return easy_act(table_from_view(view), legal)[0]


def explain(view: dict, move: Move) -> Advice:
    """A one-line reason for ``move``, from what the seat sees: the words of the button or mode that makes it
    ("Play 2 sets", "Turn pile", "Give 2 of 2"), or the pile to tap, and why in the game's terms (a set
    completed, a colour blocked, the score pile)."""
    table = table_from_view(view)
    if move.kind == "take":
        pile = table.piles[move.at]
        where = {"pile": pile_text(move.at)}
        if table.deck == 0 and sum(1 for p in table.piles if p) - 1 <= END_PILES:
            return Advice(move, "bot.backe.take_end", {**where, "cards": cards_text(len(pile))})
        sets = sum((table.hand[c] + pile.count(c)) // VALUES[c] - table.hand[c] // VALUES[c] for c in set(pile))
        if sets:
            return Advice(move, "bot.backe.take_sets", {**where, "sets": sets_text(sets)})
        held = sum(1 for card in pile if table.hand[card])
        if held:
            return Advice(move, "bot.backe.take", {**where, "cards": cards_text(held)})
        return Advice(move, "bot.backe.take_new", {**where, "cards": cards_text(len(pile))})
    if move.kind == "play":
        played = {"sets": sets_text(move.count), "card": card_text(move.at)}
        if view["ending"]:
            return Advice(move, "bot.backe.play_end", played)
        if block_bonus(table, move.at):
            return Advice(move, "bot.backe.play_block", played)
        return Advice(move, "bot.backe.play", played)
    if move.kind == "turn_pile":
        count = len(table.blocking[table.me])
        giver, gift = gift_for(table)
        if gift:
            return Advice(move, "bot.backe.turn_gift", {"cards": cards_text(count), "gift": gift})
        if table.ending or table.deck == 0:
            return Advice(move, "bot.backe.turn_end", {"cards": cards_text(count)})
        return Advice(move, "bot.backe.turn", {"cards": cards_text(count)})
    if move.kind == "giver":
        scores = [p["score"] for p in view["players"]]
        if scores[move.at] == max(scores[p] for p in view["giver_choices"]):
            return Advice(move, "bot.backe.giver", {"score": scores[move.at]})
        return Advice(move, "bot.backe.giver_any")
    if move.kind == "give":
        return Advice(move, _gift_reason(view, move), {"count": move.given})
    return Advice(move, "bot.backe.pass")


def _gift_reason(view: dict, move: Move) -> str:
    """Why these cards go: none of them is part of a complete set; too few single cards to spare every
    set; or the end is so near that a set in hand scores nothing either."""
    hand, single = view["hand"], [count % value for count, value in zip(view["hand"], VALUES, strict=True)]
    if all(move.cards[c] <= single[c] for c in range(KINDS)):
        return "bot.backe.give_one" if move.given == 1 else "bot.backe.give"
    if sum(single) < move.given:
        return "bot.backe.give_sets"
    table = table_from_view(view)
    w = weights(table.deck, sum(1 for pile in table.piles if pile), table.ending, table.actions_left)
    return "bot.backe.give_end" if w.in_set <= 0 < sum(hand) else "bot.backe.give_sets"


# Reasons that do not say why the move beats the others: the hard bot adds how it was found.
PLAIN = {"bot.backe.take", "bot.backe.take_new", "bot.backe.play", "bot.backe.giver_any"}


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        return explain(view, easy_move(view, legal))

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return easy_move(view, legal)


# --- the hard bot: the shared search, with this game's deals, rollouts and values ------------
GAME = HamsterbackeGame()


def rollout_move(state: HamsterbackeState) -> Move:
    """The easy policy for whoever is to move, read from the state (cheaper than a view)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.phase == "act":
        return easy_act(table_from_state(state, state.turn), legal)[0]
    if state.phase == "choose_giver":
        return GIVER[easy_giver(state.giver_choices, state.scores())]
    w = weights(len(state.deck), state.piles_left(), state.ending, state.actions_left)
    return give(easy_gift(state.hands[state.giver], state.gift_size, w))


def worth(state: HamsterbackeState, seat: int) -> float:
    """What the seat's cards are worth now, in cards (the final score once the game is over)."""
    if state.over:
        return len(state.score_piles[seat]) - state.hand_sizes[seat]
    w = weights(len(state.deck), state.piles_left(), state.ending, state.actions_left)
    blocked = blocked_colours(state.blocking, seat)
    hand = state.hands[seat]
    return (len(state.score_piles[seat]) + w.blocking * len(state.blocking[seat])
            + sum(colour_worth(card, hand[card], w, card in blocked) for card in range(KINDS) if hand[card]))


def margin(state: HamsterbackeState, me: int) -> float:
    """My worth minus the opponents': half the best of them, half their average (a win needs both)."""
    others = [worth(state, p) for p in range(state.num_players) if p != me]
    return worth(state, me) - 0.5 * (max(others) + sum(others) / len(others))


PLAYOUT = Playout(sample=GAME.sample_from_view, policy=rollout_move, value=margin, depth=HARD_DEPTH)


def candidates_of(legal: list) -> list:
    """Every move but the smaller plays of a colour: laying all sets of it is nearly always better."""
    most = {}
    for move in legal:
        if move.kind == "play" and move.count > most.get(move.at, 0):
            most[move.at] = move.count
    return [m for m in legal if m.kind != "play" or m.count == most[m.at]]


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS, depth: int = HARD_DEPTH):
        self.samples, self.seconds, self.playout = samples, seconds, with_depth(PLAYOUT, depth)

    def _found(self, view: dict, legal: list, rng: random.Random):
        if len(legal) == 1 or view["phase"] == "give":
            return None
        candidates = candidates_of(legal)
        prior = None
        if view["phase"] == "act":
            table = table_from_view(view)
            piles_left = sum(1 for pile in table.piles if pile)
            w = weights(table.deck, piles_left, table.ending, table.actions_left)
            prior = {m: PRIOR_WEIGHT * judge(table, m, w, piles_left) for m in candidates}
        return search(view, candidates, rng, self.playout, samples=self.samples, seconds=self.seconds, prior=prior)

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        found = self._found(view, legal, rng)
        if found is None:
            return super().advise(view, legal, rng)
        advice = explain(view, found.action)
        if advice.reason in PLAIN:  # what the move does, and how it was found to be best
            key = "bot.backe.best_one" if found.samples == 1 else "bot.backe.best"
            return Advice(found.action, key, {"reason": Text(advice.reason, **advice.params), "samples": found.samples})
        return advice

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        found = self._found(view, legal, rng)
        return easy_move(view, legal) if found is None else found.action


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
