"""Texts that name a dam card: a dam can show a value twice (passing brings a second copy), and then the
log names the card with its position too, the number the board prints under it (issue 12)."""

from __future__ import annotations

import random

import pytest

from assistant import IllegalAction, i18n
from assistant.bots.hamsterdam import EasyBot
from assistant.games.hamsterdam import Move, Roll
from assistant.games.hamsterdam.actions import ACCEPT, STAY
from assistant.games.hamsterdam.cards import named_card
from assistant.games.hamsterdam.log import log_text
from assistant.ui.hamsterdam.decisions import Board
from assistant.ui.hamsterdam.play import _doing, _move_button, _told_apart
from tests.hamsterdam.helpers import rig_hamsterdam as rig

H = "hamster"
NAMES = ["Ann", "Bo"]
TWO_TENS = [2, 3, 4, 5, 6, 7, 8, 10, 10, 11, 12]  # a 9 passed away, a second 10 received: positions 8 and 9


def told(state, lang: str = "en") -> list[str]:
    return [log_text(event, lang, NAMES) for event in state._log]


def test_a_move_between_two_cards_of_the_same_value_names_their_positions():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{}, {11: [H]}], turns=3)
    state.stacks[0][7] = [H]  # the left 10
    state._log = []
    state.apply(Roll(6, 6))
    state.apply(Move("move", H, 7, 8))
    assert "Ann moves a hamster from card 10 (position 8) to card 10 (position 9)." in told(state)
    assert "Ann zieht einen Hamster von Karte 10 (Position 8) auf Karte 10 (Position 9)." in told(state, "de")
    state.apply(Move("move", H, 9, 8))
    assert "Bo moves a hamster from card 11 to card 10." in told(state)  # values shown once: no positions


def test_a_flood_at_a_value_shown_twice_names_each_card():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{}, {10: [H]}])
    state.stacks[0][8] = [H]
    state._log = []
    state.apply(Roll(4, 6))
    lines = told(state)
    assert "Ann gets a flood token on card 10 (position 8)." in lines
    assert "Ann plugs the flood at card 10 (position 9) with a hamster." in lines
    assert "Bo plugs the flood at card 10 with a hamster." in lines  # one 10 on Bo's dam


def test_clearing_and_moving_onto_a_token_name_the_card_shown_twice():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], turns=3)
    state.stacks[0][7] = [H]
    state.tokens[0][8] = 1  # on the right 10
    state.supply -= 1
    state._log = []
    state.apply(Roll(6, 6))
    state.apply(Move("move", H, 7, 8))
    assert ("Ann moves a hamster onto the flood token on card 10 (position 9): the hamster leaves the game, the token "
            "goes back to the supply.") in told(state)
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{2: [H]}, {}], tokens=[{8: 1}, {}], turns=11)
    state.tokens[0][7] = 1  # on the left 10 as well
    state.supply -= 1
    state._log = []
    state.apply(Roll(6, 6))
    while state.phase == "move":
        state.apply(STAY)
    state.apply(Move("clear", H, 7))
    assert ("Ann clears the flood token on card 10 (position 8): a hamster leaves the game, the token goes back to "
            "the supply.") in told(state)


def test_named_card_gives_the_position_only_for_a_value_shown_twice():
    assert named_card(TWO_TENS, 8) == {"value": 10, "value_at": 8}
    assert named_card(TWO_TENS, 6, "start") == {"start": 8}


def test_the_hint_for_a_move_between_two_tens_tells_them_apart_by_side():
    """A hint names cards as the table's buttons do, by their numbers (issue 23): two 10s are the left
    and the right one."""
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], turns=3)
    state.stacks[0] = [[H, H] for _ in TWO_TENS]
    state.stacks[0][7], state.stacks[0][8] = [H, H, H], []  # three on the left 10, none on the right one
    state.apply(Roll(6, 6))
    advice = EasyBot().advise(state.view(0), state.legal_actions(), random.Random(1))
    assert advice.action == Move("move", H, 7, 8)
    assert i18n.t(advice.reason, "en", **advice.params).startswith(
        "Move hamster from the 10 (left) to the 10 (right): ")
    assert i18n.t(advice.reason, "de", **advice.params).startswith(
        "Ziehe Hamster von der 10 (links) auf die 10 (rechts): ")


