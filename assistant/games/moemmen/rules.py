"""Mömmen (RULINGS.md section 5, docs/RULES.md M1-M13).

Each round deals six cards to everyone and five face up onto the table (M1). On a turn (phase
"turn") a player exchanges a card (the turn ends), plays Benny or refreshes the table (and goes
on), plays Tim, or passes. Tim makes two more phases: "tim_exchange", where the Tim player may
(or must) exchange once (M4), and "tim_take", where each opponent in turn takes a minus card
(M5); ``current_player`` is then that opponent. Six plus cards of one colour in a hand end the
round at once (M9); the next round is dealt at once, until a total reaches the target (M11).

Each phase lists its moves and says why another move is refused (phases.py); each move is one
function here, returning True when it showed a card nobody had seen, so that it stands (M12).
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any

from assistant import TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.moemmen import phases, scoring
from assistant.games.moemmen.actions import Move, is_known, move_from_data
from assistant.games.moemmen.cards import (
    BENNY,
    FULL_DECK,
    HAND_SIZE,
    IS_MINUS,
    NAMES,
    TABLE_SIZE,
    TIM,
    full_colour,
    minus_count,
    unseen_cards,
)


class MoemmenState(State):
    cannot_undo_key = "error.moemmen.cannot_undo"

    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        self.target = self.options["target"]
        self.totals = [0] * num_players
        self.results: list[dict] = []  # one record per finished round, public (M10)
        self.round = 0
        self.over = False
        self.rebuilds = 0  # how often the deck was rebuilt from the discard pile (for the log)
        self._deal()

    # --- the contract -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.takers[0] if self.phase == "tim_take" else self.turn

    def _list_legal_actions(self) -> list[Action]:
        return [] if self.over else phases.PHASES[self.phase].moves(self)

    def _check(self, action: Action) -> None:
        if not self.is_legal(action):
            if not isinstance(action, Move) or not is_known(action):
                raise IllegalAction("error.moemmen.not_a_move")
            raise phases.PHASES[self.phase].refusal(self, action)

    def _apply(self, action: Action) -> bool:
        phase = self.phase  # the player to move, as ``current_player`` finds it (here a hot path)
        player = self.takers[0] if phase == "tim_take" else self.turn
        self.round_moves.append((player, phase, self.must_lay_minus, tuple(self.table), action))
        return MOVES[action.kind](self, action)  # a move that ends the round deals anew: a new record

    def chance_outcome(self) -> Action:
        raise IllegalAction("error.moemmen.no_dice")

    # --- a round: the deal, drawing, the table ---------------------------------------------
    def _deal(self) -> None:
        """A new round with all 64 cards shuffled (M1). The first round's dealer is the last seat,
        so that seat 0 begins; the dealer then moves one seat clockwise each round."""
        self.round += 1
        self.dealer = (self.round - 2) % self.num_players
        cards = list(FULL_DECK)
        self.rng.shuffle(cards)
        players = self.num_players
        self.hands = [sorted(cards[p * HAND_SIZE:(p + 1) * HAND_SIZE]) for p in range(players)]
        self.table = cards[players * HAND_SIZE:players * HAND_SIZE + TABLE_SIZE]
        self.deck = cards[players * HAND_SIZE + TABLE_SIZE:]
        self.discard: list[int] = []
        self.turn = (self.dealer + 1) % players  # the player left of the dealer begins
        self.phase = "turn"
        self.passes = 0  # turns in a row that were only a pass (M7)
        self.acted = False  # the player on turn played Benny or refreshed: a pass now is no "only a pass"
        self.must_lay_minus = False  # Tim was played with no minus card on the table (M4)
        self.takers: list[int] = []  # phase "tim_take": the opponents still to take, the first to move
        # Every move of this round, in the open: (player, phase, must_lay_minus, table before, move).
        self.round_moves: list[tuple] = []
        complete = [p for p, hand in enumerate(self.hands) if full_colour(hand) is not None]
        if complete:  # M9: a dealt hand of six plus cards of one colour ends the round at once
            self._end_round(complete)

    def _draw(self) -> int:
        if not self.deck:  # M8: the whole discard pile, shuffled, is the new deck
            self.deck, self.discard = self.discard, []
            self.rng.shuffle(self.deck)
            self.rebuilds += 1
        return self.deck.pop()

    def _draw_to_six(self, player: int) -> bool:
        """Fill the hand up to six cards; True if it now ends the round (M9)."""
        hand = self.hands[player]
        while len(hand) < HAND_SIZE:
            insort(hand, self._draw())
        if full_colour(hand) is not None:
            self._end_round([player])
            return True
        return False

    def _new_table(self) -> None:
        """The table onto the discard pile, five new cards from the deck."""
        self.discard += self.table
        self.table = [self._draw() for _ in range(TABLE_SIZE)]

    def _swap(self, player: int, move: Move) -> None:
        """The hand card goes to the place of the table card taken (the table has five places)."""
        hand = self.hands[player]
        hand.remove(move.give)
        insort(hand, move.take)
        self.table[self.table.index(move.take)] = move.give

    def minus_on_table(self) -> int:
        return minus_count(self.table)

    # --- the moves ----------------------------------------------------------------------
    def _exchange(self, move: Move) -> bool:
        if self.phase == "tim_take":  # M5: an opponent took a minus card; the next one follows
            self._swap(self.takers.pop(0), move)
            self._next_taker()
            return False
        self._swap(self.turn, move)
        if full_colour(self.hands[self.turn]) is not None:
            self._end_round([self.turn])
            return True  # every hand is shown and the next round dealt
        if self.phase == "tim_exchange":
            self._start_takes()
        else:
            self.passes = 0
            self._next_turn()
        return False

    def _benny(self, move: Move) -> bool:
        """M3: Benny to the discard pile, draw to six, a new table, the same player again."""
        self._play_card(BENNY)
        self.acted = True
        if not self._draw_to_six(self.turn):
            self._new_table()
        return True

    def _tim(self, move: Move) -> bool:
        """M4: Tim to the discard pile, draw to six, then the Tim player's exchange."""
        self.must_lay_minus = self.minus_on_table() == 0
        self._play_card(TIM)
        self.passes = 0
        if not self._draw_to_six(self.turn):
            self.phase = "tim_exchange"
        return True

    def _refresh(self, move: Move) -> bool:
        """M6: a table of 3 or more minus cards replaced; the same player goes on."""
        self.acted = True
        self._new_table()
        return True

    def _pass(self, move: Move) -> bool:
        """M7: once every player in a row made a turn of only a pass, a new table."""
        self.passes = 0 if self.acted else self.passes + 1
        replaced = self.passes == self.num_players
        if replaced:
            self.passes = 0
            self._new_table()
        self._next_turn()
        return replaced

    def _skip(self, move: Move) -> bool:
        self._start_takes()
        return False

    def _play_card(self, card: int) -> None:
        self.hands[self.turn].remove(card)
        self.discard.append(card)

    # --- turns, the Tim phase, the end of a round and of the match -------------------------
    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.phase, self.acted, self.must_lay_minus = "turn", False, False

    def _start_takes(self) -> None:
        """M5: each opponent in turn, from the Tim player's left."""
        self.phase = "tim_take"
        self.takers = [(self.turn + step) % self.num_players for step in range(1, self.num_players)]
        self._next_taker()

    def _next_taker(self) -> None:
        """Skip opponents holding only minus cards; once nobody is left to take or no minus card
        lies on the table, the turn passes to the player after the Tim player (M5)."""
        while self.takers and self.minus_on_table():
            if not all(IS_MINUS[card] for card in self.hands[self.takers[0]]):
                return
            self.takers.pop(0)
        self.takers = []
        self._next_turn()

    def _end_round(self, complete: list[int]) -> None:
        """M10: every hand scored with its best colour and shown; M11: the match ends once a
        total reaches the target, otherwise the next round is dealt at once."""
        colours = [scoring.best_colour(hand) for hand in self.hands]
        scores = [scoring.colour_score(hand, colour) for hand, colour in zip(self.hands, colours, strict=True)]
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        self.results.append({"round": self.round, "dealer": self.dealer, "complete": list(complete),
                             "hands": [list(hand) for hand in self.hands], "colours": colours,
                             "scores": scores, "totals": list(self.totals)})
        if max(self.totals) >= self.target:
            self.over = True
            self.phase, self.acted, self.must_lay_minus = "turn", False, False
        else:
            self._deal()

    # --- scores and views -------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.totals)

    def standings(self) -> dict:
        return scoring.standings(self.totals, [result["scores"] for result in self.results], over=self.over)

    def view(self, player: int | None = None) -> dict:
        """What ``player`` may see (M13): never another hand, the deck or the discard pile below its top.

        Cards are ints (cards.py). ``turn`` is the player whose turn it is (the Tim player during
        "tim_exchange" and "tim_take"); ``takers`` the opponents still to take a minus card, the
        first of them to move; ``must_lay_minus``: the Tim exchange is compulsory (M4); ``acted``: the
        player on turn played Benny or refreshed, so a pass would not count (M7); ``known``: per
        player, the cards everybody saw go into that hand this round that are still there (taken from
        the table; public, as every exchange is made in the open); ``round_moves``: every move of this
        round in order, as everybody saw it made: who, in which phase, the table before it and the
        move (its data); ``passes``: turns in
        a row of only a pass; ``results``: each finished round's hands, colours (index into
        ``cards.COLOURS``), scores, totals after it and the seats that ended it (``complete``).
        """
        return {
            "game": "moemmen",
            "me": player,
            "num_players": self.num_players,
            "options": dict(self.options),
            "target": self.target,
            "round": self.round,
            "dealer": self.dealer,
            "phase": "over" if self.over else self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "tim_player": self.turn if self.phase != "turn" and not self.over else None,
            "takers": list(self.takers),
            "must_lay_minus": self.must_lay_minus,
            "acted": self.acted,
            "passes": self.passes,
            "hand": list(self.hands[player]) if player is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "known": self.known,
            "round_moves": [{"player": player, "phase": phase, "must_lay_minus": must, "table": list(table),
                             "move": move.to_data()} for player, phase, must, table, move in self.round_moves],
            "table": list(self.table),
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_count": len(self.discard),
            "deck_count": len(self.deck),
            "totals": list(self.totals),
            "results": [_copy_result(result) for result in self.results],
        }

    @property
    def known(self) -> list[list[int]]:
        """Per player, the cards everybody saw go into that hand this round (taken from the table)
        and still there, read from the round's moves: a player at the table remembers them."""
        known: list[list[int]] = [[] for _ in range(self.num_players)]
        played = {"exchange": None, "tim": TIM, "benny": BENNY}
        for player, _phase, _must, _table, move in self.round_moves:
            if move.kind not in played:
                continue
            gone = move.give if move.kind == "exchange" else played[move.kind]
            if gone in known[player]:
                known[player].remove(gone)
            if move.kind == "exchange":
                insort(known[player], move.take)
        return known

    def cards_in_play(self) -> list[int]:
        """Every card somewhere: hands, table, deck and discard pile (for the tests)."""
        return [card for hand in self.hands for card in hand] + self.table + self.deck + self.discard

    def score_check_inputs(self) -> list[dict]:
        """Each finished round's hands as ``python -m assistant score moemmen`` reads them."""
        return [{"players": [{"name": f"Player {p + 1}", "hand": [NAMES[card] for card in hand]}
                             for p, hand in enumerate(result["hands"])]} for result in self.results]

    def clone(self) -> MoemmenState:
        """As ``State.clone``, without the replay: the hard bot clones thousands of times a move."""
        other = self._copy()
        other.hands = [list(hand) for hand in self.hands]
        other.table, other.deck, other.discard = list(self.table), list(self.deck), list(self.discard)
        other.totals, other.takers, other.results = list(self.totals), list(self.takers), list(self.results)
        other.round_moves = list(self.round_moves)
        return other


