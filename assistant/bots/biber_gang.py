"""Biber Gang bots. They read a player's view only: face-down cards and the deck are unknown.

Easy: greedy. Every move is judged by the expected points of the display after it,
with each unseen card worth the average of the cards not yet seen.
Hard: the shared determinized search (``assistant.bots.search``). It deals the
unseen cards at random in a way consistent with what it can see, plays each
candidate move out to the end of the round with the easy policy for everybody,
and keeps the move with the best average margin over the opponents; a time budget
keeps a decision under half a second.
"""

from __future__ import annotations

import random
from collections import Counter

from assistant.bots import Advice
from assistant.bots.search import Playout, search
from assistant.games.biber_gang import BiberGangGame, BiberGangState
from assistant.games.biber_gang.actions import DRAW_DECK, TAKE_DISCARD, Move
from assistant.games.biber_gang.cards import (
    BEAVER,
    COLUMNS,
    DISPLAY_SIZE,
    FULL_DECK,
    PARTNER,
    card_text,
    card_words,
    position_text,
    unseen_cards,
)
from assistant.games.biber_gang.scoring import MATCHING_BONUS, score_display
from assistant.i18n import Text

AVERAGE_CARD = sum(c for c in FULL_DECK if c != BEAVER) / len(FULL_DECK)  # a beaver is worth about 0
TAKE_THRESHOLD = 2.5  # take the discard only if it improves the display by this much
HARD_SAMPLES = 60
HARD_SECONDS = 0.4
HARD_CANDIDATES = 5  # the easy judgement shortlists; many moves differ only in which card is learnt
PRIOR_WEIGHT = 1.0  # how much the easy judgement counts beside the simulations (same unit: points)


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


# --- reasons: the words of the board's buttons, and a fact about the display in the game's terms ------
def pairs(a, b) -> bool:
    """Two cards of a column make a pair: equal values, or a beaver beside any card."""
    return a == b or BEAVER in (a, b)


def new_pair(display: list, position: int, card: int) -> bool:
    """``card`` at ``position`` makes a column pair the column does not hold already."""
    partner, there = display[PARTNER[position]], display[position]
    return partner is not None and pairs(card, partner) and not (there is not None and pairs(there, partner))


def no_use(display: list, card: int) -> bool:
    """``card`` makes no new column pair and is no lower than any face-up number of the display."""
    return (not any(new_pair(display, p, card) for p in range(DISPLAY_SIZE)) and card != BEAVER
            and all(shown is None or shown == BEAVER or shown <= card for shown in display))


def explain(view: dict, move: Move) -> Advice:
    """A one-line reason for ``move``: the words of the button or mode that makes it (the hint marks the
    cards), and what it does for the display, from what the seat sees."""
    me = view["players"][view["me"]]["display"]
    drawn, top = view["drawn"], view["discard"][-1] if view["discard"] else None
    if move.kind == "turn_up":
        partner = me[PARTNER[move.at]]
        if partner is None:
            return Advice(move, "bot.biber.turn_up", {"position": position_text(move.at)})
        return Advice(move, "bot.biber.turn_up_pair", {"position": position_text(move.at),
                                                       "partner": card_text(partner)})
    if move.kind == "draw_deck":
        if top is None:
            return Advice(move, "bot.biber.draw_only")
        if no_use(me, top):
            return Advice(move, "bot.biber.draw_high", {"top": card_text(top)})
        if not any(new_pair(me, p, top) for p in range(DISPLAY_SIZE)):
            return Advice(move, "bot.biber.draw", {"top": card_text(top)})
        return Advice(move, "bot.biber.draw_chance", {"top": card_text(top)})
    if move.kind == "take_discard":
        unknown = unseen_average(view)
        reason, params = _placing(me, _best_place(me, top, unknown), top, unknown)
        return Advice(move, f"bot.biber.take_{reason}", {"the_card": card_words(top, "the"), **params})
    if move.kind == "swap":
        reason, params = _placing(me, move.at, drawn, unseen_average(view))
        return Advice(move, f"bot.biber.{reason}", params)
    if move.kind == "swim":
        key = "bot.biber.swim" if me[PARTNER[move.to]] is not None else "bot.biber.swim_hidden"
        return Advice(move, key, {"drawn": card_text(drawn), "position": position_text(move.at),
                                  "to": position_text(move.to)})
    if move.kind == "discard_turn":
        if no_use(me, drawn):
            return Advice(move, "bot.biber.reveal", {"drawn": card_text(drawn), "position": position_text(move.at)})
        return Advice(move, "bot.biber.reveal_learn", {"position": position_text(move.at)})
    if no_use(me, drawn):
        return Advice(move, "bot.biber.discard", {"drawn": card_text(drawn)})
    return Advice(move, "bot.biber.discard_hidden")


