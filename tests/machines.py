"""What the card games' Hypothesis state machines share: moves applied with the position checked
after each one, and runs of moves long enough to reach the end of a round or a game."""

from __future__ import annotations

import random

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule


class GameMachine(RuleBasedStateMachine):
    """A game's machine sets ``self.state`` in its ``@initialize`` rule (through ``begin``) and may
    override ``check`` (what holds between any two moves) and ``choose`` (the runs' player)."""

    def begin(self, state) -> None:
        self.state = state
        self.before: list[str] = []  # the saved game before each move still in the history

    def check(self, state) -> None:
        """What holds between any two moves; nothing beyond the game's own rules by default."""

    def choose(self, view: dict, legal: list, rng: random.Random):
        return rng.choice(legal)

    def _apply(self, move) -> None:
        self.before.append(self.state.to_json())
        self.state.apply(move)
        self.check(self.state)  # inside runs of moves too

    @precondition(lambda self: not self.state.is_over())
    @rule(data=st.data())
    def legal_move(self, data):
        self._apply(data.draw(st.sampled_from(self.state.legal_actions())))

    @precondition(lambda self: not self.state.is_over())
    @rule(seed=st.integers(0, 2**16), count=st.integers(1, 60))
    def many_moves(self, seed, count):
        """Runs of moves, so that examples reach the end of rounds and of the game."""
        rng = random.Random(seed)
        for _ in range(count):
            if self.state.is_over():
                break
            self._apply(self.choose(self.state.view(self.state.current_player), self.state.legal_actions(), rng))

    def check_undone(self, move) -> None:
        """``move`` was just taken back; a game checks here which moves may be."""

    def check_reloaded(self, reloaded) -> None:
        """``reloaded`` came from the saved game; a game checks here its hidden fields too."""

    @precondition(lambda self: self.state.can_undo())
    @rule()
    def undo(self):
        move = self.state.history[-1]
        self.state = self.state.undo()
        self.check_undone(move)
        assert self.state.to_json() == self.before.pop()

    @rule()
    def save_and_load(self):
        reloaded = self.state.game.from_json(self.state.to_json())
        assert reloaded == self.state and reloaded.legal_actions() == self.state.legal_actions()
        self.check_reloaded(reloaded)
        self.state = reloaded
