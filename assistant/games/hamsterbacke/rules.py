"""Hamsterbacke (RULINGS.md section 4, docs/RULES.md K1-K6).

Deal two cards to everyone and eight face up into the circle; the rest is the deck. A turn
is two actions by the same player, the same one twice allowed (phase "act"): take a pile,
play sets of one colour onto the blocking stack, or turn the blocking stack onto the score
pile. A turned pile may make the player with the most cards in hand give cards: the
active player first picks among players tied for the most (phase "choose_giver"), then
the giver picks the cards (phase "give"; the giver is ``current_player``). Once three or
fewer piles are left the turn is completed and the game ends: score pile minus hand.

Each phase lists its moves and says why another move is refused; each move is one function,
returning True when it showed cards nobody had seen or handed cards over, so that it stands
(undo, ruling K5).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, NamedTuple

from assistant import TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.hamsterbacke import scoring
from assistant.games.hamsterbacke.actions import GIVER, PASS, PLAY, TAKE, TURN_PILE, Move, give
from assistant.games.hamsterbacke.cards import (
    END_PILES,
    FULL_DECK,
    HAND_AT_START,
    KINDS,
    LAID_PER_TAKE,
    PILES,
    VALUES,
    blocked_colours,
    card_text,
    cards_of,
    cards_text,
    counts_of,
    pile_text,
    sets_text,
    unseen_counts,
)

COLOUR_INDICES = tuple(range(KINDS))
LAYING = tuple(tuple((pile + step) % PILES for step in range(LAID_PER_TAKE)) for pile in range(PILES))  # K1
# SETS_HELD[card][count]: the play moves a hand with ``count`` cards of ``card`` may choose from.
SETS_HELD = tuple(tuple(PLAY[card][1:count // VALUES[card] + 1] for count in range(len(FULL_DECK) + 1))
                  for card in range(KINDS))


class HamsterbackeState(State):
    cannot_undo_key = "error.backe.cannot_undo"

    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        cards = list(FULL_DECK)
        self.rng.shuffle(cards)
        n = num_players
        self.hands = [counts_of(cards[p * HAND_AT_START:(p + 1) * HAND_AT_START]) for p in range(n)]
        self.hand_sizes = [HAND_AT_START] * n
        # What everybody saw go into a hand (piles taken from the circle), less what left it:
        # public knowledge, so a view may hold it (the dealt cards stay unknown).
        self.known = [[0] * KINDS for _ in range(n)]
        del cards[:n * HAND_AT_START]
        self.piles = [[cards.pop()] for _ in range(PILES)]
        self.deck = cards
        self.blocking: list[list[int]] = [[] for _ in range(n)]
        self.score_piles: list[list[int]] = [[] for _ in range(n)]
        self.turn = 0  # the active player (the youngest begins: seat 0)
        self.actions_left = 2
        self.phase = "act"
        self.giver_choices: list[int] = []  # phase "choose_giver": the tied players
        self.gift_value = 0  # the value of the turned stack's top card
        self.giver: int | None = None
        self.gift_size = 0
        self.ending = False  # three or fewer piles are left: this turn is the last
        self.over = False

    # --- the contract -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.giver if self.phase == "give" else self.turn

    def _list_legal_actions(self) -> list[Action]:
        return [] if self.over else PHASES[self.phase].moves(self)

    def _check(self, action: Action) -> None:
        if not self.is_legal(action):
            if not isinstance(action, Move):
                raise IllegalAction("error.backe.not_a_move")
            raise PHASES[self.phase].refusal(self, action)

    def _apply(self, action: Action) -> bool:
        return MOVES[action.kind](self, action)

    def chance_outcome(self) -> Action:
        raise IllegalAction("error.backe.no_dice")

    # --- phase "act": take, play or turn the pile -------------------------------------
    def blocked(self, player: int) -> set[int]:
        """The colours ``player`` may not play (K2)."""
        return blocked_colours(self.blocking, player)

    def _act_moves(self) -> list[Move]:
        # Random play and the hard bot's rollouts list these moves most often: plain loops over
        # zipped constants and moves built once (``SETS_HELD``), no per-colour arithmetic.
        player = self.turn
        moves = [take for take, pile in zip(TAKE, self.piles, strict=True) if pile]
        blocked = [stack[-1] for stack in self.blocking if stack]
        mine = self.blocking[player]
        if mine:
            blocked.remove(mine[-1])  # the own top never blocks; the same colour on another stack still does
        for card, count, plays in zip(COLOUR_INDICES, self.hands[player], SETS_HELD, strict=True):
            if count and card not in blocked:
                moves += plays[count]
        if mine:
            moves.append(TURN_PILE)
        return moves or [PASS]  # K6: a player with no possible action passes

    def _act_refusal(self, move: Move) -> IllegalAction:
        player = self.turn
        if move.kind == "take":
            return IllegalAction("error.backe.pile_empty", pile=pile_text(move.at))
        if move.kind == "play":
            if move.count < 1:
                return IllegalAction("error.backe.not_a_move")
            card = card_text(move.at)
            if move.at in self.blocked(player):
                return IllegalAction("error.backe.blocked", card=card)
            held = self.hands[player][move.at] // VALUES[move.at]
            if held == 0:
                return IllegalAction("error.backe.no_set", card=card, value=VALUES[move.at])
            return IllegalAction("error.backe.too_many_sets", card=card, sets=sets_text(held))  # "1 set", "2 sets"
        if move.kind == "turn_pile":
            return IllegalAction("error.backe.nothing_to_turn")
        if move.kind == "pass":
            return IllegalAction("error.backe.can_act")
        return IllegalAction("error.backe.no_gift_now")

    def _take(self, move: Move) -> bool:
        """The whole pile into hand; then up to three cards from the deck, clockwise from the
        emptied space (K1). Once the deck is empty, the space stays empty."""
        player, at, piles, deck = self.turn, move.at, self.piles, self.deck
        pile = piles[at]
        piles[at] = []
        hand, known = self.hands[player], self.known[player]
        for card in pile:
            hand[card] += 1
            known[card] += 1
        self.hand_sizes[player] += len(pile)
        laid = min(LAID_PER_TAKE, len(deck))
        for space in LAYING[at][:laid]:
            piles[space].append(deck.pop())
        self._action_done()
        return laid > 0  # the laid cards had been hidden in the deck

    def _play(self, move: Move) -> bool:
        """Sets of one colour onto the player's own blocking stack (K2)."""
        player, card = self.turn, move.at
        count = move.count * VALUES[card]
        self.hands[player][card] -= count
        self.hand_sizes[player] -= count
        self.known[player][card] = max(0, self.known[player][card] - count)
        self.blocking[player] += [card] * count
        self._action_done()
        return False

    def _turn_pile(self, move: Move) -> bool:
        """The blocking stack onto the score pile; then the player with the most cards in hand
        may have to give (K3)."""
        player = self.turn
        stack = self.blocking[player]
        self.gift_value = VALUES[stack[-1]]
        self.score_piles[player] += stack
        self.blocking[player] = []
        most = max(self.hand_sizes)
        if self.hand_sizes[player] == most:  # the most, or tied for it: nothing (K3)
            self._action_done()
            return False
        tied = [p for p in range(self.num_players) if p != player and self.hand_sizes[p] == most]
        if len(tied) == 1:
            self._ask_gift(tied[0])
        else:
            # The tied hold the same number of cards: the gift's size is known before the choice.
            self.phase, self.giver_choices = "choose_giver", tied
            self.gift_size = min(self.gift_value, most)
        return True  # someone gives: the turned pile stands (K5)

    def _pass(self, move: Move) -> bool:
        self._action_done()
        return False

    # --- phase "choose_giver": the active player picks among the tied ------------------
    def _choose_giver_moves(self) -> list[Move]:
        return [GIVER[p] for p in self.giver_choices]

    def _choose_giver_refusal(self, move: Move) -> IllegalAction:
        if move.kind == "giver":
            return IllegalAction("error.backe.not_tied", player=move.at + 1)
        return IllegalAction("error.backe.choose_giver")

    def _choose_giver(self, move: Move) -> bool:
        self.giver_choices = []
        self._ask_gift(move.at)
        return True

    def _ask_gift(self, giver: int) -> None:
        self.phase, self.giver = "give", giver
        self.gift_size = min(self.gift_value, self.hand_sizes[giver])

    # --- phase "give": the giver picks the cards --------------------------------------
    def _give_moves(self) -> list[Move]:
        return [give(counts) for counts in gifts(self.hands[self.giver], self.gift_size)]

    def _give_refusal(self, move: Move) -> IllegalAction:
        if move.kind != "give":
            return IllegalAction("error.backe.must_give", cards=cards_text(self.gift_size))
        if move.given != self.gift_size:
            return IllegalAction("error.backe.gift_size", cards=cards_text(self.gift_size))
        return IllegalAction("error.backe.gift_not_held")

    def _give(self, move: Move) -> bool:
        giver, hand = self.giver, self.hands[self.giver]
        for card, count in enumerate(move.cards):
            hand[card] -= count
        self.hand_sizes[giver] -= move.given
        # Nobody else saw which cards went: each colour known in the hand may be among them.
        self.known[giver] = [max(0, known - move.given) for known in self.known[giver]]
        self.score_piles[self.turn] += cards_of(move.cards)
        self.giver, self.gift_size, self.phase = None, 0, "act"
        self._action_done()
        return True  # cards handed over are not handed back (K5)

    # --- the end of an action, a turn and the game ----------------------------------------
    def piles_left(self) -> int:
        return PILES - self.piles.count([])

    def _action_done(self) -> None:
        self.actions_left -= 1
        if self.piles_left() <= END_PILES:
            self.ending = True  # K4: the turn is completed first
        if self.actions_left == 0:
            if self.ending:
                self.over = True
            else:
                self.turn = (self.turn + 1) % self.num_players
                self.actions_left = 2

    # --- scores and views -------------------------------------------------------------
    def scores(self) -> list[int]:
        return [len(pile) - size for pile, size in zip(self.score_piles, self.hand_sizes, strict=True)]

    def standings(self) -> dict:
        return scoring.standings([len(pile) for pile in self.score_piles], self.hand_sizes,
                                 [len(stack) for stack in self.blocking], over=self.over)

    def view(self, player: int | None = None) -> dict:
        """Other hands, every score pile's cards and the deck order are never in a view."""
        return {
            "game": "hamsterbacke",
            "me": player,
            "num_players": self.num_players,
            "options": dict(self.options),
            "phase": "over" if self.over else self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "actions_left": self.actions_left,
            "hand": list(self.hands[player]) if player is not None else None,
            "players": [
                {"hand_count": self.hand_sizes[p], "score_count": len(self.score_piles[p]),
                 "blocking": list(self.blocking[p]), "known": list(self.known[p]), "score": score}
                for p, score in enumerate(self.scores())
            ],
            "piles": [list(pile) for pile in self.piles],
            "deck_count": len(self.deck),
            "giver_choices": list(self.giver_choices),
            "giver": self.giver,
            "gift_value": self.gift_value,  # the turned stack's top card, seen by all
            "gift_size": self.gift_size,
            "ending": self.ending,
        }

    def cards_in_play(self) -> list[int]:
        """Every card somewhere: hands, circle, deck, blocking stacks and score piles (for the tests)."""
        cards = [card for hand in self.hands for card in cards_of(hand)] + self.deck
        cards += [card for pile in self.piles for card in pile]
        return cards + [card for stacks in (self.blocking, self.score_piles) for stack in stacks for card in stack]

    def score_check_inputs(self) -> list[dict]:
        """The end of this game as ``python -m assistant score hamsterbacke`` reads it (one table)."""
        return [{"players": [{"name": f"Player {p + 1}", "score_pile": len(self.score_piles[p]),
                              "hand": self.hand_sizes[p], "blocking": len(self.blocking[p])}
                             for p in range(self.num_players)]}]

    def clone(self) -> HamsterbackeState:
        """As ``State.clone``, without the replay: the hard bot clones thousands of times a move.

        The generator is shared, not copied (copying it costs more than the rest of a clone):
        it only shuffles the deal in ``__init__``, so nothing draws from it afterwards.
        """
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other._marks = list(self._marks)
        other.options = dict(self.options)
        other.hands = [list(hand) for hand in self.hands]
        other.hand_sizes = list(self.hand_sizes)
        other.known = [list(known) for known in self.known]
        other.piles = [list(pile) for pile in self.piles]
        other.deck = list(self.deck)
        other.blocking = [list(stack) for stack in self.blocking]
        other.score_piles = [list(pile) for pile in self.score_piles]
        other.giver_choices = list(self.giver_choices)
        return other


