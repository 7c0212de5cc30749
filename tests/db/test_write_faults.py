"""Writes that fail underneath: a COMMIT refused, a full disk, a read-only database.
Each leaves nothing half-stored and the next write working; and what an announcement
has sent is remembered part by part."""
from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import threading

import pytest

from tests.disk_full import fill_the_disk
from db import Database, NewStep, StorageUnavailable, migrations


def _step(idx: int, state: dict) -> NewStep:
    return NewStep(idx=idx, orders=[], rolls=[], events=[], state=state, resolved_at=2000.0 + idx, consumed=[])


async def test_a_failed_commit_is_rolled_back_before_the_next_write(db: Database, started_game: int):
    game_id = started_game
    # A deferred foreign key is checked at COMMIT: SQLite refuses the COMMIT and keeps
    # the transaction open, the way a COMMIT that cannot write its journal does.
    with pytest.raises(sqlite3.IntegrityError):
        async with db._write(game_id) as conn:
            await conn.execute("PRAGMA defer_foreign_keys = ON")
            await conn.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 1.0, 'half')", (game_id,))
            await conn.execute("INSERT INTO seats (game_id, seat_id, side, display_name, joined_at)"
                               " VALUES (999, 'p9', 'a', 'ghost', 1.0)")
    # The next write begins its own transaction (before the fix: "cannot start a
    # transaction within a transaction"), and nothing of the failed one is kept.
    await db.audit(game_id, 2.0, None, "after")
    assert [a.action for a in await db.audit_log(game_id)] == ["after"]


async def test_a_full_disk_stores_nothing_of_a_step_and_the_same_write_works_once_there_is_room(db: Database, started_game: int):
    game_id = started_game
    await db.open_deadline(game_id, 1, 1000.0, 1300.0)
    await fill_the_disk(db._conn)
    with pytest.raises(StorageUnavailable):
        await db.record_step(game_id, _step(1, {"hull": random.Random(5).randbytes(20_000).hex()}))
    assert await db.step_count(game_id) == 0
    assert (await db.deadline(game_id)).step_idx == 1  # the phase is still open
    await db._conn.execute("PRAGMA max_page_count = 1073741823")
    await db.record_step(game_id, _step(1, {"hull": random.Random(5).randbytes(20_000).hex()}))
    assert await db.step_count(game_id) == 1 and await db.deadline(game_id) is None


async def test_a_read_only_database_is_storage_unavailable_and_recovers(db: Database, started_game: int):
    game_id = started_game
    await db._conn.execute("PRAGMA query_only = ON")  # as a file that can no longer be written
    with pytest.raises(StorageUnavailable):
        await db.audit(game_id, 1.0, None, "refused")
    await db._conn.execute("PRAGMA query_only = OFF")
    await db.audit(game_id, 2.0, None, "kept")
    assert [a.action for a in await db.audit_log(game_id)] == ["kept"]


async def test_announcement_parts_are_kept_per_step_until_it_is_all_out(db: Database, started_game: int):
    game_id = started_game
    step = await db.record_step(game_id, _step(1, {}))
    await db.note_announce_part(game_id, step.id, "public", pieces=2, done=False)
    await db.note_announce_part(game_id, step.id, "private:200")
    assert await db.announce_parts(game_id, step.id) == {"public": (2, False), "private:200": (0, True)}
    assert await db.announce_parts(game_id, 0) == {}
    await db.mark_announced(game_id, 1)
    assert await db.announce_parts(game_id, step.id) == {}
    assert await db.unannounced(game_id) == (True, [])


