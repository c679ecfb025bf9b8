"""One scenario per Hamstern ruling (RULINGS.md section 1 and docs/RULES.md), on side A.

Side A at a glance (column letter, row number as printed): the start chamber S is
F5-H7; corridors F5-D5 (into d), H6-J6 (e), G5-G3 (b), G7-G9 (g), C6-C9 (d to f).
"""

import pytest

from assistant import CHANCE, TERMINAL, IllegalAction
from assistant.games.hamstern import PASS, Place, Roll
from tests.hamstern.helpers import cells, hamstern, turn

S_ALL = "F5 G5 H5 F6 G6 H6 F7 G7 H7"


def refused(state, action, key):
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.key == key, str(error.value)
    assert state.to_json() == before
    return error.value


def test_first_crosses_go_into_the_start_chamber():
    state = hamstern()
    state.apply(Roll(2))
    refused(state, Place(cells("D5 C5")), "error.hamstern.first_in_start")
    state.apply(Place(cells("G6 G7")))
    assert state.crossed[0].bit_count() == 2


def test_free_start_allows_any_chamber_first():
    state = hamstern(free_start=True)
    turn(state, 2, "A1 B1")
    assert state.chambers_started(0) == 1


def test_later_crosses_must_touch_an_existing_cross():
    state = hamstern()
    turn(state, 2, "F5 G5")
    state.apply(Roll(2))
    refused(state, Place(cells("H6 H7")), "error.hamstern.must_touch")  # only diagonal to G5
    state.apply(Place(cells("H5 H6")))


def test_new_crosses_hang_together_by_themselves():
    state = hamstern()
    turn(state, 3, "F5 G5 H5")
    state.apply(Roll(2))
    # Both touch old crosses, but old crosses do not bridge new ones.
    refused(state, Place(cells("F6 H6")), "error.hamstern.not_connected")
    refused(state, Place(cells("F6 G7")), "error.hamstern.not_connected")  # diagonal


def test_all_crosses_of_a_roll_in_one_chamber():
    state = hamstern()
    turn(state, 2, "F5 F6")
    state.apply(Roll(2))
    refused(state, Place(cells("D5 G5")), "error.hamstern.one_chamber")


def test_exact_number_of_crosses_and_only_empty_cells():
    state = hamstern()
    turn(state, 2, "F5 F6")
    state.apply(Roll(3))
    refused(state, Place(cells("G5 G6")), "error.hamstern.need_exactly")
    refused(state, Place(cells("F6 G6 H6")), "error.hamstern.already_crossed")
    refused(state, Place(cells("E5 G5 H5")), "error.hamstern.not_a_cell")  # E5 is earth


def test_a_new_chamber_is_entered_at_the_far_end_of_a_reached_corridor():
    state = hamstern()
    turn(state, 2, "G5 H5")
    state.apply(Roll(2))
    refused(state, Place(cells("D5 C5")), "error.hamstern.must_touch")  # F5 not crossed yet
    state.apply(Place(cells("F5 F6")))
    state.apply(Roll(3))
    refused(state, Place(cells("C5 B5 A5")), "error.hamstern.must_touch")  # misses the end cell D5
    state.apply(Place(cells("D5 C5 B5")))
    assert state.chambers_started(0) == 2


def test_any_started_chamber_may_be_continued_later():
    state = hamstern()
    turn(state, 2, "F5 G5")
    turn(state, 2, "D5 C5")
    turn(state, 2, "F6 F7")  # back in the start chamber
    turn(state, 2, "D6 C6")  # and back in d
    assert state.chambers_started(0) == 2


def test_split_chamber_parts_need_their_own_entry():
    from assistant.games.hamstern import placement
    from assistant.games.hamstern.layout import load_layout

    layout = load_layout("B")  # chamber b: F1 G1 H1 H2 H3 | rock column I | J1 J2 J3
    a_and_b_left = layout.mask(cells("A1 B1 C1 D1 F1 G1 H1 H2 H3"))
    with pytest.raises(IllegalAction) as error:
        placement.check(layout, a_and_b_left, layout.mask(cells("J1 J2")), range(2, 3), False)
    assert error.value.key == "error.hamstern.must_touch"
    with_c = a_and_b_left | layout.mask(cells("L1"))  # the corridor L1-J1 from chamber c
    placement.check(layout, with_c, layout.mask(cells("J1 J2")), range(2, 3), False)