ACTS = ("take", "play", "turn_pile", "pass")  # a turn's two actions; "giver" and "give" belong to the act before


def round_number(state: HamsterbackeState) -> int:
    """The round of turns ``state`` is in, from 1: a round begins as seat 0 begins a turn (the replay page
    steps from round to round with it). An act whose gift is still to be given is not done yet."""
    acts = sum(1 for move in state.history if move.kind in ACTS)
    turns_done = (acts - (state.phase != "act" and not state.over)) // 2
    return turns_done // state.num_players + 1


def gifts(hand: list[int], size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` cards from ``hand`` (counts per colour), in a fixed order."""
    # No colour can give more than ``size``: capped, few hands differ, so the listing is kept.
    return list(_gifts(tuple(min(count, size) for count in hand), size))


@lru_cache(maxsize=4096)
def _gifts(hand: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """The choices in descending order of their counts; ``tails(card, left)`` lists the ways the
    colours from ``card`` on give ``left`` cards, each worked out once."""
    last, known = KINDS - 1, {}

    def tails(card: int, left: int) -> list[tuple[int, ...]]:
        if left == 0:
            return [(0,) * (KINDS - card)]
        if card == last:
            return [(left,)] if hand[last] >= left else []
        found = known.get((card, left))
        if found is None:
            found = known[card, left] = [(count, *rest) for count in range(min(left, hand[card]), -1, -1)
                                         for rest in tails(card + 1, left - count)]
        return found

    return tuple(tails(0, size))


class Phase(NamedTuple):
    moves: Any  # state -> the legal moves
    refusal: Any  # (state, move) -> why that move is refused


PHASES = {
    "act": Phase(HamsterbackeState._act_moves, HamsterbackeState._act_refusal),
    "choose_giver": Phase(HamsterbackeState._choose_giver_moves, HamsterbackeState._choose_giver_refusal),
    "give": Phase(HamsterbackeState._give_moves, HamsterbackeState._give_refusal),
}
MOVES = {
    "take": HamsterbackeState._take,
    "play": HamsterbackeState._play,
    "turn_pile": HamsterbackeState._turn_pile,
    "pass": HamsterbackeState._pass,
    "giver": HamsterbackeState._choose_giver,
    "give": HamsterbackeState._give,
}


# --- what one seat cannot see, dealt at random (the hard bot's search) ----------------------
def sample_from_view(game, view: dict, rng: random.Random) -> HamsterbackeState:
    """A state that shows ``view``'s seat exactly what it saw, the unseen cards dealt at random:
    other hands hold what is known of them plus random cards, then the score piles, then the deck.

    Sets every field ``__init__`` sets, from the view; a new field of the state is set here
    too, or the random-simulation test finds the views differ.
    """
    state = game.new_state(view["num_players"], seed=0, **view["options"])
    state.rng = rng
    me, players = view["me"], view["players"]
    pool = cards_of(unseen_counts(view))
    rng.shuffle(pool)
    for p, shown in enumerate(players):
        if p == me:
            state.hands[p] = list(view["hand"])
        else:
            hand = list(shown["known"])
            for _ in range(shown["hand_count"] - sum(hand)):
                hand[pool.pop()] += 1
            state.hands[p] = hand
        state.hand_sizes[p] = shown["hand_count"]
        state.known[p] = list(shown["known"])
        state.blocking[p] = list(shown["blocking"])
        state.score_piles[p] = [pool.pop() for _ in range(shown["score_count"])]
    state.piles = [list(pile) for pile in view["piles"]]
    state.deck = pool
    state.turn, state.actions_left = view["turn"], view["actions_left"]
    state.over = view["phase"] == "over"
    state.phase = "act" if state.over else view["phase"]
    state.giver_choices = list(view["giver_choices"])
    state.giver, state.gift_size, state.gift_value = view["giver"], view["gift_size"], view["gift_value"]
    state.ending = view["ending"]
    return state
