"""Many seeded random Hamsterdam games, full and Classic, 2-4 players, checked at every step, and a
Hypothesis state machine: hamsters, specials and the 35 flood tokens are conserved, refused actions
change nothing, undo and save/load give back the same game with the same future. Random play uses
the specials' abilities too, as they come."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, rule

from assistant import CHANCE, IllegalAction
from assistant.games.hamsterdam import ROLLS, HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.abilities import INDEX
from assistant.games.hamsterdam.actions import ACCEPT, BREACH, DONE, GO_ON, STAY
from assistant.games.hamsterdam.cards import HAMSTER, card_of, numbers
from assistant.games.hamsterdam.scorecard import check_scores
from tests.helpers import snapshot
from tests.machines import GameMachine

GAME = HamsterdamGame()
SETUPS = [(players, mode) for mode in ("full", "classic") for players in (2, 3, 4)]
# Moves a player could send at any time, most of them wrong most of the time.
STRAYS = [DONE, STAY, *BREACH.values(), Move("plug", HAMSTER), Move("plug", "blobster"), Move("sacrifice", HAMSTER),
          Move("put", HAMSTER, 0), Move("put", "napster", 10), Move("clear", HAMSTER, 3), Move("move", HAMSTER, 4, 5),
          Move("move", HAMSTER, 0, 2), Move("lay", at=7), Move("pass", cards=(2, 12)), Move("pass", cards=(4, 4)),
          Move("keep", cards=("twinsters",)), Move("put", HAMSTER, 11), Roll(3, 4), Roll(0, 9), ACCEPT, GO_ON,
          Move("use", "buffster", 0), Move("use", "napster", 5, 6), Move("use", "copycatster", 0, -1, (2,)),
          Move("use", "janitster"), Move("dice", cards=(1, 2)), Move("put", "whack-a-mole", 4),
          Move("use", "speedster", 0, 5), Move("use", "copycatster", cards=(INDEX["janitster"],))]


def table_pieces(state) -> Counter:
    """Every hamster card of the game: with the players (dam, reinforcements, hand, on the way
    inward in a breach) and out of the game."""
    pieces = Counter()
    for player in range(state.num_players):
        pieces.update(map(card_of, state.pieces(player) + state.removed[player]))  # whichever side shows
    return pieces


def check_position(state, pieces_at_start: Counter | None) -> None:
    # Cleared tokens go back to the supply (D15): every token is in the supply, on a dam or in a pile.
    assert state.supply + sum(map(sum, state.tokens)) + sum(state.piles) == numbers().supply_tokens
    assert state.tokens_in_play() == numbers().supply_tokens
    assert state.supply >= 0 and all(count >= 0 for row in state.tokens for count in row)
    assert all(not state.tokens[p][pos] for p in range(state.num_players) for pos in range(11)
               if state.flipped[p][pos])  # a flipped card's token went to the pile
    if pieces_at_start is not None:
        assert table_pieces(state) == pieces_at_start
    for player in range(state.num_players):
        assert state.breaches[player] <= numbers().breaches_due(state.piles[player])
        if state.mode == "classic":
            assert not any(state.flipped[player]) and state.breaches[player] == 0
        view = state.view(player)
        assert json.loads(json.dumps(view)) == view
        for other in range(state.num_players):
            if other != player:
                assert view["players"][other]["offered"] is None  # the specials dealt are that player's alone
    if state.is_over():
        assert state.winners() and state.current_player == -2


def pieces_after_keeping(state) -> Counter | None:
    """Once everybody kept their specials the table's hamster cards are fixed."""
    if state.phase in ("pass", "arrange", "keep"):
        return None
    return table_pieces(state)


def play(seed: int, players: int, mode: str, reload_at: int) -> None:
    state = GAME.new_state(players, seed=seed, mode=mode)
    rng = random.Random(seed)
    start = None
    tried: list = list(STRAYS)
    for step in range(3000):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal) and state.legal_actions() == legal
        tried.extend(action for action in legal if action not in tried and len(tried) < 400)
        attempt = rng.choice(tried)
        if attempt not in legal:
            before = snapshot(state)
            with pytest.raises(IllegalAction) as error:
                state.apply(attempt)
            assert error.value.key.startswith("error.") and error.value.message("de") != error.value.message("en")
            assert snapshot(state) == before
        action = state.chance_outcome() if state.is_chance_node() else rng.choice(legal)
        if state.is_chance_node():
            assert action in ROLLS
        assert GAME.action_from_json(action.to_json()) == action
        before, actor = state.to_json(), state.current_player
        state.apply(action)
        if state.can_undo() and step % 4 == 0:  # undo replays the game: not at every step
            assert actor != CHANCE and state.last_actor() == actor and state.undo().to_json() == before
        start = start or pieces_after_keeping(state)
        check_position(state, start)
        if step == reload_at:
            finish_both_the_same(state, GAME.from_json(state.to_json()), seed)
    assert state.is_over(), "the game did not end"
    assert state.scores() == [state.piles[p] + sum(state.tokens[p]) for p in range(players)]
    checked = check_scores(json.loads(json.dumps(state.score_check_inputs()[0])))  # as from a file
    assert [player["total"] for player in checked["players"]] == state.scores()
    assert checked["winners"] == [f"Player {p + 1}" for p in state.winners()]


def finish_both_the_same(state, reloaded, seed: int) -> None:
    """A saved and reloaded game has the same future: the same choices give the same end; a clone
    played to the end leaves the game it came from as it was."""
    assert reloaded == state and reloaded.legal_actions() == state.legal_actions()
    before = snapshot(state)
    copies = []
    for game in (state.clone(), reloaded):
        rng = random.Random(seed + 1)
        while not game.is_over():
            game.apply(game.chance_outcome() if game.is_chance_node() else rng.choice(game.legal_actions()))
        copies.append(game.to_json())
    assert copies[0] == copies[1] and snapshot(state) == before


@pytest.mark.parametrize(("players", "mode"), SETUPS)
def test_random_games_keep_every_card_and_token(players, mode):
    for seed in range(3):
        play(seed, players, mode, reload_at=20 + 37 * seed)


class HamsterdamMachine(GameMachine):
    @initialize(players=st.integers(2, 4), mode=st.sampled_from(["full", "classic"]), seed=st.integers(0, 2**32))
    def start(self, players, mode, seed):
        self.begin(GAME.new_state(players, seed=seed, mode=mode))
        self.pieces = None

    def check(self, state):
        check_position(state, self.pieces if state is self.state else None)

    def _apply(self, move) -> None:
        super()._apply(move)
        self.pieces = self.pieces or pieces_after_keeping(self.state)

    @rule(move=st.sampled_from(STRAYS))
    def any_move(self, move):
        if move in self.state.legal_actions():
            self._apply(move)
            return
        before = snapshot(self.state)
        with pytest.raises(IllegalAction):
            self.state.apply(move)
        assert snapshot(self.state) == before

    @invariant()
    def conserved(self):
        check_position(self.state, self.pieces if self.state.phase not in ("pass", "arrange", "keep") else None)


HamsterdamMachine.TestCase.settings = settings(
    max_examples=15, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestHamsterdamMachine = HamsterdamMachine.TestCase
