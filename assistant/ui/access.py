"""Who a device is, decided by the server: the table, one seat, or a visitor.

- **The table**: the laptop's own browser (a connection from the laptop itself), and any device that
  opened the table link once (``/?key=KEY``: the pairing QR code on the laptop's Home, or the link its
  terminal printed). Such a device keeps the key in a cookie the server sets (``TableKeyMiddleware``);
  the key is checked on every run, so a revoked key shuts the device out at its next look.
- **A seat**: a device that opened a seat link (``/seat?t=TOKEN``, assistant/ui/phones.py). It reaches
  its own seat's page and nothing else.
- **A visitor**: anything else on the network. Every address shows one page saying how to join.

Nothing a browser sends can make it the table but the key itself: the connection's address is the
socket's (uvicorn trusts a forwarded address only from the laptop itself), a cookie or a link is
only the key it holds.
"""

from __future__ import annotations

import html
import ipaddress
import socket
from collections.abc import Callable
from urllib.parse import parse_qs

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.requests import cookie_parser

from assistant.store_errors import StorageError
from assistant.ui.common import store, tr

KEY_PARAM = "key"
KEY_COOKIE = "ht_table"
KEY_COOKIE_DAYS = 365
LOCAL_SUFFIXES = (".local", ".lan", ".home", ".internal", ".localdomain", ".home.arpa")
# Streamlit's route for a file picker's and a camera's files. It keeps what any session sends (up to
# server.maxUploadSize each, as many as sent) in memory until the session ends: only the table sends files.
UPLOADS = "/_stcore/upload_file/"
IS_TABLE = "_ht_is_table"  # session key: whether the last whole-page run found this device the table
KEY_USED = "_ht_table_key"  # session key: the key it was let in with (checked again before each act)


# --- on the server, before Streamlit -------------------------------------------------------------
def is_loopback(host: str | None) -> bool:
    """A connection from the laptop itself (no address at all: a local socket)."""
    if not host:
        return True
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    # A server listening on IPv6 and IPv4 at once sees the laptop's 127.0.0.1 as ::ffff:127.0.0.1.
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


def _key_of(query_string: bytes) -> str | None:
    values = parse_qs(query_string.decode("latin-1")).get(KEY_PARAM)
    return values[-1] if values else None


def is_our_host(host_header: str) -> bool:
    """The address a browser used names this laptop on the home network: an IP address, localhost, the
    laptop's own name, or a name of the local network. A public name is refused: a web page open on the
    laptop could otherwise point one at 127.0.0.1 (DNS rebinding) and read the table's pages."""
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8501
        host = host[1:].split("]")[0]
    elif host.count(":") == 1:
        host = host.split(":")[0]
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    own = {socket.gethostname().lower(), socket.getfqdn().lower()}
    return host == "localhost" or host in own or ("." not in host and bool(host)) or host.endswith(LOCAL_SUFFIXES)


class TableKeyMiddleware:
    """Before Streamlit sees a request: a request for a host that is not this laptop's is refused; the
    server's metrics are the laptop's only; files (a photo, a backup) are the table's only to send; and a
    request that brings the table key in force (``?key=KEY``) gets it back as a cookie, so from then on the
    device is the table without the key in its address (streamlit_app.py's ``st.App``)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or [])
            client = scope.get("client")
            local = is_loopback(client[0] if client else None)
            refused = not is_our_host(headers.get(b"host", b"").decode("latin-1")) or (
                not local and scope.get("path", "").rstrip("/").endswith("/_stcore/metrics"))
            if not refused and not local and UPLOADS in scope.get("path", ""):
                refused = not await run_in_threadpool(_table_cookie, headers.get(b"cookie", b""))
            if refused:
                await _refuse(scope, send)
                return
        key = _key_of(scope.get("query_string", b"")) if scope["type"] == "http" else None
        if key is None or not await run_in_threadpool(_valid_key, key, scope.get("client")):
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message) -> None:
            if message["type"] == "http.response.start":
                cookie = (f"{KEY_COOKIE}={key}; Path=/; Max-Age={KEY_COOKIE_DAYS * 86400}; HttpOnly; "
                          "SameSite=Lax")
                message = {**message, "headers": [*message.get("headers", []), (b"set-cookie", cookie.encode())]}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _table_cookie(header: bytes) -> bool:
    """The request's cookies hold the table key in force (a paired tablet)."""
    try:
        return store().is_table_key(cookie_parser(header.decode("latin-1")).get(KEY_COOKIE))
    except StorageError:
        return False


async def _refuse(scope, send) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    await send({"type": "http.response.start", "status": 403, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"Not here."})


