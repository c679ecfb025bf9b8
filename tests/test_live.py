"""Every device hears of a move at once: the notifier (assistant/live.py), the store telling it of
its writes, and the events route (assistant/ui/live_events.py), driven as ASGI without a browser."""

from __future__ import annotations

import asyncio
import json
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from starlette.applications import Starlette

from assistant import live
from assistant import store as store_module
from assistant.games import get_game
from assistant.store import Store
from assistant.ui import live_events

ROOT = Path(__file__).resolve().parent.parent


def later(seconds: float, work) -> threading.Thread:
    thread = threading.Thread(target=lambda: (time.sleep(seconds), work()))
    thread.start()
    return thread


# --- the notifier ------------------------------------------------------------------------------
def test_a_wait_answers_at_once_when_the_count_already_moved():
    notifier = live.Notifier()
    notifier.bump("g")

    async def main():
        start = time.monotonic()
        assert await notifier.wait("g", 0, timeout=5) == 1
        assert time.monotonic() - start < 0.1

    asyncio.run(main())
    assert notifier.waiting() == 0


def test_a_bump_from_another_thread_wakes_the_waiter_at_once():
    notifier = live.Notifier()

    async def main():
        thread = later(0.1, lambda: notifier.bump("g"))
        start = time.monotonic()
        count = await notifier.wait("g", 0, timeout=5)
        elapsed = time.monotonic() - start
        thread.join()
        return count, elapsed

    count, elapsed = asyncio.run(main())
    assert count == 1 and elapsed < 1.0
    assert notifier.waiting() == 0


def test_a_wait_times_out_quietly_and_leaves_no_waiter():
    notifier = live.Notifier()

    async def main():
        start = time.monotonic()
        assert await notifier.wait("g", 0, timeout=0.2) == 0
        return time.monotonic() - start

    assert 0.15 < asyncio.run(main()) < 1.0
    assert notifier.waiting() == 0 and notifier.count("g") == 0


def test_closing_lets_every_waiter_go_at_once_and_later_waits_too():
    notifier = live.Notifier()

    notifier.bump("h")

    async def main():
        waiting = asyncio.gather(notifier.wait("g", 0, timeout=10), notifier.wait("h", 1, timeout=10))
        await asyncio.sleep(0.05)
        start = time.monotonic()
        notifier.close()
        answers = await waiting
        later = await notifier.wait("g", 0, timeout=10)
        return answers, later, time.monotonic() - start

    answers, later_answer, elapsed = asyncio.run(main())
    assert answers == [0, 1] and later_answer == 0 and elapsed < 0.5  # "nothing moved": 204 at once
    assert notifier.waiting() == 0


def test_one_bump_wakes_every_waiter_of_its_key_and_no_other():
    notifier = live.Notifier()

    async def main():
        mine = [asyncio.create_task(notifier.wait("a", 0, timeout=5)) for _ in range(200)]
        others = [asyncio.create_task(notifier.wait("b", 0, timeout=0.5)) for _ in range(50)]
        await asyncio.sleep(0.05)
        assert notifier.waiting("a") == 200 and notifier.waiting("b") == 50
        start = time.monotonic()
        threading.Thread(target=notifier.bump, args=("a",)).start()
        assert await asyncio.gather(*mine) == [1] * 200
        woken = time.monotonic() - start
        assert await asyncio.gather(*others) == [0] * 50  # their game did not move: they timed out
        return woken

    assert asyncio.run(main()) < 0.5
    assert notifier.waiting() == 0


def test_a_waiter_that_goes_away_is_forgotten():
    notifier = live.Notifier()

    async def main():
        task = asyncio.create_task(notifier.wait("g", 0, timeout=30))
        await asyncio.sleep(0.05)
        assert notifier.waiting("g") == 1
        task.cancel()  # the device closed its request
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    assert notifier.waiting() == 0
    assert notifier.bump("g") == 1  # nobody left to wake; no error