def _copy_result(result: dict) -> dict:
    """A finished round's record with lists of its own (a view's reader may change its copy)."""
    copied = {name: list(value) if isinstance(value, list) else value for name, value in result.items()}
    copied["hands"] = [list(hand) for hand in result["hands"]]
    return copied


MOVES = {
    "exchange": MoemmenState._exchange,
    "benny": MoemmenState._benny,
    "tim": MoemmenState._tim,
    "refresh": MoemmenState._refresh,
    "pass": MoemmenState._pass,
    "skip": MoemmenState._skip,
}


# --- what one seat cannot see, dealt at random (the hard bot's search) ----------------------
def sample_from_view(game, view: dict, rng: random.Random) -> MoemmenState:
    """A state that shows ``view``'s seat exactly what it saw, the unseen cards dealt at random:
    the other hands, then the discard pile below its top, then the deck.

    Sets every field ``_deal`` and ``__init__`` set, from the view; a new field of the state is
    set here too, or the random-simulation test finds the views differ.
    """
    state = game.new_state(view["num_players"], seed=0, **view["options"])
    state.rng = rng
    me = view["me"]
    pool = unseen_cards(view)
    known = [list(cards) for cards in view["known"]]
    for p, cards in enumerate(known):
        if p != me:
            for card in cards:
                pool.remove(card)
    rng.shuffle(pool)
    for p, size in enumerate(view["hand_sizes"]):
        if p == me:
            state.hands[p] = list(view["hand"])
        else:
            state.hands[p] = sorted(known[p] + [pool.pop() for _ in range(size - len(known[p]))])
    state.round_moves = [(entry["player"], entry["phase"], entry["must_lay_minus"], tuple(entry["table"]),
                          move_from_data(entry["move"])) for entry in view["round_moves"]]
    if view["phase"] == "tim_take" and view["current_player"] != me:
        taker = view["current_player"]
        _give_a_card_to_lay_down(state.hands[taker], known[taker], pool)
    state.table = list(view["table"])
    top = view["discard_top"]
    state.discard = [] if top is None else [pool.pop() for _ in range(view["discard_count"] - 1)] + [top]
    state.deck = pool
    state.round, state.dealer, state.turn = view["round"], view["dealer"], view["turn"]
    state.over = view["phase"] == "over"
    state.phase = "turn" if state.over else view["phase"]
    state.takers, state.must_lay_minus = list(view["takers"]), view["must_lay_minus"]
    state.acted, state.passes = view["acted"], view["passes"]
    state.totals = list(view["totals"])
    state.results = [_copy_result(result) for result in view["results"]]
    return state


def _give_a_card_to_lay_down(hand: list[int], known: list[int], pool: list[int]) -> None:
    """The opponent to take a minus card holds a card to lay down, or they would have been
    skipped (M5): a sampled hand of only minus cards swaps a card nobody saw go in with the first
    other unseen card."""
    if all(IS_MINUS[card] for card in hand):
        unknown = list(hand)
        for card in known:
            unknown.remove(card)
        other = next(card for card in pool if not IS_MINUS[card])
        pool[pool.index(other)] = unknown[0]
        hand.remove(unknown[0])
        insort(hand, other)


def round_number(state: MoemmenState) -> int:
    """The round (deal) ``state`` is in, from 1, as its view says it (the replay page steps from round to
    round with it, without a view of every step)."""
    return state.round
