"""Every device hears of a move at once: the server's events route and the piece of each page that
waits on it.

``GET /_ht/events?game=ID&after=COUNT&me=LISTENER`` answers as soon as the game's count of moves
(assistant/live.py) is not COUNT: ``{"count": n}``, at once if it already is not; after ``WAIT_SECONDS``
with nothing moved, 204 and no body. Moves made by the tab LISTENER names alone (optional) do not count:
its own page draws them. It says only that the game moved, never what: no game data, no seat, no link, and the
same for a game id that does not exist. Only the table and the seats of that game may ask
(assistant/ui/access.py ``may_follow``: a seat's page names its link, ``t=TOKEN``).

``streamlit run streamlit_app.py`` serves the app through ``st.App`` with these routes beside
Streamlit's own. In the browser, ``listen`` mounts a small component that waits on the route and, when
the game moved since the page drew it, sends a trigger: the fragment it sits in, the table
(assistant/ui/phones.py ``note_drawn``), runs again and draws the game as it is now.
"""

from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from assistant import live
from assistant.store_errors import StorageError
from assistant.ui.access import may_follow
from assistant.ui.components import browser_keeps

ROUTE = "/_ht/events"
WAIT_SECONDS = 25.0  # a request waits this long for a move, then the browser asks again
GAME_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
COUNT_SHAPE = re.compile(r"-?[0-9]{1,15}")
ME_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,32}")
NO_STORE = {"Cache-Control": "no-store"}


def path() -> str:
    """The route's path, under ``server.baseUrlPath`` if the app is served below one."""
    prefix = (st.get_option("server.baseUrlPath") or "").strip("/")
    return (f"/{prefix}" if prefix else "") + ROUTE


async def events(request: Request) -> Response:
    game, after = request.query_params.get("game", ""), request.query_params.get("after", "")
    me = request.query_params.get("me")  # the tab's listener id: its own moves do not wake it
    if not GAME_SHAPE.fullmatch(game) or not COUNT_SHAPE.fullmatch(after) or (me is not None
                                                                               and not ME_SHAPE.fullmatch(me)):
        return Response(status_code=400, headers=NO_STORE)
    token = request.query_params.get("t")
    try:
        allowed = await run_in_threadpool(may_follow, request.client.host if request.client else None,
                                          dict(request.cookies), token, game)
    except StorageError:
        allowed = False
    if not allowed:
        return Response(status_code=403, headers=NO_STORE)
    count = await live.NOTIFIER.wait(game, int(after), WAIT_SECONDS, me)
    if count == int(after):
        return Response(status_code=204, headers=NO_STORE)
    return JSONResponse({"count": count}, headers=NO_STORE)


def stop_waiting_when_the_server_stops() -> None:
    """Called as the server starts, in its event loop: on Ctrl-C (or SIGTERM) every request waiting for a
    move is answered at once, before the server waits for its open requests to end (otherwise a
    device that waits would hold the server up to ``WAIT_SECONDS``). The server's own handler of
    the signal still runs; where there is none in Python (not in the main thread), nothing changes."""
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(number)
        if not callable(previous):
            continue

        def stopping(sig, frame, previous=previous) -> None:
            loop.call_soon_threadsafe(live.NOTIFIER.close)  # no lock taken inside a signal handler
            previous(sig, frame)

        try:
            signal.signal(number, stopping)
        except ValueError:  # not the main thread
            return


def send_at_once() -> None:
    """Every connection the server accepts sends what it is given at once (TCP_NODELAY); call it before
    the server starts (streamlit_app.py, as ``streamlit run`` imports it).

    ``streamlit run`` hands uvicorn a socket it bound itself without naming TCP, and asyncio then leaves
    Nagle's algorithm on for every connection it accepts (Kludex/uvicorn#3149): a small write behind one
    not yet acknowledged waits for the browser's delayed ACK, 40 ms on Linux. This route's answer (the
    headers, then the body) and a run's deltas (several small websocket frames) waited so, on every
    device, for every move. Set on the listening socket, the option is inherited by its connections."""
    import socket

    import uvicorn
    from streamlit.runtime import runtime

    # Between two sends of a run's deltas Streamlit's runtime waits 5 ms, so a board drawn 1 ms after the
    # run's first delta had gone reached the browser up to 5 ms late; 1 ms still gathers what a run makes
    # at once.
    runtime.MESSAGE_FLUSH_INTERVAL_SECS = 0.001
    startup = uvicorn.Server.startup
    if getattr(startup, "sends_at_once", False):
        return

    async def startup_sending_at_once(self, sockets=None):
        for listener in sockets or ():
            if listener.family in (socket.AF_INET, socket.AF_INET6):
                try:
                    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                except OSError:  # a platform that refuses it on a listener: as before
                    pass
        return await startup(self, sockets=sockets)

    startup_sending_at_once.sends_at_once = True
    uvicorn.Server.startup = startup_sending_at_once


def routes() -> list[Route]:
    """The app's own routes, for ``st.App`` (streamlit_app.py)."""
    return [Route(path(), events, methods=["GET"])]


_listener = st.components.v2.component(
    "ht_live_events", js=(Path(__file__).parent / "components" / "live_events.js").read_text(encoding="utf-8"),
)


def listen(game_id: str, after: int, drawn: float, me: str, token: str | None = None) -> None:
    """Wait in the browser for a move of ``game_id`` after ``after`` (``live.follow``'s count for the
    picture drawn at ``drawn``, a time.monotonic()) not made by this tab alone (``me``, its listener id,
    ``live.WHO``); a move reruns the fragment this is called in. ``token``: the seat link of a seat's page
    (a device that is not the table is heard only with it)."""
    _listener(key="ht-live-events", data={"game": game_id, "after": after, "drawn": drawn, "url": path(), "me": me,
                                          "token": token or ""},
              on_moved_change=_heard, height=0)


def _heard() -> None:
    """The trigger's rerun of the fragment looks whether the game moved; the trigger also names the tap
    boards' pictures the browser keeps, which that redraw then does not send again."""
    moved = (st.session_state.get("ht-live-events") or {}).get("moved")
    if isinstance(moved, dict):
        browser_keeps(moved.get("pictures"))
