"""The table's key, as the store keeps it: what lets a device other than the laptop be the table.

The laptop's own browser is the table without a key. Any other device (the tablet lying on the
table) becomes the table by opening the table link once (``/?key=KEY``, a QR code on the laptop and
a link printed in its terminal); it keeps the key in a cookie. One key is in force at a time: making
a new one withdraws the old, and every device that held it is shut out at its next look.
"""

from __future__ import annotations

import hmac
import secrets
import time

KEYS_SCHEMA = """
CREATE TABLE IF NOT EXISTS table_keys (
    key      TEXT PRIMARY KEY,
    issued   REAL NOT NULL,
    used     REAL,                  -- last opened by a device other than the laptop
    revoked  INTEGER NOT NULL DEFAULT 0
);
"""
KEY_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
KEY_LENGTH = 16  # 80 random bits: never guessed, and still typed on a tablet if the camera fails
# A row damaged by hand or by another program (no text, another length) is no key.
WELL_FORMED = f"typeof(key) = 'text' AND length(key) = {KEY_LENGTH}"


class TableKeys:
    """Mixed into ``Store``: it provides ``_connect``."""

    def table_key(self) -> str:
        """The key in force, made now if there is none (the first start, or after every key was revoked)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute(f"SELECT key FROM table_keys WHERE revoked = 0 AND {WELL_FORMED}"
                             " ORDER BY issued DESC LIMIT 1").fetchone()
            key = row[0] if row else self._insert_key(db)
            db.execute("COMMIT")
        return key

    def is_table_key(self, key: object) -> bool:
        """``key`` is the key in force (anything else, of any type, is not)."""
        if not isinstance(key, str) or len(key) != KEY_LENGTH:
            return False
        with self._connect() as db:
            rows = db.execute(f"SELECT key FROM table_keys WHERE revoked = 0 AND {WELL_FORMED}").fetchall()
        # compare_digest: how long the comparison took says nothing about the key.
        return any(hmac.compare_digest(key.encode(), row[0].encode()) for row in rows)

    def table_key_used(self) -> float | None:
        """When a device other than the laptop last opened the table link (None: never)."""
        with self._connect() as db:
            row = db.execute(f"SELECT used FROM table_keys WHERE revoked = 0 AND {WELL_FORMED}"
                             " ORDER BY issued DESC LIMIT 1").fetchone()
        return row[0] if row and type(row[0]) in (int, float) else None

    def note_table_key_used(self, key: str) -> None:
        with self._connect() as db:
            db.execute("UPDATE table_keys SET used = ? WHERE key = ? AND revoked = 0", (time.time(), key))

    def new_table_key(self) -> str:
        """Revoke every key and make a new one: the devices that held the old one are no longer the table."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE table_keys SET revoked = 1")
            key = self._insert_key(db)
            db.execute("COMMIT")
        return key

    @staticmethod
    def _insert_key(db) -> str:
        key = "".join(secrets.choice(KEY_LETTERS) for _ in range(KEY_LENGTH))
        db.execute("INSERT INTO table_keys (key, issued) VALUES (?, ?)", (key, time.time()))
        return key
