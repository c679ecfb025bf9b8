"""The special hamsters of the movement phase (templates/hamsterdam.toml, docs/RULES.md D8, D13, D15),
laid out as in test_specials.py.
"""

from __future__ import annotations

import random

from assistant import CHANCE
from assistant.games.hamsterdam import HamsterdamGame, Move
from assistant.games.hamsterdam.actions import GO_ON, STAY
from assistant.games.hamsterdam.log import game_log, log_text
from tests.hamsterdam.helpers import hamsterdam_pos as pos
from tests.hamsterdam.helpers import hamsterdam_use as use
from tests.hamsterdam.helpers import hamsterdam_uses as uses
from tests.hamsterdam.helpers import rig_hamsterdam_movement as movement
from tests.helpers import assert_refused as refused

H = "hamster"


# --- the movement phase ------------------------------------------------------------------------
def test_speedster_moves_to_any_card_in_addition_to_the_move_and_turns():
    state = movement([{2: [H, "speedster"]}, {}])
    assert state.phase == "move" and len(uses(state)) == 10
    state.apply(use("speedster", pos(2), pos(9)))
    assert state.stacks[0][pos(9)] == ["turned:speedster"] and state.current_player == 0  # the move is still to come
    assert uses(state) == []
    state.apply(Move("move", H, pos(2), pos(3)))
    assert state.current_player == CHANCE  # it moved: no skip-movement ability afterwards


def test_speedster_may_also_move_after_the_normal_move_once():
    """D15: "in addition to your normal move": before it or after it, in the same movement phase."""
    state = movement([{2: [H, "speedster"]}, {}])
    state.apply(Move("move", H, pos(2), pos(3)))
    assert state.current_player == 0 and len(uses(state)) == 10 and GO_ON in state.legal_actions()
    assert not [move for move in state.legal_actions() if move.kind in ("move", "stay")]  # the move is made
    refused(state, STAY, "error.hamsterdam.moved_already")
    refused(state, Move("move", "speedster", pos(2), pos(3)), "error.hamsterdam.moved_already")
    state.apply(use("speedster", pos(2), pos(9)))
    assert state.stacks[0][pos(9)] == ["turned:speedster"] and state.stacks[0][pos(3)] == [H]
    assert state.current_player == CHANCE  # nothing left to move, nobody has a skip-movement ability


def test_after_the_normal_move_the_player_may_go_on_without_speedster():
    state = movement([{2: [H, "speedster"]}, {}])
    refused(state, GO_ON, "error.hamsterdam.now_move")  # before the move: move, or make no move
    state.apply(Move("move", H, pos(2), pos(3)))
    state.apply(GO_ON)
    assert state.current_player == CHANCE and state.stacks[0][pos(2)] == ["speedster"]


def test_a_player_with_both_speedsters_makes_both_extra_moves():
    """Two Speedsters are in the deck: each is its own extra move (each turns after it)."""
    state = movement([{2: ["speedster"], 5: ["speedster"], 8: [H]}, {}])
    assert len(uses(state)) == 20
    state.apply(use("speedster", pos(2), pos(9)))
    assert uses(state) == [use("speedster", pos(5), to) for to in range(11) if to != pos(5)]
    state.apply(Move("move", H, pos(8), pos(7)))
    state.apply(use("speedster", pos(5), pos(11)))
    assert state.stacks[0][pos(9)] == ["turned:speedster"] and state.stacks[0][pos(11)] == ["turned:speedster"]
    assert state.stacks[0][pos(7)] == [H] and state.current_player == CHANCE


def test_a_player_who_used_speedster_only_has_no_skip_movement_ability():
    state = movement([{2: ["bombster"], 4: ["speedster"]}, {}])
    state.apply(use("speedster", pos(4), pos(6)))
    assert state.view()["progress"]["moved"] == [False, False] and state.view()["progress"]["sped"] == [True, False]
    state.apply(STAY)
    assert state.current_player == CHANCE and state.stacks[0][pos(2)] == ["bombster"]


def speedster_game():
    """A real game (seed 0, random moves, Speedster kept when dealt) at a movement turn whose player can
    move a hamster and has a Speedster: undo and saving replay the actions, a rigged table has none."""
    state, rng = HamsterdamGame().new_state(2, seed=0, mode="full"), random.Random(0)
    while True:
        if state.is_chance_node():
            state.apply(state.chance_outcome())
            continue
        legal = state.legal_actions()
        if state.phase == "move" and uses(state) and any(move.kind == "move" for move in legal):
            return state
        keep = [move for move in legal if move.kind == "keep" and "speedster" in move.cards]
        state.apply(keep[0] if keep else rng.choice(legal))