async def test_migrations_may_skip_a_number_and_an_old_database_learns_what_was_said(tmp_path):
    path = tmp_path / "old.sqlite3"
    first = migrations()[0]
    with sqlite3.connect(path) as raw:  # a database made before 0003, mid-phase, prompts sent
        raw.executescript(first[2])
        raw.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                    " applied_at TEXT NOT NULL)")
        raw.execute("INSERT INTO schema_version VALUES (1, ?, 'then')", (first[1],))
        raw.execute("INSERT INTO games (id, guild_id, channel_id, ruleset, options, setup, host_id, pacing,"
                    " phase_seconds, status, created_at) VALUES (1, 1, 10, 'cannoni', '{}', '{}', 100, 'live',"
                    " 300, 'running', 1.0)")
        raw.execute("INSERT INTO deadlines (game_id, step_idx, opened_at, due_at) VALUES (1, 4, 1.0, 301.0)")
        raw.execute("INSERT INTO prompts VALUES (1, 4, 'p1', 'dm', 2.0)")
    db = await Database.open(path)
    try:
        assert await db.schema_version() == migrations()[-1][0]
        assert (await db.deadline(1)).waiting_posted
    finally:
        await db.close()


class _CommitThenCancel:
    """The writer connection as a cancelled task sees it at shutdown: its COMMIT was
    handed to aiosqlite's worker thread and runs, but the task is cancelled while it
    waits, and reads ``in_transaction`` before the thread has finished."""

    def __init__(self, conn) -> None:
        self._inner = conn
        self._stale = False

    def __getattr__(self, name):
        return getattr(self._inner, name)

    @property
    def in_transaction(self) -> bool:
        if self._stale:
            self._stale = False
            return True
        return self._inner.in_transaction

    async def execute(self, sql, *args):
        result = await self._inner.execute(sql, *args)
        if sql == "COMMIT":
            self._stale = True
            raise asyncio.CancelledError
        return result


async def test_a_write_cancelled_during_its_commit_keeps_the_commit_and_logs_no_error(db: Database, started_game: int, caplog):
    """Seen in CI: a restart cancelled a game loop in the middle of its COMMIT, the ROLLBACK
    that followed found no transaction and was logged as a failed write. (A transaction
    whose statements go to SQLite's thread one by one, its COMMIT a trip of its own.)"""
    game_id = started_game
    backend = db._backend
    backend.conn = _CommitThenCancel(backend.conn)
    try:
        with caplog.at_level(logging.ERROR, logger="broadside.db"), pytest.raises(asyncio.CancelledError):
            async with db._write(game_id) as tx:
                await tx.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 2.0, 'committed')", (game_id,))
    finally:
        backend.conn = backend.conn._inner
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [a.action for a in await db.audit_log(game_id)] == ["committed"]
    await db.audit(game_id, 3.0, None, "next")  # the writer is usable again


async def test_a_write_in_one_trip_cancelled_on_its_way_commits_and_holds_the_writer_until_then(
        db: Database, started_game: int, caplog):
    """A transaction run as one trip to SQLite's thread (BEGIN, its statements, COMMIT)
    is finished by that thread whatever its task does: cancelled (a shutdown) while the
    trip waits, it commits, no error is logged, and its task lets the writer go only
    once the thread is done (a write begun earlier would find BEGIN refused)."""
    game_id = started_game
    gate = threading.Event()
    blocker = asyncio.ensure_future(db._conn._execute(gate.wait, 10))  # SQLite's thread busy
    audit = asyncio.ensure_future(db.audit(game_id, 2.0, None, "committed"))
    await asyncio.sleep(0.05)
    with caplog.at_level(logging.ERROR, logger="broadside.db"):
        audit.cancel()
        await asyncio.sleep(0.05)
        assert not audit.done() and db._backend.lock.locked()  # waits for the thread, holding the writer
        gate.set()
        assert await blocker
        with pytest.raises(asyncio.CancelledError):
            await audit
    assert not db._backend.lock.locked() and not db._conn.in_transaction
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [a.action for a in await db.audit_log(game_id)] == ["committed"]
    await db.audit(game_id, 3.0, None, "next")  # the writer is usable again
    assert [a.action for a in await db.audit_log(game_id)] == ["committed", "next"]
