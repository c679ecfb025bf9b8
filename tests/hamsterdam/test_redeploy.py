"""Hamsterdam's "place as before" (issue 12): in the redeployment one move puts every piece of the hand
back on the card it stood on when the round ended, where that card still takes it."""

from __future__ import annotations

import random

from assistant import i18n
from assistant.games.hamsterdam import HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.actions import ACCEPT, GO_ON, RESTORE, STAY, action_from_data
from assistant.games.hamsterdam.log import game_log, log_text
from assistant.games.hamsterdam.placing import back_in_place
from tests.hamsterdam.helpers import rig_hamsterdam as rig
from tests.helpers import assert_refused as refused

GAME = HamsterdamGame()
H = "hamster"


def redeploying(stacks: dict, reserve=(), tokens=None):
    """Seat 0 with ``stacks`` (card value -> pieces) as the round's last roll (12, a card without
    pieces) is resolved: no special acts, nobody moves, the redeployment begins with seat 0."""
    state = rig(stacks=[stacks, {}], reserve=[list(reserve), []], tokens=[tokens or {}, {}], turns=11)
    state.apply(Roll(6, 6))
    while state.phase != "place":
        state.apply(next(move for move in state.legal_actions() if move in (ACCEPT, GO_ON, STAY)))
    assert state.phase == "place" and state.current_player == 0
    return state


def card(state, value):
    return state.dams[0].index(value)


def test_place_as_before_puts_every_piece_back_on_its_card_in_the_same_order_in_one_move():
    state = redeploying({5: [H, H], 9: ["turned:physicster"], 11: [H, "blobster", "swimster"]}, reserve=[H])
    assert state.stacks[0] == [[]] * 11 and state.view(1)["players"][0]["before"][card(state, 11)] == \
        [H, "blobster", "swimster"]  # where each piece stood is public
    assert state.legal_actions()[0] == RESTORE
    logged = len(state.history)
    state.apply(RESTORE)
    assert state.history[logged:] == [RESTORE]  # one entry in the action log
    assert state.stacks[0][card(state, 5)] == [H, H]
    assert state.stacks[0][card(state, 9)] == ["turned:physicster"]
    assert state.stacks[0][card(state, 11)] == [H, "blobster", "swimster"]
    assert state.hand[0] == [H]  # from the reinforcement pile: it stood nowhere, it is placed by tap
    assert state.phase == "place" and RESTORE not in state.legal_actions()
    refused(state, RESTORE, "error.hamsterdam.cannot_restore")
    state.apply(Move("put", H, card(state, 2)))
    assert state.phase == "roll"


def test_a_piece_put_back_by_tap_is_not_put_back_twice_and_one_put_elsewhere_leaves_a_later_card_short():
    state = redeploying({5: [H, H], 8: [H, "cheekster"]})
    state.apply(Move("put", H, card(state, 5)))
    state.apply(Move("put", H, card(state, 3)))
    # One hamster is left for the two missing: the cards from the left get theirs first.
    assert back_in_place(state, 0) == [(card(state, 5), H), (card(state, 8), "cheekster")]
    state.apply(RESTORE)
    assert state.stacks[0][card(state, 5)] == [H, H] and state.stacks[0][card(state, 8)] == ["cheekster"]
    assert state.phase == "roll"  # the hand is empty: seat 1 has nothing to place


def test_a_card_with_a_flood_token_or_flipped_takes_nothing_back_and_a_token_may_still_be_cleared():
    state = redeploying({3: [H], 4: [H, "blobster"], 6: ["swimster"], 10: [H, H]}, tokens={6: 1})
    state.tokens[0][card(state, 4)] = 1  # as if a token had come onto these cards since
    state.flipped[0][card(state, 3)] = True
    state._legal = None
    state.apply(RESTORE)
    assert state.stacks[0][card(state, 6)] == ["swimster"]  # a Swimster shares a card with a token
    assert state.stacks[0][card(state, 10)] == [H, H]
    assert state.stacks[0][card(state, 3)] == state.stacks[0][card(state, 4)] == []
    assert sorted(state.hand[0]) == sorted([H, H, "blobster"])  # to place by tap
    assert not back_in_place(state, 0)
    state.apply(Move("clear", H, card(state, 4)))
    assert RESTORE in state.legal_actions()  # the token gone, the card takes its pieces again
    state.apply(RESTORE)
    assert state.stacks[0][card(state, 4)] == [H, "blobster"] and state.hand[0] == []


def test_the_first_placing_has_nothing_to_put_back_and_says_so():
    state = GAME.new_state(2, seed=1, mode="classic")
    while state.phase != "place":
        state.apply(state.chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    assert RESTORE not in state.legal_actions() and state.view(0)["players"][0]["before"] == []
    refused(state, RESTORE, "error.hamsterdam.no_before")
    refused(GAME.new_state(2, seed=1, mode="full"), RESTORE, "error.hamsterdam.now_pass")


def played_to_a_redeployment(seed: int):
    """A random game of 3 (full) up to the first redeployment where the player to place can put back."""
    state = GAME.new_state(3, seed=seed, mode="full")
    rng = random.Random(seed)
    while RESTORE not in state.legal_actions():
        assert not state.is_over()
        state.apply(state.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_place_as_before_is_one_undo_step_and_survives_saving_and_the_replay():
    state = played_to_a_redeployment(3)
    saved, seat = state.to_json(), state.current_player
    expected = [list(stack) for stack in state.before[seat]]
    count = len(back_in_place(state, seat))
    state.apply(RESTORE)
    assert state.history[-1] == RESTORE and state.can_undo() and state.last_actor() == seat
    assert state.undo().to_json() == saved
    on_dam = [[piece for piece in stack if piece in expected[pos]] for pos, stack in enumerate(state.stacks[seat])]
    assert on_dam == expected  # nothing could block: every piece is back where it stood
    reloaded = GAME.from_json(state.to_json())
    assert reloaded == state and reloaded.stacks == state.stacks and reloaded.view(0) == state.view(0)
    assert reloaded.legal_actions() == state.legal_actions()
    assert action_from_data(RESTORE.to_data()) == RESTORE and RESTORE.to_data() == {"move": "restore"}
    told = [values for key, values in game_log(state) if key == "log.hamsterdam.restored"]
    assert told == [{"player": seat, "count": count}] and count >= 1


def test_a_table_a_seat_imagines_from_its_view_offers_place_as_before_too():
    state = played_to_a_redeployment(5)
    view = state.view(state.current_player)
    dealt = GAME.sample_from_view(view, random.Random(0))
    assert dealt.view(state.current_player) == view and dealt.legal_actions() == state.legal_actions()


def test_the_move_and_its_refusals_read_in_english_and_german():
    assert str(RESTORE) == "Place as before"
    assert i18n.t("move.hamsterdam.restore", "de") == "Wie vorher aufstellen"
    assert "{count}" not in log_text(("log.hamsterdam.restored", {"player": 0, "count": 4}), "de", ["Ann"])
