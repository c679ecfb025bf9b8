"""Biber Gang (RULINGS.md section 3, docs/RULES.md B1-B7).

A round: deal 8 face down to everyone; each player turns up two (phase "reveal");
the highest sum starts. A turn: draw from the deck or take the discard (phase
"draw"), then swap, discard-and-turn, discard (one face-down card left) or let a
beaver swim (phase "place"). When someone has no face-down card left, every other
player has one more turn; then all cards show and are scored.

Each phase below lists its moves and says why another move is refused; each move
is one function. The tables at the end of the file tie them to the phase and move
names. A move's function returns True when it showed a card nobody had seen, so
that it cannot be taken back (ruling B4).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from assistant import TERMINAL
from assistant.errors import IllegalAction
from assistant.games.base import Action, State
from assistant.games.biber_gang import scoring
from assistant.games.biber_gang.actions import (
    DISCARD,
    DISCARD_TURN,
    DRAW_DECK,
    SWAP,
    SWIM,
    TAKE_DISCARD,
    TURN_UP,
    Move,
)
from assistant.games.biber_gang.cards import (
    ALL_FACE_UP,
    BEAVER,
    DISPLAY_SIZE,
    FULL_DECK,
    HIDDEN,
    PARTNER,
    card_to_data,
    position_text,
    unseen_cards,
)


class BiberGangState(State):
    cannot_undo_key = "error.biber.cannot_undo"

    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        self.rounds: int = options["rounds"]
        self.keep_discard: bool = options["discard_pickup_must_be_kept"]  # house rule B5
        self.round = 0
        self.round_scores: list[list[int]] = []  # per finished round, per player
        self.round_results: list[list[dict]] = []  # per finished round: revealed displays and scoring
        self.over = False
        self._start_round()

    # --- the contract -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    def _list_legal_actions(self) -> list[Action]:
        return [] if self.over else PHASES[self.phase].moves(self)

    def _check(self, action: Action) -> None:
        if not self.is_legal(action):
            if not isinstance(action, Move):
                raise IllegalAction("error.biber.not_a_move")
            raise PHASES[self.phase].refusal(self, action)

    def _apply(self, action: Action) -> bool:
        return MOVES[action.kind](self, action)

    def chance_outcome(self) -> Action:
        raise IllegalAction("error.biber.no_dice")

    # --- the deal ---------------------------------------------------------------------
    def _start_round(self) -> None:
        """Shuffle all 108 cards, deal 8 face down to everyone, turn up the discard pile.
        ``sample_from_view`` below sets the same fields from what one seat saw."""
        self.round += 1
        cards = list(FULL_DECK)
        self.rng.shuffle(cards)
        n = self.num_players
        self.displays = [cards[p * DISPLAY_SIZE:(p + 1) * DISPLAY_SIZE] for p in range(n)]
        self.deck = cards[n * DISPLAY_SIZE:]
        self.discard = [self.deck.pop()]
        self.face_up = [0] * n  # per player, a bit per display position
        self.phase = "reveal"
        self.turn = 0
        self.drawn: int | None = None
        self.drawn_from: str | None = None  # "deck" or "discard"
        self.ender: int | None = None  # who turned up their last card
        self.last_turns = 0  # turns the others still have after that
        self.start_info: dict[str, Any] | None = None

    # --- phase "reveal": everybody turns up two cards; the highest sum starts --------
    def _reveal_moves(self) -> list[Move]:
        return [TURN_UP[p] for p in HIDDEN[self.face_up[self.turn]]]

    def _reveal_refusal(self, move: Move) -> IllegalAction:
        if move.kind != "turn_up":
            return IllegalAction("error.biber.reveal_first")
        return IllegalAction("error.biber.already_up", position=position_text(move.at))

    def _turn_up(self, move: Move) -> bool:
        self.face_up[self.turn] |= 1 << move.at
        if self.face_up[self.turn].bit_count() < 2:
            return True
        if self.turn + 1 < self.num_players:
            self.turn += 1
        else:
            self._choose_starter()
        return True

    def _choose_starter(self) -> None:
        sums = [self.opening_sum(p) for p in range(self.num_players)]
        tied = [p for p, total in enumerate(sums) if total == max(sums)]
        self.turn = tied[0] if len(tied) == 1 else self.rng.choice(tied)  # ruling: random among the tied
        self.start_info = {"sums": sums, "tied": tied, "starter": self.turn}
        self.phase = "draw"

    def opening_sum(self, player: int) -> int:
        """The sum of the turned-up cards; a beaver counts as its face-up partner, else 0 (ruling B1)."""
        total, cards, up = 0, self.displays[player], self.face_up[player]
        for position in range(DISPLAY_SIZE):
            if up >> position & 1:
                card = cards[position]
                if card == BEAVER:
                    other = PARTNER[position]
                    card = cards[other] if up >> other & 1 and cards[other] != BEAVER else 0
                total += card
        return total

    # --- phase "draw": the top card of the deck or of the discard pile ---------------
    def _draw_moves(self) -> list[Move]:
        moves = [DRAW_DECK] if self.deck else []
        return moves + [TAKE_DISCARD] if self.discard else moves

    def _draw_refusal(self, move: Move) -> IllegalAction:
        if move.kind == "take_discard":
            return IllegalAction("error.biber.discard_empty")
        if move.kind == "draw_deck":
            return IllegalAction("error.biber.deck_empty")
        return IllegalAction("error.biber.draw_first")

    def _draw_from_deck(self, move: Move) -> bool:
        self.drawn, self.drawn_from, self.phase = self.deck.pop(), "deck", "place"
        return True  # the drawer sees a card nobody had seen

    def _take_discard(self, move: Move) -> bool:
        self.drawn, self.drawn_from, self.phase = self.discard.pop(), "discard", "place"
        return False  # everybody saw it on the pile

    # --- phase "place": actions 1-4 and the swim ---------------------------------------
    def _place_moves(self) -> list[Move]:
        up = self.face_up[self.turn]
        hidden = HIDDEN[up]
        cards = self.displays[self.turn]
        beavers_up = [p for p in range(DISPLAY_SIZE) if cards[p] == BEAVER and up >> p & 1]
        locked = [p for p in beavers_up if PARTNER[p] in beavers_up]  # a locked beaver pair stays (B2)
        moves = [SWAP[p] for p in range(DISPLAY_SIZE) if p not in locked] if locked else list(SWAP)
        # After taking the discard every action stays open (ruling B7) unless the house rule
        # says the card must be kept (B5): then only the swaps and the swim remain.
        if not self._must_keep():
            moves += [DISCARD_TURN[p] for p in hidden]
            if len(hidden) == 1:
                moves.append(DISCARD)
        if hidden and self.drawn != BEAVER:
            for b in beavers_up:
                other = PARTNER[b]
                if up >> other & 1 and cards[other] == self.drawn:
                    moves += [SWIM[b][f] for f in hidden]
        return moves

    def _must_keep(self) -> bool:
        return self.keep_discard and self.drawn_from == "discard"

    def _place_refusal(self, move: Move) -> IllegalAction:
        if move.kind in ("draw_deck", "take_discard", "turn_up"):
            return IllegalAction("error.biber.already_drawn")
        if move.kind == "swap":
            return IllegalAction("error.biber.locked_pair", position=position_text(move.at))
        if self._must_keep() and move.kind in ("discard", "discard_turn"):
            return IllegalAction("error.biber.must_keep")
        if move.kind == "discard_turn":
            return IllegalAction("error.biber.already_up", position=position_text(move.at))
        if move.kind == "discard":
            return IllegalAction("error.biber.discard_only_last")
        return IllegalAction("error.biber.no_swim")

    def _swap(self, move: Move) -> bool:
        """Actions 1 and 2: the drawn card takes a place; the old card goes face up onto the pile."""
        player = self.turn
        was_hidden = not self.face_up[player] >> move.at & 1  # action 2 shows the card it replaces
        from_deck = self.drawn_from == "deck"  # the others now see the card only the drawer had seen (B4)
        self.discard.append(self.displays[player][move.at])
        self.displays[player][move.at] = self.drawn
        self.face_up[player] |= 1 << move.at
        return self._end_turn() or was_hidden or from_deck

    def _discard_and_turn_up(self, move: Move) -> bool:
        """Action 3."""
        self.discard.append(self.drawn)
        self.face_up[self.turn] |= 1 << move.at
        self._end_turn()
        return True

    def _discard(self, move: Move) -> bool:
        """Action 4, with one face-down card left."""
        from_deck = self.drawn_from == "deck"  # the others now see the card only the drawer had seen (B4)
        self.discard.append(self.drawn)
        return self._end_turn() or from_deck

    def _swim(self, move: Move) -> bool:
        """The drawn card takes the beaver's place, the beaver a face-down card's, which is discarded."""
        cards = self.displays[self.turn]
        self.discard.append(cards[move.to])
        cards[move.to] = BEAVER
        cards[move.at] = self.drawn
        self.face_up[self.turn] |= 1 << move.to
        self._end_turn()
        return True

    # --- the end of a turn and of a round ---------------------------------------------
    def _end_turn(self) -> bool:
        """Pass the turn on; True if the round ended (every card is then shown)."""
        player = self.turn
        self.drawn = self.drawn_from = None
        if self.ender is None and self.face_up[player] == ALL_FACE_UP:
            self.ender, self.last_turns = player, self.num_players - 1
        elif self.ender is not None and player != self.ender:
            self.last_turns -= 1
        if not self.deck:
            self._rebuild_deck()
        if self.ender is not None and self.last_turns == 0:
            self._end_round()
            return True
        self.turn = (player + 1) % self.num_players
        self.phase = "draw"
        return False

    def _rebuild_deck(self) -> None:
        """Ruling B3: the discards except the top card, shuffled, are the new deck."""
        top = self.discard.pop()
        self.deck, self.discard = self.discard, [top]
        self.rng.shuffle(self.deck)

    def _end_round(self) -> None:
        results = [scoring.score_display(cards) for cards in self.displays]
        self.round_scores.append([r.points for r in results])
        self.round_results.append([{"display": list(cards), **r.to_data()}
                                   for cards, r in zip(self.displays, results, strict=True)])
        self.face_up = [ALL_FACE_UP] * self.num_players
        if self.round == self.rounds:
            self.over = True
        else:
            self._start_round()

    # --- scores and views -------------------------------------------------------------
    def totals(self) -> list[int]:
        return [sum(scores[p] for scores in self.round_scores) for p in range(self.num_players)]

    def scores(self) -> list[int]:
        return self.totals()

    def standings(self) -> dict:
        return scoring.standings(self.totals(), over=self.over)

    def view(self, player: int | None = None) -> dict:
        """Face-down cards (the player's own too) and the deck order are never in a view."""
        shows_drawn = self.drawn is not None and (player == self.turn or self.drawn_from == "discard")
        return {
            "game": "biber_gang",
            "me": player,
            "num_players": self.num_players,
            "options": dict(self.options),
            "round": self.round,
            "rounds": self.rounds,
            "phase": "over" if self.over else self.phase,
            "current_player": self.current_player,
            "players": [
                {"display": [card if self.face_up[p] >> i & 1 else None for i, card in enumerate(self.displays[p])],
                 "round_scores": [scores[p] for scores in self.round_scores], "total": total}
                for p, total in enumerate(self.totals())
            ],
            "discard": list(self.discard),  # every card in it was seen face up
            "deck_count": len(self.deck),
            "drawn": self.drawn if shows_drawn else None,
            "drawn_from": self.drawn_from,
            "ender": self.ender,
            "start_info": self.start_info,
            "round_results": self.round_results,
        }

    def score_check_inputs(self) -> list[dict]:
        """Each finished round as ``python -m assistant score biber_gang`` reads it."""
        rounds = []
        for results in self.round_results:
            displays = [[card_to_data(card) for card in result["display"]] for result in results]
            rounds.append({"players": [{"name": f"Player {p + 1}", "display": [cards[:4], cards[4:]]}
                                       for p, cards in enumerate(displays)]})
        return rounds

    def cards_in_play(self) -> list[int]:
        """Every card somewhere: displays, deck, discard pile and the drawn card (for the tests)."""
        cards = [c for display in self.displays for c in display] + self.deck + self.discard
        return cards + ([self.drawn] if self.drawn is not None else [])

    def clone(self) -> BiberGangState:
        """As ``State.clone``, without the replay: the hard bot clones thousands of times a move."""
        other = self._copy()
        other.displays = [list(d) for d in self.displays]
        other.deck, other.discard = list(self.deck), list(self.discard)
        other.face_up = list(self.face_up)
        other.round_scores = [list(s) for s in self.round_scores]
        other.round_results = list(self.round_results)
        return other


class Phase(NamedTuple):
    moves: Any  # state -> the legal moves
    refusal: Any  # (state, move) -> why that move is refused


PHASES = {
    "reveal": Phase(BiberGangState._reveal_moves, BiberGangState._reveal_refusal),
    "draw": Phase(BiberGangState._draw_moves, BiberGangState._draw_refusal),
    "place": Phase(BiberGangState._place_moves, BiberGangState._place_refusal),
}
MOVES = {
    "turn_up": BiberGangState._turn_up,
    "draw_deck": BiberGangState._draw_from_deck,
    "take_discard": BiberGangState._take_discard,
    "swap": BiberGangState._swap,
    "discard_turn": BiberGangState._discard_and_turn_up,
    "discard": BiberGangState._discard,
    "swim": BiberGangState._swim,
}


# --- what one seat cannot see, dealt at random (the hard bot's search) ----------------------
def sample_from_view(game, view: dict, rng: random.Random) -> BiberGangState:
    """A state that shows ``view``'s seat exactly what it saw, the unseen cards dealt at random.

    Sets every field ``_start_round`` and ``__init__`` set, from the view; a new field of
    the state is set here too, or the random-simulation test finds the views differ. The
    deal's later draws (a rebuilt deck, the next round) come from ``rng`` as well: a sampled
    state has no seed that could replay it.
    """
    state = game.new_state(view["num_players"], seed=0, **view["options"])
    state.rng = rng
    pool = unseen_cards(view)
    rng.shuffle(pool)
    players = view["players"]
    state.round = view["round"]
    state.round_scores = [list(scores) for scores in zip(*(p["round_scores"] for p in players), strict=True)]
    state.round_results = list(view["round_results"])
    state.over = view["phase"] == "over"
    state.displays = [[card if card is not None else pool.pop() for card in p["display"]] for p in players]
    state.face_up = [sum(1 << i for i, card in enumerate(p["display"]) if card is not None) for p in players]
    state.phase = "draw" if state.over else view["phase"]
    hidden_drawn = view["drawn"] is None and state.phase == "place"  # another seat drew from the deck
    state.drawn = pool.pop() if hidden_drawn else view["drawn"]
    state.drawn_from = view["drawn_from"]
    state.deck, state.discard = pool, list(view["discard"])
    state.turn = 0 if state.over else view["current_player"]
    state.ender = view["ender"]
    # The players after the current one, up to the one who ended, still have their last turn.
    state.last_turns = 0 if state.ender is None else (state.ender - state.turn) % state.num_players
    state.start_info = view["start_info"]
    return state


def round_number(state: BiberGangState) -> int:
    """The round (deal) ``state`` is in, from 1, as its view says it (the replay page steps from round to
    round with it, without a view of every step)."""
    return state.round
