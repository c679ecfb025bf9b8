"""One scenario per special hamster (templates/hamsterdam.toml, docs/RULES.md D2-D8, D13, D14):
its window, its effect, when it is not offered, and whether it turns after use. The movement
phase's specials are in test_specials_movement.py.

Positions are laid out with ``rig_hamsterdam`` (tests/hamsterdam/helpers.py): two players, Classic dams 2..12
(positions 0..10), unless a test says otherwise.
"""

from __future__ import annotations

from dataclasses import replace

from assistant import CHANCE
from assistant.games.hamsterdam import Move, Roll, abilities
from assistant.games.hamsterdam.abilities import COPYABLE, INDEX, SKIP_MOVEMENT
from assistant.games.hamsterdam.actions import ACCEPT, GO_ON, STAY
from assistant.games.hamsterdam.cards import numbers
from assistant.games.hamsterdam.log import log_text
from tests.hamsterdam.helpers import hamsterdam_pos as pos
from tests.hamsterdam.helpers import hamsterdam_use as use
from tests.hamsterdam.helpers import hamsterdam_uses as uses
from tests.hamsterdam.helpers import rig_hamsterdam as rig
from tests.hamsterdam.helpers import rig_hamsterdam_movement as movement
from tests.hamsterdam.helpers import rig_hamsterdam_redeployment as redeployment
from tests.helpers import assert_refused as refused

H = "hamster"


# --- the roll window: the roller's own roll ----------------------------------------------------
def test_buffster_turns_both_dice_over_after_its_owners_roll_and_turns():
    state = rig(stacks=[{2: ["buffster"], 11: [H]}, {2: ["buffster"]}])
    state.apply(Roll(1, 2))
    assert state.phase == "window" and state.current_player == 0  # seat 1's Buffster: not its roll
    assert state.legal_actions() == [use("buffster", pos(2)), GO_ON]
    state.apply(use("buffster", pos(2)))
    assert state.dice == (6, 5) and state.value == 11 and state.stacks[0][pos(2)] == ["turned:buffster"]
    assert state.reserve[0] == [H] and state.tokens[1][pos(11)] == 1 and state.tokens[0][pos(3)] == 0
    assert state.current_player == CHANCE


def test_buffster_is_not_offered_on_a_seven_nor_after_anothers_roll():
    state = rig(stacks=[{2: ["buffster"]}, {2: ["buffster"]}])
    state.apply(Roll(3, 4))  # 7 turned over is 7 again
    assert state.current_player == CHANCE
    state.apply(Roll(1, 1))  # seat 1 rolls; seat 0's Buffster waits
    assert state.phase == "window" and state.current_player == 1


def test_spinster_changes_one_die_after_its_owners_roll():
    state = rig(stacks=[{12: ["spinster"]}, {}])
    state.apply(Roll(2, 3))
    assert len(uses(state)) == 10  # two dice, five other faces each
    refused(state, use("spinster", pos(12), -1, 0, 2), "error.hamsterdam.cannot_use")  # the face it shows
    state.apply(use("spinster", pos(12), -1, 0, 6))
    assert state.dice == (6, 3) and state.value == 9 and state.tokens[0][pos(9)] == 1
    assert state.stacks[0][pos(12)] == ["turned:spinster"]
    state = rig(stacks=[{12: ["spinster"]}, {}])
    state.apply(Roll(2, 2))
    assert len(uses(state)) == 5  # equal dice: turning either is the same


def test_physicster_rolls_again_and_its_owner_keeps_either_roll():
    state = rig(stacks=[{2: ["physicster"]}, {2: ["physicster"]}])
    state.apply(Roll(1, 2))
    assert state.legal_actions() == [use("physicster", 0), GO_ON] and state.current_player == 0
    state.apply(use("physicster", 0))
    assert state.phase == "reroll" and state.current_player == CHANCE and state.can_undo()
    assert state.stacks[0][0] == ["turned:physicster"]
    state.apply(Roll(6, 5))
    assert state.phase == "choose_dice" and state.current_player == 0 and not state.can_undo()
    assert state.legal_actions() == [Move("dice", cards=(1, 2)), Move("dice", cards=(5, 6))]
    refused(state, Move("dice", cards=(3, 3)), "error.hamsterdam.keep_a_roll")
    state.apply(Move("dice", cards=(5, 6)))
    assert state.value == 11 and state.tokens[0][pos(11)] == 1 and state.tokens[0][pos(3)] == 0
    assert state.current_player == CHANCE  # seat 1's Physicster: only after its own roll


