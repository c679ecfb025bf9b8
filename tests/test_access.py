"""Who a device is (assistant/ui/access.py, assistant/store_keys.py): the table key, the middleware
that hands it to a paired tablet as a cookie, and the pages a device that is not the table reaches."""

from __future__ import annotations

import asyncio

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash

from assistant.ui import access
from tests.components import APP, SEAT_PAGE, open_app, texts, top_links
from tests.hamstern.helpers import hamstern_game

# Taken before tests/conftest.py stands AppTest in for the laptop by replacing it.
REAL_CONNECTION_IS_LOCAL = access.connection_is_local
TABLE_PAGES = ["hamstern", "hamsterdam", "biber-gang", "hamsterbacke", "moemmen", "print", "score-check", "learn"]


def test_one_key_in_force_and_a_new_one_revokes_it(db):
    key = db.table_key()
    assert db.table_key() == key and db.is_table_key(key)
    for wrong in (None, 5, [key], key.upper(), key[:-1], key + "a", "", "x" * 16):
        assert not db.is_table_key(wrong)
    assert db.table_key_used() is None
    db.note_table_key_used(key)
    assert db.table_key_used() is not None
    new = db.new_table_key()
    assert new != key and db.is_table_key(new) and not db.is_table_key(key)
    assert db.table_key_used() is None  # the new key has not paired anything yet


@pytest.mark.parametrize("host, local", [("127.0.0.1", True), ("::1", True), (None, True), ("127.0.0.2", True),
                                         ("192.168.1.20", False), ("10.0.0.1", False), ("fe80::1%eth0", False),
                                         ("localhost.evil", False), ("", True), ("::ffff:127.0.0.1", True),
                                         ("::ffff:192.168.1.20", False)])
def test_a_connection_from_the_laptop_itself(host, local):
    assert access.is_loopback(host) is local


@pytest.mark.parametrize("address, local", [(None, True), ("::ffff:127.0.0.1", True), ("192.168.1.20", False),
                                            ("::ffff:192.168.1.20", False)])
def test_the_laptops_own_browser_is_the_table_on_a_server_listening_on_ipv6_too(monkeypatch, address, local):
    """`streamlit run` listens on IPv6 and IPv4 at once: the laptop's browser at 127.0.0.1 comes as
    ::ffff:127.0.0.1, which Streamlit does not count as local (st.context.ip_address gives it)."""
    class Context:
        ip_address = address

    monkeypatch.setattr(access.st, "context", Context())
    assert REAL_CONNECTION_IS_LOCAL() is local


def _request(query: bytes, client=("192.168.1.30", 5000), host=b"192.168.1.20:8501", path="/") -> list:
    """The response headers the middleware lets through for a GET with ``query`` (a refusal: its status)."""
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/html")]})
        await send({"type": "http.response.body", "body": b""})

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "query_string": query, "client": client,
             "headers": [(b"host", host)]}
    asyncio.run(access.TableKeyMiddleware(app)(scope, None, send))
    return sent[0]["headers"] if sent[0]["status"] == 200 else sent[0]["status"]


def test_a_public_host_name_and_the_metrics_are_refused(db):
    """A web page open on the laptop must not reach the app by a name of its own (DNS rebinding); the
    server's metrics are the laptop's only."""
    for host in (b"evil.example:8501", b"evil.com", b""):
        assert _request(b"", host=host) == 403, host
    for host in (b"localhost:8501", b"192.168.1.20:8501", b"[::1]:8501", b"laptop:8501", b"laptop.local:8501"):
        assert _request(b"", host=host) != 403, host
    assert _request(b"", path="/_stcore/metrics") == 403
    assert _request(b"", path="/_stcore/metrics", client=("127.0.0.1", 5000)) != 403


def test_the_table_link_sets_the_key_as_a_cookie_and_nothing_else_does(db):
    key = db.table_key()
    headers = dict(_request(f"key={key}&lang=de".encode()))
    cookie = headers[b"set-cookie"].decode()
    assert cookie.startswith(f"ht_table={key};") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert db.table_key_used() is not None  # a tablet used it: the laptop stops pressing the code on it
    for query in (b"", b"key=", b"key=aaaaaaaaaaaaaaaa", b"key=%00%ff", b"lang=en", b"key=" + key.upper().encode()):
        assert b"set-cookie" not in dict(_request(query)), query
    db.new_table_key()
    assert b"set-cookie" not in dict(_request(f"key={key}".encode()))


