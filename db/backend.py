"""The two places a :class:`db.Database` can keep its rows: a SQLite file (the default,
no server) or a PostgreSQL server that several bot processes share.

Each backend gives the database the same four things: a write transaction
(:meth:`transaction`, yielding a :class:`Tx`), a single-statement read that sees the last
commit, the numbered migrations applied once, and storage failures turned into
:class:`db.StorageUnavailable`. The SQL is SQLite's; :mod:`db.dialect` translates it.

**What serialises writes.** SQLite has one writer: ``BEGIN IMMEDIATE`` takes the file's
write lock, and an asyncio lock keeps two coroutines off the one writing connection.
PostgreSQL has many connections and processes writing at once, so each write transaction
takes a transaction-scoped *advisory lock* on its game (and one for writes that change a
games row, or have no game), held until COMMIT or ROLLBACK: the writes of one game are
serialised across every process, as SQLite serialises them all, while other games' writes
go on beside them. Constraints (one live step per index, one open order per decision, one
order per idempotency key) are the second guard, in both.
"""
from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import sqlite3
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Protocol, TypeVar

import aiosqlite

from db import compact, dialect, errors

log = logging.getLogger("broadside.db")
T = TypeVar("T")

# SQLite's primary result codes that mean "the storage refuses writes", not "this write is wrong".
_STORAGE_CODES = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN}


def _refused_by_storage(exc: sqlite3.OperationalError) -> None:
    """Raise :class:`~db.errors.StorageUnavailable` for an error of the storage itself
    (read-only, disk full or failing); return for any other, which the caller re-raises."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _STORAGE_CODES:
        raise errors.StorageUnavailable(str(exc)) from exc

# Advisory lock keys (bigint). A game's writes lock its id (ids are positive); these two
# are negative so they never meet a game's.
GLOBAL_LOCK = -1  # writes that change a games row (new games and their limits, status, thread)
MIGRATION_LOCK = -2


def is_postgres(target: str) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str) -> str:
    """``sqlite:PATH``, ``sqlite:///PATH`` or a plain path, as the path."""
    text = str(target)
    if text.startswith("sqlite:///"):
        return text[len("sqlite://"):]
    if text.startswith("sqlite://"):
        return text[len("sqlite://"):]
    if text.startswith("sqlite:"):
        return text[len("sqlite:"):]
    return text


class Tx(Protocol):
    """One open write transaction."""

    pack: Callable[[str], compact.Packed]
    #: True where the statements run on the database's thread in one trip (SQLite's
    #: ``at_once`` and ``write_once``): a further read there costs no trip of its own.
    batched: bool

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """Run one statement; its rows (``row["name"]`` and ``row[0]`` both work)."""

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Any | None:
        """The first row, or None."""

    async def at_once(self, body: Callable[["Tx"], Awaitable[T]]) -> T:
        """``body``'s statements, in this transaction, as one trip to the database's
        thread where it has one (SQLite): ``body`` may await only the Tx it is given."""

    async def compute(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``, CPU work (packing a state), off the event loop: in a worker
        thread, or directly where the transaction already runs on the database's thread."""


# The PostgreSQL driver, imported by the first PostgreSQL backend only: a bot on SQLite
# never needs it, and its import was some 12 ms of CPU on every start.
_asyncpg: Any = None
# The integrity errors (a constraint refused the write) of the backends in use: asyncpg's
# joins SQLite's when the driver is imported, before any of its connections exists.
_integrity: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)


def _driver() -> Any:
    """asyncpg, imported at the first call."""
    global _asyncpg, _integrity
    if _asyncpg is None:
        try:
            import asyncpg
        except ImportError:  # pragma: no cover - a dependency; only a broken install lacks it
            raise RuntimeError("PostgreSQL needs the asyncpg package: pip install asyncpg") from None
        _integrity = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
        _asyncpg = asyncpg
    return _asyncpg


def integrity_errors() -> tuple[type[BaseException], ...]:
    """What ``except`` catches for "a constraint refused the write", in either backend
    (asyncpg's class once the driver is imported: no statement of it can fail before)."""
    return _integrity

Hook = Callable[[Tx], Awaitable[None]]


def _now_text() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


# -- SQLite ------------------------------------------------------------------------------