def _placing(display: list, position: int, card: int, unknown: float) -> tuple[str, dict]:
    """Why ``card`` goes to ``position``: the reason's name and its values (the position included)."""
    where = {"position": position_text(position)}
    partner, old = display[PARTNER[position]], display[position]
    if new_pair(display, position, card):
        value = partner if card == BEAVER else card
        others = sum(1 for c in range(COLUMNS) if c != position % COLUMNS and _column_value(display, c) == value)
        return ("matching" if others else "pair"), {**where, "value": card_text(value)}
    if card == BEAVER and partner is None:
        return "beaver", where
    if old is None:
        if card != BEAVER and card < unknown:
            return "blind", {**where, "new": card_text(card), "a_new": card_words(card, "a"), "average": round(unknown)}
        return "swap_hidden", where
    if BEAVER not in (card, old) and card < old:
        return "lower", {**where, "new": card_text(card), "old": card_text(old)}
    return "swap", {**where, "new": card_text(card), "old": card_text(old)}


def _best_place(display: list, card: int, unknown: float) -> int:
    """Where a card taken from the discard pile does most, in the order of the reasons: a new column pair,
    a beaver's column whose other card is face down, the highest face-up card it is lower than, a face-down
    card."""
    places = range(DISPLAY_SIZE)
    paired = [p for p in places if new_pair(display, p, card)]
    if paired:
        return paired[0]
    if card == BEAVER:
        return next((p for p in places if display[PARTNER[p]] is None), 0)
    higher = [p for p in places if display[p] is not None and display[p] != BEAVER and display[p] > card]
    if higher:
        return max(higher, key=display.__getitem__)
    return next((p for p in places if display[p] is None), 0)


def _column_value(display: list, column: int):
    """The value a column pair stands for (a beaver copies its partner), or None if it is no pair."""
    top, bottom = display[column], display[column + COLUMNS]
    if top is None or bottom is None or not pairs(top, bottom):
        return None
    return bottom if top == BEAVER else top


# Reasons that only say what a move does, not why it is good: the hard bot adds how it was found.
PLAIN = {"bot.biber.draw_chance", "bot.biber.take_known", "bot.biber.swap", "bot.biber.swap_hidden",
         "bot.biber.take_swap", "bot.biber.take_swap_hidden", "bot.biber.reveal_learn", "bot.biber.discard_hidden"}


class EasyBot:
    level = "easy"

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        me = view["players"][view["me"]]["display"]
        discard_top = view["discard"][-1] if view["discard"] else None
        move = easy_move(me, view["phase"], legal, view["drawn"], discard_top, unseen_average(view))
        return explain(view, move)

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        return self.advise(view, legal, rng).action


# --- the hard bot: the shared search, with this game's deals, rollouts and values ------------
GAME = BiberGangGame()


def sample_this_round(view: dict, rng: random.Random) -> BiberGangState:
    """A deal consistent with the view whose game ends with this round: the bot looks one round ahead."""
    deal = GAME.sample_from_view(view, rng)
    deal.rounds = deal.round
    return deal


def rollout_move(state: BiberGangState) -> Move:
    """The easy policy for whoever is to move, from what that seat can see (cheaper than a view)."""
    player = state.turn
    cards, up = state.displays[player], state.face_up[player]
    known = [card if up >> p & 1 else None for p, card in enumerate(cards)]
    top = state.discard[-1] if state.discard else None
    return easy_move(known, state.phase, state.legal_actions(), state.drawn, top, AVERAGE_CARD)


def round_margin(state: BiberGangState, me: int) -> float:
    """The opponents' average points minus mine in the round played out (lower points are better)."""
    # The round always ends within the rollout's move limit; scoring the displays as they lie is a guard.
    scores = state.round_scores[-1] if state.over else [score_display(d).points for d in state.displays]
    others = [s for p, s in enumerate(scores) if p != me]
    return sum(others) / len(others) - scores[me]


PLAYOUT = Playout(sample=sample_this_round, policy=rollout_move, value=round_margin)


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS):
        self.samples, self.seconds = samples, seconds

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        if len(legal) == 1 or view["phase"] == "reveal":
            return super().advise(view, legal, rng)
        prior = None
        if view["phase"] == "place":
            me = view["players"][view["me"]]["display"]
            unknown = unseen_average(view)
            judged = {m: judge_place(me, m, view["drawn"], unknown) for m in legal}
            legal = sorted(legal, key=judged.get)[:HARD_CANDIDATES]
            # Where the simulations cannot tell moves apart, the easy judgement decides.
            prior = {m: -PRIOR_WEIGHT * (judged[m] - judged[legal[0]]) for m in legal}
        found = search(view, legal, rng, PLAYOUT, samples=self.samples, seconds=self.seconds, prior=prior)
        advice = explain(view, found.action)
        if advice.reason in PLAIN:  # what the move does, and how it was found to be best
            key = "bot.biber.best_one" if found.samples == 1 else "bot.biber.best"
            return Advice(found.action, key, {"reason": Text(advice.reason, **advice.params), "samples": found.samples})
        return advice


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