def test_a_bump_after_the_waiters_loop_closed_is_harmless():
    notifier = live.Notifier()
    loop = asyncio.new_event_loop()
    task = loop.create_task(notifier.wait("g", 0, timeout=30))
    loop.run_until_complete(asyncio.sleep(0.05))
    loop.close()  # the server stopped with the wait pending
    assert notifier.bump("g") == 1
    assert notifier.waiting() == 0
    del task


def test_a_waiter_is_not_woken_by_its_own_moves():
    notifier = live.Notifier()

    async def main():
        mine = asyncio.create_task(notifier.wait("g", 0, timeout=2, me="tab-a-123"))
        theirs = asyncio.create_task(notifier.wait("g", 0, timeout=2, me="tab-b-123"))
        await asyncio.sleep(0.05)
        notifier.bump("g", by=frozenset({"tab-a-123"}))  # tab a's own move: its page draws it itself
        assert await theirs == 1
        await asyncio.sleep(0.05)
        assert not mine.done()
        notifier.bump("g", by=frozenset({"tab-b-123"}))
        assert await mine == 2
        # Asked again after 0: the moves since include another tab's, so it is told at once; after 1,
        # only its own move came: nothing (``after`` back) when the time is up.
        assert await notifier.wait("g", 0, timeout=1, me="tab-a-123") == 2
        assert await notifier.wait("g", 1, timeout=0.1, me="tab-b-123") == 1
        notifier.bump("g")  # nobody known: everybody is told
        assert await notifier.wait("g", 2, timeout=1, me="tab-a-123") == 3

    asyncio.run(main())
    assert notifier.waiting() == 0


def test_a_waiter_too_far_behind_to_know_who_moved_is_told():
    notifier = live.Notifier()
    for _ in range(live.HISTORY + 1):
        notifier.bump("g", by=frozenset({"tab-a-123"}))
    assert asyncio.run(notifier.wait("g", 0, timeout=1, me="tab-a-123")) == live.HISTORY + 1
    assert asyncio.run(notifier.wait("g", 1, timeout=0.1, me="tab-a-123")) == 1  # all its own since


# --- the store tells which games moved ----------------------------------------------------------
@pytest.fixture
def store(tmp_path):
    db = Store(tmp_path / "games.sqlite3")
    yield db
    db.close()


def new_game(store: Store) -> str:
    return store.create(get_game("hamstern").new_state(2, seed=3, side="A"), {"names": ["Ann", "Ben"], "dice": "app"})


def next_action(state):
    return state.chance_outcome() if state.is_chance_node() else state.legal_actions()[0]


def wait_for(game_id: str, after: int, timeout: float = 3.0) -> tuple[int, float]:
    async def main():
        start = time.monotonic()
        count = await live.NOTIFIER.wait(game_id, after, timeout)
        return count, time.monotonic() - start

    return asyncio.run(main())


def test_a_write_to_a_followed_game_counts_a_move(store):
    game_id = new_game(store)
    after = live.follow(store, game_id, store.pulse(game_id))
    later(0.1, lambda: store.seat_links(game_id, [0, 1]))  # links issued: the game's pulse moves
    count, elapsed = wait_for(game_id, after)
    assert count == after + 1 and elapsed < 1.0


def test_only_the_game_that_moved_is_counted(store):
    mine, other = new_game(store), new_game(store)
    mine_after = live.follow(store, mine, store.pulse(mine))
    other_after = live.follow(store, other, store.pulse(other))
    store.seat_links(other, [0])
    count, _ = wait_for(other, other_after)
    assert count == other_after + 1
    assert live.NOTIFIER.count(mine) == mine_after
    store.create_check("hamstern", {"names": ["Ann"]})  # a write that moves no game counts nothing
    time.sleep(0.2)
    assert live.NOTIFIER.count(mine) == mine_after and live.NOTIFIER.count(other) == other_after + 1