class SqliteTx:
    pack = staticmethod(compact.pack)
    batched = False

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        cur = await self.conn.execute(sql, tuple(params))
        return cur.rowcount

    async def fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        # One trip: the statement, its rows and the cursor's end in one function on
        # SQLite's thread (through aiosqlite's cursor they were three). Like every
        # statement, it goes through the sqlite3 connection's ``execute`` (where the fault
        # tests stand in for a full disk).
        run, raw = getattr(self.conn, "_execute", None), getattr(self.conn, "_conn", None)
        if run is None or raw is None:
            cur = await self.conn.execute(sql, tuple(params))
            try:
                return list(await cur.fetchall())
            finally:
                await cur.close()
        return await run(_fetch_all, raw, sql, tuple(params))

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Any | None:
        rows = await self.fetch(sql, params)
        return rows[0] if rows else None

    async def at_once(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        # Each statement above is a hand-over to aiosqlite's thread and back, a turn of the
        # event loop that the interactions queued behind wait for. Here the whole body
        # runs on that thread in one.
        # aiosqlite has no public way to run a function on its thread: its private
        # ``_execute`` and ``_conn`` are used, and a version without them runs the body
        # statement by statement, as before (slower, the same result).
        run, raw = getattr(self.conn, "_execute", None), getattr(self.conn, "_conn", None)
        if run is None or raw is None:
            return await body(self)
        return await run(_run_in_thread, body, raw)

    async def compute(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)


def _fetch_all(raw: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> list[Any]:
    """On SQLite's thread: a statement's rows, its cursor closed."""
    cur = raw.execute(sql, params)
    try:
        return cur.fetchall()
    finally:
        cur.close()


class _ThreadTx:
    """The transaction as seen from SQLite's own thread: every await completes at once."""

    pack = staticmethod(compact.pack)
    batched = True

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        return self.raw.execute(sql, tuple(params)).rowcount

    async def fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return _fetch_all(self.raw, sql, tuple(params))

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Any | None:
        rows = self.raw.execute(sql, tuple(params)).fetchall()  # to its end: a RETURNING's statement is done
        return rows[0] if rows else None

    async def at_once(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        return await body(self)

    async def compute(self, fn: Callable[..., T], *args: Any) -> T:
        return fn(*args)  # already off the event loop


def _run_in_thread(body: Callable[[Tx], Awaitable[T]], raw: sqlite3.Connection) -> T:
    """Drive ``body`` to its end on the calling thread. Its awaits are all _ThreadTx's,
    which never suspend, so one step finishes it; one that would wait for the event loop
    is a programming error, and the transaction is rolled back by the caller."""
    coro = body(_ThreadTx(raw))
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("a body run at once awaited something other than its transaction")


def _two_reads(raw: sqlite3.Connection, queries: tuple[tuple[str, tuple[Any, ...]], ...],
               wanted: Callable[[list[Any]], bool]) -> tuple[list[Any], list[Any] | None]:
    """On SQLite's thread: :meth:`SqliteBackend.reads`."""
    (first, first_params), (then, then_params) = queries
    rows = _fetch_all(raw, first, first_params)
    return rows, (_fetch_all(raw, then, then_params) if wanted(rows) else None)


def _nothing() -> None:
    """A trip that does nothing: it ends once every trip queued before it has."""


def _transaction_in_thread(body: Callable[[Tx], Awaitable[T]], raw: sqlite3.Connection) -> T:
    """A whole write transaction on SQLite's thread: ``BEGIN IMMEDIATE``, ``body``, and
    ``COMMIT``, or ``ROLLBACK`` if any of it fails (a failed COMMIT leaves the
    transaction open, and the next BEGIN would fail)."""
    raw.execute("BEGIN IMMEDIATE")
    try:
        result = _run_in_thread(body, raw)
        raw.execute("COMMIT")
        return result
    except BaseException:
        if raw.in_transaction:
            try:
                raw.execute("ROLLBACK")
            except sqlite3.Error:
                if raw.in_transaction:
                    log.exception("a failed write could not be rolled back")
        raise


class SqliteBackend:
    """One aiosqlite connection for writes, in WAL mode, and a read-only one beside it."""

    kind = "sqlite"
    pack = staticmethod(compact.pack)

    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection | None) -> None:
        self.conn = conn
        self.reader = reader  # None: reads share the writer's connection and lock
        self.lock = asyncio.Lock()

    @property
    def connections(self) -> int:
        """Statements that can be under way at once: the writer's, and the reader's."""
        return 1 + (self.reader is not None)

    @classmethod
    async def open(cls, path: str) -> "SqliteBackend":
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL", "busy_timeout = 5000"):
            await conn.execute(f"PRAGMA {pragma}")
        return cls(conn, None)

    async def open_reader(self, path: str) -> None:
        if path == ":memory:":  # a second connection to :memory: would be another database
            return
        reader = await aiosqlite.connect(path, isolation_level=None)
        reader.row_factory = sqlite3.Row
        for pragma in ("query_only = ON", "busy_timeout = 5000"):
            await reader.execute(f"PRAGMA {pragma}")
        self.reader = reader

    async def close(self) -> None:
        async with self.lock:
            if self.reader is not None:
                await self.reader.close()
            await self.conn.close()

    # -- migrations ------------------------------------------------------------------------
    async def applied_versions(self) -> set[int]:
        await self.conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                                "version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
        return {row[0] for row in await self.conn.execute_fetchall("SELECT version FROM schema_version")}

    async def apply_migration(self, version: int, name: str, sql: str, hook: Hook | None) -> None:
        # executescript commits anything pending first, so the migration opens its own
        # transaction; the SQL, its data conversion (db/upgrades.py) and the version land
        # together, and a failure leaves the previous version intact.
        try:
            await self.conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\n;")
            if hook is not None:
                await hook(SqliteTx(self.conn))
            await self.conn.execute("INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                                    (version, name, _now_text()))
            await self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                await self.conn.execute("ROLLBACK")
            raise

    # -- reads and writes ------------------------------------------------------------------
    async def read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        if self.reader is not None:
            return list(await self.reader.execute_fetchall(sql, tuple(params)))
        async with self.lock:
            return list(await self.conn.execute_fetchall(sql, tuple(params)))

    async def reads(self, first: tuple[str, Iterable[Any]], then: tuple[str, Iterable[Any]],
                    wanted: Callable[[list[Any]], bool]) -> tuple[list[Any], list[Any] | None]:
        """``first``'s rows, and ``then``'s if ``wanted(first's rows)`` (else None), in one
        trip to the reading connection's thread."""
        conn = self.reader if self.reader is not None else self.conn
        run, raw = getattr(conn, "_execute", None), getattr(conn, "_conn", None)
        if run is None or raw is None:
            rows = await self.read(*first)
            return rows, (await self.read(*then) if wanted(rows) else None)
        queries = ((first[0], tuple(first[1])), (then[0], tuple(then[1])))
        if self.reader is not None:
            return await run(_two_reads, raw, queries, wanted)
        async with self.lock:
            return await run(_two_reads, raw, queries, wanted)

    @asynccontextmanager
    async def transaction(self, game_id: int | None, *, games_row: bool,
                          notice: tuple[str, str] | None = None) -> AsyncIterator[SqliteTx]:
        """``BEGIN IMMEDIATE``: the file's one writer. (``game_id`` and ``games_row`` say
        what PostgreSQL must lock; SQLite's lock covers everything.)"""
        async with self.lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                # A failed COMMIT (a deferred constraint, a full disk) leaves the transaction
                # open: it is rolled back too, or the next BEGIN IMMEDIATE would fail and a
                # later COMMIT could keep half of this one.
                try:
                    yield SqliteTx(self.conn)
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self._rollback()
                    raise
            except sqlite3.OperationalError as exc:
                _refused_by_storage(exc)
                raise

    async def write_once(self, game_id: int | None, body: Callable[[Tx], Awaitable[T]], *,
                         notice: tuple[str, str] | None = None) -> T:
        """:meth:`transaction` with ``body`` in it, as one trip to SQLite's thread: BEGIN,
        the statements and COMMIT (each of which was a trip of its own). ``body`` may await
        only the Tx it is given (``Tx.compute`` for CPU work). Where aiosqlite has not the
        private ``_execute`` and ``_conn`` this needs, the transaction runs as usual."""
        run, raw = getattr(self.conn, "_execute", None), getattr(self.conn, "_conn", None)
        if run is None or raw is None:
            async with self.transaction(game_id, games_row=False, notice=notice) as tx:
                return await body(tx)
        async with self.lock:
            try:
                return await run(_transaction_in_thread, body, raw)
            except asyncio.CancelledError:
                # The thread finishes the transaction (commits or rolls back) whatever the
                # caller does: the writer's lock and the caller's end of the write (the
                # memo's) wait for it, so nothing begins or is read as if it were over. The
                # thread takes its work in order: a trip queued now ends after it.
                try:
                    await run(_nothing)
                except Exception:  # the connection closed meanwhile: nothing left to wait for
                    pass
                raise
            except sqlite3.OperationalError as exc:
                _refused_by_storage(exc)
                raise

    async def beat(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """One statement in a write transaction of its own: the lease heartbeat."""
        async with self.transaction(None, games_row=False) as tx:
            return await tx.fetch(sql, params)

    async def _rollback(self) -> None:
        if not self.conn.in_transaction:
            return  # SQLite already rolled back (it does after some I/O errors)
        try:
            await self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            # A task cancelled while its COMMIT was queued (a shutdown) sees the transaction
            # still open, but the worker thread commits before it reaches this ROLLBACK:
            # nothing is left to undo, and the commit stands as the data says.
            if not self.conn.in_transaction:
                return
            log.exception("a failed write could not be rolled back")


# -- PostgreSQL --------------------------------------------------------------------------

def _plain(text: str) -> str:
    """PostgreSQL compresses large values itself (TOAST), so JSON columns keep their text."""
    return text


class PostgresTx:
    pack = staticmethod(_plain)
    batched = False

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        status = await self.conn.execute(dialect.placeholders(sql), *params)
        last = status.rsplit(" ", 1)[-1] if status else ""
        return int(last) if last.isdigit() else 0

    async def fetch(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return list(await self.conn.fetch(dialect.placeholders(sql), *params))

    async def one(self, sql: str, params: Iterable[Any] = ()) -> Any | None:
        return await self.conn.fetchrow(dialect.placeholders(sql), *params)

    async def at_once(self, body: Callable[[Tx], Awaitable[T]]) -> T:
        return await body(self)  # each statement is a round trip to the server all the same

    async def compute(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)


def _storage_failure(exc: BaseException) -> bool:
    """The server cannot take writes (disk full, read-only, I/O error, shutting down, the
    connection lost), as opposed to this write being wrong."""
    if isinstance(exc, (OSError, asyncio.TimeoutError)):
        return True
    if _asyncpg is None:  # no PostgreSQL backend opened: not one of its errors
        return False
    if isinstance(exc, (_asyncpg.ConnectionDoesNotExistError, _asyncpg.InterfaceError)):
        return "closed" in str(exc) or isinstance(exc, _asyncpg.ConnectionDoesNotExistError)
    state = getattr(exc, "sqlstate", None) or ""
    return state[:2] in {"53", "58", "08"} or state.startswith("57P") or state == "25006"


async def _nothing_to_reset(conn: Any) -> None:
    """What a pooled connection is reset with when it goes back to the pool, after asyncpg's
    own rollback of a transaction left open. Its default also sends a query undoing session
    state (session advisory locks, cursors, LISTEN, SET): one more round trip on every read
    and write, the largest share of a step's database time. Nothing here leaves any: the
    locks are transaction-scoped (``pg_advisory_xact_lock``), and the notices listen on a
    connection of their own (``db/notices.py``)."""


class PostgresBackend:
    """A pool of asyncpg connections; reads and writes both take one from it."""

    kind = "postgresql"
    pack = staticmethod(_plain)

    def __init__(self, pool: Any, url: str) -> None:
        self.pool = pool
        self.url = url
        self._beat_conn: Any = None
        self._beat_lock = asyncio.Lock()

    @property
    def connections(self) -> int:
        """Statements that can be under way at once: the pool's connections."""
        return int(self.pool.get_max_size())

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 8) -> "PostgresBackend":
        pool = await _driver().create_pool(url, min_size=1, max_size=pool_size, reset=_nothing_to_reset)
        return cls(pool, url)

    async def open_reader(self, path: str) -> None:
        return None

    async def close(self) -> None:
        if self._beat_conn is not None:
            # Dropped, not closed politely: a renewal cancelled mid-statement (a shutdown)
            # leaves it busy, and nothing on it is left to finish (each beat commits alone).
            self._beat_conn.terminate()
            self._beat_conn = None
        await self.pool.close()

    async def beat(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """One statement (its own transaction), on a connection kept for the lease
        heartbeat alone. Through the pool it would queue behind every game's reads and
        writes: with hundreds of games resolving at once the wait outlasted the lease, and
        a renewal that comes after the expiry lets another process take a live process's
        games."""
        async with self._beat_lock:
            try:
                if self._beat_conn is None or self._beat_conn.is_closed():
                    self._beat_conn = await _driver().connect(self.url)
                return list(await self._beat_conn.fetch(dialect.placeholders(sql), *params))
            except BaseException as exc:
                if _storage_failure(exc) and not isinstance(exc, errors.DatabaseError):
                    raise errors.StorageUnavailable(str(exc)) from exc
                raise

    # -- migrations ------------------------------------------------------------------------
    async def applied_versions(self) -> set[int]:
        async with self.pool.acquire() as conn, conn.transaction():
            # Two processes starting at once: one creates the table, the other waits.
            await conn.execute("SELECT pg_advisory_xact_lock($1::bigint)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                               "version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")
            return {row[0] for row in await conn.fetch("SELECT version FROM schema_version")}

    async def apply_migration(self, version: int, name: str, sql: str, hook: Hook | None) -> None:
        translated = dialect.postgres_ddl(sql)
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1::bigint)", MIGRATION_LOCK)
            if await conn.fetchval("SELECT 1 FROM schema_version WHERE version = $1", version):
                return  # another process applied it while this one waited
            await conn.execute(translated)
            if hook is not None:
                await hook(PostgresTx(conn))
            await conn.execute("INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                               version, name, _now_text())

    # -- reads and writes ------------------------------------------------------------------
    async def read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        return list(await self.pool.fetch(dialect.placeholders(sql), *params))

    async def reads(self, first: tuple[str, Iterable[Any]], then: tuple[str, Iterable[Any]],
                    wanted: Callable[[list[Any]], bool]) -> tuple[list[Any], list[Any] | None]:
        """``first``'s rows, and ``then``'s if ``wanted(first's rows)`` (else None): a round
        trip each, the second only when wanted."""
        rows = await self.read(*first)
        return rows, (await self.read(*then) if wanted(rows) else None)

    @asynccontextmanager
    async def transaction(self, game_id: int | None, *, games_row: bool,
                          notice: tuple[str, str] | None = None) -> AsyncIterator[PostgresTx]:
        """A transaction holding the game's advisory lock (and the global one first when it
        changes a games row: always in that order, so two never deadlock). A write with
        neither (leases renewed in bulk) relies on row locks alone. ``notice``: (channel,
        payload) to NOTIFY, delivered to the listeners if this commits.

        ``BEGIN``, the locks and the notice go to the server as one query (one round
        trip, not three or four): every statement is a round trip, and on a busy machine
        each waits for a core."""
        opening = ["BEGIN"]
        if games_row:
            opening.append(f"SELECT pg_advisory_xact_lock({GLOBAL_LOCK}::bigint)")
        if game_id is not None:
            opening.append(f"SELECT pg_advisory_xact_lock({int(game_id)}::bigint)")
        if notice is not None:
            opening.append(f"SELECT pg_notify({_literal(notice[0])}, {_literal(notice[1])})")
        try:
            async with self.pool.acquire() as conn:
                await self._open(conn, "; ".join(opening))
                try:
                    yield PostgresTx(conn)
                except BaseException:
                    await _rollback(conn)
                    raise
                try:
                    await conn.execute("COMMIT")
                except BaseException:
                    await _rollback(conn)
                    raise
        except BaseException as exc:
            if _storage_failure(exc) and not isinstance(exc, errors.DatabaseError):
                raise errors.StorageUnavailable(str(exc)) from exc
            raise

    async def write_once(self, game_id: int | None, body: Callable[[Tx], Awaitable[T]], *,
                         notice: tuple[str, str] | None = None) -> T:
        """:meth:`transaction` with ``body`` in it (each statement is a round trip to the
        server all the same)."""
        async with self.transaction(game_id, games_row=False, notice=notice) as tx:
            return await body(tx)

    @staticmethod
    async def _open(conn: Any, opening: str) -> None:
        try:
            await conn.execute(opening)  # several statements: the simple query protocol
        except BaseException:
            await _rollback(conn)  # BEGIN ran: a failed lock leaves the transaction aborted
            raise


def _literal(text: str) -> str:
    """A string as an SQL literal (standard_conforming_strings, PostgreSQL's default
    since 9.1: only the quote is special)."""
    if "\x00" in text:
        raise ValueError("NUL in a notice")
    return "'" + text.replace("'", "''") + "'"


async def _rollback(conn: Any) -> None:
    if conn.is_closed() or not conn.is_in_transaction():
        return
    try:
        await conn.execute("ROLLBACK")
    except Exception:  # the connection is broken: the pool drops it, and the server rolls back
        log.debug("a rollback failed", exc_info=True)


async def open_backend(target: str) -> SqliteBackend | PostgresBackend:
    if is_postgres(target):
        return await PostgresBackend.open(target)
    return await SqliteBackend.open(sqlite_path(target))