def test_a_one_crosses_one_to_seven_cells_and_strikes_the_track():
    state = hamstern()
    state.apply(Roll(1))
    refused(state, Place(frozenset()), "error.hamstern.must_place")
    state.apply(Place(cells("F5 G5 H5 F6 G6 H6 F7")))  # 7 is the most
    assert state.struck[0] == 7
    state.apply(Roll(1))
    refused(state, Place(cells("G7 H7 G3")), "error.hamstern.one_chamber")
    refused(state, Place(cells("D5 C5 B5 A5")), "error.hamstern.need_between")  # only 3 boxes left
    state.apply(Place(cells("D5 C5 B5")))
    assert state.track_left(0) == 0


def test_a_one_with_the_track_used_up_is_a_pass():
    state = hamstern()
    turn(state, 1, "F5 G5 H5 F6 G6 H6 F7")
    turn(state, 1, "D5 C5 B5")
    state.apply(Roll(1))
    assert state.legal_actions() == [PASS]
    refused(state, Place(cells("G7")), "error.hamstern.track_used_up")
    state.apply(PASS)


def test_nothing_fits_means_the_one_legal_action_is_the_pass():
    state = hamstern()
    turn(state, 6, "F5 G5 H5 F6 G6 H6")
    turn(state, 2, "F7 G7")  # H7 is a single cell left; G7 opens g (G9 is its door)
    state.apply(Roll(6))
    assert PASS not in state.legal_actions()  # g and d can take a 6
    state.apply(Place(cells("G9 H9 I9 J9 K9 L9")))
    state.apply(Roll(1))
    state.apply(Place(cells("H7")))
    assert state.current_player == CHANCE


def test_pass_refused_while_a_placement_exists():
    state = hamstern()
    state.apply(Roll(4))
    refused(state, PASS, "error.hamstern.must_place")


def test_hourglass_at_a_fourth_chamber_and_counter_ticks_from_the_next_roll():
    state = hamstern(players=2)
    turn(state, 2, "F5 G5", "G6 G7")
    turn(state, 2, "D5 C5", "G9 H9")      # player 0 enters d, player 1 enters g
    turn(state, 2, "H5 H6", "H6 H7")
    turn(state, 2, "J6 K6", "F7 F6")      # player 0 enters e: 3 chambers
    assert not state.hourglass
    state.apply(Roll(5))
    state.apply(Place(cells("G3 F3 H3 G2 F2")))  # b: player 0's fourth chamber
    assert state.hourglass and state.ticks == 0    # the roll that crossed it does not tick
    state.apply(Place(cells("I9 J9 K9 L9 M9")))   # player 1 still uses the 5
    state.apply(Roll(3))
    assert state.ticks == 0                        # 1-3 never tick
    state.apply(Place(cells("F1 G1 H1")))
    state.apply(Place(cells("F9 F10 G10")))
    state.apply(Roll(4))
    assert state.ticks == 1                        # for everybody, before anyone crosses
    assert state.current_player == 0


def test_game_ends_after_the_roll_that_ticks_the_last_box():
    state = hamstern(players=2)
    for names in ("F5 G5", "D5 C5", "H5 H6", "J6 K6", "G3 G2"):  # the 4th chamber last
        turn(state, 2, names, names)
    assert state.hourglass
    for box in range(1, state.layout.round_counter_length + 1):
        state.apply(Roll(6))
        assert state.ticks == box
        for player in range(2):
            assert state.current_player == player  # everybody still uses the last roll
            state.apply(state.legal_actions()[0])
    assert state.current_player == TERMINAL and state.is_over()
    assert state.winners() == [0, 1]  # identical sheets share the win
    refused(state, Roll(3), "error.game_over")