def test_whack_a_mole_rolls_for_its_card_and_its_owner_chooses_between_two():
    dams = [[2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 11], list(range(2, 13))]
    state = rig(mode="full", dams=dams, stacks=[{2: [H, "whack-a-mole"]}, {}])
    state.apply(Roll(1, 2))
    state.apply(use("whack-a-mole", 0))
    state.apply(Roll(4, 5))
    assert state.phase == "mole" and state.legal_actions() == [Move("put", "whack-a-mole", 7),
                                                                Move("put", "whack-a-mole", 8)]
    refused(state, Move("put", "whack-a-mole", 3), "error.hamsterdam.mole_card")
    state.apply(Move("put", "whack-a-mole", 8))
    assert state.stacks[0][8] == ["whack-a-mole"] and state.stacks[0][0] == [H]  # it never turns
    assert state.current_player == CHANCE  # once a roll: the floods of the 3s came
    state.apply(Roll(1, 1))
    assert state.current_player == CHANCE  # not after another's roll
    state.apply(Roll(1, 2))
    assert use("whack-a-mole", 8) in state.legal_actions()


def test_whack_a_mole_without_a_card_of_the_roll_goes_to_the_reinforcement_pile_face_up():
    dams = [[2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 11], list(range(2, 13))]
    state = rig(mode="full", dams=dams, stacks=[{2: ["whack-a-mole"]}, {}])
    state.apply(Roll(1, 2))
    state.apply(use("whack-a-mole", 0))
    state.apply(Roll(6, 6))
    assert state.reserve[0] == ["whack-a-mole"] and state.stacks[0][0] == [] and state.tokens[0][1] == 1


# --- the roll window: any roll, for oneself ----------------------------------------------------
def test_mobster_counts_the_roll_one_up_or_down_for_its_owner_only():
    state = rig(stacks=[{}, {2: ["mobster"]}])
    state.apply(Roll(3, 4))
    assert state.current_player == 1 and state.legal_actions() == [use("mobster", 0, -1, -1), use("mobster", 0, -1, 1),
                                                                   GO_ON]
    state.apply(use("mobster", 0, -1, 1))
    assert state.tokens[1][pos(8)] == 1 and state.tokens[1][pos(7)] == 0 and state.tokens[0][pos(7)] == 1
    assert state.stacks[1][0] == ["turned:mobster"]
    state = rig(stacks=[{}, {2: ["mobster"]}])
    state.apply(Roll(6, 6))
    assert state.legal_actions() == [use("mobster", 0, -1, -1), GO_ON]  # 13 is on no card (D4)


def test_ninjaster_ignores_the_roll_for_its_owner_and_goes_to_the_reinforcement_pile_turned():
    state = rig(stacks=[{}, {3: [H, "ninjaster"]}])
    state.apply(Roll(3, 4))
    state.apply(use("ninjaster", pos(3)))
    assert state.tokens[1] == [0] * 11 and state.reserve[1] == ["turned:ninjaster"] and state.stacks[1][pos(3)] == [H]
    assert state.tokens[0][pos(7)] == 1 and state.current_player == CHANCE


def test_ninjaster_is_not_offered_to_a_player_without_a_card_of_the_value():
    state = rig(mode="full", flipped=[[], [7]], stacks=[{}, {3: ["ninjaster"]}])
    state.apply(Roll(3, 4))
    assert state.current_player == CHANCE and state.stacks[1][pos(3)] == ["ninjaster"]


def test_napster_may_step_one_card_after_every_roll_and_never_turns():
    state = rig(stacks=[{5: ["napster"]}, {}], tokens=[{6: 1}, {}])
    state.apply(Roll(4, 5))
    assert state.legal_actions() == [use("napster", pos(5), pos(4)), GO_ON]  # not onto the token on 6
    state.apply(use("napster", pos(5), pos(4)))
    assert state.stacks[0][pos(4)] == ["napster"] and state.current_player == CHANCE
    state.apply(Roll(4, 5))
    assert uses(state) == [use("napster", pos(4), pos(3)), use("napster", pos(4), pos(5))]


# --- the flood window --------------------------------------------------------------------------
def test_blobster_stops_a_flood_on_a_neighbouring_card_and_turns():
    state = rig(stacks=[{6: ["blobster"]}, {}])
    state.apply(Roll(3, 4))
    assert state.phase == "flood" and state.legal_actions() == [use("blobster", pos(6), pos(7)), ACCEPT]
    state.apply(use("blobster", pos(6), pos(7)))
    assert state.tokens[0][pos(7)] == 0 and state.reserve[0] == ["turned:blobster"] and state.stacks[0][pos(6)] == []
    state = rig(stacks=[{7: [H, "blobster"], 6: [H]}, {}])
    state.apply(Roll(3, 4))  # on its own card Blobster plugs as a plain hamster: no ability offered
    assert state.legal_actions() == [Move("plug", H), Move("plug", "blobster")]


def test_letting_the_flood_come_instead_of_using_blobster():
    state = rig(stacks=[{8: ["blobster"]}, {}])
    state.apply(Roll(3, 4))
    state.apply(ACCEPT)
    assert state.tokens[0][pos(7)] == 1 and state.stacks[0][pos(8)] == ["blobster"]


