"""The roll for the start player on the board: each start roll made so far (its dice and sum, per
player) while the others still roll, and who starts once that is decided (a play-test found the
board jumping straight to the next roller, the roll shown nowhere but the log)."""

from __future__ import annotations

import re

from tests.components import assert_shows, board_html, board_text, decide, open_app
from tests.hamsterdam.helpers import new_state, saved

PAGE = "hamsterdam"
HD = "hd-board"


def start_box(at) -> str:
    found = re.search(r'<div class="hd-start">(.*?)</div></div><div class="tb-modes">', board_html(at, HD), flags=re.S)
    return found.group(1) if found else ""


def test_the_start_rolls_so_far_and_who_starts_are_on_the_board(db):
    game = new_state(2, 6, "classic")
    assert game.phase == "start_roll"
    game_id = saved(db, game, bots=("human", "human"), names=["Ann", "Bo"], mode="together", dice="real")
    at = open_app(PAGE, game=game_id)
    assert "Ann:" not in board_text(at, HD)  # nobody rolled yet: no roll to show
    decide(at, HD, "enter", ["a5", "b2"])  # Ann's real dice: 5 and 2
    assert db.load(game_id).state.start_rolls == [7, None]
    assert_shows(at, HD, "Ann: 7")
    assert 'aria-label="2"' in start_box(at) and 'aria-label="5"' in start_box(at)  # her dice, drawn
    assert_shows(at, HD, "Bo rolls for the start player.")
    decide(at, HD, "enter", ["a1", "b2"])  # Bo: 3, so Ann starts
    # The placing begins: one line says who starts (a phone on its side needs the screen for the dam).
    assert_shows(at, HD, "Ann starts.")
    assert "Bo: 3" not in board_text(at, HD)


def test_the_start_rolls_in_german(db):
    game = new_state(2, 6, "classic")
    game_id = saved(db, game, bots=("human", "human"), names=["Ann", "Bo"], mode="together", dice="real")
    at = open_app(PAGE, game=game_id, lang="de")
    decide(at, HD, "enter", ["a6", "b6"])
    assert_shows(at, HD, "Ann: 12")
    decide(at, HD, "enter", ["a1", "b1"])
    assert_shows(at, HD, "Ann beginnt.")