def test_each_kind_of_move_is_heard(store):
    game_id = new_game(store)
    state = store.load(game_id).state
    after = live.follow(store, game_id, store.pulse(game_id))
    token = store.seat_links(game_id, [0, 1])[1].token
    moves = [
        lambda: store.open_link(token),  # a phone took its seat
        lambda: store.append(game_id, len(state.history), next_action(state)),  # a saved action
        lambda: store.remove_last(game_id, len(state.history) + 1),  # undone
        lambda: store.withdraw_link(game_id, 1),  # a link withdrawn
    ]
    for move in moves:
        move()
        count, elapsed = wait_for(game_id, after)
        assert count == after + 1, move
        after = count


def test_a_move_is_told_who_made_it(store, monkeypatch):
    game_id = new_game(store)
    time.sleep(0.1)  # the watcher has looked at the writes that made the game (nobody's known)
    after = live.follow(store, game_id, store.pulse(game_id))
    monkeypatch.setattr(live, "WHO", lambda: "tab-a-123")
    store.seat_links(game_id, [0])

    async def main():
        mine = await live.NOTIFIER.wait(game_id, after, 0.3, me="tab-a-123")
        theirs = await live.NOTIFIER.wait(game_id, after, 2, me="tab-b-123")
        return mine, theirs

    assert asyncio.run(main()) == (after, after + 1)


def test_a_page_that_drew_an_old_picture_is_told_at_once(store):
    game_id = new_game(store)
    old = store.pulse(game_id)
    after = live.follow(store, game_id, old)
    store.seat_links(game_id, [0])
    assert wait_for(game_id, after)[0] == after + 1  # the watcher has heard of the move
    assert live.follow(store, game_id, old) == live.STALE
    assert live.follow(store, game_id, store.pulse(game_id)) == after + 1


def test_a_first_page_that_drew_an_old_picture_is_told_at_once(store):
    game_id = new_game(store)
    old = store.pulse(game_id)
    store.seat_links(game_id, [0])  # before any page followed the game: nobody heard of it
    assert live.follow(store, game_id, old) == live.STALE
    assert live.follow(store, game_id, store.pulse(game_id)) == live.NOTIFIER.count(game_id)


def test_a_page_that_drew_its_own_move_before_the_watcher_looked_waits_after_it(store, monkeypatch):
    game_id = new_game(store)
    after = live.follow(store, game_id, store.pulse(game_id))
    monkeypatch.setattr(live, "written", lambda store: None)  # the watcher does not hear of it
    monkeypatch.setattr(store_module, "WRITE_LISTENERS", [])
    store.seat_links(game_id, [0])
    assert live.follow(store, game_id, store.pulse(game_id)) == after + 1  # counted now, not STALE
    assert live.NOTIFIER.count(game_id) == after + 1


def test_a_tab_that_drew_its_own_move_before_the_watcher_looked_is_not_woken_by_it(store, monkeypatch):
    """The tab that confirmed draws its move at once; hearing of it first, it still counts it as its own
    (a wasted run of its page otherwise, while the other phones need the cores)."""
    game_id = new_game(store)
    time.sleep(0.1)  # the watcher has looked at the writes that made the game
    after = live.follow(store, game_id, store.pulse(game_id))
    monkeypatch.setattr(live, "_wake", threading.Event())  # the watcher sleeps on: the tab hears first
    monkeypatch.setattr(live, "WHO", lambda: "tab-a-123")
    store.seat_links(game_id, [0])
    assert live.follow(store, game_id, store.pulse(game_id)) == after + 1

    async def main():
        mine = await live.NOTIFIER.wait(game_id, after, 0.3, me="tab-a-123")
        theirs = await live.NOTIFIER.wait(game_id, after, 2, me="tab-b-123")
        return mine, theirs

    assert asyncio.run(main()) == (after, after + 1)


def test_games_nobody_follows_any_more_are_forgotten(store, monkeypatch):
    game_id = new_game(store)
    live.follow(store, game_id, store.pulse(game_id))
    monkeypatch.setattr(live, "FORGET_SECONDS", 0.0)
    store.seat_links(game_id, [0])
    live.look()
    assert not live.following(game_id)