def _valid_key(key: str, client) -> bool:
    try:
        if not store().is_table_key(key):
            return False
        if not is_loopback(client[0] if client else None):
            store().note_table_key_used(key)  # the laptop's Home stops pressing the pairing code on it
        return True
    except StorageError:  # the page itself says what is wrong with the file
        return False


def may_follow(client_host: str | None, cookies: dict, token: str | None, game_id: str) -> bool:
    """May a request hear when ``game_id`` moves: the table, or a seat link of that game."""
    if is_loopback(client_host) or store().is_table_key(cookies.get(KEY_COOKIE)):
        return True
    if not token:
        return False
    found = store().open_link(token)
    return found is not None and found[0] == game_id


# --- in a page's run -----------------------------------------------------------------------------
def connection_is_local() -> bool:
    """The page was opened on the laptop itself (Streamlit gives no address for 127.0.0.1 and ::1, nor
    does AppTest; a server listening on IPv6 and IPv4 at once gives ::ffff:127.0.0.1)."""
    return is_loopback(st.context.ip_address)


def is_table_device() -> bool:
    """This device is the table (see the module's text). Called once a run, by streamlit_app.py."""
    key = None
    if connection_is_local():
        answer = True
    else:
        # The address first: a tablet paired again after a new key may still hold the old one as a cookie.
        key = next((key for key in (st.query_params.get(KEY_PARAM), st.context.cookies.get(KEY_COOKIE))
                    if store().is_table_key(key)), None)
        answer = key is not None
    if KEY_PARAM in st.query_params:
        del st.query_params[KEY_PARAM]  # the cookie holds it now: the address bar (and a screenshot) does not
    st.session_state[IS_TABLE], st.session_state[KEY_USED] = answer, key
    return answer


def still_table() -> bool:
    """This device is still the table: checked again before each thing it does that is not a whole-page
    run (a decision, a button's callback, a fragment's run), so a key revoked meanwhile shuts it out at once."""
    if not st.session_state.get(IS_TABLE):
        return False
    return connection_is_local() or store().is_table_key(st.session_state.get(KEY_USED))


def still_table_later() -> Callable[[], bool]:
    """``still_table`` for work Streamlit does after this run and outside it: the file of a deferred
    download is made in another thread, which has neither this session's state nor its connection (there
    every device would look like the laptop). What let this device in is taken now, and its key is
    checked again when the answer is asked for, so a key revoked meanwhile gets nothing."""
    table, local, key = bool(st.session_state.get(IS_TABLE)), connection_is_local(), st.session_state.get(KEY_USED)

    def still() -> bool:
        return table and (local or store().is_table_key(key))

    return still


def still_allowed() -> bool:
    """The table still, or a seat whose link is still in force (the page a phone holds)."""
    if st.session_state.get(IS_TABLE):
        return still_table()
    from assistant.ui.table import TOKEN_PARAM

    token = st.query_params.get(TOKEN_PARAM)
    return bool(token) and store().open_link(token) is not None


def new_key() -> None:
    """New key on the laptop: every device paired before is shut out at its next act."""
    if still_table() and connection_is_local():
        store().new_table_key()


def join_page() -> None:
    """All a visitor sees, at every address: how to join the table."""
    st.title(tr("ui.access.title"))
    st.markdown(f":material/smartphone: {tr('ui.access.seat')}")
    st.markdown(f":material/tablet: {tr('ui.access.table')}")


def pairing_panel() -> None:
    """On the laptop itself: the QR code that makes a tablet the table, and a new key that shuts out
    every device paired before. Open until a device has used the key."""
    if not connection_is_local():
        return  # a paired tablet lies among the players: it never shows the key
    from assistant.ui.phones import base_url, qr_svg

    key = store().table_key()
    link = f"{base_url()}/?{KEY_PARAM}={key}"
    with st.expander(f":material/tablet: {tr('ui.access.pair_title')}", expanded=store().table_key_used() is None):
        st.caption(tr("ui.access.pair_how"))
        st.markdown(f'<div class="ht-qr" title="{html.escape(link)}">{qr_svg(link)}</div>', unsafe_allow_html=True)
        st.code(link.removeprefix("http://"), language=None, wrap_lines=True)
        st.button(tr("ui.access.new_key"), key="access-new-key", icon=":material/key_off:",
                  on_click=new_key, help=tr("ui.access.new_key_help"))


def table_link_for_terminal(host: str, port: int) -> str:
    """The link the terminal prints at start (``streamlit_app.py``'s lifespan)."""
    return f"http://{host}:{port}/?{KEY_PARAM}={store().table_key()}"
