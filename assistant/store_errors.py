"""When the saved-games file itself cannot be used: one error with a kind the app can explain.

SQLite reports a damaged file, a read-only file or a full disk as ``sqlite3`` errors
with codes; the app must tell the table what happened in its own language, so those
errors become ``StorageError(kind)`` here, and the catalogues hold ``storage.<kind>``.
Errors that are bugs (a wrong SQL statement, a broken constraint) are left alone.
"""

from __future__ import annotations

import errno
import sqlite3

KINDS = ("damaged", "foreign", "readonly", "full", "busy", "unavailable")

# SQLite's primary result codes (https://sqlite.org/rescode.html); extended codes
# keep the primary one in their low byte.
_BY_SQLITE_CODE = {
    3: "readonly",  # SQLITE_PERM
    5: "busy",  # SQLITE_BUSY: another program held the file longer than the timeout
    6: "busy",  # SQLITE_LOCKED
    8: "readonly",  # SQLITE_READONLY
    10: "unavailable",  # SQLITE_IOERR
    11: "damaged",  # SQLITE_CORRUPT
    13: "full",  # SQLITE_FULL
    14: "unavailable",  # SQLITE_CANTOPEN
    26: "damaged",  # SQLITE_NOTADB: the file is not an SQLite database at all
}

_BY_ERRNO = {errno.EACCES: "readonly", errno.EPERM: "readonly", errno.EROFS: "readonly", errno.ENOSPC: "full",
             errno.EDQUOT: "full"}


class StorageError(RuntimeError):
    """The saved-games file cannot be read or written; ``kind`` is one of KINDS.

    ``key`` names the explanation in the language catalogues. Nothing already saved
    is lost when this is raised: a write that fails leaves the file as it was.
    """

    def __init__(self, kind: str, detail: str = ""):
        self.kind = kind
        self.key = f"storage.{kind}"
        super().__init__(f"{kind}: {detail}" if detail else kind)


def from_sqlite(error: sqlite3.Error) -> StorageError | None:
    """The StorageError for a sqlite3 error, or None if the error is a bug to be seen."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _BY_SQLITE_CODE:
        return StorageError(_BY_SQLITE_CODE[code & 0xFF], str(error))
    if isinstance(error, sqlite3.OperationalError) and str(error).startswith(("no such table", "no such column")):
        # Our own statements name only our tables and columns: the file was made by something else.
        return StorageError("foreign", str(error))
    return None


def from_os_error(error: OSError) -> StorageError:
    """The StorageError for a folder or file the operating system refused."""
    return StorageError(_BY_ERRNO.get(error.errno, "unavailable"), error.strerror or str(error))


def expected_columns(schema: str) -> dict[str, set[str]]:
    """The tables and columns ``schema`` creates, read off an empty database in memory."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(schema)
        return table_columns(db)
    finally:
        db.close()


def table_columns(db: sqlite3.Connection) -> dict[str, set[str]]:
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: {row[0] for row in db.execute("SELECT name FROM pragma_table_info(?)", (name,))}
            for name in names if not name.startswith("sqlite_")}


def check_ours(db: sqlite3.Connection, expected: dict[str, set[str]]) -> None:
    """StorageError("foreign") unless the file is empty or holds our tables with our columns.

    Checked before anything is written, so another program's database (a wrong
    HAMSTER_TABLE_DB) is never changed by creating our tables in it.
    """
    found = table_columns(db)
    if not found:
        return
    if "games" not in found:
        raise StorageError("foreign", f"tables {', '.join(sorted(found))[:200]}")
    for table, columns in expected.items():
        if table in found and not columns <= found[table]:
            raise StorageError("foreign", f"table {table} lacks {', '.join(sorted(columns - found[table]))}")
