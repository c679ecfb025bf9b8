"""Biber Gang bots. They read a player's view only: face-down cards and the deck are unknown.

Easy: greedy. Every move is judged by the expected points of the display after it,
with each unseen card worth the average of the cards not yet seen.
Hard: determinized Monte Carlo. It deals the unseen cards at random in a way
consistent with what it can see, plays each candidate move out to the end of the
round with the easy policy for everybody, and keeps the move with the best
average margin over the opponents. The same deals serve every candidate, so the
comparison is fair; a time budget keeps a decision under half a second.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from assistant.bots import Advice
from assistant.games.biber_gang.actions import DRAW_DECK, TAKE_DISCARD, Move
from assistant.games.biber_gang.cards import BEAVER, COLUMNS, DISPLAY_SIZE, FULL_DECK, PARTNER, card_words
from assistant.games.biber_gang.scoring import MATCHING_BONUS

AVERAGE_CARD = sum(c for c in FULL_DECK if c != BEAVER) / len(FULL_DECK)  # a beaver is worth about 0
TAKE_THRESHOLD = 2.5  # take the discard only if it improves the display by this much
HARD_SAMPLES = 60
HARD_SECONDS = 0.4
HARD_CANDIDATES = 5  # the easy judgement shortlists; many moves differ only in which card is learnt
PRIOR_WEIGHT = 1.0  # how much the easy judgement counts beside the simulations (same unit: points)


def unseen_cards(view: dict) -> list[int]:
    """The cards this seat cannot see: face-down cards everywhere, the deck, a hidden drawn card."""
    unseen = Counter(FULL_DECK)
    for player in view["players"]:
        unseen.subtract(card for card in player["display"] if card is not None)
    unseen.subtract(view["discard"])
    if view["drawn"] is not None:
        unseen.subtract([view["drawn"]])
    return list(unseen.elements())


def unseen_average(view: dict) -> float:
    """The average value of the cards nobody can see from this seat."""
    cards = unseen_cards(view)
    return sum(0 if c == BEAVER else c for c in cards) / len(cards) if cards else AVERAGE_CARD


def expected_points(display: list, unknown: float) -> float:
    """Expected points of a display with None for face-down cards."""
    total, pairs = 0.0, Counter()
    for column in range(COLUMNS):
        top, bottom = display[column], display[column + COLUMNS]
        if top is None and bottom is None:
            total += 2 * unknown
        elif top is None or bottom is None:
            known = top if bottom is None else bottom
            total += 0 if known == BEAVER else known + unknown  # a beaver pairs with whatever lies there
        elif BEAVER in (top, bottom) or top == bottom:
            value = bottom if top == BEAVER else top
            if value != BEAVER:
                pairs[value] += 1
        else:
            total += top + bottom
    return total + sum(MATCHING_BONUS.get(n, 0) for n in pairs.values())


def display_after(display: list, move: Move, drawn: int) -> list:
    """The display (None for face-down) after a place move; a turned-up card stays unknown here."""
    after = list(display)
    if move.kind == "swap":
        after[move.at] = drawn
    elif move.kind == "swim":
        after[move.at], after[move.to] = drawn, BEAVER
    return after


def judge_place(display: list, move: Move, drawn: int, unknown: float) -> float:
    """Expected points after the move, with a small reward for learning a face-down card."""
    points = expected_points(display_after(display, move, drawn), unknown)
    if move.kind in ("discard_turn",):
        points -= 0.3
    return points


def easy_place(display: list, legal: list, drawn: int, unknown: float) -> Move:
    return min(legal, key=lambda m: (judge_place(display, m, drawn, unknown), m.kind != "swim"))


def easy_draw(display: list, legal: list, discard_top, unknown: float) -> Move:
    if TAKE_DISCARD in legal and discard_top is not None:
        now = expected_points(display, unknown)
        best = min(expected_points(display_after(display, Move("swap", p), discard_top), unknown)
                   for p in range(DISPLAY_SIZE))
        if now - best >= TAKE_THRESHOLD or DRAW_DECK not in legal:
            return TAKE_DISCARD
    return DRAW_DECK if DRAW_DECK in legal else TAKE_DISCARD


def easy_turn_up(display: list, legal: list) -> Move:
    """Turn up cards in different columns first: each known card helps a whole column."""
    open_columns = {p % COLUMNS for p, card in enumerate(display) if card is not None}
    for move in legal:
        if move.at % COLUMNS not in open_columns:
            return move
    return legal[0]


def easy_move(display: list, phase: str, legal: list, drawn, discard_top, unknown: float) -> Move:
    if phase == "reveal":
        return easy_turn_up(display, legal)
    if phase == "draw":
        return easy_draw(display, legal, discard_top, unknown)
    return easy_place(display, legal, drawn, unknown)


def explain(view: dict, move: Move) -> Advice:
    me = view["players"][view["me"]]["display"]
    drawn = view["drawn"]
    if move.kind == "turn_up":
        return Advice(move, "bot.biber.turn_up")
    if move.kind == "take_discard":
        return Advice(move, "bot.biber.take", {"card": card_words(view["discard"][-1], "the")})
    if move.kind == "draw_deck":
        return Advice(move, "bot.biber.draw")
    if move.kind == "swim":
        return Advice(move, "bot.biber.beaver", {"value": drawn})
    if move.kind == "swap":
        partner = me[PARTNER[move.at]]
        if drawn == BEAVER or (partner is not None and partner == drawn):
            return Advice(move, "bot.biber.pair", {"value": _card_text(partner if drawn == BEAVER else drawn)})
        if me[move.at] is None:
            return Advice(move, "bot.biber.blind", {"new": _card_text(drawn)})
        return Advice(move, "bot.biber.lower", {"old": _card_text(me[move.at]), "new": _card_text(drawn)})
    return Advice(move, "bot.biber.reveal")


def _card_text(card) -> str:
    return "🦫" if card == BEAVER else str(card)


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        me = view["players"][view["me"]]["display"]
        discard_top = view["discard"][-1] if view["discard"] else None
        move = easy_move(me, view["phase"], legal, view["drawn"], discard_top, unseen_average(view))
        return explain(view, move)

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return self.advise(view, legal, rng).action


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS):
        self.samples, self.seconds = samples, seconds

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        if len(legal) == 1 or view["phase"] == "reveal":
            return super().advise(view, legal, rng)
        from assistant.bots.biber_gang_sim import determinize, rollout_margin

        deadline = time.perf_counter() + self.seconds
        prior = dict.fromkeys(legal, 0.0)
        if view["phase"] == "place":
            me = view["players"][view["me"]]["display"]
            unknown = unseen_average(view)
            judged = {m: judge_place(me, m, view["drawn"], unknown) for m in legal}
            legal = sorted(legal, key=judged.get)[:HARD_CANDIDATES]
            best_judged = judged[legal[0]]
            # Where the simulations cannot tell moves apart, the easy judgement decides.
            prior = {m: PRIOR_WEIGHT * (judged[m] - best_judged) for m in legal}
        totals = dict.fromkeys(legal, 0.0)
        played = 0
        for _ in range(self.samples):
            deal = determinize(view, rng)
            seed = rng.getrandbits(32)
            for move in legal:
                totals[move] += rollout_margin(deal, move, view["me"], random.Random(seed))
            played += 1
            if time.perf_counter() > deadline:
                break
        best = min(legal, key=lambda m: totals[m] / played + prior[m])
        advice = explain(view, best)
        if advice.reason == "bot.biber.reveal":  # no simpler reason fits: say how it was found
            return Advice(best, "bot.biber.best", {"samples": played})
        return advice


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