# --- the events route ---------------------------------------------------------------------------
async def get(app, query: str) -> tuple[int, bytes, dict[str, str]]:
    """One GET of the events route through the ASGI app (no HTTP client needed)."""
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": live_events.ROUTE, "raw_path": live_events.ROUTE.encode(),
             "root_path": "", "query_string": query.encode(), "headers": [], "client": ("127.0.0.1", 1),
             "server": ("127.0.0.1", 80)}
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    await app(scope, receive, send)
    headers = {key.decode(): value.decode() for key, value in sent[0]["headers"]}
    return sent[0]["status"], b"".join(message.get("body", b"") for message in sent[1:]), headers


@pytest.fixture
def app():
    return Starlette(routes=live_events.routes())


def timed(app, query: str):
    async def main():
        start = time.monotonic()
        answer = await get(app, query)
        return *answer, time.monotonic() - start

    return asyncio.run(main())


def test_the_route_answers_soon_after_a_save(app, store):
    game_id = new_game(store)
    after = live.follow(store, game_id, store.pulse(game_id))
    state = store.load(game_id).state
    later(0.2, lambda: store.append(game_id, len(state.history), next_action(state)))
    status, body, headers, elapsed = timed(app, f"game={game_id}&after={after}")
    assert status == 200 and json.loads(body) == {"count": after + 1}  # a count, nothing of the game
    assert 0.15 < elapsed < 0.6
    assert headers["cache-control"] == "no-store"
    assert live.NOTIFIER.waiting() == 0


def test_the_route_answers_at_once_a_device_that_missed_a_move(app, store):
    game_id = new_game(store)
    live.follow(store, game_id, store.pulse(game_id))
    status, body, _, elapsed = timed(app, f"game={game_id}&after={live.STALE}")
    assert status == 200 and json.loads(body) == {"count": live.NOTIFIER.count(game_id)} and elapsed < 0.2


def test_the_route_times_out_quietly_the_same_for_any_game(app, store, monkeypatch):
    monkeypatch.setattr(live_events, "WAIT_SECONDS", 0.3)
    game_id = new_game(store)
    after = live.follow(store, game_id, store.pulse(game_id))
    known = timed(app, f"game={game_id}&after={after}")
    unknown = timed(app, "game=NoSuchGame&after=0")
    for status, body, _, elapsed in (known, unknown):
        assert status == 204 and body == b"" and 0.25 < elapsed < 1.0
    assert live.NOTIFIER.waiting() == 0


def test_the_route_does_not_wake_a_tab_for_its_own_move(app, store, monkeypatch):
    monkeypatch.setattr(live_events, "WAIT_SECONDS", 0.5)
    game_id = new_game(store)
    time.sleep(0.1)  # the watcher has looked at the writes that made the game (nobody's known)
    after = live.follow(store, game_id, store.pulse(game_id))
    monkeypatch.setattr(live, "WHO", lambda: "tab-a-123")
    later(0.1, lambda: store.seat_links(game_id, [0]))
    status, body, _, elapsed = timed(app, f"game={game_id}&after={after}&me=tab-a-123")
    assert status == 204 and 0.4 < elapsed < 1.5
    status, body, _, elapsed = timed(app, f"game={game_id}&after={after}&me=tab-b-123")
    assert status == 200 and json.loads(body) == {"count": after + 1} and elapsed < 0.2


@pytest.mark.parametrize("query", ["", "game=abc", "after=0", "game=a%20b&after=0", "game=abc&after=x",
                                   "game=abc&after=1e3", f"game={'a' * 65}&after=0", "game=abc&after=0&me=x",
                                   "game=abc&after=0&me=a%20bcdefghij"])
def test_the_route_refuses_what_is_not_a_game_and_a_count(app, query):
    status, body, _, elapsed = timed(app, query)
    assert status == 400 and body == b"" and elapsed < 0.2


