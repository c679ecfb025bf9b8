"""Seats on phones, as the store keeps them: the links that let a device hold one seat, and the
decisions made ahead of their turn.

A seat link is a capability: an unguessable token, never the seat number. Each seat has at most one
link in force; withdrawing it shuts the device that holds it out at its next look, and a new link can
be issued at any time. A seat is "on a phone" once a device has opened its link.

The store keeps the decisions made ahead of their turn as rows only (``pending``); what they mean and
when they enter the game's record is decided by assistant/ahead.py, for any game that decides at once.
"""

from __future__ import annotations

import secrets
import sqlite3
import time
from typing import NamedTuple

from assistant.games.base import Action

TOKEN_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
SEATS_SCHEMA = """
CREATE TABLE IF NOT EXISTS seat_links (
    token     TEXT PRIMARY KEY,
    game_id   TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    issued    REAL NOT NULL,
    opened    REAL,                 -- first opened on a device: the seat is on a phone from then on
    withdrawn INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pending (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    roll    INTEGER NOT NULL,       -- the roll it answers (how many rolls there were then)
    action  TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""


class SeatLink(NamedTuple):
    token: str
    seat: int
    opened: bool


class Pulse(NamedTuple):
    """What a device compares to know whether its picture of a game is still the latest: the saved
    actions, the pending confirmations, the seat links (a link opened or withdrawn) and the marks of the
    screen between two decisions (assistant/store_screens.py: a round gone on from, a cover tapped away)."""

    actions: int
    pending: str
    links: str
    marks: str = ""


class SeatLinks:
    """Mixed into ``Store``: it provides ``_connect``."""

    # --- links --------------------------------------------------------------------------------
    def seat_links(self, game_id: str, seats: list[int]) -> dict[int, SeatLink]:
        """The link in force for each of ``seats``, issued now for a seat that never had one
        (a withdrawn link is not replaced until ``new_link`` asks for it)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            rows = db.execute("SELECT seat, token, opened, withdrawn FROM seat_links WHERE game_id = ?"
                              " ORDER BY issued", (game_id,)).fetchall()
            had = {row[0] for row in rows}
            links = {seat: SeatLink(token, seat, opened is not None)
                     for seat, token, opened, withdrawn in rows if not withdrawn}
            for seat in seats:
                if seat not in had:
                    links[seat] = SeatLink(self._insert_link(db, game_id, seat), seat, False)
            db.execute("COMMIT")
        return {seat: links[seat] for seat in seats if seat in links}

    def new_link(self, game_id: str, seat: int) -> str:
        """Withdraw the seat's link (if any) and issue a new one."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE seat_links SET withdrawn = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))
            token = self._insert_link(db, game_id, seat)
            db.execute("COMMIT")
        return token

    def withdraw_link(self, game_id: str, seat: int) -> None:
        """The seat goes back to the table device; the device holding the link loses it."""
        with self._connect() as db:
            db.execute("UPDATE seat_links SET withdrawn = 1 WHERE game_id = ? AND seat = ?", (game_id, seat))

    def open_link(self, token: str) -> tuple[str, int] | None:
        """The game and seat a link in force gives, noting that a device holds it; None for a link
        that was withdrawn or never issued."""
        with self._connect() as db:
            # A seat that is no whole number from 0 (a row damaged by hand) opens nothing.
            row = db.execute("SELECT game_id, seat, opened FROM seat_links WHERE token = ? AND withdrawn = 0"
                             " AND typeof(seat) = 'integer' AND seat >= 0 AND typeof(game_id) = 'text'",
                             (token,)).fetchone()
            if row is None:
                return None
            if row[2] is None:
                db.execute("UPDATE seat_links SET opened = ? WHERE token = ?", (time.time(), token))
        return row[0], row[1]

    def seat_links_issued(self, game_id: str) -> bool:
        """A link is in force for the game (its devices must follow one another)."""
        with self._connect() as db:
            return db.execute("SELECT 1 FROM seat_links WHERE game_id = ? AND withdrawn = 0 LIMIT 1",
                              (game_id,)).fetchone() is not None

    def seats_on_phones(self, game_id: str) -> set[int]:
        with self._connect() as db:
            rows = db.execute("SELECT seat FROM seat_links WHERE game_id = ? AND withdrawn = 0 AND opened IS NOT NULL",
                              (game_id,)).fetchall()
        return {row[0] for row in rows}

    @staticmethod
    def _insert_link(db, game_id: str, seat: int) -> str:
        # 12 characters of 32 (60 random bits): not guessed on a home network, and easy to type on a
        # phone: lower case, no 0/o, 1/l.
        token = "".join(secrets.choice(TOKEN_LETTERS) for _ in range(12))
        db.execute("INSERT INTO seat_links (token, game_id, seat, issued) VALUES (?, ?, ?, ?)",
                   (token, game_id, seat, time.time()))
        return token

    # --- what moved ---------------------------------------------------------------------------
    def pulse(self, game_id: str) -> Pulse:
        """One cheap query: a device polls it every half second and reloads only when it changed."""
        with self._connect() as db:
            row = db.execute(
                "SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?1),"
                " (SELECT group_concat(seat || ':' || roll) FROM pending WHERE game_id = ?1),"
                " (SELECT group_concat(token || ':' || (opened IS NOT NULL) || withdrawn) FROM seat_links"
                "  WHERE game_id = ?1),"
                " (SELECT group_concat(name || ':' || value) FROM marks WHERE game_id = ?1)", (game_id,)).fetchone()
        return Pulse(row[0], row[1] or "", row[2] or "", row[3] or "")

    # --- decisions made ahead of their turn (assistant/ahead.py decides what they mean) --------
    def pending(self, game_id: str) -> dict[int, tuple[int, str]]:
        """Seat -> (the chance outcome it answers, the action as saved)."""
        with self._connect() as db:
            rows = db.execute("SELECT seat, roll, action FROM pending WHERE game_id = ?", (game_id,)).fetchall()
        return {seat: (roll, action) for seat, roll, action in rows}

    def add_pending(self, game_id: str, seat: int, outcome: int, action: Action) -> bool:
        """Keep ``seat``'s decision aside; False if the seat has one kept already (another device, or a
        second tap, was first)."""
        with self._connect() as db:
            try:
                db.execute("INSERT INTO pending (game_id, seat, roll, action) VALUES (?, ?, ?, ?)",
                           (game_id, seat, outcome, action.to_json()))
            except sqlite3.IntegrityError:
                return False
        return True

    def drop_pending(self, game_id: str, seat: int) -> bool:
        """Forget ``seat``'s decision kept aside; False if there was none."""
        with self._connect() as db:
            return db.execute("DELETE FROM pending WHERE game_id = ? AND seat = ?", (game_id, seat)).rowcount > 0
