"""The table's history, as the store keeps it: who played which game and how it ended.

People, not seats: a name typed at the table is a person (``people``), found again by its key, the name
with the case and the spaces at its ends ignored ("ann " is "Ann"). A computer opponent is a person of
its level (key ``bot:hard``; the pages translate its name). A finished game gives one ``results`` row per
seat: the score in the game's own terms (Biber Gang's points: lower is better), and the place and the win
as the engine's standings say, with its tie-breaks. Two sources count alike: games played in the app
(``game``, recorded in the transaction that saves their last action) and score checks (``check``, the end
of a game played on paper or with real cards, recorded when the check is complete).

Results follow what they come from: taking back an action of a game, or deleting a game or a check, drops
its rows (the triggers below), so the history never counts a game that is no longer over. The queries
are in assistant/history.py.
"""

from __future__ import annotations

import math
import sqlite3
import time
from typing import Any

from assistant.bots import LEVELS
from assistant.games.registry import game_info
from assistant.store_errors import StorageError

HISTORY_SCHEMA = """
CREATE TABLE IF NOT EXISTS people (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,        -- as first typed (outer spaces dropped); a bot's is its level
    key       TEXT NOT NULL UNIQUE, -- name_key(name), or "bot:<level>"
    bot_level TEXT                  -- NULL for a person
);
-- The keys of names a person went by before (a name merged into theirs, their name before a rename):
-- a name typed later finds them by it, and so do the pages that look people up by the names of a game's
-- seats (an end screen's chart of the seated players' past games). Never the key of a row of ``people``.
CREATE TABLE IF NOT EXISTS aliases (
    key       TEXT PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS results (
    source    TEXT NOT NULL,        -- "game" (played in the app) or "check" (a score check)
    source_id TEXT NOT NULL,        -- the game's or the check's id
    game      TEXT NOT NULL,
    played    REAL NOT NULL,        -- when it ended (a check: when it was started)
    seat      INTEGER NOT NULL,
    person_id INTEGER NOT NULL REFERENCES people(id),
    score     REAL NOT NULL,
    place     INTEGER NOT NULL,     -- 1 for first; equal places shared (1, 1, 3)
    won       INTEGER NOT NULL,
    variant   TEXT,                 -- the value of the game's variant_option; else NULL
    PRIMARY KEY (source, source_id, seat)
);
-- For the History page (assistant/history.py): the latest games, a game's latest games, a game's
-- leaderboard, and everything about one player; the last two hold every column their queries read.
CREATE INDEX IF NOT EXISTS results_by_time ON results (played, source, source_id);
CREATE INDEX IF NOT EXISTS results_of_game_by_time ON results (game, played);
CREATE INDEX IF NOT EXISTS results_of_game_by_person ON results (game, person_id, source, source_id, won, score,
                                                                 variant);
CREATE INDEX IF NOT EXISTS results_of_person ON results (person_id, source, source_id, game, variant, won, score,
                                                         place, played);
CREATE TABLE IF NOT EXISTS history_flags (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE TRIGGER IF NOT EXISTS results_go_with_their_game AFTER DELETE ON games BEGIN
    DELETE FROM results WHERE source = 'game' AND source_id = OLD.id;
END;
CREATE TRIGGER IF NOT EXISTS results_go_with_an_action AFTER DELETE ON actions BEGIN
    DELETE FROM results WHERE source = 'game' AND source_id = OLD.game_id;
END;
CREATE TRIGGER IF NOT EXISTS results_go_with_their_check AFTER DELETE ON score_checks BEGIN
    DELETE FROM results WHERE source = 'check' AND source_id = OLD.id;
END;
"""
SOURCES = ("game", "check")
NAME_LENGTH = 20  # as the name fields of the pages allow
BACKFILLED = "backfilled"  # history_flags: finished games saved before the history existed are recorded


class HistoryError(ValueError):
    """Refused: ``key`` names the reason in the catalogues (assistant/locales/history/)."""

    def __init__(self, key: str):
        self.key = key
        super().__init__(key)


def tidy_name(name: str) -> str:
    """A typed name as kept: the spaces at its ends dropped, inner runs of spaces made one."""
    return " ".join(name.split())


def name_key(name: str) -> str:
    """What makes two typed names one person: case and spaces ignored. A person never gets a bot's key,
    whatever they type ("Bot:hard" is a person's name)."""
    key = tidy_name(name).casefold()
    return f"name:{key}" if key.startswith(("bot:", "name:")) else key


def bot_key(level: str) -> str:
    return f"bot:{level}"


def lowest_wins(game: str) -> bool:
    """The game's lowest score is its best (Biber Gang, Hamsterdam)."""
    try:
        return game_info(game).lowest_wins
    except ValueError:  # a game this app does not know (a restored history of a newer app)
        return False


def known_person(db: sqlite3.Connection, key: str) -> int | None:
    """The person of ``key``: theirs, or a name they went by before (aliases); None if nobody's."""
    row = db.execute("SELECT id FROM people WHERE key = ?1 UNION ALL SELECT person_id FROM aliases WHERE key = ?1",
                     (key,)).fetchone()
    return row[0] if row else None


def person_id(db: sqlite3.Connection, name: str, bot_level: str | None = None) -> int:
    """The person ``name`` is (or the bot of ``bot_level``), added now if new; within a transaction."""
    if bot_level is not None:
        name, key = bot_level, bot_key(bot_level)
    else:
        name, key = tidy_name(name), name_key(name)
    known = known_person(db, key)
    if known is not None:
        return known
    return db.execute("INSERT INTO people (name, key, bot_level) VALUES (?, ?, ?)", (name, key, bot_level)).lastrowid


