"""A Hypothesis state machine over Hamsterbacke: any mix of moves, wrong moves, undo and
save/load keeps all 120 cards, the scores and the hidden information in place."""

from __future__ import annotations

import json
import random
from itertools import groupby

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, rule

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.hamsterbacke.actions import GIVER, PASS, PLAY, TAKE, TURN_PILE, give
from assistant.games.hamsterbacke.cards import FULL_DECK, KINDS, VALUES
from tests.helpers import snapshot
from tests.machines import GameMachine

GAME = get_game("hamsterbacke")
# Every move a player could send, gifts of one to four cards of one or two colours included
# (a play of zero sets is no move: move_from_data refuses it).
GIFTS = [give([count if card == colour else 0 for card in range(KINDS)]) for colour in range(KINDS)
         for count in range(1, 5)]
GIFTS += [give([1 if card in (first, first + 1) else 0 for card in range(KINDS)]) for first in range(KINDS - 1)]
EVERY_MOVE = [*TAKE, *(move for plays in PLAY for move in plays[1:]), TURN_PILE, *GIVER, PASS, *GIFTS]


class HamsterbackeMachine(GameMachine):
    @initialize(players=st.integers(2, 5), seed=st.integers(0, 2**32))
    def start(self, players, seed):
        self.begin(GAME.new_state(players, seed=seed))

    def check(self, state):
        self.the_player_with_the_most_cards_gives_the_top_value_or_all()

    @rule(move=st.sampled_from(EVERY_MOVE))
    def any_move(self, move):
        if move in self.state.legal_actions():
            self._apply(move)
            return
        before = snapshot(self.state)
        try:
            self.state.apply(move)
        except IllegalAction as error:
            assert error.message("de") and error.key.startswith("error.")
        else:
            raise AssertionError(f"{move} was accepted but is not listed as legal")
        assert snapshot(self.state) == before

    def check_reloaded(self, reloaded):
        assert reloaded.deck == self.state.deck and reloaded.piles == self.state.piles
        assert reloaded.hands == self.state.hands and reloaded.score_piles == self.state.score_piles

    @invariant()
    def cards_are_conserved(self):
        assert sorted(self.state.cards_in_play()) == list(FULL_DECK)

    @invariant()
    def scores_follow_from_the_piles(self):
        state = self.state
        assert state.hand_sizes == [sum(hand) for hand in state.hands]
        assert all(count >= 0 for hand in state.hands for count in hand)
        piles_and_hands = zip(state.score_piles, state.hands, strict=True)
        assert state.scores() == [len(pile) - sum(hand) for pile, hand in piles_and_hands]
        for known, hand in zip(state.known, state.hands, strict=True):
            assert all(0 <= k <= h for k, h in zip(known, hand, strict=True))  # nothing is known that is not there
        if state.is_over():
            assert 2 <= state.piles_left() <= 3 and not state.deck
        assert state.piles_left() >= 2 and (state.piles_left() == 8 or not state.deck)
        for stack in state.blocking:  # complete sets only: each run of one colour is whole sets
            for card, run in groupby(stack):
                assert len(list(run)) % VALUES[card] == 0

    @invariant()
    def the_player_with_the_most_cards_gives_the_top_value_or_all(self):
        """K3, while a gift is pending: nothing else moves until the giver has chosen."""
        state = self.state
        assert state.is_over() or state.legal_actions()
        others = [size for p, size in enumerate(state.hand_sizes) if p != state.turn]
        if state.phase == "choose_giver":
            assert len(state.giver_choices) > 1 and state.hand_sizes[state.turn] < max(others)
            assert state.giver_choices == [p for p, size in enumerate(state.hand_sizes)
                                           if p != state.turn and size == max(others)]
            assert state.gift_size == min(state.gift_value, max(others))  # known before the choice
        if state.phase == "give":
            assert state.current_player == state.giver != state.turn
            assert state.hand_sizes[state.turn] < state.hand_sizes[state.giver] == max(others)
            assert state.gift_size == min(state.gift_value, state.hand_sizes[state.giver])

    @invariant()
    def views_show_nothing_hidden(self):
        """A deal of everything a seat cannot see, made at random, shows that seat the same view."""
        rng = random.Random(len(self.state.history))
        for seat in range(self.state.num_players):
            view = self.state.view(seat)
            assert json.loads(json.dumps(view)) == view
            dealt = GAME.sample_from_view(view, rng)
            assert dealt.view(seat) == view
            assert sorted(dealt.cards_in_play()) == list(FULL_DECK)
            if seat == self.state.current_player:
                assert dealt.legal_actions() == self.state.legal_actions()


HamsterbackeMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestHamsterbackeMachine = HamsterbackeMachine.TestCase
