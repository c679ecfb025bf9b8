"""A Hypothesis state machine over the Hamstern engine: any mix of rolls, legal
placements, wrong placements, undo and save/load keeps the engine consistent, on sides A
and B and on caves drawn from codes (caves.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from assistant import IllegalAction
from assistant.games import get_game
from assistant.games.hamstern import Place, Roll
from assistant.games.hamstern.layout import load_layout
from tests.hamstern.helpers import drawn_cave

GAME = get_game("hamstern")


class HamsternMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(1, 6), side=st.sampled_from("AB"), free_start=st.booleans(),
                seed=st.integers(0, 2**32))
    def start(self, players, side, free_start, seed):
        self.state = GAME.new_state(players, seed=seed, side=side, free_start=free_start)

    @precondition(lambda self: self.state.is_chance_node())
    @rule(value=st.integers(1, 6))
    def roll(self, value):
        self.state.apply(Roll(value))
        assert self.state.roll == value

    @precondition(lambda self: not self.state.is_over() and not self.state.is_chance_node())
    @rule(data=st.data())
    def place(self, data):
        legal = self.state.legal_actions()
        action = data.draw(st.sampled_from(legal))
        crossed_before = self.state.crossed[self.state.current_player].bit_count()
        player = self.state.current_player
        self.state.apply(action)
        assert self.state.crossed[player].bit_count() == crossed_before + len(action.cells)

    @precondition(lambda self: not self.state.is_over())
    @rule(cells=st.frozensets(st.tuples(st.integers(-1, 11), st.integers(-1, 15)), max_size=8))
    def try_any_cells(self, cells):
        before = self.state.to_json()
        try:
            self.state.apply(Place(cells))
        except IllegalAction as error:
            assert self.state.to_json() == before
            assert error.message("de") and error.message("en")

    @precondition(lambda self: self.state.can_undo())
    @rule()
    def undo(self):
        history = list(self.state.history)
        self.state = self.state.undo()
        assert self.state.history == history[:-1]

    @rule()
    def save_and_load(self):
        reloaded = GAME.from_json(self.state.to_json())
        assert reloaded == self.state
        assert reloaded.legal_actions() == self.state.legal_actions()
        self.state = reloaded

    @invariant()
    def sheets_are_consistent(self):
        state = self.state
        layout = load_layout(state.layout.side)
        for player in range(state.num_players):
            assert 0 <= state.struck[player] <= layout.one_track_length
        assert 0 <= state.ticks <= layout.round_counter_length
        assert state.ticks == 0 or state.hourglass
        assert state.hourglass == any(state.chambers_started(p) >= 4 for p in range(state.num_players))
        if state.is_over():
            assert state.winners()
        else:
            assert state.winners() == []


HamsternMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestHamsternMachine = HamsternMachine.TestCase


class CaveMachine(HamsternMachine):
    """HamsternMachine's rolls, placements, wrong placements, undo and save/load, on drawn caves."""

    @initialize(players=st.integers(1, 6), cave=st.integers(0, 24), free_start=st.booleans(),
                seed=st.integers(0, 2**32))
    def start(self, players, cave, free_start, seed):
        self.state = GAME.new_state(players, seed=seed, side=drawn_cave(100 + cave), free_start=free_start)


CaveMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestCaveMachine = CaveMachine.TestCase