def test_cheekster_stops_two_floods_at_its_card_with_a_marker_and_then_leaves_turned():
    state = rig(stacks=[{7: ["cheekster"]}, {}])
    state.apply(Roll(3, 4))
    assert state.legal_actions() == [Move("plug", "cheekster"), use("cheekster", pos(7), pos(7))]
    state.apply(use("cheekster", pos(7), pos(7)))
    assert state.stacks[0][pos(7)] == ["marked:cheekster"] and state.scores() == [0, 1]  # a marker, no token (D7)
    state.apply(Roll(3, 4))
    state.apply(use("marked:cheekster", pos(7), pos(7)))
    assert state.stacks[0][pos(7)] == [] and state.reserve[0] == ["turned:cheekster"] and state.tokens[0][pos(7)] == 0
    assert state.supply == 35 - 2 and state.tokens_in_play() == 35  # only seat 1's two 7s took tokens


# --- redeployment, lasting properties ------------------------------------------------------------
def test_janitster_on_the_dam_leaves_the_game_to_clear_every_flood_token_back_to_the_supply():
    state = redeployment([{3: [H, "janitster"]}, {}], [{5: 1, 9: 1}, {}])
    assert state.phase == "place" and use("janitster", -1) in state.legal_actions()
    assert state.supply == 35 - 4  # the 5, the 9 and both players' 12s
    state.apply(use("janitster", -1))
    assert state.tokens[0] == [0] * 11 and state.removed[0] == ["janitster"] and state.supply == 35 - 1
    assert state.hand[0] == [H] and use("janitster", -1) not in state.legal_actions()


def test_janitster_from_the_reinforcement_pile_cannot_clear():
    state = redeployment([{3: [H]}, {}], [{5: 1}, {}], reserve=[["janitster"], []])
    assert "janitster" in state.hand[0] and use("janitster", -1) not in state.legal_actions()


def test_swimster_shares_a_card_with_a_flood_token_and_the_other_hamsters_do_not():
    state = redeployment([{3: ["swimster", H]}, {}], [{5: 1}, {}])
    assert Move("put", "swimster", pos(5)) in state.legal_actions()
    refused(state, Move("put", H, pos(5)), "error.hamsterdam.token_on_card")
    state = movement([{4: ["swimster"]}, {}], tokens=[{5: 1}, {}])
    state.apply(Move("move", "swimster", pos(4), pos(5)))
    assert state.stacks[0][pos(5)] == ["swimster"] and state.tokens[0][pos(5)] == 1 and state.removed[0] == []


def test_a_twinster_that_plugs_takes_its_twin_to_the_reinforcement_pile():
    state = rig(stacks=[{7: ["twinsters"], 9: [H, "twinsters"]}, {}])
    state.apply(Roll(3, 4))
    assert state.reserve[0] == ["twinsters", "twinsters"] and state.stacks[0][pos(9)] == [H]


def test_the_log_tells_each_use_in_both_languages():
    state = rig(stacks=[{2: ["buffster"]}, {}])
    state._log = events = []
    state.apply(Roll(1, 2))
    state.apply(use("buffster", 0))
    assert events[1] == ("log.hamsterdam.used", {"player": 0, "use": use("buffster", 0).to_data()})
    assert log_text(events[1], "en", ["Ann", "Bo"]) == "Ann: Buffster: turn both dice over."
    assert log_text(events[1], "de", ["Ann", "Bo"]) == "Ann: Buffster: beide Würfel umdrehen."


def test_copycatster_uses_the_ability_of_a_special_showing_it_on_any_dam_then_leaves_turned():
    buffster = INDEX["buffster"]
    state = rig(stacks=[{2: [H, "copycatster"]}, {3: ["buffster"]}])
    state.apply(Roll(1, 2))
    assert state.legal_actions() == [use("copycatster", 0, -1, buffster), GO_ON]
    assert str(use("copycatster", 0, -1, buffster)) == "Copycatster as Buffster: turn both dice over"
    state.apply(use("copycatster", 0, -1, buffster))
    assert state.dice == (6, 5) and state.stacks[0][0] == [H] and state.reserve[0] == ["turned:copycatster"]
    assert state.stacks[1][pos(3)] == ["buffster"]  # the special copied keeps its ability


def test_copycatster_has_nothing_to_copy_from_a_turned_special_or_a_reinforcement_pile():
    state = rig(stacks=[{2: ["copycatster"]}, {3: ["turned:buffster"]}], reserve=[[], ["buffster"]])
    state.apply(Roll(1, 2))
    assert state.current_player == CHANCE and state.stacks[0][0] == ["copycatster"]


