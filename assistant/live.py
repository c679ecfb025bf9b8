"""Every device hears of a move at once: which games moved, told to whoever waits for them.

Plain Python, no Streamlit and no web server. The store calls ``written(store)`` after each piece of
work that changed rows (``store.WRITE_LISTENERS``); a watcher thread then reads the pulse
(``Store.pulse``: the saved actions, the decisions kept aside, the seat links) of each game that a
device of this server follows, and for each game whose pulse changed it counts one more move and wakes
whoever waits for that game (the route in assistant/ui/live_events.py, one request per device).
Devices following other games are not woken.

A count says only that a game moved, never what moved: it is safe to give to any device. A move
saved by another server process is not heard here; the devices' slow look covers it
(assistant/ui/phones.py).
"""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

STALE = -1  # "the page drew an older picture than the latest heard of": the next wait answers at once
FORGET_SECONDS = 3600.0  # a game nobody drew nor waited for this long is no longer followed
HISTORY = 64  # the moves of a game remembered with who made them
SETTLE_SECONDS = 0.005  # the watcher looks once no row was written for this long ...
SETTLE_MAX_SECONDS = 0.03  # ... or this long after the first write it heard of


class Notifier:
    """A count per key (a game id) and the waiters on it: ``bump`` from any thread, ``wait`` in an
    asyncio event loop. Counts are kept for good (a few bytes a game): a count never goes back.

    Each move may name who made it (``by``: the listeners whose tabs wrote it): a waiter that names
    itself (``me``) is not woken by its own moves, which its own page draws anyway."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._closed = False  # the server is stopping: nobody waits any more
        self._counts: dict[str, int] = {}
        self._by: dict[str, deque[tuple[int, frozenset]]] = {}  # the last moves of each key, and who made them
        self._waiters: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Future]]] = {}

    def count(self, key: str) -> int:
        with self._lock:
            return self._counts.get(key, 0)

    def bump(self, key: str, by: frozenset = frozenset()) -> int:
        """One more move of ``key`` (made by ``by``; empty: not known): its waiters are woken."""
        with self._lock:
            count = self._counts[key] = self._counts.get(key, 0) + 1
            self._by.setdefault(key, deque(maxlen=HISTORY)).append((count, by))
            waiters = self._waiters.pop(key, ())
        for loop, future in waiters:
            try:
                loop.call_soon_threadsafe(_answer, future, count)
            except RuntimeError:  # its loop was closed meanwhile: nobody is waiting any more
                pass
        return count

    def _news(self, key: str, after: int, me: str | None) -> bool:
        """Whether ``key`` moved after ``after`` by a move not ``me``'s alone (the caller holds the lock)."""
        count = self._counts.get(key, 0)
        if count == after:
            return False
        if me is None or not 0 <= after < count:
            return True
        moves = [by for n, by in self._by.get(key, ()) if n > after]
        return len(moves) < count - after or any(by != {me} for by in moves)

    async def wait(self, key: str, after: int, timeout: float, me: str | None = None) -> int:
        """The count of ``key`` as soon as it moved after ``after`` (at once if it has already), or
        ``after`` when nothing moved within ``timeout`` seconds; moves made by ``me`` alone do not count."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            waiter = (loop, loop.create_future())
            with self._lock:
                if self._news(key, after, me):
                    return self._counts.get(key, 0)
                if self._closed:
                    return after
                self._waiters.setdefault(key, set()).add(waiter)
            try:
                await asyncio.wait_for(waiter[1], max(deadline - loop.time(), 0))
            except TimeoutError:
                with self._lock:
                    return self._counts.get(key, 0) if self._news(key, after, me) else after
            finally:  # answered, timed out or cancelled (the device went away): the waiter goes
                with self._lock:
                    waiting = self._waiters.get(key)
                    if waiting is not None:
                        waiting.discard(waiter)
                        if not waiting:
                            del self._waiters[key]

    def close(self) -> None:
        """The server is stopping: every waiter is answered now ("nothing moved") and later waits answer
        at once, so that the server does not wait for requests that would wait for a move (call it in
        the event loop's thread)."""
        with self._lock:
            self._closed = True
            waiters = [waiter for waiting in self._waiters.values() for waiter in waiting]
            self._waiters.clear()
        for loop, future in waiters:
            try:
                loop.call_soon_threadsafe(_answer, future, None)
            except RuntimeError:
                pass

    def waiting(self, key: str | None = None) -> int:
        """How many wait on ``key`` (on any key: None)."""
        with self._lock:
            if key is not None:
                return len(self._waiters.get(key, ()))
            return sum(len(waiting) for waiting in self._waiters.values())


def _answer(future: asyncio.Future, count: int) -> None:
    if not future.done():
        future.set_result(count)


NOTIFIER = Notifier()


# --- which games moved: the store's writes, told apart by each followed game's pulse -------------
@dataclass
class _Followed:
    store: weakref.ref  # the store the game is read from
    pulse: Any  # the pulse last heard of
    used: float  # time.monotonic() when a page last drew it


# Who is writing: the listener id of the tab whose run writes (the app sets it: assistant/ui/phones.py),
# None where not known. Called in the writing thread; it must be quick and never raise.
def _nobody() -> str | None:
    return None


WHO: Callable[[], str | None] = _nobody

_lock = threading.Lock()
_followed: dict[str, _Followed] = {}
# id(store) -> (a weak reference to the store, who wrote): since the watcher last looked. Weak: a store
# nobody uses any more is closed at once (its file folded back from the write-ahead log), heard of or not.
_written: dict[int, tuple[weakref.ref, set]] = {}
_wake = threading.Event()
_watcher: threading.Thread | None = None


def follow(store, game_id: str, pulse) -> int:
    """A page drew ``game_id`` as of ``pulse`` (read before drawing): the count to wait after.

    From now on, the game's moves are heard of. ``STALE`` if a move came while the page was drawn:
    the device then looks at once."""
    now = time.monotonic()
    with _lock:
        followed = _followed.get(game_id)
        if followed is not None and followed.store() is store:
            followed.used = now
            if followed.pulse == pulse:
                return NOTIFIER.count(game_id)
    # Not followed yet, or not the pulse last heard of (usually this tab's own move, drawn before the
    # watcher looked): the pulse as it is now decides.
    latest = _pulse(store, game_id)
    with _lock:
        followed = _followed.get(game_id)
        if followed is None or followed.store() is not store:
            followed = _followed[game_id] = _Followed(weakref.ref(store), latest, now)
        elif latest is not None and followed.pulse != latest:
            followed.pulse = latest
            # Heard here before the watcher looked: the writers it would have named are those of this
            # store's writes not yet looked at (none known: a write of another process wakes everyone).
            _, writers = _written.get(id(store), (None, set()))
            NOTIFIER.bump(game_id, frozenset(writers))
        return NOTIFIER.count(game_id) if latest == pulse else STALE


def following(game_id: str) -> bool:
    with _lock:
        return game_id in _followed


def written(store) -> None:
    """The store changed rows (``store.WRITE_LISTENERS``): the watcher looks at its followed games.

    Called in the thread that wrote, while the store's lock is held: it only takes note."""
    global _watcher
    try:
        who = WHO()
    except Exception:
        who = None
    with _lock:
        if not _followed:
            return
        _written.setdefault(id(store), (weakref.ref(store), set()))[1].add(who)
        if _watcher is None or not _watcher.is_alive():
            _watcher = threading.Thread(target=_watch, name="hamster-table-live", daemon=True)
            _watcher.start()
    _wake.set()


def _watch() -> None:
    while True:
        _wake.wait()
        # A decision may write a few rows one after the other (kept aside, taken in, rolled): look once
        # they are written, so that the devices draw the game once, not once per row.
        settled = time.monotonic() + SETTLE_MAX_SECONDS
        _wake.clear()  # before looking: a write made while this looks wakes it again
        while _wake.wait(SETTLE_SECONDS) and time.monotonic() < settled:
            _wake.clear()
        look()


def look() -> list[str]:
    """Read the pulse of every followed game of the stores written to; the games that moved are
    counted and their waiters woken. Returns those games (the watcher thread calls this)."""
    with _lock:
        written, _ = list(_written.values()), _written.clear()
        games = [(game_id, followed, frozenset(writers)) for game_id, followed in _followed.items()
                 for store, writers in written if store() is not None and followed.store() is store()]
        _forget_unused()
    moved = []
    for game_id, followed, by in games:
        store = followed.store()
        pulse = None if store is None else _pulse(store, game_id)  # after a decision's writes (the store's lock)
        with _lock:  # a pulse recorded and its count bumped together (follow reads them together)
            if pulse is not None and followed.pulse != pulse:
                followed.pulse = pulse
                NOTIFIER.bump(game_id, by)
                moved.append(game_id)
    return moved


def _pulse(store, game_id: str):
    try:
        return store.pulse(game_id)
    except Exception:  # the file cannot be read now: the devices' slow look reports it
        return None


def _forget_unused() -> None:
    """Games no page drew for an hour and nobody waits for are no longer read on each write
    (the caller holds ``_lock``)."""
    limit = time.monotonic() - FORGET_SECONDS
    for game_id in [game_id for game_id, followed in _followed.items()
                    if (followed.used < limit or followed.store() is None) and not NOTIFIER.waiting(game_id)]:
        del _followed[game_id]


def _listen() -> None:
    from assistant import store

    listeners = getattr(store, "WRITE_LISTENERS", None)  # None: a store without the hook (slow looks only)
    if listeners is not None and written not in listeners:
        listeners.append(written)


_listen()
