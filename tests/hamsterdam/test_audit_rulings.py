"""The rulings settled after the rule-by-rule audit (RULINGS.md section 2, docs/RULES.md D2, D3, D15):
only the Copycatster used leaves; a turned special is a plain hamster (Huckster moves it, Momster brings
it); Contractster lays no token under a hamster that does not swim; Swimster never removes a token.

Every refused move leaves the state exactly as it was (tests/helpers.py ``assert_refused``). Positions
are laid out as in test_specials.py: two players, Classic dams 2..12 (positions 0..10).
"""

from __future__ import annotations

from assistant import CHANCE
from assistant.games.hamsterdam import HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.abilities import INDEX
from assistant.games.hamsterdam.actions import ACCEPT, DONE, STAY
from assistant.games.hamsterdam.cards import is_plain, plain_pieces
from tests.hamsterdam.helpers import hamsterdam_pos as pos
from tests.hamsterdam.helpers import hamsterdam_use as use
from tests.hamsterdam.helpers import hamsterdam_uses as uses
from tests.hamsterdam.helpers import rig_hamsterdam as rig
from tests.hamsterdam.helpers import rig_hamsterdam_movement as movement
from tests.hamsterdam.helpers import rig_hamsterdam_redeployment as redeployment
from tests.helpers import assert_refused as refused

H = "hamster"
CC, TURNED_CC = "copycatster", "turned:copycatster"


# --- Copycatster: only the one used leaves -------------------------------------------------------
def as_blobster(at: int) -> Move:
    """A Copycatster on card ``at`` copying Blobster for the flood on card 6 (beside card 5)."""
    return use(CC, pos(at), pos(6), INDEX["blobster"])


def test_a_copycatster_used_as_blobster_leaves_alone_the_other_on_its_card():
    """Issue 23: seat 0 holds both Copycatsters on card 5; one, as Blobster, stops the flood on card 6."""
    for other in (CC, TURNED_CC):  # the other one face up, or turned after an earlier use
        state = rig(stacks=[{5: [CC, other]}, {2: ["blobster"]}])
        state.apply(Roll(1, 5))
        assert state.phase == "flood" and state.legal_actions() == [as_blobster(5), ACCEPT]
        refused(state, as_blobster(4), "error.hamsterdam.cannot_use")  # no Copycatster on card 4
        state.apply(as_blobster(5))
        assert state.stacks[0][pos(5)] == [other] and state.reserve[0] == [TURNED_CC], other
        assert state.tokens[0][pos(6)] == 0 and state.stacks[1][0] == ["blobster"]  # the copied one stays


def test_a_copycatster_used_as_ninjaster_or_buffster_leaves_alone_the_other_on_its_card():
    state = rig(stacks=[{5: [CC, CC]}, {2: ["ninjaster"]}])
    state.apply(Roll(1, 4))  # 5 floods seat 0's card 5
    ninja = use(CC, pos(5), -1, INDEX["ninjaster"])
    assert ninja in uses(state)
    state.apply(ninja)
    assert state.stacks[0][pos(5)] == [CC] and state.reserve[0] == [TURNED_CC] and state.ignore[0]
    # Buffster turns its special in place; a Copycatster goes to the reinforcement pile instead
    state = rig(stacks=[{5: [CC, TURNED_CC]}, {2: ["buffster"]}])
    state.apply(Roll(1, 2))
    state.apply(use(CC, pos(5), -1, INDEX["buffster"]))
    assert state.dice == (6, 5) and state.stacks[0][pos(5)] == [TURNED_CC] and state.reserve[0] == [TURNED_CC]


def test_copycatster_as_momster_brings_two_hamsters_and_leaves_the_other_copycatster():
    state = movement([{4: [CC, CC]}, {2: ["momster"]}], reserve=[[H, H], []])
    state.apply(STAY)
    state.apply(STAY)
    state.apply(use(CC, pos(4), -1, INDEX["momster"]))
    assert state.stacks[0][pos(4)] == [H, H, CC] and state.reserve[0] == [TURNED_CC]