def test_game_ends_when_nobody_can_ever_cross_again():
    """Project ruling H1 (docs/RULES.md): a boxed-in table ends instead of rolling for ever."""
    state = hamstern(side="B")
    turn(state, 1, "G5 H5 I5 G6 H6 I6 H7")  # side B's start chamber but its doors F6 and J6
    assert not state.is_blocked(0)           # one 1-track box left: a 1 can still open a door
    # The sheet after spending that box elsewhere: the doors stay single cells for ever.
    state.struck[0] = state.layout.one_track_length
    assert state.is_blocked(0)
    state.apply(Roll(5))
    assert state.legal_actions() == [PASS]
    state.apply(PASS)
    assert state.is_over() and state.winners() == [0]


def test_scoring_full_chambers_mushrooms_and_acorns():
    state = hamstern()
    turn(state, 1, "F5 G5 H5 F6 G6 H6 F7")
    turn(state, 2, "G7 H7")
    b = state.breakdowns()[0]
    assert (b.chambers, b.mushrooms, b.acorns, b.total) == (3, 2, 0, 5)
    turn(state, 1, "D5 C5 B5")   # d is not full: no chamber points, and no icons crossed
    assert state.scores() == [5]


@pytest.mark.parametrize("acorns, points", [(0, 0), (1, 2), (2, 4), (3, 8), (4, 16)])
def test_acorns_score_2_4_8_16(acorns, points):
    from assistant.games.hamstern.layout import load_layout
    from assistant.games.hamstern.scoring import breakdown

    layout = load_layout("A")
    acorn_cells = sorted(cell for cell, kind in layout.icons.items() if kind == "acorn")
    assert breakdown(layout, layout.mask(acorn_cells[:acorns])).acorns == points


def test_undo_takes_back_a_placement_never_a_roll():
    state = hamstern()
    turn(state, 2, "F5 G5")
    state.apply(Roll(3))
    assert not state.can_undo()
    with pytest.raises(IllegalAction):
        state.undo()
    state.apply(Place(cells("H5 H6 H7")))
    back = state.undo()
    assert back.current_player == 0 and back.roll == 3 and back.crossed[0].bit_count() == 2


def test_chance_node_offers_six_faces_with_values():
    state = hamstern()
    assert state.current_player == CHANCE
    assert [action.value for action in state.legal_actions()] == [1, 2, 3, 4, 5, 6]
    refused(state, Roll(7), "error.hamstern.bad_roll")
    refused(state, Place(cells("F5")), "error.hamstern.roll_first")
    state.apply(Roll(2))
    refused(state, Roll(2), "error.hamstern.already_rolled")


def test_the_state_says_why_the_game_ended():
    """The end screen names the reason; ruling H1 must not look like the usual end."""
    counter = hamstern(players=1)
    for names in ("F5 G5", "D5 C5", "H5 H6", "J6 K6", "G3 G2"):
        turn(counter, 2, names)
    assert counter.end_reason is None
    while not counter.is_over():
        counter.apply(Roll(6) if counter.is_chance_node() else counter.legal_actions()[0])
    assert counter.end_reason == "counter"
    boxed_in = hamstern(side="B")
    turn(boxed_in, 1, "G5 H5 I5 G6 H6 I6 H7")
    boxed_in.struck[0] = boxed_in.layout.one_track_length
    turn(boxed_in, 5, "")
    assert boxed_in.is_over() and boxed_in.end_reason == "blocked"


def test_last_actor_names_whose_placement_undo_takes_back():
    state = hamstern(players=3)
    assert state.last_actor() is None
    state.apply(Roll(2))
    assert state.last_actor() is None  # a roll is never taken back
    state.apply(Place(cells("F5 G5")))
    assert state.last_actor() == 0
    state.apply(Place(cells("F5 G5")))
    assert state.last_actor() == 1
    state.apply(Place(cells("G5 H5")))
    assert state.is_chance_node() and state.last_actor() == 2  # the roll is over, the last seat placed
    assert state.undo().current_player == 2
