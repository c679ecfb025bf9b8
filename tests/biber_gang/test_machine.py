"""A Hypothesis state machine over Biber Gang: any mix of moves, wrong moves, undo and
save/load keeps all 108 cards and the hidden information in place."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.biber_gang.actions import _BY_DATA
from assistant.games.biber_gang.cards import FULL_DECK

GAME = get_game("biber_gang")
EVERY_MOVE = sorted(_BY_DATA.values(), key=repr)


class BiberGangMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**32), keep=st.booleans())
    def start(self, players, seed, keep):
        self.state = GAME.new_state(players, seed=seed, rounds=2, discard_pickup_must_be_kept=keep)

    @precondition(lambda self: not self.state.is_over())
    @rule(data=st.data())
    def legal_move(self, data):
        self.state.apply(data.draw(st.sampled_from(self.state.legal_actions())))

    @precondition(lambda self: not self.state.is_over())
    @rule(move=st.sampled_from(EVERY_MOVE))
    def any_move(self, move):
        before = self.state.to_json()
        try:
            self.state.apply(move)
        except IllegalAction as error:
            assert self.state.to_json() == before and error.message("de")

    @precondition(lambda self: self.state.can_undo())
    @rule()
    def undo(self):
        self.state = self.state.undo()

    @rule()
    def save_and_load(self):
        reloaded = GAME.from_json(self.state.to_json())
        assert reloaded == self.state and reloaded.legal_actions() == self.state.legal_actions()
        assert reloaded.displays == self.state.displays and reloaded.deck == self.state.deck
        self.state = reloaded

    @invariant()
    def cards_are_conserved(self):
        assert sorted(self.state.cards_in_play()) == list(FULL_DECK)
        for player in range(self.state.num_players):
            view = self.state.view(player)
            for p, shown in enumerate(view["players"]):
                for i, card in enumerate(shown["display"]):
                    assert card is None or card == self.state.displays[p][i]
                    assert (card is None) == (not self.state.face_up[p] >> i & 1)


BiberGangMachine.TestCase.settings = settings(
    max_examples=50, stateful_step_count=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestBiberGangMachine = BiberGangMachine.TestCase
