"""Biber Gang (RULINGS.md section 3, docs/RULES.md B1-B7).

A round: deal 8 face down to everyone; each player turns up two (phase
"reveal"); the highest sum starts. A turn: draw from the deck or take the
discard (phase "draw"), then swap, discard-and-turn, discard (one face-down card
left) or let a beaver swim (phase "place"). When someone has no face-down card
left, every other player has one more turn; then all cards show and are scored.
"""

from __future__ import annotations

import copy
import random
from typing import Any

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
    partner,
    position_text,
)


class BiberGangState(State):
    def __init__(self, game, num_players: int, seed: int, options: dict[str, Any]):
        super().__init__(game, num_players, seed, options)
        self.rounds: int = options["rounds"]
        self.keep_discard: bool = options["discard_pickup_must_be_kept"]
        self.round = 0
        self.round_scores: list[list[int]] = []  # per finished round, per player
        self.round_results: list[list[dict]] = []  # per finished round: revealed displays and scoring
        self.over = False
        self.last_move_revealed = False
        self.last_mover: int | None = None  # who made the last move (undo is for one's own move)
        self._legal: list[Move] | None = None
        self._start_round()

    # --- round flow -------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        cards = list(FULL_DECK)
        self.rng.shuffle(cards)
        n = self.num_players
        self.displays = [cards[p * DISPLAY_SIZE:(p + 1) * DISPLAY_SIZE] for p in range(n)]
        self.deck = cards[n * DISPLAY_SIZE:]
        self.discard = [self.deck.pop()]
        self.face_up = [0] * n
        self.phase = "reveal"
        self.turn = 0
        self.drawn: int | None = None
        self.drawn_from: str | None = None
        self.ender: int | None = None  # who turned up their last card
        self.last_turns = 0  # turns the others still have after that
        self.start_info: dict[str, Any] | None = None

    def _after_reveal(self) -> None:
        if self.face_up[self.turn].bit_count() < 2:
            return
        if self.turn + 1 < self.num_players:
            self.turn += 1
            return
        sums = [self.opening_sum(p) for p in range(self.num_players)]
        best = max(sums)
        tied = [p for p, total in enumerate(sums) if total == best]
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
                    other = partner(position)
                    card = cards[other] if up >> other & 1 and cards[other] != BEAVER else 0
                total += card
        return total

    def _end_turn(self) -> None:
        player = self.turn
        if self.ender is None and self.face_up[player] == ALL_FACE_UP:
            self.ender, self.last_turns = player, self.num_players - 1
        elif self.ender is not None and player != self.ender:
            self.last_turns -= 1
        if not self.deck:  # ruling: rebuilt from the discards except the top card
            top = self.discard.pop()
            self.deck, self.discard = self.discard, [top]
            self.rng.shuffle(self.deck)
        if self.ender is not None and self.last_turns == 0:
            self._end_round()
        else:
            self.turn = (player + 1) % self.num_players
            self.phase = "draw"

    def _end_round(self) -> None:
        # Every card is shown now, so the move that ended the round can no longer be taken
        # back, even a swap with a face-up card after taking the discard (ruling B4).
        self.last_move_revealed = True
        results = [scoring.score_display(cards) for cards in self.displays]
        self.round_scores.append([r.points for r in results])
        self.round_results.append([{"display": list(cards), **r.to_data()}
                                   for cards, r in zip(self.displays, results, strict=True)])
        self.face_up = [ALL_FACE_UP] * self.num_players
        if self.round == self.rounds:
            self.over = True
        else:
            self._start_round()

    # --- the contract -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Move]:
        if self.over:
            return []
        up = self.face_up[self.turn]
        hidden = HIDDEN[up]
        if self.phase == "reveal":
            return [TURN_UP[p] for p in hidden]
        if self.phase == "draw":
            moves = [DRAW_DECK] if self.deck else []
            return moves + [TAKE_DISCARD] if self.discard else moves
        cards = self.displays[self.turn]
        beavers_up = [p for p in range(DISPLAY_SIZE) if cards[p] == BEAVER and up >> p & 1]
        locked = [p for p in beavers_up if PARTNER[p] in beavers_up]  # a locked beaver pair stays
        moves = [SWAP[p] for p in range(DISPLAY_SIZE) if p not in locked] if locked else list(SWAP)
        # After taking the discard every action stays open (ruling B7) unless the house rule
        # says the card must be kept (B5): then only the swaps and the swim remain.
        if not (self.keep_discard and self.drawn_from == "discard"):
            moves += [DISCARD_TURN[p] for p in hidden]
            if len(hidden) == 1:
                moves.append(DISCARD)
        if hidden and self.drawn != BEAVER:
            for b in beavers_up:
                other = PARTNER[b]
                if up >> other & 1 and cards[other] == self.drawn:
                    moves += [SWIM[b][f] for f in hidden]
        return moves

    def _is_legal(self, action: Action) -> bool:
        if self._legal is None:
            self._legal = self._list_legal()
        for move in self._legal:  # every move is built once, so identity almost always answers
            if move is action:
                return True
        return action in self._legal

    def check(self, action: Action) -> None:
        if not self._is_legal(action):
            raise self._reason(action)

    def _reason(self, action: Action) -> IllegalAction:
        """Why a move is refused, in words a player understands (the slow path)."""
        if not isinstance(action, Move):
            return IllegalAction("error.biber.not_a_move")
        if self.phase == "reveal":
            if action.kind != "turn_up":
                return IllegalAction("error.biber.reveal_first")
            return IllegalAction("error.biber.already_up", position=position_text(action.at))
        if self.phase == "draw":
            if action.kind == "take_discard":
                return IllegalAction("error.biber.discard_empty")
            if action.kind == "draw_deck":
                return IllegalAction("error.biber.deck_empty")
            return IllegalAction("error.biber.draw_first")
        if action.kind in ("draw_deck", "take_discard", "turn_up"):
            return IllegalAction("error.biber.already_drawn")
        if action.kind == "swap":
            return IllegalAction("error.biber.locked_pair", position=position_text(action.at))
        if self.keep_discard and self.drawn_from == "discard" and action.kind in ("discard", "discard_turn"):
            return IllegalAction("error.biber.must_keep")
        if action.kind == "discard_turn":
            return IllegalAction("error.biber.already_up", position=position_text(action.at))
        if action.kind == "discard":
            return IllegalAction("error.biber.discard_only_last")
        return IllegalAction("error.biber.no_swim")

    def _apply(self, action: Action) -> None:
        self._legal = None
        kind, player = action.kind, self.turn
        cards = self.displays[player]
        self.last_mover = player
        # Action 2 (a swap onto a face-down card) shows that card too.
        self.last_move_revealed = action.reveals_hidden_card or (
            kind == "swap" and not self.face_up[player] >> action.at & 1)
        if kind == "turn_up":
            self.face_up[player] |= 1 << action.at
            self._after_reveal()
            return
        if kind == "draw_deck":
            self.drawn, self.drawn_from, self.phase = self.deck.pop(), "deck", "place"
            return
        if kind == "take_discard":
            self.drawn, self.drawn_from, self.phase = self.discard.pop(), "discard", "place"
            return
        if kind == "swap":  # actions 1 and 2: the old card goes face up onto the discard pile
            self.discard.append(cards[action.at])
            cards[action.at] = self.drawn
            self.face_up[player] |= 1 << action.at
        elif kind == "discard_turn":  # action 3
            self.discard.append(self.drawn)
            self.face_up[player] |= 1 << action.at
        elif kind == "discard":  # action 4
            self.discard.append(self.drawn)
        else:  # swim: the drawn card takes the beaver's place, the beaver a face-down card's
            self.discard.append(cards[action.to])
            cards[action.to] = BEAVER
            cards[action.at] = self.drawn
            self.face_up[player] |= 1 << action.to
        self.drawn = self.drawn_from = None
        self._end_turn()

    # --- undo, scores, views ----------------------------------------------------------------
    def can_undo(self) -> bool:
        """The last move may be taken back if it showed no hidden card, whoever's it was,
        including the round-end reveal it may have set off (ruling B4)."""
        return bool(self.history) and not self.last_move_revealed

    def undo(self) -> BiberGangState:
        if not self.can_undo():
            raise IllegalAction("error.biber.cannot_undo")
        return self.game.replay(self.num_players, self.seed, self.options, self.history[:-1])

    def totals(self) -> list[int]:
        return [sum(scores[p] for scores in self.round_scores) for p in range(self.num_players)]

    def scores(self) -> list[int]:
        return self.totals()

    def winners(self) -> list[int]:
        if not self.over:
            return []
        totals = self.totals()
        return [p for p, total in enumerate(totals) if total == min(totals)]

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

    def chance_outcome(self) -> Action:
        raise IllegalAction("error.biber.no_dice")

    def cards_in_play(self) -> list[int]:
        """Every card somewhere: displays, deck, discard pile and the drawn card (for the tests)."""
        cards = [c for display in self.displays for c in display] + self.deck + self.discard
        return cards + ([self.drawn] if self.drawn is not None else [])

    def clone(self) -> BiberGangState:
        other = copy.copy(self)
        other.displays = [list(d) for d in self.displays]
        other.deck, other.discard = list(self.deck), list(self.discard)
        other.face_up = list(self.face_up)
        other.history = list(self.history)
        other.round_scores = [list(s) for s in self.round_scores]
        other.round_results = list(self.round_results)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._legal = None
        return other