def test_the_classic_game_of_seed_6020_keeps_the_second_copycatster_on_card_5():
    """The position the audit found: Classic, 2 players, seed 6020; seat 0 was dealt both Copycatsters."""
    state = HamsterdamGame().new_state(2, seed=6020, mode="classic")
    while state.phase != "place":
        state.apply(state.chance_outcome() if state.is_chance_node() else state.legal_actions()[0])
    assert state.hand[0].count(CC) == 2 and "blobster" in state.hand[1]
    while state.phase == "place":  # seat 0: both Copycatsters on card 5, the hamsters on card 2; seat 1 all on 2
        seat = state.current_player
        piece = state.hand[seat][-1]
        state.apply(Move("put", piece, pos(5) if piece == CC else 0))
    state.apply(Roll(1, 5))
    while state.phase != "flood" or state.floods[0][0] != 0:
        state.apply(state.legal_actions()[-1])  # seat 1's own flood: its choices, the last one listed
    assert as_blobster(5) in state.legal_actions()
    state.apply(as_blobster(5))
    assert state.stacks[0][pos(5)] == [CC] and state.reserve[0] == [TURNED_CC] and state.tokens[0][pos(6)] == 0


# --- a turned special is a plain hamster -----------------------------------------------------------
def test_plain_pieces_are_hamsters_and_turned_specials():
    assert is_plain(H) and is_plain("turned:blobster") and not is_plain("blobster")
    assert not is_plain("marked:cheekster") and not is_plain("swimster")
    assert plain_pieces(["turned:blobster", "blobster", H]) == [H, "turned:blobster"]


def test_huckster_moves_a_turned_special_of_another_player():
    state = movement([{2: ["huckster"]}, {5: ["turned:blobster"]}], tokens=[{}, {6: 1}])
    state.apply(STAY)
    state.apply(STAY)
    assert uses(state) == [use("huckster", 0, pos(4), 1, pos(5)), use("huckster", 0, pos(6), 1, pos(5))]
    supply = state.supply
    state.apply(use("huckster", 0, pos(6), 1, pos(5)))  # onto the token: it leaves the game, the token goes
    assert state.removed[1] == ["turned:blobster"] and state.tokens[1][pos(6)] == 0 and state.supply == supply + 1
    assert state.stacks[1][pos(5)] == [] and state.stacks[0][0] == ["turned:huckster"]


def test_huckster_moves_a_plain_hamster_first_and_never_a_face_up_special():
    state = movement([{2: ["huckster"]}, {5: [H, "turned:blobster"], 8: ["blobster"], 10: ["swimster"]}])
    state.apply(STAY)
    state.apply(STAY)
    assert {move.cards[1] for move in uses(state)} == {pos(5)}  # not the Blobster's card, nor the Swimster's
    refused(state, use("huckster", 0, pos(9), 1, pos(8)), "error.hamsterdam.cannot_use")
    refused(state, use("huckster", 0, pos(11), 1, pos(10)), "error.hamsterdam.cannot_use")
    state.apply(use("huckster", 0, pos(4), 1, pos(5)))
    assert state.stacks[1][pos(4)] == [H] and state.stacks[1][pos(5)] == ["turned:blobster"]


def test_momster_brings_a_turned_special_as_a_hamster():
    """A reinforcement pile of one hamster and a turned Blobster gives two, not one."""
    state = movement([{4: ["momster"]}, {}], reserve=[[H, "turned:blobster"], []])
    state.apply(STAY)
    state.apply(use("momster", pos(4)))
    assert state.stacks[0][pos(4)] == [H, "turned:blobster", "turned:momster"] and state.reserve[0] == []
    state = movement([{4: ["momster"]}, {}], reserve=[["turned:blobster"], []])
    state.apply(STAY)  # only a turned special in the pile: Momster is offered
    assert uses(state) == [use("momster", pos(4))]
    state.apply(use("momster", pos(4)))
    assert state.stacks[0][pos(4)] == ["turned:blobster", "turned:momster"]


