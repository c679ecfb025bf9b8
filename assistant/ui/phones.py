"""Seats on phones: the join panel on the table device (a QR code and a short link per seat), the
page a phone opens with its link, and keeping every device up to date.

A phone's link names a token, never a seat number: the page looks the token up and draws the game
from that seat's ``view`` only, so another player's hidden cards never reach the phone. Every device
showing a game in which phones take part hears of a move at once: the server tells the devices that
follow the game (assistant/live.py, assistant/ui/live_events.py), and each looks (one small query) and
draws the page again only when the game moved since it drew it. Every few seconds each device also
looks by itself, for a move saved by another server process.
"""

from __future__ import annotations

import html
import re
import secrets
import time
from urllib.parse import urlsplit

import segno
import streamlit as st
from streamlit import net_util
from streamlit.runtime.scriptrunner import get_script_run_ctx

from assistant import live
from assistant.ui import live_events
from assistant.ui.access import still_table
from assistant.ui.common import fragment, lang, plain, store, tr
from assistant.ui.table import TOKEN_PARAM, Table

LIVE_SECONDS = 5.0  # how often a device looks by itself (a move saved by another server process)
SEAT_PAGE = "seat"
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,32}")
PULSE = "pulse:"  # session key + game id: the store's pulse when this tab last drew the game
DRAWN_AT = "drawn-at:"  # session key + game id: when this tab last drew the game (time.monotonic)
LISTENER = "live-listener"  # session key: this tab's listener id (live_events.listen)
REDRAW_SECONDS = 20.0  # a device draws its game again at least this often, moved or not
LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0"}


def seats_for_phones(table: Table) -> list[int]:
    """The seats a person plays: every seat but the computer opponents'."""
    bots = table.setup.get("bots") or ["human"] * table.num_players
    return [seat for seat, kind in enumerate(bots) if kind == "human"]


def base_url() -> str:
    """The address phones on the same Wi-Fi reach this server at: the one the table device uses,
    unless that is the laptop itself ("localhost"), which a phone cannot reach."""
    address = urlsplit(st.context.url or "http://localhost:8501")
    host, port = address.hostname or "localhost", address.port
    if host in LOCAL_HOSTS:
        host = net_util.get_internal_ip() or host
    netloc = f"{host}:{port}" if port else host
    prefix = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"{address.scheme or 'http'}://{netloc}" + (f"/{prefix}" if prefix else "")


def seat_url(token: str, *, with_language: bool = True) -> str:
    """The seat's link; the QR code also carries the table's language (a phone opens a link typed in
    without it in its browser's language)."""
    url = f"{base_url()}/{SEAT_PAGE}?{TOKEN_PARAM}={token}"
    return f"{url}&lang={lang()}" if with_language else url


def qr_svg(url: str) -> str:
    """The link as a QR code, drawn here (segno, no network), dark on white with a quiet zone."""
    return segno.make(url, error="m").svg_inline(scale=4, border=3, dark="#2b2118", light="#ffffff")


# --- the table device ----------------------------------------------------------------------------
def join_panel(table: Table, links_made: bool) -> None:
    """Per seat: its name, whether a phone holds it, its QR code and short link, New link, Withdraw
    (``links_made``: ``phones_take_part``; until then, a button that makes the links)."""
    seats = seats_for_phones(table)
    if not seats or table.is_over():
        return
    on_phones = table.on_phones()
    # A key of its own: the title counts the phones, and a new title would otherwise close the panel
    # (its QR codes gone) each time a phone joins.
    with st.expander(f":material/smartphone: {tr('ui.phones.title', n=len(on_phones), of=len(seats))}",
                     key="phones-panel"):
        st.caption(tr("ui.phones.how"))
        if not links_made:
            st.button(tr("ui.phones.make_links"), key="phones-make", icon=":material/qr_code_2:",
                      on_click=_show_links, args=(table.id,))
            return
        links = store().seat_links(table.id, seats)
        columns = st.columns(min(len(seats), 3))
        for n, seat in enumerate(seats):
            with columns[n % len(columns)].container(border=True, key=f"phones-seat-{seat}"):
                _seat_card(table, seat, links.get(seat), seat in on_phones)


