"""Mömmen bots. They read a player's view only: the other hands and the deck are unknown.

Easy: the greedy easy policy of ``moemmen_policy`` (its docstring tells how it judges cards).
Hard: the shared determinized search (``assistant.bots.search``) around the sharp policy of
``moemmen_policy``. It deals the unseen cards at random consistently with its view: the cards an
opponent was seen to take stay in their hand, opponents collect a colour as players do, and a deal
in which an easy player would have made the opponents' latest moves is preferred (a player reads
the others' moves too). It plays each candidate move out to the end of the round (itself
with the sharp policy, the opponents with the easy one), and keeps the move with the best average
margin of round scores over the opponents (and of winning, when the round ends the match). The
sharp choice gets a head start (``SHARP_BONUS``): the search overrules it only when the simulated
margin is clearly better, as a few dozen deals a decision leave noise of about a point.
"""

from __future__ import annotations

import random
from bisect import insort

from assistant.bots import Advice
from assistant.bots.moemmen_policy import (
    COMPLETE,
    NOTHING_HERE,
    Judge,
    Seat,
    best_exchange,
    colour_counts,
    easy_choice,
    easy_move,
    seat_from_state,
    seat_from_view,
    sharp_choice,
    sharp_judge,
    sharp_move,
    target_colour,
)
from assistant.bots.moemmen_policy import colour_odds as seat_colour_odds
from assistant.bots.search import Playout, search, with_depth
from assistant.games.moemmen import MoemmenGame, MoemmenState
from assistant.games.moemmen.actions import Move, move_from_data
from assistant.games.moemmen.cards import (
    BENNY,
    COLOUR_OF,
    COLOURS,
    HAND_SIZE,
    IS_MINUS,
    IS_PLUS,
    TIM,
    card_text,
    colour_text,
    minus_count,
)
from assistant.games.moemmen.phases import moves_in
from assistant.games.moemmen.scoring import best_colour, colour_score
from assistant.i18n import Text

__all__ = ["EasyBot", "HardBot", "choose_easy", "colour_counts", "easy_move", "make_bot", "sharp_move"]


def choose_easy(view: dict, legal: list, rng: random.Random) -> Move:
    """The easy bot as a plain function (the shared random simulation plays Mömmen with it)."""
    return easy_move(view, legal)


# --- reasons ----------------------------------------------------------------------------------
def explain(view: dict, legal: list, move: Move, judge: Judge | None = None) -> Advice:
    """A one-line reason for ``move``, from what the seat sees and the judgement that chose it (the
    easy one unless given): the words of the move's button ("Exchange", "Play Tim: Mömmen!"), the
    move's cards, and why in the game's terms (a colour collected, a minus card, a new table)."""
    judge = judge or Judge(view["hand"], view["table"])
    colour = colour_text(judge.colour)
    if move.kind == "exchange":
        cards = {"give": card_text(move.give), "take": card_text(move.take), "colour": colour}
        if view["phase"] == "tim_take":
            return Advice(move, "bot.moemmen.take", cards)
        if judge.completes(move):
            return Advice(move, "bot.moemmen.complete", cards | {"colour": colour_text(COLOUR_OF[move.take])})
        if view["phase"] == "tim_exchange" and IS_MINUS[move.give]:
            return Advice(move, "bot.moemmen.tim_minus", cards)
        kind = exchange_kind(judge, move)
        if kind == "tidy":
            return _tidy(view["hand"], move, cards)
        return Advice(move, f"bot.moemmen.{kind}", cards)
    if move.kind == "tim":
        count = min(minus_count(view["table"]), view["num_players"] - 1)
        if count:
            return Advice(move, "bot.moemmen.tim_push_one" if count == 1 else "bot.moemmen.tim_push", {"count": count})
        minus = min((card for card in view["hand"] if IS_MINUS[card]), key=judge.worth.get)
        return Advice(move, "bot.moemmen.tim_dump", {"card": card_text(minus)})
    if move.kind in ("benny", "refresh"):
        nothing = best_exchange(judge, legal)[1] < NOTHING_HERE
        return Advice(move, f"bot.moemmen.{move.kind}" if nothing else f"bot.moemmen.{move.kind}_new",
                      {"colour": colour, "count": minus_count(view["table"])})
    return Advice(move, f"bot.moemmen.{move.kind}", {"colour": colour})


