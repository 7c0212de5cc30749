"""A full disk, as SQLite itself reports it, for the tests of writes that fail."""
from __future__ import annotations

import sqlite3


async def fill_the_disk(conn) -> None:
    """SQLite's own "disk full": the file may not grow, and what room its pages had left
    is taken by incompressible filler, so even a small (compressed) step cannot fit."""
    await conn.execute("CREATE TABLE IF NOT EXISTS filler (blob BLOB)")
    pages = (await conn.execute_fetchall("PRAGMA page_count"))[0][0]
    await conn.execute(f"PRAGMA max_page_count = {pages}")
    for size in (4000, 500, 50, 1):
        while True:
            try:
                await conn.execute("INSERT INTO filler VALUES (randomblob(?))", (size,))
            except sqlite3.OperationalError:
                break


class _Refusing:
    """The writing connection's own ``sqlite3.Connection`` as its thread sees it, every
    statement asked first whether it is refused. Every statement of a write goes through
    it: aiosqlite's (``execute``, ``execute_fetchall``) and those of a transaction run on
    SQLite's thread in one trip (``db/backend.py``), so no path slips past the fault."""

    def __init__(self, raw, refuse) -> None:
        self._raw = raw
        self._refuse = refuse

    def execute(self, sql, *args, **kwargs):
        self._refuse(sql)
        return self._raw.execute(sql, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._raw, name)


def _refuse_on(conn, monkeypatch, refuse) -> None:
    """Every statement of the aiosqlite connection ``conn`` goes through ``refuse(sql)``
    first, until the test ends."""
    monkeypatch.setattr(conn, "_connection", _Refusing(conn._connection, refuse))


def _sqlite_error(message: str, code: int, name: str) -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError(message)
    exc.sqlite_errorcode, exc.sqlite_errorname = code, name
    return exc


class StepsRefused:
    """The writing connection answers an insert of a step with SQLite's own error for a
    full disk, until ``room()``. A resolved step is small once compressed and fits in the
    slack of the steps table's own pages, so a file that merely may not grow would still
    take it; that a real full disk raises exactly this error is shown by
    ``tests/db/test_write_faults.py`` with ``fill_the_disk``."""

    def __init__(self, conn, monkeypatch) -> None:
        self.full = True
        self.refused = 0

        def refuse(sql: str) -> None:
            if self.full and sql.lstrip().upper().startswith("INSERT INTO STEPS"):
                self.refused += 1
                raise _sqlite_error("database or disk is full", sqlite3.SQLITE_FULL, "SQLITE_FULL")

        _refuse_on(conn, monkeypatch, refuse)

    def room(self) -> None:
        self.full = False


class CommitRefused:
    """The next COMMIT on the writing connection fails as SQLite fails one it cannot
    write (an I/O error): the statement is refused and the transaction is left open, as
    SQLite leaves it. Until the writer rolls it back, no later write can begin."""

    def __init__(self, conn, monkeypatch) -> None:
        self.armed = False
        self.refused = 0

        def refuse(sql: str) -> None:
            if self.armed and sql.strip().upper() == "COMMIT":
                self.armed = False
                self.refused += 1
                raise _sqlite_error("disk I/O error", sqlite3.SQLITE_IOERR, "SQLITE_IOERR")

        _refuse_on(conn, monkeypatch, refuse)
