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


class StepsRefused:
    """The writing connection answers an insert of a step with SQLite's own error for a
    full disk, until ``room()``. A resolved step is small once compressed and fits in the
    slack of the steps table's own pages, so a file that merely may not grow would still
    take it; that a real full disk raises exactly this error is shown by
    ``tests/db/test_write_faults.py`` with ``fill_the_disk``."""

    def __init__(self, conn, monkeypatch) -> None:
        self.full = True
        real_execute = conn.execute

        def execute(sql, *args, **kwargs):
            if self.full and sql.lstrip().upper().startswith("INSERT INTO STEPS"):
                exc = sqlite3.OperationalError("database or disk is full")
                exc.sqlite_errorcode, exc.sqlite_errorname = sqlite3.SQLITE_FULL, "SQLITE_FULL"
                raise exc
            return real_execute(sql, *args, **kwargs)

        monkeypatch.setattr(conn, "execute", execute)

    def room(self) -> None:
        self.full = False


class CommitRefused:
    """The next COMMIT on the writing connection fails as SQLite fails one it cannot
    write (an I/O error): the statement is refused and the transaction is left open, as
    SQLite leaves it. Until the writer rolls it back, no later write can begin."""

    def __init__(self, conn, monkeypatch) -> None:
        self.armed = False
        self.refused = 0
        real_execute = conn.execute

        def execute(sql, *args, **kwargs):
            if self.armed and sql.strip().upper() == "COMMIT":
                self.armed = False
                self.refused += 1
                exc = sqlite3.OperationalError("disk I/O error")
                exc.sqlite_errorcode, exc.sqlite_errorname = sqlite3.SQLITE_IOERR, "SQLITE_IOERR"
                raise exc
            return real_execute(sql, *args, **kwargs)

        monkeypatch.setattr(conn, "execute", execute)