def _tidy(hand: list[int], move: Move, cards: dict) -> Advice:
    """An exchange that collects nothing: what the hand scores after it, if that is more than now."""
    after = list(hand)
    after.remove(move.give)
    after.append(move.take)
    before_colour, after_colour = best_colour(hand), best_colour(after)
    before, now = colour_score(hand, before_colour), colour_score(after, after_colour)
    if now > before:
        return Advice(move, "bot.moemmen.tidy_score", cards | {"colour": colour_text(after_colour),
                                                               "before": signed(before), "after": signed(now)})
    return Advice(move, "bot.moemmen.tidy", cards)


def signed(score: int) -> str:
    """"+3", "0", "−2" (a real minus sign, as on the cards)."""
    return f"+{score}" if score > 0 else str(score).replace("-", "\u2212")


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


# The reasons that hold whoever chose the move; the others ("it suits your colour", "nothing helps",
# "a new table") are a judgement's own (easy or sharp), so a move the search chose against it says
# how it was found, after what it does.
SHARP = {"take", "complete", "tim_minus", "collect", "collect_minus", "higher", "lose_minus", "tool", "tidy_score",
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
HARD_SECONDS = 0.35  # with the time to finish the last deal and a loaded machine, p95 stays under 0.5 s
HARD_DEPTH = 200  # a guard: easy players end a round far sooner
HAND_TRIES = 16  # opponents' hands dealt per sample at most, for one their latest moves fit
CHECKED = 4  # an opponent's latest decisions held against a dealt hand
HARD_CANDIDATES = 6  # the sharp judgement shortlists the exchanges; Tim, Benny, refresh and pass always run
POTENTIAL = ((10.6, 0.0), (11.4, 0.17), (10.4, 0.37), (8.5, 0.58), (5.4, 0.76))  # 1 to 5 sheep
SHARP_BONUS = 3.0  # points the sharp choice gets beside its simulated margin (1.0 won fewer matches)
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
    decisions = recent_decisions(view)
    best, fewest = None, None
    for _ in range(HAND_TRIES):  # the opponents' hands dealt again until their latest moves fit
        for player in range(view["num_players"]):
            if player != view["me"]:
                known = view["known"][player]
                colour = known_colour(known, rng) if any(IS_PLUS[card] for card in known) else None
                if colour is None:
                    colour = rng.choices(range(len(COLOURS)), colours)[0]
                collect(deal, player, colour, rng.choices(range(1, HAND_SIZE), counts)[0], known, rng)
        misses = misfits(deal, decisions)
        if fewest is None or misses < fewest:
            best, fewest = ([list(hand) for hand in deal.hands], list(deal.deck)), misses
        if not misses:
            break
    deal.hands, deal.deck = best
    rng.shuffle(deal.deck)
    deal.target = -1_000_000
    return deal


def recent_decisions(view: dict) -> dict[int, list[tuple]]:
    """Each opponent's latest decisions this round, newest first, as (phase, must_lay_minus, table,
    move): back to their last Benny or Tim at most, as the cards drawn then are unknown."""
    decisions: dict[int, list[tuple]] = {p: [] for p in range(view["num_players"]) if p != view["me"]}
    open_players = set(decisions)
    for entry in reversed(view["round_moves"]):
        player = entry["player"]
        if player not in open_players:
            continue
        move = move_from_data(entry["move"])
        if move.kind in ("benny", "tim") or len(decisions[player]) == CHECKED:
            open_players.discard(player)
            if not open_players:
                break
            continue
        decisions[player].append((entry["phase"], entry["must_lay_minus"], entry["table"], move))
    return decisions


def misfits(deal: MoemmenState, decisions: dict[int, list[tuple]]) -> int:
    """How many of the opponents' latest decisions an easy player holding the dealt hand would
    have made otherwise (the search's opponents play as easy players do)."""
    misses = 0
    for player, entries in decisions.items():
        hand = list(deal.hands[player])
        for phase, must_lay_minus, table, move in entries:
            if move.kind == "exchange":  # the hand before: the card taken back out, the card given in
                if move.take not in hand:
                    misses += 1
                    break
                hand.remove(move.take)
                insort(hand, move.give)
            legal = moves_in(phase, hand, table, must_lay_minus)
            if len(legal) > 1 and easy_choice(Seat(hand, table, phase, must_lay_minus, None), legal) != move:
                misses += 1
    return misses


def known_colour(known: list[int], rng: random.Random) -> int:
    """The colour a player collects, from the sheep everybody saw them take: the one they took most of."""
    counts = colour_counts(known)[0]
    return rng.choice([colour for colour, count in enumerate(counts) if count == max(counts)])


def colour_odds(view: dict) -> list[float]:
    """How likely an opponent collects each colour (``moemmen_policy.colour_odds``)."""
    return seat_colour_odds(seat_from_view(view))


def collect(deal: MoemmenState, player: int, colour: int, count: int, known: list[int], rng: random.Random) -> None:
    """Give ``player`` up to ``count`` sheep of ``colour`` (the ``known`` cards stay in the hand and
    count), the hand's other places other cards, from their hand and the deck."""
    hand = deal.hands[player]
    cards = hand + deal.deck
    for card in known:
        cards.remove(card)
    sheep = [card for card in cards if IS_PLUS[card] and COLOUR_OF[card] == colour]
    others = [card for card in cards if not IS_PLUS[card] or COLOUR_OF[card] != colour]
    rng.shuffle(sheep)
    rng.shuffle(others)
    places = len(hand) - len(known)
    held = min(max(count - colour_counts(known)[0][colour], 0), len(sheep), places)
    hand[:] = sorted(known + sheep[:held] + others[:places - held])
    deal.deck = sheep[held:] + others[places - held:]


def rollout_move(state: MoemmenState) -> Move:
    """An opponent's move in a rollout: they play as the easy bot would."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else easy_choice(seat_from_state(state), legal)


def own_rollout_move(state: MoemmenState) -> Move:
    """The searching seat's own later moves in a rollout: as it would play them without search."""
    legal = state.legal_actions()
    return legal[0] if len(legal) == 1 else sharp_choice(seat_from_state(state), legal)


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


PLAYOUT = Playout(sample=sample_this_round, policy=rollout_move, value=round_value, depth=HARD_DEPTH,
                  own_policy=own_rollout_move)


def candidates_of(view: dict, legal: list, judge: Judge) -> list[Move]:
    """Every move but the exchanges ``judge`` ranks below the best few."""
    exchanges = sorted((m for m in legal if m.kind == "exchange"), key=judge.rank, reverse=True)
    return [m for m in legal if m.kind != "exchange"] + exchanges[:HARD_CANDIDATES]


class HardBot(EasyBot):
    level = "hard"

    def __init__(self, samples: int = HARD_SAMPLES, seconds: float = HARD_SECONDS, depth: int = HARD_DEPTH):
        self.samples, self.seconds, self.playout = samples, seconds, with_depth(PLAYOUT, depth)

    def _found(self, view: dict, legal: list, rng: random.Random):
        if len(legal) == 1:
            return None
        judge = sharp_judge(seat_from_view(view))
        if best_exchange(judge, legal)[1] == COMPLETE:
            return None  # six of a colour: nothing beats ending the round now
        # Where the simulations cannot clearly tell moves apart, the sharp choice stands.
        return search(view, candidates_of(view, legal, judge), rng, self.playout, samples=self.samples,
                      seconds=self.seconds, prior={sharp_move(view, legal): SHARP_BONUS})

    def advise(self, view: dict, legal: list, rng: random.Random) -> Advice:
        found = self._found(view, legal, rng)
        judge = sharp_judge(seat_from_view(view))
        if found is None:
            return explain(view, legal, sharp_move(view, legal), judge)
        advice = explain(view, legal, found.action, judge)
        if found.action == sharp_move(view, legal) or advice.reason.removeprefix("bot.moemmen.") in SHARP:
            return advice
        key = "bot.moemmen.best_one" if found.samples == 1 else "bot.moemmen.best"
        return Advice(found.action, key, {"reason": Text(advice.reason, **advice.params), "samples": found.samples})

    def choose(self, view: dict, legal: list, rng: random.Random) -> Move:
        found = self._found(view, legal, rng)
        return sharp_move(view, legal) if found is None else found.action


def make_bot(level: str):
    return HardBot() if level == "hard" else EasyBot()