def test_speedster_after_the_move_is_undone_saved_and_sampled_like_any_move():
    state = speedster_game()
    seat = state.current_player
    state.apply(next(move for move in state.legal_actions() if move.kind == "move" and move.piece == H))
    before = state.view(seat)
    speedster = uses(state)[0]
    state.apply(speedster)
    assert state.view()["progress"]["moved"][seat] and state.view()["progress"]["sped"][seat]
    assert state.can_undo() and state.undo().view(seat) == before
    again = state.game.from_json(state.to_json())
    assert again.view(seat) == state.view(seat) and again.legal_actions() == state.legal_actions()
    sampled = state.game.sample_from_view(state.view(seat), random.Random(1))
    assert sampled.view(seat) == state.view(seat) and sampled.legal_actions() == state.legal_actions()
    told = log_text(game_log(state)[-1], "en", ["Ann", "Bo"])
    assert told == f"{['Ann', 'Bo'][seat]}: Speedster: from position {speedster.at + 1} to position {speedster.to + 1}."


def test_bombster_skips_the_move_to_flood_a_card_of_another_player():
    state = movement([{2: ["bombster"], 3: [H]}, {5: [H, "swimster"]}])
    state.apply(STAY)
    state.apply(STAY)
    assert state.phase == "window" and state.current_player == 0 and len(uses(state)) == 11
    state.apply(use("bombster", pos(2), pos(5), 1))
    assert state.phase == "flood" and state.current_player == 1  # the player hit resolves it (D8)
    state.apply(Move("plug", "swimster"))
    assert state.reserve[1] == ["swimster"] and state.stacks[0][pos(2)] == ["turned:bombster"]
    assert state.current_player == CHANCE


def test_a_player_who_moved_has_no_skip_movement_ability():
    state = movement([{2: ["bombster"], 3: [H]}, {}])
    state.apply(Move("move", H, pos(3), pos(4)))
    assert state.current_player == CHANCE and state.stacks[0][pos(2)] == ["bombster"]


def test_contractster_moves_a_flood_token_to_a_neighbouring_card():
    state = movement([{2: ["contractster"]}, {}], tokens=[{5: 1}, {}])
    state.apply(STAY)
    assert uses(state) == [use("contractster", 0, pos(4), pos(5)), use("contractster", 0, pos(6), pos(5)),
                           use("contractster", 0, pos(11), pos(12))]  # and the token the roll put on the 12
    supply = state.supply
    state.apply(use("contractster", 0, pos(6), pos(5)))
    assert state.tokens[0][pos(5)] == 0 and state.tokens[0][pos(6)] == 1 and state.supply == supply  # moved, kept
    assert state.stacks[0][0] == ["turned:contractster"]


def test_contractster_moves_only_tokens_that_are_there():
    state = movement([{2: ["contractster"]}, {}])  # the 12 floods: that token can go to 11
    state.apply(STAY)
    assert uses(state) == [use("contractster", 0, pos(11), pos(12))]


def test_contractster_moves_no_token_under_a_hamster_that_does_not_swim():
    """D14: a hamster never stands on a flood token outside the Swimster's rule."""
    state = movement([{2: ["contractster"], 6: [H], 4: ["swimster"]}, {}], tokens=[{5: 1}, {}])
    state.apply(STAY)
    assert use("contractster", 0, pos(6), pos(5)) not in uses(state)
    assert use("contractster", 0, pos(4), pos(5)) in uses(state)  # Swimster shares a card with a token


def test_huckster_moves_a_plain_hamster_of_another_player_onto_a_token_it_removes():
    state = movement([{2: ["huckster"]}, {5: [H, "swimster"]}], tokens=[{}, {6: 1}])
    state.apply(STAY)
    state.apply(STAY)
    assert uses(state) == [use("huckster", 0, pos(4), 1, pos(5)), use("huckster", 0, pos(6), 1, pos(5))]
    supply = state.supply
    state.apply(use("huckster", 0, pos(6), 1, pos(5)))
    assert state.tokens[1][pos(6)] == 0 and state.removed[1] == [H] and state.stacks[1][pos(5)] == ["swimster"]
    assert state.supply == supply + 1 and state.tokens_in_play() == 35


def test_momster_brings_two_hamsters_from_the_reinforcement_pile_to_its_card():
    state = movement([{4: ["momster"]}, {}], reserve=[[H, H, H, "blobster"], []])
    state.apply(STAY)
    state.apply(use("momster", pos(4)))
    assert state.stacks[0][pos(4)] == [H, H, "turned:momster"] and state.reserve[0] == [H, "blobster"]
    state = movement([{4: ["momster"]}, {}], reserve=[["blobster"], []])
    state.apply(STAY)
    assert state.current_player == CHANCE  # no plain hamster to bring: not offered