# --- streamlit run serves the route -------------------------------------------------------------
def test_streamlit_run_serves_the_app_with_its_route(tmp_path):
    from streamlit.web.server.app_discovery import discover_asgi_app

    from tests.serving import serve

    assert discover_asgi_app(ROOT / "streamlit_app.py").import_string == "streamlit_app:app"
    with serve(ROOT / "streamlit_app.py", tmp_path / "games.sqlite3") as (url, _process):
        with urllib.request.urlopen(f"{url}{live_events.ROUTE}?game=abc&after=-1", timeout=5) as answer:
            assert answer.status == 200 and json.loads(answer.read()) == {"count": 0}
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}{live_events.ROUTE}?game=abc", timeout=5)
        assert refused.value.code == 400


def test_served_as_the_readme_says_the_laptop_is_heard_and_ctrl_c_stops_at_once(tmp_path):
    """The README's command listens on IPv6 and IPv4 at once: the laptop's 127.0.0.1 comes as
    ::ffff:127.0.0.1 and is still the laptop; Ctrl-C lets a request waiting for a move go at once
    instead of waiting it out (live_events.WAIT_SECONDS) and prints no traceback."""
    import signal

    from tests.serving import serve

    log = tmp_path / "server.log"
    with serve(ROOT / "streamlit_app.py", tmp_path / "games.sqlite3", log=log, address=None) as (url, process):
        with urllib.request.urlopen(f"{url}{live_events.ROUTE}?game=abc&after=-1", timeout=5) as answer:
            assert answer.status == 200  # the table (the laptop), not refused as a stranger
        waiting = []
        thread = threading.Thread(target=lambda: waiting.append(
            urllib.request.urlopen(f"{url}{live_events.ROUTE}?game=abc&after=0", timeout=30).status))
        thread.start()
        time.sleep(1.0)
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=10)
        thread.join(5)
        assert time.monotonic() - start < 3 and waiting == [204]
    assert "Traceback" not in log.read_text(encoding="utf-8", errors="replace")


def test_the_served_app_sends_an_answer_at_once_not_after_a_delayed_ack(tmp_path):
    """The route's answer comes as two writes (the headers, then the body): with Nagle's algorithm on
    (streamlit run's own socket, live_events.send_at_once) the body waited for the browser's delayed
    ACK, about 40 ms on Linux, on every request of a connection kept open after the first."""
    import socket

    from tests.serving import serve

    with serve(ROOT / "streamlit_app.py", tmp_path / "games.sqlite3") as (url, _process):
        host, port = url.removeprefix("http://").split(":")
        gaps = []
        with socket.create_connection((host, int(port)), timeout=5) as connection:
            for _ in range(7):
                connection.sendall(f"GET {live_events.ROUTE}?game=abc&after=-1 HTTP/1.1\r\nHost: {host}\r\n\r\n"
                                   .encode())
                received, first = b"", None
                while not received.endswith(b'{"count":0}'):
                    received += connection.recv(4096)
                    first = first or time.monotonic()
                gaps.append(time.monotonic() - first)
        assert sorted(gaps)[len(gaps) // 2] < 0.02, gaps


def test_the_served_app_sends_a_runs_deltas_without_waiting_between_them(monkeypatch):
    """Streamlit's runtime waits between two sends of a run's deltas (5 ms as it comes): a board drawn just
    after the run's first delta went out waited that long; send_at_once shortens the wait to 1 ms."""
    import uvicorn
    from streamlit.runtime import runtime

    monkeypatch.setattr(uvicorn.Server, "startup", uvicorn.Server.startup)
    monkeypatch.setattr(runtime, "MESSAGE_FLUSH_INTERVAL_SECS", 0.005)
    live_events.send_at_once()
    assert runtime.MESSAGE_FLUSH_INTERVAL_SECS == 0.001
    assert getattr(uvicorn.Server.startup, "sends_at_once", False)
