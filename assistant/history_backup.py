"""The history taken out of the app: a CSV for spreadsheets, and one backup file that restores everything
on a fresh install.

The backup is JSON, gzipped: ``{"format": "hamster-table-backup", "version": 1, "games", "checks",
"people", "aliases", "results"}``, each row as the store keeps it (a game with its actions, marks and
decisions kept aside; ``aliases``: the names people went by before a rename or a merge, missing in the
backups of older versions). Seat links and the table's key are left out: they let devices in, and a new
install makes its own. A row that restoring would refuse, such as a game that no longer replays, is left
out too, so that one damaged game cannot make the whole backup useless.

Restoring checks the whole file first (assistant/history_checks.py: what it is, its size, every row's
shape, every game replayed by its engine and checked as importing it would be; the results of a game
played here are its replay's, not the file's) and then writes it in one transaction, or refuses with one
reason (``RestoreRefused.key``) and writes nothing. Rows already there (the same game or check id, the
same person's name, or a name they went by) are kept as they are: a name someone here went by is never
taken from them.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import time
from collections import defaultdict
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime

from assistant import history_checks as checking
from assistant.games.registry import load, registered
from assistant.history_checks import RestoreRefused
from assistant.store import IS_LESSON
from assistant.store import _time as saved_time
from assistant.store_history import known_person, person_id

__all__ = ["RestoreRefused", "RestoreReport", "backup", "backup_with_report", "export_csv", "restore"]

CSV_COLUMNS = ("date", "game", "variant", "source", "source_id", "player", "bot_level", "seat", "score", "place",
               "won")
GAME_COLUMNS = ("id", "game", "num_players", "options", "seed", "setup", "created", "updated", "finished", "scores")
CHECK_COLUMNS = ("id", "game", "data", "created", "updated")
PERSON_COLUMNS = ("id", "name", "key", "bot_level")
ALIAS_COLUMNS = ("key", "person_id")
RESULT_COLUMNS = ("source", "source_id", "game", "played", "seat", "person_id", "score", "place", "won", "variant")
# A spreadsheet reads a cell starting with one of these as a formula (OWASP: CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# --- CSV ---------------------------------------------------------------------------------------------
def export_csv(store) -> str:
    """One row per player per game, oldest first, with a header row (write it out as UTF-8)."""
    with store._connect() as db:
        rows = db.execute(
            "SELECT r.played, r.game, r.variant, r.source, r.source_id, p.name, p.bot_level, r.seat, r.score,"
            " r.place, r.won FROM results r JOIN people p ON p.id = r.person_id"
            " ORDER BY r.played, r.source, r.source_id, r.seat").fetchall()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for played, game, variant, source, source_id, name, level, seat, score, place, won in rows:
        writer.writerow((_date(played), _cell(game), _cell(variant or ""), _cell(source), _cell(source_id),
                         _cell(name), _cell(level or ""), seat, _number(score), place, int(bool(won))))
    return out.getvalue()


def _date(played: float) -> str:
    """The local time with its offset from UTC: a spreadsheet and a person both read it. A damaged time
    reads as 1970, as the store reads it (a row of an older file must not stop the whole download)."""
    return datetime.fromtimestamp(saved_time(played)).astimezone().isoformat(timespec="seconds")


def _number(score: float) -> int | float:
    return int(score) if float(score).is_integer() else score


def _cell(text: str) -> str:
    """A text as a spreadsheet shows it, never as a formula it would run (every text cell: a restored or
    damaged row may hold anything)."""
    text = str(text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


# --- backup ------------------------------------------------------------------------------------------
def backup(store) -> bytes:
    """Every game, score check, person and result, as one gzipped JSON file (read in one snapshot)."""
    return backup_with_report(store)[0]


def backup_with_report(store) -> tuple[bytes, int]:
    """``backup``, and how many rows it left out: the rows restoring would refuse (a game that no longer
    replays, a row damaged by hand), and the results of such a game. Checking them replays every game."""
    with store._connect() as db:
        db.execute("BEGIN")  # one picture of the file, even while a game moves on meanwhile
        # A lesson's game is no game of the table's (assistant/store.py): not kept.
        games = db.execute(f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE NOT {IS_LESSON} ORDER BY created, id"
                           ).fetchall()
        actions, marks, pending = defaultdict(list), defaultdict(dict), defaultdict(list)
        for game_id, action in db.execute("SELECT game_id, action FROM actions ORDER BY game_id, number"):
            actions[game_id].append(action)
        for game_id, name, value in db.execute("SELECT game_id, name, value FROM marks ORDER BY game_id, name"):
            marks[game_id][name] = value
        for game_id, *decision in db.execute("SELECT game_id, seat, roll, action FROM pending ORDER BY game_id, seat"):
            pending[game_id].append(decision)
        checks = db.execute(f"SELECT {', '.join(CHECK_COLUMNS)} FROM score_checks ORDER BY created, id").fetchall()
        people = db.execute(f"SELECT {', '.join(PERSON_COLUMNS)} FROM people ORDER BY id").fetchall()
        aliases = db.execute(f"SELECT {', '.join(ALIAS_COLUMNS)} FROM aliases ORDER BY key").fetchall()
        results = db.execute(f"SELECT {', '.join(RESULT_COLUMNS)} FROM results"
                             " ORDER BY played, source, source_id, seat").fetchall()
        db.execute("COMMIT")
    content = {
        "format": checking.FORMAT, "version": checking.VERSION, "made": time.time(),
        "games": [{**dict(zip(GAME_COLUMNS, row, strict=True)), "actions": actions[row[0]], "marks": marks[row[0]],
                   "pending": pending[row[0]]} for row in games],
        "checks": [dict(zip(CHECK_COLUMNS, row, strict=True)) for row in checks],
        "people": [dict(zip(PERSON_COLUMNS, row, strict=True)) for row in people],
        "aliases": [dict(zip(ALIAS_COLUMNS, row, strict=True)) for row in aliases],
        "results": [dict(zip(RESULT_COLUMNS, row, strict=True)) for row in results],
    }
    with _few_costly_replays():  # a game beyond them is left out (and counted)
        left_out = checking.leave_out_unsound(content)
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0), left_out


# --- restore -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RestoreReport:
    games_added: int
    games_kept: int  # already there: kept as they were
    checks_added: int
    checks_kept: int
    people_added: int
    people_matched: int  # the same name was there already: their results join that person's
    results_added: int

    @property
    def already_there(self) -> int:
        """Games and score checks that were there already (kept as they are)."""
        return self.games_kept + self.checks_kept


def restore(store, data: bytes) -> RestoreReport:
    """Restore a backup: everything checked first, then written in one transaction. RestoreRefused
    (a ValueError; ``key`` is the reason in the catalogues) if anything is wrong; then nothing is written."""
    content = checking.unpacked_json(data)
    with _few_costly_replays() as budgets:
        try:
            checked = checking.checked_backup(content)
        except RestoreRefused:
            if any(left[0] < 0 for left in budgets):  # a game stored whole replays without costing any
                raise RestoreRefused("history.restore.too_many_caves") from None
            raise
    return _write(store, checked)


COSTLY_REPLAYS = 8  # replays costing seconds each (GameInfo.replay_budget) a restore or backup may make


@contextmanager
def _few_costly_replays():
    """Replaying games makes at most COSTLY_REPLAYS costly setups per game (a Hamstern cave of a game saved with
    its code only): a forged file of thousands of them is refused, not days of work. Yields each bound's
    ``[left]``."""
    with ExitStack() as stack:
        yield [stack.enter_context(load(info.replay_budget)(COSTLY_REPLAYS))
               for info in registered() if info.replay_budget]


def _write(store, checked: checking.Checked) -> RestoreReport:
    with store._connect() as db:
        db.execute("BEGIN IMMEDIATE")
        had_games = {row[0] for row in db.execute("SELECT id FROM games")}
        had_checks = {row[0] for row in db.execute("SELECT id FROM score_checks")}
        new_games = [game for game in checked.games if game["id"] not in had_games]
        new_checks = [check for check in checked.checks if check["id"] not in had_checks]
        db.executemany(f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({', '.join('?' * len(GAME_COLUMNS))})",
                       [tuple(game[c] for c in GAME_COLUMNS) for game in new_games])
        db.executemany("INSERT INTO actions (game_id, number, action) VALUES (?, ?, ?)",
                       [(game["id"], number, action) for game in new_games
                        for number, action in enumerate(game["actions"], 1)])
        db.executemany("INSERT INTO marks (game_id, name, value) VALUES (?, ?, ?)",
                       [(game["id"], name, value) for game in new_games for name, value in game["marks"].items()])
        db.executemany("INSERT INTO pending (game_id, seat, roll, action) VALUES (?, ?, ?, ?)",
                       [(game["id"], *decision) for game in new_games for decision in game["pending"]])
        db.executemany(f"INSERT INTO score_checks ({', '.join(CHECK_COLUMNS)}) VALUES (?, ?, ?, ?, ?)",
                       [tuple(check[c] for c in CHECK_COLUMNS) for check in new_checks])
        people_before = db.execute("SELECT COUNT(*) FROM people").fetchone()[0]
        person_ids, added = _people(db, checked.people)
        for alias in checked.aliases:  # before the results: a seat of such a name finds its person
            if known_person(db, alias["key"]) is None:
                db.execute("INSERT INTO aliases (key, person_id) VALUES (?, ?)",
                           (alias["key"], person_ids[alias["person_id"]]))
        # The results of a game or check that was there already stay as that game or check recorded them.
        sources = {("game", game["id"]) for game in new_games} | {("check", check["id"]) for check in new_checks}
        rows = []
        for row in checked.results:
            if (row["source"], row["source_id"]) in sources:
                # A seat of a game that the file had no row for: its name's person, as the store records it.
                person = (person_ids[row["person_id"]] if row["person_id"] is not None
                          else person_id(db, row["name"], row["bot_level"]))
                rows.append(tuple(person if c == "person_id" else row[c] for c in RESULT_COLUMNS))
        people_added = db.execute("SELECT COUNT(*) FROM people").fetchone()[0] - people_before
        before = db.total_changes
        db.executemany(f"INSERT OR IGNORE INTO results ({', '.join(RESULT_COLUMNS)})"
                       f" VALUES ({', '.join('?' * len(RESULT_COLUMNS))})", rows)
        results_added = db.total_changes - before
        db.execute("COMMIT")
    return RestoreReport(len(new_games), len(checked.games) - len(new_games), len(new_checks),
                         len(checked.checks) - len(new_checks), people_added, len(checked.people) - added,
                         results_added)


def _people(db, people: list[dict]) -> tuple[dict[int, int], int]:
    """The id here of each person in the backup: the person of the same key (or who went by that name)
    if there is one, else the person added now (with the backup's id if it is free, so a fresh install
    gets the same rows)."""
    ids, added = {}, 0
    for person in people:
        known = known_person(db, person["key"])
        if known is not None:
            ids[person["id"]] = known
            continue
        free = db.execute("SELECT 1 FROM people WHERE id = ?", (person["id"],)).fetchone() is None
        cursor = db.execute("INSERT INTO people (id, name, key, bot_level) VALUES (?, ?, ?, ?)",
                            (person["id"] if free else None, person["name"], person["key"], person["bot_level"]))
        ids[person["id"]] = cursor.lastrowid
        added += 1
    return ids, added
