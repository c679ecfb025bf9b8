"""Hamsterdam undo, moves as JSON, saved games, the log and the rules panel, with positions laid out
by hand with ``rig`` as in test_rules.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from assistant import CHANCE, IllegalAction, i18n
from assistant.games.hamsterdam import HamsterdamGame, Move, Roll
from assistant.games.hamsterdam.actions import ACCEPT, BREACH, DONE, GO_ON, STAY, action_from_data
from assistant.games.hamsterdam.cards import HAMSTER, LEFT
from assistant.games.hamsterdam.log import game_log, log_text
from tests.hamsterdam.helpers import play_hamsterdam_setup as play_setup

GAME = HamsterdamGame()
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"
H = HAMSTER


# --- undo, refusals, saving, the log -----------------------------------------------------------
def test_undo_takes_back_a_players_own_decision_until_the_dice_are_rolled():
    state = GAME.new_state(2, seed=3, mode="classic")
    while not (state.phase == "place" and len(state.hand[state.current_player]) == 1 and state.queue[1:] == []):
        state.apply(state.chance_outcome() if state.is_chance_node() else state.legal_actions()[-1])
    before, player = state.to_json(), state.current_player
    state.apply(state.legal_actions()[0])  # the last hamster placed: next comes the first roll
    assert state.current_player == CHANCE and state.last_actor() == player and state.undo().to_json() == before
    state.apply(state.chance_outcome())
    with pytest.raises(IllegalAction) as error:
        state.undo()
    assert error.value.key == "error.hamsterdam.cannot_undo"


def test_moves_read_and_write_json_and_read_well():
    for move in (Move("pass", cards=(2, 12)), Move("lay", at=7), Move("keep", cards=("blobster", "physicster")),
                 Move("put", "turned:physicster", 3), Move("clear", H, 0), DONE, Move("plug", "whack-a-mole"),
                 BREACH[LEFT], Move("sacrifice", H), Move("move", H, 3, 4), STAY, Roll(2, 5), ACCEPT, GO_ON,
                 Move("dice", cards=(6, 1)), Move("use", "huckster", 2, 4, (1, 3)), Move("use", "janitster"),
                 Move("use", "copycatster", 2, 5, (1, 1)), Move("put", "marked:cheekster", 0)):
        assert GAME.action_from_json(move.to_json()) == move and str(move)
    assert str(Move("put", "whack-a-mole", 3)) == "Whack-a-Mole onto position 4"
    assert str(Move("plug", "turned:physicster")) == "Plug the flood: Physicster, turned"
    assert str(Move("use", "huckster", 2, 4, (1, 3))) == "Huckster: player 2's hamster from position 4 to position 5"
    assert str(Move("use", "copycatster", 2, 5, (1, 1))) == "Copycatster as Bombster: a flood at position 6 of player 2"
    for bad in ({"move": "put", "piece": "dragon", "at": 1}, {"move": "fly"}, {"move": "pass", "cards": [1, 2]},
                {"move": "stay", "at": 2}, [], {"move": "keep", "cards": ["dragon"]}, {"move": "dice", "cards": [0, 7]},
                {"move": "use", "piece": "buffster", "at": 0, "to": -1, "cards": [99]}, {"move": "use", "piece": "x"}):
        with pytest.raises(ValueError):
            action_from_data(bad)


def test_a_saved_game_gives_the_same_future_and_tampered_text_is_refused():
    state = play_setup(GAME.new_state(2, seed=9))
    text = state.to_json()
    loaded = GAME.from_json(text)
    assert loaded == state and loaded.chance_outcome() == state.chance_outcome()
    assert loaded.legal_actions() == state.legal_actions()
    record = json.loads(text)
    record["actions"][0] = {"move": "pass", "cards": [2, 2]}
    with pytest.raises(ValueError, match="saved action 1"):
        GAME.from_json(json.dumps(record))
    with pytest.raises(ValueError):
        GAME.from_json(text[:-3])


def test_the_log_tells_the_floods_and_the_breaches_in_both_languages():
    state = GAME.new_state(2, seed=3)
    play_setup(state)
    state.apply(Roll(3, 4))
    events = game_log(state)
    assert events[0][0] == "log.hamsterdam.passed_both" and events[-1][0] != "log.hamsterdam.roll"
    assert "to the other player" in log_text(events[0], "en", ["Ann", "Bo"])  # two players: no left or right
    assert any(key == "log.hamsterdam.roll" and values["value"] == 7 for key, values in events)
    for event in events:
        english, german = log_text(event, "en", ["Ann", "Bo"]), log_text(event, "de", ["Ann", "Bo"])
        assert english != german and "{" not in english + german and "log." not in english



def test_every_ruling_has_a_line_for_the_rules_panel_in_both_languages():
    section = RULES_MD.read_text("utf-8").split("## Hamsterdam", 1)[1].split("\n## ", 1)[0]
    rulings = re.findall(r"^\| (D\d+) \|", section, flags=re.M)
    assert rulings == [f"D{n}" for n in range(1, len(rulings) + 1)] and len(rulings) >= 15
    for lang in ("en", "de"):
        shown = " ".join(text for key, text in i18n.catalogue(lang).items() if key.startswith("rules.hamsterdam."))
        assert sorted(set(re.findall(r"\bD\d+\b", shown)), key=lambda ruling: int(ruling[1:])) == rulings, lang


def test_the_log_names_a_special_only_when_one_acts():
    plain = ("log.hamsterdam.move_cleared", {"player": 0, "piece": HAMSTER, "value": 7})
    special = ("log.hamsterdam.move_cleared", {"player": 0, "piece": "blobster", "value": 7})
    assert log_text(plain, "en", ["Ann"]) == ("Ann moves a hamster onto the flood token on card 7: the hamster "
                                              "leaves the game, the token goes back to the supply.")
    assert "Blobster" in log_text(special, "en", ["Ann"]) and "hamster (" not in log_text(special, "en", ["Ann"])
    assert log_text(plain, "de", ["Ann"]).startswith("Ann zieht einen Hamster auf den Flutmarker")
