"""Replay links, as the store keeps them: a read-only link to watch one game (issue 24).

A replay link is a capability, like a seat link (assistant/store_seats.py): an unguessable token that
lets whoever holds it watch that game from its start, and do nothing else. A game has one link, made
the first time it is asked for and the same after that, until it is withdrawn.
"""

from __future__ import annotations

import re
import secrets
import time

REPLAYS_SCHEMA = """
CREATE TABLE IF NOT EXISTS replay_links (
    token   TEXT PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
    issued  REAL NOT NULL
);
"""

TOKEN_BYTES = 16  # 128 random bits: a link sent on, never guessed
# secrets.token_urlsafe(16): 22 characters of the URL-safe alphabet. Anything else from a URL is no link,
# refused before any query.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{22}")


class ReplayLinks:
    """Mixed into ``Store``: it provides ``_connect``."""

    def replay_link(self, game_id: str) -> str:
        """The game's replay link token, made the first time (UnknownGame for a game not saved)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT token FROM replay_links WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and isinstance(row[0], str) and TOKEN_SHAPE.fullmatch(row[0]):
                token = row[0]
            else:  # none yet (or a row damaged by hand: replaced)
                if not db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone():
                    from assistant.store import UnknownGame  # store.py imports this module

                    raise UnknownGame(game_id)  # leaving the block drops the transaction
                token = secrets.token_urlsafe(TOKEN_BYTES)
                db.execute("DELETE FROM replay_links WHERE game_id = ?", (game_id,))
                db.execute("INSERT INTO replay_links (token, game_id, issued) VALUES (?, ?, ?)",
                           (token, game_id, time.time()))
            db.execute("COMMIT")
        return token

    def open_replay_link(self, token: object) -> str | None:
        """The game a replay link shows; None for anything that is no link in force (never raises on junk)."""
        if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token):
            return None
        with self._connect() as db:
            row = db.execute("SELECT game_id FROM replay_links WHERE token = ? AND typeof(game_id) = 'text'",
                             (token,)).fetchone()
        return row[0] if row else None

    def withdraw_replay_link(self, game_id: str) -> None:
        """The game's replay link opens nothing any more; asking for one again makes a new one."""
        with self._connect() as db:
            db.execute("DELETE FROM replay_links WHERE game_id = ?", (game_id,))