# --- refusals and the status line name the card with its position (issue 12), the hints by side (issue 23) ---
ENDS_TEN = [10, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # a 2 passed away, a second 10 received: positions 1 and 9


def placing(tokens=(), flipped=()) -> object:
    """Seat 0 placing on TWO_TENS, with flood tokens and flipped cards at these positions."""
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))])
    for pos in tokens:
        state.tokens[0][pos] = 1
    for pos in flipped:
        state.flipped[0][pos] = True
    state.start_phase("place", [0, 1])
    state.hand = [[H, H], [H]]
    state._legal = None
    return state


def refusal(state, move, lang: str = "en") -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(move)
    return error.value.message(lang)


def test_refusals_name_the_position_of_a_card_whose_value_the_dam_shows_twice():
    state = placing(tokens=[8], flipped=[7])
    assert refusal(state, Move("put", H, 7)).startswith("Card 10 (position 8) is flipped by a dam breach")
    assert refusal(state, Move("put", H, 8)).startswith("A flood token lies on card 10 (position 9):")
    assert refusal(state, Move("put", H, 8), "de").startswith("Auf Karte 10 (Position 9) liegt ein Flutmarker")
    assert refusal(state, Move("clear", H, 0)) == "No flood token lies on card 2."  # a 2 shown once
    assert refusal(state, Move("clear", H, 7)) == "No flood token lies on card 10 (position 8)."
    moving = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{2: [H]}, {2: [H]}], turns=3)
    moving.apply(Roll(6, 6))
    assert refusal(moving, Move("move", H, 8, 9)) == "No hamster on card 10 (position 9)."


def flood_at_the_right_ten():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{}, {}])
    state.stacks[0][8] = [H, "momster"]  # two kinds of piece: the player chooses which plugs
    state.apply(Roll(4, 6))
    assert state.phase == "flood" and state.floods[0] == (0, 8)
    return state


def test_a_flood_at_a_value_shown_twice_is_named_with_its_position_on_the_table_and_in_a_refusal():
    state = flood_at_the_right_ten()
    assert refusal(state, ACCEPT).startswith("A hamster stands on card 10 (position 9): it must plug")
    assert _doing(state.view(0), "Ann", NAMES) == "Flood at card 10 (position 9) of Ann's dam."


def test_buttons_of_two_specials_on_two_cards_of_one_value_tell_them_apart_by_side():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))])
    view = state.view(0) | {"deciding": 0}
    board = Board("none", [], extra=[("x0", Move("use", "buffster", 7)), ("x1", Move("use", "buffster", 8))])
    specs = _told_apart([_move_button(b, move, view) for b, move in board.extra], board, view)
    assert [spec["label"] for spec in specs] == ["Buffster: turn both dice over, on card 10 (left)",
                                                 "Buffster: turn both dice over, on card 10 (right)"]


def advice_text(state, lang: str = "en") -> str:
    advice = EasyBot().advise(state.view(state.current_player), state.legal_actions(), random.Random(1))
    return i18n.t(advice.reason, lang, **advice.params)


def test_the_hints_to_put_clear_and_flip_tell_apart_a_card_shown_twice():
    others = [pos for pos in range(11) if pos not in (7, 8)]
    assert advice_text(placing(flipped=others)).startswith("Put hamster on the 10 (left): ")
    assert advice_text(placing(tokens=[7, 8], flipped=others)).startswith(
        "Clear the flood token on the 10 (left) with hamster:")
    breaking = rig(mode="full", dams=[ENDS_TEN, list(range(2, 13))], piles=[2, 0], tokens=[{7: 1}, {}],
                   stacks=[{}, {7: [H]}])
    breaking.apply(Roll(3, 4))
    assert breaking.phase == "breach"
    assert advice_text(breaking) == ("Flip the left end of the dam, the 10 (left): it floods on 3 of 36 rolls, "
                                     "and once flipped it floods no more.")
    assert advice_text(breaking, "de").startswith("Das linke Ende des Damms umdrehen, die 10 (links): Sie flutet bei 3")