def test_copycatster_as_blobster_stops_a_flood_beside_it():
    state = rig(stacks=[{6: ["copycatster"]}, {2: ["blobster"]}])
    state.apply(Roll(3, 4))
    copy = use("copycatster", pos(6), pos(7), INDEX["blobster"])
    assert state.legal_actions() == [copy, ACCEPT]
    state.apply(copy)
    assert state.tokens[0][pos(7)] == 0 and state.reserve[0] == ["turned:copycatster"]


def test_copycatster_copies_janitster_at_redeployment_and_goes_to_the_reinforcement_pile_turned():
    janitster = use("copycatster", -1, -1, INDEX["janitster"])
    state = redeployment([{3: [H, "copycatster"]}, {4: ["janitster"]}], [{5: 1, 9: 1}, {}])
    assert state.phase == "place" and state.current_player == 0 and janitster in state.legal_actions()
    assert str(janitster) == ("Copycatster as Janitster: every flood token off your dam; Copycatster goes to the "
                              "reinforcement pile")
    state.apply(janitster)
    assert state.tokens[0] == [0] * 11 and state.supply == 35 - 1  # the 5, the 9 and the roll's 12 came back
    assert state.reserve[0] == ["turned:copycatster"] and state.removed[0] == [] and state.hand[0] == [H]
    assert janitster not in state.legal_actions() and state.can_undo()
    while state.current_player == 0:
        state.apply(next(move for move in state.legal_actions() if move.kind in ("put", "done")))
    assert use("janitster", -1) in state.legal_actions()  # the copied Janitster keeps its own ability


def test_copycatster_as_janitster_is_offered_only_where_it_changes_something():
    janitster = use("copycatster", -1, -1, INDEX["janitster"])
    no_token = redeployment([{3: ["copycatster"], 12: [H]}, {4: ["janitster"]}], [{}, {}])  # the roll's 12 plugged
    no_janitster = redeployment([{3: ["copycatster"]}, {4: ["turned:blobster"]}], [{5: 1}, {}],
                                reserve=[[], ["janitster"]])
    in_reserve = redeployment([{3: [H]}, {4: ["janitster"]}], [{5: 1}, {}], reserve=[["copycatster"], []])
    turned_copy = redeployment([{3: ["turned:copycatster"]}, {4: ["janitster"]}], [{5: 1}, {}])
    for state in (no_token, no_janitster, in_reserve, turned_copy):
        assert state.phase == "place" and janitster not in state.legal_actions()
    refused(no_token, janitster, "error.hamsterdam.cannot_use")


def test_a_bombster_flood_that_fills_the_piles_ends_the_game_after_the_movement_phase():
    state = rig(stacks=[{2: ["bombster"], 3: [H]}, {}], tokens=[{}, {5: 1}], piles=[4, 5], turns=3)
    state.apply(Roll(6, 6))
    state.apply(STAY)
    state.apply(use("bombster", 0, pos(5), 1))
    assert state.piles == [4, 6] and state.is_over() and state.winners() == [0]


def test_each_ability_is_offered_in_the_window_the_data_file_gives_it():
    """The windows abilities.py offers the specials in are templates/hamsterdam.toml's."""
    table = numbers().specials

    def named(test) -> set[str]:
        return {name for name, special in table.items() if test(special)}

    windows = {
        "roll, own roll": named(lambda special: special.window == "roll" and special.own_roll),
        "roll, any roll": named(lambda special: special.window == "roll" and not special.own_roll),
        "skip movement": named(lambda special: special.skip_movement),
        "movement": named(lambda special: special.window == "movement" and not special.skip_movement),
        "flood": named(lambda special: special.window == "flood"),
        "redeploy": named(lambda special: special.window == "redeploy"),
    }
    assert windows == {
        "roll, own roll": {"buffster", "spinster", "physicster", "whack-a-mole"},  # abilities.roll_own_uses
        "roll, any roll": {"mobster", "ninjaster", "napster"},  # roll_any_uses, napster_uses
        "skip movement": set(SKIP_MOVEMENT),  # skip_uses
        "movement": {"speedster"},  # speedster_uses
        "flood": {"blobster", "cheekster"},  # flood_uses
        "redeploy": {"janitster"},  # redeploy_uses
    }
    assert set(COPYABLE) < set(table) and "copycatster" not in COPYABLE


def test_whether_a_special_turns_after_use_comes_from_the_data_file(monkeypatch):
    table = numbers()
    specials = dict(table.specials, buffster=replace(table.specials["buffster"], flips=False))
    monkeypatch.setattr(abilities, "numbers", lambda: replace(table, specials=specials))
    state = rig(stacks=[{2: ["buffster"]}, {}])
    state.apply(Roll(1, 2))
    state.apply(use("buffster", 0))
    assert state.dice == (6, 5) and state.stacks[0][0] == ["buffster"]
