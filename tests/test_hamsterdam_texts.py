"""Texts that name a dam card: a dam can show a value twice (passing brings a second copy), and then the
log names the card with its position too, the number the board prints under it (issue 12)."""

from __future__ import annotations

import random

from assistant import i18n
from assistant.bots.hamsterdam import EasyBot
from assistant.games.hamsterdam import Move, Roll
from assistant.games.hamsterdam.actions import STAY
from assistant.games.hamsterdam.cards import named_card
from assistant.games.hamsterdam.log import log_text
from tests.helpers import rig_hamsterdam as rig

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
    assert "Ann moves a hamster onto the flood token on card 10 (position 9): both leave the game." in told(state)
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], stacks=[{2: [H]}, {}], tokens=[{8: 1}, {}], turns=11)
    state.tokens[0][7] = 1  # on the left 10 as well
    state.supply -= 1
    state._log = []
    state.apply(Roll(6, 6))
    while state.phase == "move":
        state.apply(STAY)
    state.apply(Move("clear", H, 7))
    assert "Ann clears the flood token on card 10 (position 8): a hamster leaves the game." in told(state)


def test_named_card_gives_the_position_only_for_a_value_shown_twice():
    assert named_card(TWO_TENS, 8) == {"value": 10, "value_at": 8}
    assert named_card(TWO_TENS, 6, "start") == {"start": 8}


def test_the_hint_for_a_move_between_two_tens_names_their_positions():
    state = rig(mode="full", dams=[TWO_TENS, list(range(2, 13))], turns=3)
    state.stacks[0] = [[H, H] for _ in TWO_TENS]
    state.stacks[0][7], state.stacks[0][8] = [H, H, H], []  # three on the left 10, none on the right one
    state.apply(Roll(6, 6))
    advice = EasyBot().advise(state.view(0), state.legal_actions(), random.Random(1))
    assert advice.action == Move("move", H, 7, 8)
    assert i18n.t(advice.reason, "en", **advice.params).startswith(
        "Move hamster from the 10 (position 8) to the 10 (position 9): ")