def _seat_card(table: Table, seat: int, link, on_phone: bool) -> None:
    st.markdown(f"**{plain(table.names[seat])}**")
    if link is None:
        st.caption(tr("ui.phones.withdrawn"))
    else:
        st.caption(tr("ui.phones.on_phone" if on_phone else "ui.phones.not_opened"))
        url = seat_url(link.token)
        # st.markdown, not st.html: st.html strips SVG.
        st.markdown(f'<div class="ht-qr" title="{html.escape(url)}">{qr_svg(url)}</div>', unsafe_allow_html=True)
        # The short link to type: a browser adds the "http://" itself.
        st.code(seat_url(link.token, with_language=False).removeprefix("http://"), language=None, wrap_lines=True)
    st.button(tr("ui.phones.new_link"), key=f"phones-new-{seat}", icon=":material/autorenew:",
              on_click=_new_link, args=(table.id, seat), width="stretch")
    if link is not None:
        st.button(tr("ui.phones.withdraw"), key=f"phones-withdraw-{seat}", icon=":material/block:",
                  on_click=_withdraw, args=(table.id, seat), width="stretch")


def _show_links(game_id: str) -> None:
    if still_table():
        st.session_state[f"phones-shown:{game_id}"] = True


def _new_link(game_id: str, seat: int) -> None:
    if still_table():
        store().new_link(game_id, seat)


def _withdraw(game_id: str, seat: int) -> None:
    if still_table():
        store().withdraw_link(game_id, seat)


# --- keeping every device up to date -------------------------------------------------------------
def note_drawn(game_id: str, pulse) -> None:
    """The pulse the game had when this tab read it to draw it (read before, so a move made while
    the page was being drawn still shows as a change).

    Called at the end of the table's fragment: where phones take part, the table also waits there for
    the next move of the game (live_events.listen), and a move reruns the table only. A link opened or
    withdrawn changes the page around the table too (the join panel, a phone shut out): the whole page
    runs again."""
    before = st.session_state.get(PULSE + game_id)
    st.session_state[PULSE + game_id] = pulse
    st.session_state[DRAWN_AT + game_id] = drawn = time.monotonic()
    if not phones_take_part(game_id):
        return
    ctx = get_script_run_ctx()
    if before is not None and _links(before) != _links(pulse) and ctx is not None and ctx.fragment_ids_this_run:
        st.rerun(scope="app")
    me = st.session_state.setdefault(LISTENER, secrets.token_urlsafe(9))
    live_events.listen(game_id, live.follow(store(), game_id, pulse), drawn, me, st.query_params.get(TOKEN_PARAM))


def _links(pulse):
    return getattr(pulse, "links", pulse)


def _writer() -> str | None:
    """The listener id of the tab whose run is writing (``live.WHO``): its own moves do not wake it."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return st.session_state.get(LISTENER)


live.WHO = _writer


def live_updates(game_id: str) -> None:
    """Follow moves made on other devices: the table waits for them (``note_drawn``); besides, every
    ``LIVE_SECONDS`` this fragment looks by itself whether the game moved (one small query), for a move
    saved by another server process, and draws the whole page again only if it did."""

    def watch() -> None:
        drawn = st.session_state.get(PULSE + game_id)
        if store().pulse(game_id) != drawn:
            st.rerun(scope="app")
        # A safety net: on a loaded laptop a page was once seen to keep an old picture although its
        # last run had noted the new one; drawing it again now and then costs one run per device.
        if time.monotonic() - st.session_state.get(DRAWN_AT + game_id, 0.0) > REDRAW_SECONDS:
            st.rerun(scope="app")

    fragment(watch, run_every=LIVE_SECONDS)()


def phones_take_part(game_id: str) -> bool:
    """A link is in force for the game: the table device must follow what the phones do."""
    return bool(st.session_state.get(f"phones-shown:{game_id}")) or store().seat_links_issued(game_id)


# --- the page a phone opens -----------------------------------------------------------------------
def held_seat() -> tuple[str, int] | None:
    """The game and seat of this page's link; explains a link that is withdrawn or unknown."""
    token = st.query_params.get(TOKEN_PARAM, "")
    found = store().open_link(token) if TOKEN_SHAPE.fullmatch(token) else None
    if found is None:
        st.error(tr("ui.phones.link_gone"), icon=":material/link_off:")
    return found
