"""Hamstern decided per seat on phones, through AppTest: a placement confirmed ahead of its turn waits,
the table device leaves a phone's seat to the phone, and a phone rolls the app's die only."""

from __future__ import annotations

from assistant import ahead
from assistant.games import get_game
from assistant.positions import Positions
from tests.components import (
    HAMSTERN_PAGE,
    HS,
    assert_shows,
    board_data,
    decide,
    marked,
    message,
    open_app,
    open_seat,
    texts,
)
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


def faces(at) -> list[str]:
    return [b["id"] for b in board_data(at, HS)["buttons"] if b["id"].startswith("die-")]


def test_with_the_apps_die_no_face_is_offered_or_taken_anywhere(db, monkeypatch):
    """Ruling H4: a face tapped would choose the roll (the best scores kept alone, the comparison with
    the hard bot on the same rolls); with the app's die the table and the phones only roll."""
    game_id = db.create(get_game("hamstern").new_state(2, seed=3, side="A"), {"names": ["Ann", "Ben"], "dice": "app"})
    token = db.seat_links(game_id, [0, 1])[1].token
    phone, table = open_seat(token), open_app(HAMSTERN_PAGE, game=game_id)
    for at in (phone, table):
        assert "roll" in [b["id"] for b in board_data(at, HS)["buttons"]] and not faces(at)
    decide(table, HS, "die-6")  # a face the board never drew: refused before the game hears of it
    assert db.load(game_id).state.history == []
    # Had a board offered it by mistake, the game itself would still refuse the face.
    monkeypatch.setattr("assistant.ui.components.was_offered", lambda key, decision: None)
    decide(table, HS, "die-6")
    assert db.load(game_id).state.history == [] and message(table, HS) == "That cannot be done now."
    decide(phone, HS, "die-6")
    assert db.load(game_id).state.history == []
    decide(table, HS, "roll")
    assert len(db.load(game_id).state.history) == 1


def test_with_real_dice_the_faces_are_entered_at_the_table_and_on_phones(db):
    game_id = hamstern_game(db)  # real dice
    token = db.seat_links(game_id, [0, 1])[1].token
    phone, table = open_seat(token), open_app(HAMSTERN_PAGE, game=game_id)
    for at in (phone, table):
        assert faces(at) == [f"die-{value}" for value in range(1, 7)]
        assert "roll" not in [b["id"] for b in board_data(at, HS)["buttons"]]
    decide(phone, HS, "die-5")
    assert [roll.value for roll in db.load(game_id).state.history] == [5]


def test_a_hint_at_the_table_is_gone_once_its_seat_confirmed(db):
    """Play-test: Cy's hint stayed drawn on Bo's and then Ann's sheet at the table after Cy confirmed.
    A hint belongs to the seat and the picture it was asked for."""
    game_id = hamstern_game(db, names=("Ann", "Bo", "Cy"), rolls=(2,))
    links = db.seat_links(game_id, [0, 1, 2])
    phones = [open_seat(links[seat].token) for seat in (0, 1)]  # Ann and Bo on their phones, Cy at the table
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert_shows(at, HS, "Cy, your turn")
    decide(at, HS, "hint")
    hinted = marked(at, HS, "tb-hint")
    assert hinted and message(at, HS, "hint-text")  # the hint is drawn for Cy
    decide(at, HS, "confirm", sorted(hinted))  # Use the hint selects its cells; Cross confirms them
    assert set(db.pending(game_id)) == {2}
    assert_shows(at, HS, "Waiting for: Ann, Bo")
    assert marked(at, HS, "tb-hint") == set() and message(at, HS, "hint-text") == ""
    for seat, phone in enumerate(phones):  # Ann and Bo place: the next roll, Ann's sheet at the table
        cells = [f"{r}-{c}" for r, c in sorted(db.load(game_id).state.legal_actions_for(seat)[0].cells)]
        decide(phone, HS, "confirm", cells)
    at.run()
    assert "die-1" in [b["id"] for b in board_data(at, HS)["buttons"]]  # rolling (real dice)
    assert marked(at, HS, "tb-hint") == set() and message(at, HS, "hint-text") == ""