def test_a_device_that_is_not_the_table_sees_how_to_join_on_every_page(db, monkeypatch):
    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    game_id = hamstern_game(db)
    for page in [None, *TABLE_PAGES]:
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params["game"] = game_id
        at.run()
        if page:
            at._page_hash = calc_hash(page)
            at.run()
        assert not at.exception
        assert at.title[0].value == "Join the table" and not at.get("page_link") and not top_links(at), page
        assert not at.get("bidi_component") or all('"board"' not in e.proto.json[:20] for e in at.get("bidi_component"))
    # A seat link still opens its seat.
    token = db.seat_links(game_id, [0, 1])[1].token
    at = open_app(SEAT_PAGE, t=token)
    assert "You play Ben" in texts(at)


def test_the_table_key_in_the_address_makes_the_device_the_table_and_leaves_the_address(db, monkeypatch):
    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    at = open_app(key=db.table_key())
    assert at.title[0].value == "Hamster Table" and top_links(at)
    assert "key" not in at.query_params
    at = open_app(key="a" * 16)
    assert at.title[0].value == "Join the table"


def test_a_revoked_tablet_is_shut_out_at_its_next_act(db, monkeypatch):
    """The page already open on a tablet whose key was replaced: its next decision, button or fragment run
    does nothing but send it to the join page."""
    from tests.components import HAMSTERN_PAGE, HS, boards, decide, switch_page

    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    game_id = hamstern_game(db, rolls=(3,))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["key"], at.query_params["game"] = db.table_key(), game_id
    at.run()  # Home: the first run lets the tablet in
    at.query_params["key"] = db.table_key()  # as its cookie would, on the next page's run
    switch_page(at, HAMSTERN_PAGE).run()
    assert not at.exception and boards(at)
    count = db.action_count(game_id)
    db.new_table_key()
    decide(at, HS, "pass")
    assert db.action_count(game_id) == count
    assert at.title and at.title[0].value == "Join the table"


def test_damaged_key_rows_are_no_keys(db):
    import sqlite3

    key = db.table_key()
    with sqlite3.connect(db.path) as raw:
        raw.execute("INSERT INTO table_keys (key, issued) VALUES (NULL, 1e12)")
        raw.execute("INSERT INTO table_keys (key, issued) VALUES (x'00ff', 1e12)")
        raw.execute("INSERT INTO table_keys (key, issued) VALUES (12345, 1e12)")
    assert db.table_key() == key and db.is_table_key(key) and not db.is_table_key("a" * 16)


def test_the_laptop_shows_the_pairing_code_a_tablet_does_not(db, monkeypatch):
    at = open_app()
    assert "Pair a tablet" in at.expander[0].label and any(db.table_key() in e.value for e in at.code)
    at.button(key="access-new-key").click().run()
    assert any(db.table_key() in e.value for e in at.code)
    monkeypatch.setattr(access, "connection_is_local", lambda: False)
    at = open_app(key=db.table_key())
    assert not any("Pair a tablet" in e.label for e in at.expander) and not at.code


def test_a_damaged_seat_link_or_mark_opens_nothing_and_raises_nothing(db):
    import sqlite3

    game_id = hamstern_game(db, names=("Ann", "Ben", "Cid"))
    links = db.seat_links(game_id, [0, 1, 2])
    for seat, token in ((-1, links[0].token), ("x", links[1].token), (99, links[2].token)):
        with sqlite3.connect(db.path) as raw:
            raw.execute("UPDATE seat_links SET seat = ? WHERE token = ?", (seat, token))
        at = open_app(SEAT_PAGE, t=token)
        assert not at.exception, seat
        assert not any('class="ht-seat-name"' in e.proto.body for e in at.get("html")), seat  # never the last seat
    db.set_mark(game_id, "rounds_shown", -3)
    assert "rounds_shown" not in db.marks(game_id)
