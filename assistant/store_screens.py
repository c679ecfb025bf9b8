"""What a screen between two decisions shows, as the store keeps it: the same on every device, after a
reload and after a restart of the server.

A game's record says where the game is; between two decisions a page may show something the record
does not (a finished round nobody has gone on from yet, a pass-the-tablet cover someone tapped away).
Those are small numbers per game (``marks``): named by the page that sets them, an action count or a
number of rounds each. The store only keeps them; assistant/ui/rounds.py and assistant/ui/seats.py
say what they mean.
"""

from __future__ import annotations

SCREENS_SCHEMA = """
CREATE TABLE IF NOT EXISTS marks (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    name    TEXT NOT NULL,
    value   INTEGER NOT NULL,
    PRIMARY KEY (game_id, name)
);
"""


class ScreenMarks:
    """Mixed into ``Store``: it provides ``_connect``."""

    def marks(self, game_id: str) -> dict[str, int]:
        with self._connect() as db:
            rows = db.execute("SELECT name, value FROM marks WHERE game_id = ?", (game_id,)).fetchall()
        # A damaged row (not a count: no whole number, or below 0) counts as never set: the page falls back
        # to its default.
        return {name: value for name, value in rows if type(value) is int and value >= 0}

    def set_mark(self, game_id: str, name: str, value: int) -> None:
        with self._connect() as db:
            db.execute("INSERT INTO marks (game_id, name, value) VALUES (?, ?, ?)"
                       " ON CONFLICT (game_id, name) DO UPDATE SET value = excluded.value", (game_id, name, value))

    def set_mark_once(self, game_id: str, name: str, value: int) -> int:
        """The mark as it is, set to ``value`` first if it was not set (two devices opening a game at once
        agree on the first one's)."""
        with self._connect() as db:
            db.execute("INSERT OR IGNORE INTO marks (game_id, name, value) VALUES (?, ?, ?)", (game_id, name, value))
            row = db.execute("SELECT value FROM marks WHERE game_id = ? AND name = ?", (game_id, name)).fetchone()
        return row[0] if type(row[0]) is int and row[0] >= 0 else value