class HistoryRecords:
    """Mixed into ``Store``: it provides ``_connect`` and ``rebuild``."""

    def record_finished_game(self, game_id: str) -> bool:
        """(Re)record a saved game's results from its rows; False (and no rows) if it is not over or
        cannot be rebuilt."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            recorded = self._record_game(db, game_id)
            db.execute("COMMIT")
        return recorded

    def _record_game(self, db: sqlite3.Connection, game_id: str) -> bool:
        """Replace the game's results by what its saved rows say, inside the caller's transaction.

        Replays the game (a few milliseconds, once per game): the places come from the engine's standings
        with their tie-breaks, which the saved scores alone cannot give."""
        from assistant.store import SavedRows  # store.py imports this module

        db.execute("DELETE FROM results WHERE source = 'game' AND source_id = ?", (game_id,))
        row = db.execute("SELECT game, num_players, options, seed, setup, updated FROM games WHERE id = ?",
                         (game_id,)).fetchone()
        if row is None:
            return False
        actions = tuple(r[0] for r in db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY number",
                                                 (game_id,)))
        try:
            rows = _game_results(self.rebuild(SavedRows(game_id, *row, actions=actions)), row[5])
        except (ValueError, LookupError, TypeError, RecursionError):
            return False  # damaged (DamagedGame), or an end the history cannot read: the game is saved all the same
        if rows is None:
            return False
        for seat, name, level, score, place, won, variant, played in rows:
            db.execute(
                "INSERT INTO results (source, source_id, game, played, seat, person_id, score, place, won, variant)"
                " VALUES ('game', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, row[0], played, seat, person_id(db, name, level), score, place, won, variant))
        return True

    def record_check_result(self, check_id: str, game: str, players: list[dict[str, Any]],
                            variant: str | None = None) -> None:
        """Record a complete score check's end, replacing what it recorded before. Each player is
        ``{"name", "score", "place", "won"}`` in seat order; a player without a name is left out."""
        game_info(game)  # ValueError for a game nobody registered
        rows = []
        for seat, player in enumerate(players):
            name, score, place, won = (player.get(k) for k in ("name", "score", "place", "won"))
            if not isinstance(name, str):
                raise ValueError(f"player {seat + 1}: the name is no text")
            if type(score) not in (int, float) or not math.isfinite(score):
                raise ValueError(f"player {seat + 1}: the score is no number")
            if type(place) is not int or place < 1 or type(won) is not bool:
                raise ValueError(f"player {seat + 1}: the place or the win is missing")
            if tidy_name(name):
                rows.append((seat, tidy_name(name)[:NAME_LENGTH], score, place, won))
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM results WHERE source = 'check' AND source_id = ?", (check_id,))
            created = db.execute("SELECT created FROM score_checks WHERE id = ?", (check_id,)).fetchone()
            # When the check was started: at the end of the game, and the same however often it is corrected.
            played = created[0] if created and type(created[0]) in (int, float) else time.time()
            alone = len(rows) == 1  # one name on the check: a score, not a win (as a game played alone)
            for seat, name, score, place, won in rows:
                won = won and not alone
                db.execute(
                    "INSERT INTO results (source, source_id, game, played, seat, person_id, score, place, won,"
                    " variant) VALUES ('check', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (check_id, game, played, seat, person_id(db, name), score, place, won, variant))
            db.execute("COMMIT")

    def forget_check_result(self, check_id: str) -> None:
        """The check is no longer complete: it no longer counts."""
        with self._connect() as db:
            db.execute("DELETE FROM results WHERE source = 'check' AND source_id = ?", (check_id,))

    def _backfill_history(self) -> None:
        """Record the finished games saved before the history existed: once (a flag says it was done),
        so opening the store later costs one query. A file that cannot be written stays as it is."""
        try:
            with self._connect() as db:
                if db.execute("SELECT 1 FROM history_flags WHERE name = ?", (BACKFILLED,)).fetchone():
                    return
                db.execute("BEGIN IMMEDIATE")
                missing = [row[0] for row in db.execute(
                    "SELECT id FROM games WHERE finished = 1 AND id NOT IN"
                    " (SELECT source_id FROM results WHERE source = 'game')")]
                for game_id in missing:
                    self._record_game(db, game_id)
                db.execute("INSERT OR REPLACE INTO history_flags (name, value) VALUES (?, 1)", (BACKFILLED,))
                db.execute("COMMIT")
        except StorageError:  # read-only or full: the history fills in once the file can be written
            pass


def _game_results(saved, ended: Any) -> list[tuple] | None:
    """One row per seat of a finished game (None if it is not over): seat, name, bot level, score, place,
    won, variant, when it ended. A seat without a name (none the app saves) is left out, and so is every seat
    of a game not played through here from its start (setup["origin"]: played on from a replay, imported)."""
    state = saved.state
    if not state.is_over():
        return None
    if saved.setup.get("origin") is not None:  # played on from a replay or imported: not played through here
        return []
    scores = state.scores()
    names = saved.setup["names"]
    bots = saved.setup.get("bots") or ["human"] * state.num_players
    option = state.game.info.variant_option
    variant = str(state.options[option]) if option in state.options else None
    played = ended if type(ended) in (int, float) else time.time()
    rows = []
    for standing in state.standings()["players"]:
        seat = standing["player"]
        level = bots[seat] if bots[seat] in LEVELS else None
        if level is not None or tidy_name(names[seat]):
            # Alone (Hamstern's solo sheet) there is nobody to beat: a score, not a win.
            won = bool(standing["winner"]) and state.num_players > 1
            rows.append((seat, names[seat], level, scores[seat], standing["place"], won, variant, played))
    return rows
