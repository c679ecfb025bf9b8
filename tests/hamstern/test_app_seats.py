"""Hamstern decided per seat on phones, through AppTest: a placement confirmed ahead of its turn waits,
the table device leaves a phone's seat to the phone, and a phone rolls the app's die only."""

from __future__ import annotations

from assistant import ahead
from assistant.games import get_game
from assistant.positions import Positions
from tests.components import HAMSTERN_PAGE, HS, assert_shows, board_data, decide, open_app, open_seat, texts
from tests.hamstern.helpers import hamstern_game


def test_a_phone_places_ahead_of_its_turn_and_waits(db):
    game_id = hamstern_game(db, rolls=(2,))
    token = db.seat_links(game_id, [0, 1])[1].token
    at = open_seat(token)
    placement = db.load(game_id).state.legal_actions_for(1)[0]
    decide(at, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])
    assert set(db.pending(game_id)) == {1}
    assert_shows(at, HS, "Waiting for: Ann")
    assert "take_back" in [b["id"] for b in board_data(at, HS)["buttons"]]
    decide(at, HS, "take_back")
    assert db.pending(game_id) == {}


def test_the_table_device_leaves_a_phone_seat_to_the_phone(db):
    game_id = hamstern_game(db, names=("Ann", "Ben", "Cid"), rolls=(2,))
    links = db.seat_links(game_id, [0, 1, 2])
    db.open_link(links[0].token)  # Ann is on her phone: the table decides for Ben first
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_shows(at, HS, "Ben, your turn")
    placement = db.load(game_id).state.legal_actions_for(1)[0]
    decide(at, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])
    assert set(db.pending(game_id)) == {1}
    assert_shows(at, HS, "Cid, your turn")


def test_the_table_device_does_not_undo_a_placement_made_on_a_phone(db):
    game_id = hamstern_game(db, names=("Ann", "Ben"), rolls=(2,))
    links = db.seat_links(game_id, [0, 1])
    db.open_link(links[1].token)
    live = Positions(db)
    position = live.latest(game_id)
    ahead.decide_ahead(live, position, 1, position.state.legal_actions_for(1)[0])  # Ben, on his phone
    at = open_app(HAMSTERN_PAGE, game=game_id)
    placement = position.state.legal_actions_for(0)[0]
    decide(at, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])  # Ann, at the table
    assert db.action_count(game_id) == 3  # the roll, Ann's, Ben's
    assert "undo" not in [b["id"] for b in board_data(at, HS)["buttons"]]  # Ben's is his phone's to take back
    phone = open_seat(links[1].token)
    assert "take_back" in [b["id"] for b in board_data(phone, HS)["buttons"]]


def test_a_second_confirm_from_a_phone_is_ignored_quietly(db):
    game_id = hamstern_game(db, names=("Ann", "Ben", "Cid"), rolls=(2,))
    token = db.seat_links(game_id, [0, 1, 2])[1].token
    at = open_seat(token)
    cells = [f"{r}-{c}" for r, c in sorted(db.load(game_id).state.legal_actions_for(1)[0].cells)]
    decide(at, HS, "confirm", cells)
    decide(at, HS, "confirm", cells)  # an impatient second tap, sent before the first was answered
    assert set(db.pending(game_id)) == {1}
    assert "already decided" not in texts(at) and board_data(at, HS)["selected"] == []


def test_a_phone_rolls_the_app_die_but_enters_no_face_of_its_own(db):
    game_id = db.create(get_game("hamstern").new_state(2, seed=3, side="A"), {"names": ["Ann", "Ben"], "dice": "app"})
    token = db.seat_links(game_id, [0, 1])[1].token
    buttons = [b["id"] for b in board_data(open_seat(token), HS)["buttons"]]
    assert "roll" in buttons and not [b for b in buttons if b.startswith("die-")]
    table = [b["id"] for b in board_data(open_app(HAMSTERN_PAGE, game=game_id), HS)["buttons"]]
    assert "die-6" in table  # at the table a real die may always be entered (ruling H4)
