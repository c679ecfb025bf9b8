"""Seats on phones through AppTest: the join panel on the table device (QR codes, links, withdraw,
new link), the page a link opens. Each game decided per seat on phones is in tests/<game>/test_app_seats.py."""

from __future__ import annotations

from tests.components import HAMSTERN_PAGE, HS, assert_shows, decide, open_app, open_seat, texts, top_links
from tests.hamstern.helpers import hamstern_game


def test_the_table_device_makes_a_link_and_a_qr_code_per_seat(db):
    game_id = hamstern_game(db, names=("Ann", "**Ben**"))
    at = open_app(HAMSTERN_PAGE, game=game_id)
    assert not db.seat_links_issued(game_id)  # nothing issued until the table asks
    at.button(key="phones-make").click().run()
    links = db.seat_links(game_id, [0, 1])
    qr_codes = [e.value for e in at.markdown if "segno" in e.value]
    assert len(qr_codes) == 2 and all("<svg" in code and "<path" in code for code in qr_codes)
    shown = [e.value for e in at.code]
    assert [url.split("/seat?t=")[1].split("&")[0] for url in shown] == [links[0].token, links[1].token]
    assert "\\*\\*Ben\\*\\*" in [m.value for m in at.markdown][-1] or "\\*\\*Ben\\*\\*" in texts(at)


def test_withdraw_and_new_link_from_the_table_device(db):
    game_id = hamstern_game(db)
    old = db.seat_links(game_id, [0, 1])[1].token
    at = open_app(HAMSTERN_PAGE, game=game_id)
    at.button(key="phones-withdraw-1").click().run()
    assert db.open_link(old) is None
    assert "Link withdrawn" in texts(at)
    at.button(key="phones-new-1").click().run()
    new = db.seat_links(game_id, [0, 1])[1].token
    assert new != old and any(new in e.value for e in at.code)


def test_a_link_opens_its_seat_and_nothing_else(db):
    game_id = hamstern_game(db, rolls=(3,))
    token = db.seat_links(game_id, [0, 1])[1].token
    at = open_seat(token)
    assert "You play Ben" in texts(at)
    assert_shows(at, HS, "Your sheet")
    assert db.seats_on_phones(game_id) == {1}
    assert not at.get("page_link") and not top_links(at)  # no way from a phone to the other pages


def test_an_unknown_or_withdrawn_link_is_one_clear_line(db):
    at = open_seat("nothing-like-a-token")
    assert "This seat link was withdrawn or never existed" in texts(at)
    assert not at.exception
    at = open_seat("<b>x</b>")
    assert "withdrawn or never existed" in texts(at)
    game_id = hamstern_game(db)
    token = db.seat_links(game_id, [0])[0].token
    db.withdraw_link(game_id, 0)
    at = open_seat(token, lang="de")
    assert "zurückgezogen" in texts(at)


def test_a_phone_whose_link_was_withdrawn_meanwhile_cannot_act(db):
    game_id = hamstern_game(db, rolls=(2,))
    token = db.seat_links(game_id, [0, 1])[1].token
    at = open_seat(token)
    db.withdraw_link(game_id, 1)  # while the phone slept, its page still on screen
    placement = db.load(game_id).state.legal_actions_for(1)[0]
    decide(at, HS, "confirm", [f"{r}-{c}" for r, c in sorted(placement.cells)])
    assert db.pending(game_id) == {} and db.action_count(game_id) == 1
    assert "withdrawn or never existed" in texts(at)
