"""The one decision handler (assistant/ui/deciding.py) takes nothing a board would not send: forged
or malformed decisions are refused with one line, nothing is saved, nothing raises. And a decision kept
aside that is damaged never locks a game that decides at once (assistant/ahead.py)."""

from __future__ import annotations

import pytest

from assistant import ahead
from assistant.games import get_game
from assistant.games.hamstern import Roll
from assistant.positions import Positions
from assistant.store import Store
from tests.components import BG, BIBER_PAGE, HAMSTERN_PAGE, HS, decide, open_app, open_seat, texts
from tests.hamstern.helpers import hamstern_game


def biber_game(db: Store) -> str:
    state = get_game("biber_gang").new_state(2, seed=1)
    return db.create(state, {"names": ["Ann", "Bo"], "bots": ["human", "human"], "mode": "alone", "speed": "quick"})


def refused_quietly(db: Store, at, game_id: str, saved: int) -> None:
    assert not at.exception, at.exception
    assert db.action_count(game_id) == saved, "a forged decision was saved"


@pytest.mark.parametrize("button, selection", [
    ("tap", ["p-1"]),  # no card of the display named: not "the first card"
    ("tap", ["p²"]),  # "²".isdigit() is True, int("²") raises
    ("swap", ["p99999999999999999999999"]),
    ("tap", ["p0"] * 65),
    ("tap", [{"part": "p0"}]),
    (None, ["p0"]),
    ("t" * 41, []),
])
def test_a_forged_biber_gang_decision_is_refused(db, button, selection):
    game_id = biber_game(db)
    at = open_app(BIBER_PAGE, game=game_id)
    decide(at, BG, button, selection)
    refused_quietly(db, at, game_id, 0)


@pytest.mark.parametrize("selection", [["4-99999999999999999999999999999999999"], ["4-5", "4-²"], ["-1--1", "4-6"]])
def test_a_forged_hamstern_placement_is_refused_with_its_reason(db, selection):
    game_id = hamstern_game(db, names=("Ann", "Ben"), rolls=(2,))
    at = open_app(HAMSTERN_PAGE, game=game_id)
    decide(at, HS, "confirm", selection)
    refused_quietly(db, at, game_id, 1)
    assert at.get("bidi_component"), "the board is still there"


def test_the_app_does_not_roll_where_real_dice_are_played(db):
    game_id = hamstern_game(db, names=("Ann", "Ben"))  # real dice: every roll is entered
    token = db.seat_links(game_id, [0, 1])[1].token
    phone = open_seat(token)
    decide(phone, HS, "roll")  # the board offered die faces, never the app's roll
    refused_quietly(db, phone, game_id, 0)
    decide(phone, HS, "die-4")
    assert db.load(game_id).state.history == [Roll(4)]


def test_a_damaged_decision_kept_aside_is_dropped_and_the_game_goes_on(db):
    game_id = hamstern_game(db, names=("Ann", "Ben", "Cid"), rolls=(2,))
    live = Positions(db)
    with db._connect() as connection:  # as a damaged file would hold them
        connection.execute("INSERT INTO pending (game_id, seat, roll, action) VALUES (?, 1, 1, '{{{')", (game_id,))
        connection.execute("INSERT INTO pending (game_id, seat, roll, action) VALUES (?, 2, 1, ?)",
                           (game_id, '{"cross": [[4, 5], [4, 1000000000000000000000], [4, 7]]}'))
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert not at.exception, at.exception
    first = live.latest(game_id).state.legal_actions_for(0)[0]
    after = ahead.take_in(live, live.save(live.latest(game_id), first))
    assert len(after.actions) == 2 and set(db.pending(game_id)) == {2}  # Ann's placement; Ben's row dropped
    assert ahead.kept_aside(live, after) == {}  # Cid's damaged row counts for nothing: Ben and Cid decide again
    assert not after.state.is_chance_node() and after.state.current_player == 1
    at.run()
    assert not at.exception and "Ben" in texts(at)
    cid = after.state.legal_actions_for(2)[0]
    ahead.decide_ahead(live, after, 2, cid)  # Cid decides again, in place of the damaged row
    assert ahead.kept_aside(live, live.latest(game_id)) == {2: cid}


def test_a_refusal_goes_once_the_game_moved_on_elsewhere(db):
    game_id = hamstern_game(db, names=("Ann", "Ben"), rolls=(2,))
    first, second = open_app(HAMSTERN_PAGE, game=game_id), open_app(HAMSTERN_PAGE, game=game_id)
    decide(first, HS, "confirm", ["0-0", "0-1"])  # outside the start chamber: refused with its reason
    reason = "go into the start chamber in the middle"
    assert reason in texts(first)
    first.run()
    assert reason in texts(first), "a redraw of the same picture keeps the reason"
    placement = db.load(game_id).state.legal_actions_for(0)[0]
    decide(second, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])  # Ann, on the other tab
    first.run()
    assert reason not in texts(first) and db.action_count(game_id) == 2