def test_momster_does_not_bring_a_face_up_special():
    state = movement([{4: ["momster"]}, {}], reserve=[["blobster", "swimster"], []])
    refused(state, use("momster", pos(4)), "error.hamsterdam.cannot_use")  # first the move, then the window
    state.apply(STAY)
    assert state.current_player == CHANCE and state.reserve[0] == ["blobster", "swimster"]


# --- Contractster: never a token under a hamster that does not swim --------------------------------
def test_contractster_lays_no_token_under_a_turned_special_nor_under_a_hamster():
    state = movement([{2: ["contractster"], 4: ["turned:blobster"], 6: [H, "swimster"]}, {}], tokens=[{5: 1}, {}])
    state.apply(STAY)
    assert use("contractster", 0, pos(4), pos(5)) not in uses(state)
    refused(state, use("contractster", 0, pos(4), pos(5)), "error.hamsterdam.cannot_use")
    refused(state, use("contractster", 0, pos(6), pos(5)), "error.hamsterdam.cannot_use")  # a hamster beside it


def test_contractster_lays_a_token_beside_a_swimster_and_not_on_a_flipped_card():
    state = movement([{2: ["contractster"], 4: ["swimster"]}, {}], tokens=[{5: 1}, {}])
    state.apply(STAY)
    state.apply(use("contractster", 0, pos(4), pos(5)))
    assert state.tokens[0][pos(4)] == 1 and state.stacks[0][pos(4)] == ["swimster"]
    state = rig(mode="full", stacks=[{5: ["contractster"]}, {}], tokens=[{3: 1}, {}], flipped=[[2], []], turns=3)
    state.apply(Roll(6, 6))
    state.apply(STAY)
    assert uses(state) == [use("contractster", pos(5), pos(4), pos(3)),
                           use("contractster", pos(5), pos(11), pos(12))]  # not onto the flipped 2
    refused(state, use("contractster", pos(5), pos(2), pos(3)), "error.hamsterdam.cannot_use")


# --- Swimster never removes a flood token ---------------------------------------------------------
def test_swimster_cannot_be_given_up_to_clear_a_token_at_redeployment():
    state = redeployment([{3: ["swimster", H]}, {}], [{5: 1}, {}])
    assert state.phase == "place" and state.current_player == 0
    assert Move("clear", "swimster", pos(5)) not in state.legal_actions()
    assert Move("clear", H, pos(5)) in state.legal_actions()
    error = refused(state, Move("clear", "swimster", pos(5)), "error.hamsterdam.swimster_cannot_clear")
    assert "Swimster" in error.message("en") and "Swimster" in error.message("de")
    state.apply(Move("put", "swimster", pos(5)))  # it may stand on the token; the token stays
    assert state.tokens[0][pos(5)] == 1 and state.stacks[0][pos(5)] == ["swimster"] and state.removed[0] == []


def test_a_hand_of_only_a_swimster_places_it_beside_the_tokens():
    state = redeployment([{3: ["swimster"]}, {3: [H]}], [{n: 1 for n in range(2, 12)}, {}])
    assert state.current_player == 0
    assert not [move for move in state.legal_actions() if move.kind == "clear"]  # Swimster never removes one
    assert Move("clear", "swimster", pos(5)) not in state.legal_actions() and DONE in state.legal_actions()
    state.apply(Move("put", "swimster", pos(5)))
    assert state.tokens[0][pos(5)] == 1 and state.stacks[0][pos(5)] == ["swimster"]


def test_swimster_moved_or_huckstered_never_removes_a_token():
    state = movement([{4: ["swimster"]}, {}], tokens=[{5: 1}, {}])
    supply = state.supply
    state.apply(Move("move", "swimster", pos(4), pos(5)))
    assert state.tokens[0][pos(5)] == 1 and state.stacks[0][pos(5)] == ["swimster"] and state.supply == supply
    state = movement([{2: ["huckster"]}, {4: ["swimster"]}], tokens=[{}, {5: 1}])
    state.apply(STAY)
    state.apply(STAY)
    # a Swimster is a special: Huckster moves only plain hamsters, so it has nothing to do
    assert state.current_player == CHANCE and state.stacks[0][0] == ["huckster"]
