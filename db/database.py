"""The only owner of the database connections, and the only place with SQL.

Rows live in a SQLite file (the default) or on a PostgreSQL server several bot processes
share (:mod:`db.backend`; the SQL is SQLite's, :mod:`db.dialect` translates it). Every
write is one transaction (:meth:`Database._write`), serialised per game: SQLite's
``BEGIN IMMEDIATE``, PostgreSQL's advisory lock on the game. A multi-statement change (a
resolved step and the orders it consumed) lands whole or not at all.

Reads are single statements that see the last commit (SQLite: a second, read-only
connection in WAL mode; PostgreSQL: any pooled connection). The rows most asked for are
remembered (:mod:`db.memo`).
"""
from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Hashable, Iterable, TypeVar

import aiosqlite

from db import compact, errors, upgrades
from db.backend import PostgresBackend, SqliteBackend, Tx, integrity_errors, open_backend, sqlite_path
from db.leases import UNTOLD_ENDING, LeaseRows
from db.memo import MAX_GAMES, MISSING, RowMemo, Rows
from db.fleets import FleetsMixin
from db.results import ResultsMixin
from db.campaigns import CampaignsMixin
from db.notices import CHANNEL as NOTICE_CHANNEL, Notices
from db.models import (AnnouncePart, AuditRow, DeadlineRow, GameRow, LatestState, NewGame, NewOrder, NewStanding, NewStep,
                       OrderRow, PickRow, SeatRow, StandingRow, StartRow, Status, StepRow, StoredOrder)

Row = Any  # a sqlite3.Row or an asyncpg.Record: both read by name and by position
_NOT_OVER = ("lobby", "running", "paused")
_OPEN_ORDERS = "SELECT * FROM orders WHERE game_id = ? AND status = 'open' ORDER BY seq"
_ANNOUNCE_PARTS = "SELECT step_id, part, pieces, done FROM announce_parts WHERE game_id = ?"
_SEATS = "SELECT * FROM seats WHERE game_id = ? ORDER BY CAST(SUBSTR(seat_id, 2) AS INTEGER)"
log = logging.getLogger("broadside.db")
T = TypeVar("T")

_dump = compact.dump
_load = compact.load  # plain JSON text, or the packed form of db/compact.py
# A games row's setup and options: the same text for every game of a scenario.
_games_json = compact.SharedLoads()


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every migration file, in order."""
    folder = resources.files("db") / "migrations"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    found.sort()
    if not found:
        raise RuntimeError("no db/migrations/*.sql found: the migration files must ship with the db package")
    versions = [v for v, _, _ in found]
    # Numbers are unique; a gap is allowed (a migration numbered ahead of one still being
    # written elsewhere): each is applied once, in order, whenever it is first present.
    if versions[0] != 1 or len(set(versions)) != len(versions):
        raise RuntimeError(f"migrations must be numbered from 0001, each number once: {versions}")
    return found


class Database(LeaseRows, ResultsMixin, CampaignsMixin, FleetsMixin):
    def __init__(self, backend: SqliteBackend | PostgresBackend, path: str) -> None:
        self._backend = backend
        self._memo = RowMemo()
        # Each running game's start as stored, without its state (see start_record).
        self._starts: OrderedDict[int, StartRow] = OrderedDict()
        self._pack = backend.pack  # how JSON columns are stored (db/compact.py on SQLite)
        self.path = path
        self.kind = backend.kind  # "sqlite" or "postgresql"
        # Other processes' writes (PostgreSQL only): forgotten in the memo as they commit.
        self.notices: Notices | None = None

    # -- lifecycle -------------------------------------------------------------------
    @classmethod
    async def open(cls, target: str | Path) -> "Database":
        """``target``: a SQLite file (a path, or ``sqlite:PATH``) or a PostgreSQL server
        (``postgresql://user@host/dbname``)."""
        backend = await open_backend(str(target))
        db = cls(backend, str(target))
        try:
            await db._migrate()
            await backend.open_reader(sqlite_path(str(target)))
            if backend.kind == "postgresql":
                db.notices = Notices(str(target), db._memo)
                await db.notices.start()
        except BaseException:
            if db.notices is not None:
                await db.notices.close()
            await backend.close()
            raise
        return db

    async def close(self) -> None:
        if self.notices is not None:
            await self.notices.close()
        await self._backend.close()

    async def sync(self) -> None:
        """Once this returns, every write other processes committed before the call has
        been heard here (the memo forgot it, the listeners were told). Nothing to do with
        SQLite, which this process alone writes."""
        if self.notices is not None:
            await self.notices.sync()

    @property
    def connections(self) -> int:
        """How many statements can be under way at once (the game loops' passes are sized on it)."""
        return self._backend.connections

    # SQLite's connections, for the tests that reach under the database (faults, traces).
    @property
    def _conn(self) -> aiosqlite.Connection:
        return self._backend.conn

    @property
    def _reader(self) -> aiosqlite.Connection | None:
        return self._backend.reader

    async def _migrate(self) -> None:
        done = await self._backend.applied_versions()
        for version, name, sql in migrations():
            if version not in done:
                await self._backend.apply_migration(version, name, sql, upgrades.HOOKS.get(version))

    async def schema_version(self) -> int:
        rows = await self._read("SELECT COALESCE(MAX(version), 0) AS v FROM schema_version")
        return int(rows[0]["v"])

    # -- plumbing --------------------------------------------------------------------
    @asynccontextmanager
    async def _write(self, game_id: int | None, *changes: Rows,
                     places: Iterable[int | None] = ()) -> AsyncIterator[Tx]:
        """One transaction; ``changes`` names every remembered kind of row it may alter
        (forgotten before it begins, so no reader sees them stale after it commits).
        ``places``: threads or channels whose list of games it may change, besides the
        game's own."""
        spot = None
        places = {p for p in places if p is not None}
        notice = None
        if Rows.GAME not in changes:
            # Everything the notice names is known now: it goes with BEGIN and the lock, in
            # one round trip. (Forgetting before the lock is taken is only more careful.)
            spot = self._memo.begin_write(game_id, changes, places)
            if self.notices is not None and changes:
                notice = (NOTICE_CHANNEL, self.notices.payload(game_id, changes, places))
        try:
            async with self._backend.transaction(game_id, games_row=Rows.GAME in changes, notice=notice) as tx:
                if spot is None:
                    # A games row may move between places: where it is now is read under the lock.
                    if game_id is not None:
                        places |= {p for row in await tx.fetch(
                            "SELECT channel_id, thread_id FROM games WHERE id = ?", (game_id,)) for p in row
                            if p is not None}
                    spot = self._memo.begin_write(game_id, changes, places)
                    if self.notices is not None and changes:
                        # Delivered to the other processes only if this commits, after it.
                        await tx.execute("SELECT pg_notify(?, ?)",
                                         (NOTICE_CHANNEL, self.notices.payload(game_id, changes, places)))
                yield tx
        finally:
            # After COMMIT or ROLLBACK: a read that overlapped the write is not kept.
            if spot is not None:
                self._memo.end_write(spot)

    async def _write_once(self, body: Callable[[Tx], Awaitable[T]], game_id: int | None, *changes: Rows,
                          places: Iterable[int | None] = ()) -> T:
        """:meth:`_write` with ``body`` as the whole transaction, run as one trip to SQLite's
        thread (BEGIN, the statements, COMMIT: each was a trip, a turn of the event loop
        that the interactions queued behind waited for). ``body`` may await only the Tx it
        is given (``Tx.compute`` for CPU work). A write that changes a games row reads
        where the game is played under the lock first, so it runs as :meth:`_write` does,
        its statements in one trip (``Tx.at_once``)."""
        if Rows.GAME in changes:
            async with self._write(game_id, *changes, places=places) as tx:
                return await tx.at_once(body)
        places = {p for p in places if p is not None}
        spot = self._memo.begin_write(game_id, changes, places)
        notice = None
        if self.notices is not None and changes:
            notice = (NOTICE_CHANNEL, self.notices.payload(game_id, changes, places))
        try:
            return await self._backend.write_once(game_id, body, notice=notice)
        finally:
            self._memo.end_write(spot)  # after COMMIT or ROLLBACK, as in _write

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        """One statement, seeing the last commit."""
        return await self._backend.read(sql, params)

    async def _remembered(self, recall: Callable[[], Any], token: Callable[[], Hashable | None],
                          query: Callable[[], Awaitable[Any]], keep: Callable[[Any], None]) -> Any:
        """A remembered value, or a read that is remembered if no write to what it read
        was under way or ended meanwhile (else it might be older than that write)."""
        found = recall()
        if found is not MISSING:
            return found
        before = token()
        found = await query()
        if before is not None and token() == before:
            keep(found)
        return found

    # -- games -----------------------------------------------------------------------
    async def create_game(self, new: NewGame, *, lobbies_per_host: int | None = None,
                          games_per_guild: int | None = None) -> GameRow:
        """A new game in the lobby. Refused, in the same transaction as the insert (so two
        at once cannot both slip in): a thread that already plays an unfinished game
        (:class:`ThreadTaken`), and past the limits (:class:`LimitReached`): unfinished
        games in the server, games in the lobby opened by the same member there."""
        async with self._write(None, Rows.GAME, places=(new.channel_id, new.thread_id)) as conn:
            if new.thread_id is not None:
                taken = await conn.one("SELECT id FROM games WHERE thread_id = ? AND status IN (?,?,?)"
                                              " ORDER BY id LIMIT 1", (new.thread_id, *_NOT_OVER))
                if taken is not None:
                    raise errors.ThreadTaken(taken["id"])
            if games_per_guild is not None:
                row = await conn.one("SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN (?,?,?)",
                                      (new.guild_id, *_NOT_OVER))
                if row is not None and row[0] >= games_per_guild:
                    raise errors.LimitReached("games", games_per_guild)
            if lobbies_per_host is not None:
                row = await conn.one("SELECT COUNT(*) FROM games WHERE guild_id = ? AND host_id = ?"
                                            " AND status = 'lobby'", (new.guild_id, new.host_id))
                if row is not None and row[0] >= lobbies_per_host:
                    raise errors.LimitReached("lobbies", lobbies_per_host)
            row = await conn.one(
                "INSERT INTO games (guild_id, channel_id, thread_id, ruleset, scenario, options, setup, host_id,"
                " language, pacing, phase_seconds, created_at, posting, deadline_per, grace_seconds)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING *",
                (new.guild_id, new.channel_id, new.thread_id, new.ruleset, new.scenario, _dump(new.options),
                 _dump(new.setup), new.host_id, new.language, new.pacing, new.phase_seconds, new.created_at,
                 new.posting, new.deadline_per, new.grace_seconds))
        return _game(row)

    async def game(self, game_id: int) -> GameRow | None:
        async def query() -> GameRow | None:
            rows = await self._read("SELECT * FROM games WHERE id = ?", (game_id,))
            return _game(rows[0]) if rows else None

        def keep(game: GameRow | None) -> None:
            if game is not None:
                self._memo.keep(Rows.GAME, game_id, game)

        return await self._remembered(lambda: self._memo.game(game_id), lambda: self._memo.token(game_id), query,
                                      keep)

    async def games_in_place(self, place_id: int) -> list[GameRow]:
        """Unfinished games whose thread or channel is ``place_id``, newest first."""
        async def query() -> list[GameRow]:
            rows = await self._read(
                "SELECT * FROM games WHERE (thread_id = ? OR channel_id = ?) AND status IN (?,?,?) ORDER BY id DESC",
                (place_id, place_id, *_NOT_OVER))
            return [_game(r) for r in rows]

        return await self._remembered(lambda: self._memo.games_in_place(place_id), self._memo.places_token, query,
                                      lambda games: self._memo.keep_place(place_id, games))

    async def games_of_thread(self, thread_id: int) -> list[GameRow]:
        """Every game played in the thread, finished ones included, newest first."""
        rows = await self._read("SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC", (thread_id,))
        return [_game(r) for r in rows]

    async def games_of_guild(self, guild_id: int, statuses: Iterable[Status], *, offset: int = 0,
                             limit: int = 100) -> tuple[list[GameRow], int]:
        """One page of the server's games in these statuses (oldest first), and how many there are."""
        statuses = tuple(statuses)
        marks = ",".join("?" * len(statuses))
        rows = await self._read(f"SELECT * FROM games WHERE guild_id = ? AND status IN ({marks})"
                                f" ORDER BY id LIMIT ? OFFSET ?", (guild_id, *statuses, limit, offset))
        total = await self._read(f"SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN ({marks})",
                                 (guild_id, *statuses))
        return [_game(r) for r in rows], int(total[0][0])

    async def games_with_status(self, *statuses: Status) -> list[GameRow]:
        marks = ",".join("?" * len(statuses))
        rows = await self._read(f"SELECT * FROM games WHERE status IN ({marks}) ORDER BY id", statuses)
        return [_game(r) for r in rows]

    async def over_and_untold(self) -> list[GameRow]:
        """Games the rules ended (a result that is not 'abandoned') with live steps not
        yet announced: their last post (and card) is still to go out, after a restart too."""
        rows = await self._read(f"SELECT * FROM games g WHERE {UNTOLD_ENDING} ORDER BY g.id")
        return [_game(r) for r in rows]

    # -- a restart --------------------------------------------------------------------
    # A restarted bot resumes every unfinished game at once: each game's loop reads, on its
    # first pass, its games row, seats, open orders, live standing orders and deadline, and
    # the service its latest state. A statement a game for each made a restart of N games
    # some 7 N statements (each a hand-over to the database's thread and back, and a turn of
    # the event loop); these read each kind for all the games in one.

    async def remember_games(self, game_ids: Iterable[int]) -> None:
        """Remember the games rows, seats, open orders, live standing orders and deadlines
        of ``game_ids`` (running or paused games), one statement for each kind: the reads
        the games' loops make next find them. Kept under the same rule as a read of one
        game (:meth:`_remembered`): not for a game written to meanwhile."""
        tokens = {game_id: self._memo.token(game_id) for game_id in game_ids}
        tokens = {game_id: token for game_id, token in tokens.items() if token is not None}
        if not tokens or len(tokens) > MAX_GAMES // 2:
            return  # past that, remembering them all would start the memo over
        unfinished = "game_id IN (SELECT id FROM games WHERE status IN ('running', 'paused'))"
        games = await self._read("SELECT * FROM games WHERE status IN ('running', 'paused')")
        seats = await self._read(f"SELECT * FROM seats WHERE {unfinished}"
                                 " ORDER BY game_id, CAST(SUBSTR(seat_id, 2) AS INTEGER)")
        orders = await self._read(f"SELECT * FROM orders WHERE {unfinished} AND status = 'open' ORDER BY game_id, seq")
        standing = await self._read(f"SELECT * FROM standing_orders WHERE {unfinished} AND status = 'live'"
                                    " ORDER BY game_id, id")
        deadlines = await self._read(f"SELECT * FROM deadlines WHERE {unfinished}")
        by_game: dict[Rows, dict[int, Any]] = {kind: {game_id: [] for game_id in tokens}
                                               for kind in (Rows.SEATS, Rows.OPEN_ORDERS, Rows.STANDING)}
        for kind, rows, convert in ((Rows.SEATS, seats, _seat), (Rows.OPEN_ORDERS, orders, _order),
                                    (Rows.STANDING, standing, _standing)):
            for r in rows:
                if r["game_id"] in tokens:
                    by_game[kind][r["game_id"]].append(convert(r))
        by_game[Rows.GAME] = {r["id"]: _game(r) for r in games if r["id"] in tokens}
        by_game[Rows.DEADLINE] = {game_id: None for game_id in tokens}
        by_game[Rows.DEADLINE].update((r["game_id"], _deadline(r)) for r in deadlines if r["game_id"] in tokens)
        for game_id, token in tokens.items():
            if game_id not in by_game[Rows.GAME] or self._memo.token(game_id) != token:
                continue  # finished meanwhile, or written to: its loop reads it again
            for kind, found in by_game.items():
                self._memo.keep(kind, game_id, found[game_id])

    async def running_states(self) -> list[LatestState]:
        """Every running game's latest state, in one statement (two a game through
        :meth:`last_step` and :meth:`start_record`), rebuilt from its keyframe and delta off
        the event loop, all in one go."""
        rows = await self._read(_RUNNING_STATES)

        def rebuilt() -> list[LatestState]:
            return [LatestState(r["game_id"], r["ruleset"], r["seed"], r["idx"],
                                compact.state_of(r["state"], r["keyframe"])) if r["idx"] is not None
                    else LatestState(r["game_id"], r["ruleset"], r["seed"], 0, _load(r["start_state"]))
                    for r in rows]
        return await asyncio.to_thread(rebuilt)

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """The game's thread (None: it was deleted; the game talks in its channel)."""
        async with self._write(game_id, Rows.GAME, places=(thread_id,)) as conn:
            await conn.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def set_posting(self, game_id: int, posting: str | None) -> None:
        """How the game tells its story from now on (None: its pacing's default)."""
        async with self._write(game_id, Rows.GAME) as conn:
            await conn.execute("UPDATE games SET posting = ? WHERE id = ?", (posting, game_id))

    async def set_timing(self, game_id: int, deadline_per: str | None, grace_seconds: float | None) -> None:
        """Whether the game's deadline is per phase or per turn, and its grace period (None:
        the pacing's default). The open phase keeps its deadline; the next one follows."""
        async with self._write(game_id, Rows.GAME) as conn:
            await conn.execute("UPDATE games SET deadline_per = ?, grace_seconds = ? WHERE id = ?",
                               (deadline_per, grace_seconds, game_id))

    async def end_game(self, game_id: int, at: float) -> None:
        """Over for good: no deadline, no open orders."""
        async with self._write(game_id, Rows.GAME, Rows.DEADLINE, Rows.OPEN_ORDERS) as conn:
            await conn.execute("UPDATE games SET status = 'over', ended_at = ? WHERE id = ?", (at, game_id))
            await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            await conn.execute("UPDATE orders SET status = 'discarded' WHERE game_id = ? AND status = 'open'",
                               (game_id,))

    # -- seats -----------------------------------------------------------------------
    async def add_seat(self, game_id: int, side: str, name: str, at: float, *, user_id: int | None = None,
                       ai_level: str | None = None, side_limit: int | None = None) -> SeatRow:
        """A new seat with the lowest free id (p1, p2, ...); refused (:class:`LimitReached`)
        if ``side`` already has ``side_limit`` seats."""
        async with self._write(game_id, Rows.SEATS) as conn:
            if user_id is not None and await conn.one("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?",
                                                       (game_id, user_id)):
                raise errors.AlreadySeated(f"user {user_id} has a seat in game {game_id}")
            if side_limit is not None:
                row = await conn.one("SELECT COUNT(*) FROM seats WHERE game_id = ? AND side = ?",
                                      (game_id, side))
                if row is not None and row[0] >= side_limit:
                    raise errors.LimitReached("side", side_limit)
            taken = {r[0] for r in await conn.fetch(
                "SELECT seat_id FROM seats WHERE game_id = ?", (game_id,))}
            seat_id = next(f"p{n}" for n in range(1, len(taken) + 2) if f"p{n}" not in taken)
            try:
                await conn.execute(
                    "INSERT INTO seats (game_id, seat_id, side, user_id, ai_level, display_name, joined_at)"
                    " VALUES (?,?,?,?,?,?,?)", (game_id, seat_id, side, user_id, ai_level, name, at))
            except integrity_errors() as exc:
                raise errors.AlreadySeated(str(exc)) from exc
            row = await conn.one("SELECT * FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))
        return _seat(row)

    async def seats(self, game_id: int) -> list[SeatRow]:
        async def query() -> list[SeatRow]:
            return [_seat(r) for r in await self._read(_SEATS, (game_id,))]

        return await self._remembered(lambda: self._memo.seats(game_id), lambda: self._memo.token(game_id), query,
                                      lambda seats: self._memo.keep(Rows.SEATS, game_id, seats))

    async def remove_seat(self, game_id: int, seat_id: str) -> None:
        async with self._write(game_id, Rows.SEATS) as conn:
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))

    async def assign_seat(self, game_id: int, seat_id: str, *, user_id: int | None, ai_level: str | None,
                          name: str) -> SeatRow:
        """Give a seat to a user, an AI level or nobody; its history of misses starts over."""
        async with self._write(game_id, Rows.SEATS) as conn:
            try:
                await conn.execute(
                    "UPDATE seats SET user_id = ?, ai_level = ?, display_name = ?, missed_turns = 0, dm_ok = 1"
                    " WHERE game_id = ? AND seat_id = ?", (user_id, ai_level, name, game_id, seat_id))
            except integrity_errors() as exc:
                raise errors.AlreadySeated(str(exc)) from exc
            row = await conn.one("SELECT * FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))
            if row is None:
                raise errors.UnknownSeat(seat_id)
        return _seat(row)

    async def hand_over_seat(self, game_id: int, seat_id: str, *, user_id: int | None, name: str, at: float,
                             actor_id: int, detail: dict[str, Any], ai_level: str | None = None,
                             action: str = "replace") -> tuple[SeatRow, int]:
        """Give a seat to another member (or, with ``ai_level``, to a computer player), in
        one transaction: the seat changes hands, the
        orders its last holder left open for the coming resolution are discarded (the new
        holder must never see them, nor be bound by them), its prompts are forgotten (the
        new holder is asked afresh), and the host's action is audited. Returns the seat and
        how many orders were discarded."""
        async with self._write(game_id, Rows.SEATS, Rows.OPEN_ORDERS, Rows.STANDING) as conn:
            try:
                changed = await conn.execute(
                    "UPDATE seats SET user_id = ?, ai_level = ?, display_name = ?, missed_turns = 0, dm_ok = 1"
                    " WHERE game_id = ? AND seat_id = ?", (user_id, ai_level, name, game_id, seat_id))
            except integrity_errors() as exc:
                raise errors.AlreadySeated(str(exc)) from exc
            if changed == 0:
                raise errors.UnknownSeat(seat_id)
            discarded = await conn.execute("UPDATE orders SET status = 'discarded' WHERE game_id = ? AND seat_id = ?"
                                     " AND status = 'open'", (game_id, seat_id))
            # Nor does the new holder sail by the old one's standing orders.
            await conn.execute("UPDATE standing_orders SET status = 'dropped', ended_at = ? WHERE game_id = ?"
                               " AND seat_id = ? AND status = 'live'", (at, game_id, seat_id))
            await conn.execute("DELETE FROM prompts WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))
            await conn.execute("INSERT INTO audit (game_id, at, actor_id, action, detail) VALUES (?,?,?,?,?)",
                               (game_id, at, actor_id, action, _dump({**detail, "discarded": discarded})))
            row = await conn.one("SELECT * FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))
        return _seat(row), discarded

    async def set_dm_ok(self, game_id: int, seat_id: str, ok: bool) -> None:
        async with self._write(game_id, Rows.SEATS) as conn:
            await conn.execute("UPDATE seats SET dm_ok = ? WHERE game_id = ? AND seat_id = ?",
                               (int(ok), game_id, seat_id))

    # -- lobby picks -------------------------------------------------------------------
    async def add_pick(self, game_id: int, seat_id: str, ship_id: str, points: float | None, at: float) -> None:
        async with self._write(game_id) as conn:
            try:
                await conn.execute("INSERT INTO picks (game_id, seat_id, ship_id, points, picked_at)"
                                   " VALUES (?,?,?,?,?)", (game_id, seat_id, ship_id, points, at))
            except integrity_errors() as exc:
                raise errors.PickTaken(ship_id) from exc

    async def remove_pick(self, game_id: int, seat_id: str, ship_id: str) -> bool:
        async with self._write(game_id) as conn:
            removed = await conn.execute("DELETE FROM picks WHERE game_id = ? AND seat_id = ? AND ship_id = ?",
                                     (game_id, seat_id, ship_id))
            return removed > 0

    async def picks(self, game_id: int) -> list[PickRow]:
        rows = await self._read("SELECT * FROM picks WHERE game_id = ? ORDER BY picked_at, ship_id", (game_id,))
        return [PickRow(r["game_id"], r["seat_id"], r["ship_id"], r["points"], r["picked_at"]) for r in rows]

    # -- the start ---------------------------------------------------------------------
    async def start_game(self, start: StartRow) -> None:
        """Store the start record and set the game running, only from the lobby."""
        async with self._write(start.game_id, Rows.GAME) as conn:
            row = await conn.one("SELECT status FROM games WHERE id = ?", (start.game_id,))
            if row is None or row["status"] != "lobby":
                raise errors.WrongStatus(row["status"] if row else "missing")
            await conn.execute(
                "INSERT INTO starts (game_id, seed, setup, seats, rolls, events, state, started_at)"
                " VALUES (?,?,?,?,?,?,?,?)",
                (start.game_id, start.seed, *[self._pack(_dump(v)) for v in
                                              (start.setup, start.seats, start.rolls, start.events, start.state)],
                 start.started_at))
            await conn.execute("UPDATE games SET status = 'running' WHERE id = ?", (start.game_id,))

    async def start_record(self, game_id: int, *, with_state: bool = True) -> StartRow | None:
        """The start; its state (a whole state, the largest column) only on request.

        Without the state it is remembered: a start is written once, as the game leaves
        the lobby, and never changed (in any process), so a game's loop telling its first
        turn and its dice, read again on every pass, neither wait on the database nor
        unpack it again. Its ``announced`` flag does change: it is not read on this path
        (always False; :meth:`untold` says whether the start is told). What is handed out
        is shared: read, never changed."""
        if not with_state:
            found = self._starts.get(game_id)
            if found is not None:
                self._starts.move_to_end(game_id)
                return found
        state = "state" if with_state else "NULL AS state"
        announced = "announced" if with_state else "0 AS announced"
        rows = await self._read(f"SELECT game_id, seed, setup, seats, rolls, events, {state}, started_at, {announced}"
                                " FROM starts WHERE game_id = ?", (game_id,))
        if not rows:
            return None
        r = rows[0]
        # A remembered start's setup is the scenario's text, parsed once for all its games.
        setup = _games_json.load(r["setup"]) if not with_state else _load(r["setup"])
        row = StartRow(r["game_id"], r["seed"], setup, _load(r["seats"]), _load(r["rolls"]),
                       _load(r["events"]), _load(r["state"]), r["started_at"], bool(r["announced"]))
        if not with_state:
            self._starts[game_id] = row
            if len(self._starts) > MAX_GAMES:
                self._starts.popitem(last=False)
        return row

    # -- orders ------------------------------------------------------------------------
    async def add_order(self, new: NewOrder) -> StoredOrder:
        """Store an order the moment it arrives.

        A key seen before returns the first order untouched, so a redelivered
        interaction is harmless. An order for a step that is no longer the next one
        raises :class:`StaleStep`. A second order for a decision replaces the first
        and takes a new sequence number: it is now the later submission.
        """
        async def store(conn: Tx) -> StoredOrder:
            if new.idempotency_key is not None:
                seen = await conn.one("SELECT * FROM orders WHERE game_id = ? AND idempotency_key = ?",
                                      (new.game_id, new.idempotency_key))
                if seen is not None:
                    return StoredOrder(_order(seen), duplicate=True, replaced=False)
            if await self._live_steps(conn, new.game_id) + 1 != new.step_idx:
                raise errors.StaleStep(f"step {new.step_idx} is not open")
            replaced = 0 < await conn.execute("UPDATE orders SET status = 'replaced' WHERE game_id = ? AND decision_id = ?"
                                              " AND status = 'open'", (new.game_id, new.decision_id))
            row = await conn.one(
                "INSERT INTO orders (game_id, step_idx, decision_id, seat_id, payload, source, user_id,"
                " idempotency_key, submitted_at) VALUES (?,?,?,?,?,?,?,?,?) RETURNING *",
                (new.game_id, new.step_idx, new.decision_id, new.seat_id, _dump(new.payload), new.source,
                 new.user_id, new.idempotency_key, new.submitted_at))
            now_open = await conn.fetch(_OPEN_ORDERS, (new.game_id,))
            return StoredOrder(_order(row), duplicate=False, replaced=replaced,
                               open_orders=tuple(_order(r) for r in now_open))

        # BEGIN, every statement and COMMIT in one trip to SQLite's thread.
        stored = await self._write_once(store, new.game_id, Rows.OPEN_ORDERS)
        # The open orders as this commit left them are the next read's answer: kept (with
        # nothing awaited since the commit) unless another write to the game has begun,
        # or the memo keeps nothing now (PostgreSQL's notices unheard).
        if stored.open_orders is not None and self._memo.token(new.game_id) is not None:
            self._memo.keep(Rows.OPEN_ORDERS, new.game_id, stored.open_orders)
        return stored

    async def order_by_key(self, game_id: int, key: str) -> OrderRow | None:
        rows = await self._read("SELECT * FROM orders WHERE game_id = ? AND idempotency_key = ?", (game_id, key))
        return _order(rows[0]) if rows else None

    async def open_orders(self, game_id: int) -> list[OrderRow]:
        """Orders waiting for the next resolution, in arrival order."""
        async def query() -> list[OrderRow]:
            rows = await self._read(_OPEN_ORDERS, (game_id,))
            return [_order(r) for r in rows]

        return await self._remembered(lambda: self._memo.open_orders(game_id), lambda: self._memo.token(game_id),
                                      query, lambda orders: self._memo.keep(Rows.OPEN_ORDERS, game_id, orders))

    async def orders(self, game_id: int) -> list[OrderRow]:
        """Every order ever stored for the game, replaced and discarded ones included."""
        rows = await self._read("SELECT * FROM orders WHERE game_id = ? ORDER BY seq", (game_id,))
        return [_order(r) for r in rows]

    # -- standing orders ---------------------------------------------------------------
    async def add_standing(self, new: NewStanding) -> StandingRow:
        """Store a standing order the moment it arrives; it replaces the live one for the
        same subject and moment, if any."""
        async with self._write(new.game_id, Rows.STANDING) as conn:
            await conn.execute("UPDATE standing_orders SET status = 'replaced', ended_at = ? WHERE game_id = ?"
                               " AND subject = ? AND moment = ? AND status = 'live'",
                               (new.given_at, new.game_id, new.subject, new.moment))
            row = await conn.one(
                "INSERT INTO standing_orders (game_id, seat_id, subject, kind, moment, user_id, given_at)"
                " VALUES (?,?,?,?,?,?,?) RETURNING *",
                (new.game_id, new.seat_id, new.subject, new.kind, new.moment, new.user_id, new.given_at))
        return _standing(row)

    async def cancel_standing(self, game_id: int, seat_id: str, subject: str, moment: str, at: float) -> int:
        """Cancel the seat's live standing order for a subject and moment; how many were."""
        async with self._write(game_id, Rows.STANDING) as conn:
            cancelled = await conn.execute("UPDATE standing_orders SET status = 'cancelled', ended_at = ?"
                                           " WHERE game_id = ? AND seat_id = ? AND subject = ? AND moment = ?"
                                           " AND status = 'live'", (at, game_id, seat_id, subject, moment))
        return cancelled

    async def standing_orders(self, game_id: int) -> list[StandingRow]:
        """The game's live standing orders, oldest first."""
        async def query() -> list[StandingRow]:
            rows = await self._read("SELECT * FROM standing_orders WHERE game_id = ? AND status = 'live' ORDER BY id",
                                    (game_id,))
            return [_standing(r) for r in rows]
        return await self._remembered(lambda: self._memo.standing(game_id), lambda: self._memo.token(game_id),
                                      query, lambda rows: self._memo.keep(Rows.STANDING, game_id, rows))

    async def spend_standing(self, game_id: int, ids: Iterable[int], at: float) -> None:
        """Conditional standing orders whose moment has passed."""
        ids = list(ids)
        if not ids:
            return
        async with self._write(game_id, Rows.STANDING) as conn:
            for i in ids:
                await conn.execute("UPDATE standing_orders SET status = 'spent', ended_at = ? WHERE id = ?"
                                   " AND status = 'live'", (at, i))

    # -- steps -------------------------------------------------------------------------
    async def recent_steps(self, game_id: int, count: int) -> list[StepRow]:
        """The last ``count`` live steps, newest first, without states."""
        rows = await self._read(f"SELECT {_STEP_NO_STATE} WHERE s.game_id = ? AND s.undone_at IS NULL"
                                " ORDER BY s.idx DESC LIMIT ?", (game_id, count))
        return [_step(r) for r in rows]

    @staticmethod
    async def _live_steps(conn: Tx, game_id: int) -> int:
        row = await conn.one("SELECT COUNT(*) FROM steps WHERE game_id = ? AND undone_at IS NULL",
                                  (game_id,))
        return int(row[0]) if row else 0

    async def record_step(self, game_id: int, step: NewStep) -> StepRow:
        """Store a resolution with everything it changes, in one transaction.

        The step, the orders it consumed, the seats' missed turns, the end of the
        phase's deadline and (at the end) the game's status commit together, so a
        crash leaves either the phase open with its orders, or resolved — never both.
        With ``keep_deadline`` (one deadline a turn) the deadline row stays, marked with
        the resolved step, for the next phase to carry on.
        """
        async def store(conn: Tx) -> tuple[int, str, list[Row] | None, Row | None]:
            # How many live steps, and the last one's keyframe: one statement.
            live = await conn.one("SELECT COUNT(*) AS n, (SELECT id FROM steps WHERE game_id = ? AND undone_at IS NULL"
                                  " ORDER BY idx DESC LIMIT 1) AS last_id, (SELECT state_base FROM steps WHERE game_id = ?"
                                  " AND undone_at IS NULL ORDER BY idx DESC LIMIT 1) AS last_base"
                                  " FROM steps WHERE game_id = ? AND undone_at IS NULL", (game_id, game_id, game_id))
            if int(live["n"]) + 1 != step.idx:
                raise errors.StepConflict(f"step {step.idx} is not the next step of game {game_id}")
            step_id, state_text = await self._insert_step(conn, game_id, step, live)
            await self._consume(conn, game_id, step_id, step.consumed)
            # One statement for the seats that missed the phase, one for those that did not
            # (each statement is a round trip on PostgreSQL).
            for missed, change in ((True, "missed_turns + 1"), (False, "0")):
                seats = [seat_id for seat_id, m in step.missed.items() if m is missed]
                if seats:
                    await conn.execute(f"UPDATE seats SET missed_turns = {change} WHERE game_id = ?"
                                       f" AND seat_id IN ({','.join('?' * len(seats))})", (game_id, *seats))
            if not step.keep_deadline or step.over:
                await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            if step.over:
                await conn.execute("UPDATE games SET status = 'over', ended_at = ? WHERE id = ?",
                                   (step.resolved_at, game_id))
            if not conn.batched:
                return step_id, state_text, None, None
            # The next pass reads the seats (their missed turns changed) and the deadline
            # (a kept one): in this trip they cost none of their own.
            seats = await conn.fetch(_SEATS, (game_id,))
            deadline = await conn.one("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
            return step_id, state_text, seats, deadline

        # One trip to SQLite's thread: the statements, and the packing between them.
        step_id, state_text, seats, deadline = await self._write_once(store, game_id, *_step_changes(step))
        # What this commit left is the next reads' answer (kept as add_order keeps the open
        # orders: nothing awaited since the commit, no other write to the game begun): no
        # order is open after a resolution, nor a deadline unless one a turn kept it.
        if not step.over and self._memo.token(game_id) is not None:
            self._memo.keep(Rows.OPEN_ORDERS, game_id, ())
            if seats is not None:
                self._memo.keep(Rows.SEATS, game_id, [_seat(r) for r in seats])
            if seats is not None or not step.keep_deadline:
                self._memo.keep(Rows.DEADLINE, game_id, None if deadline is None else _deadline(deadline))
        # The row as stored, without reading it back: the columns are what was just inserted.
        return StepRow(id=step_id, game_id=game_id, idx=step.idx, orders=step.orders, rolls=step.rolls,
                       events=step.events, state=json.loads(state_text), resolved_at=step.resolved_at,
                       announced=False, undone_at=None)

    async def _insert_step(self, conn: Tx, game_id: int, step: NewStep, live: Row) -> tuple[int, str]:
        """The new row's id, and the text of its state. ``live``: the last live step's
        ``last_id`` and ``last_base`` (NULL with none)."""
        keyframe = await self._keyframe_for(conn, live, step.idx)
        # Packing a 20-ship state takes a millisecond or two: off the event loop.
        columns, base_id, state_text = await conn.compute(_packed_step, step, keyframe, self._pack)
        try:
            row = await conn.one(
                "INSERT INTO steps (game_id, idx, orders, rolls, events, state, state_base, resolved_at)"
                " VALUES (?,?,?,?,?,?,?,?) RETURNING id", (game_id, step.idx, *columns, base_id, step.resolved_at))
        except integrity_errors() as exc:
            raise errors.StepConflict(str(exc)) from exc
        return int(row["id"]), state_text

    async def _keyframe_for(self, conn: Tx, live: Row, idx: int) -> Row | None:
        """The keyframe (id, state) step ``idx`` may store its state against; None: store it
        whole. It is the last live step's own keyframe, so an undone step is never a new
        step's keyframe: its deltas were undone before it."""
        if live["last_id"] is None:
            return None
        keyframe = await conn.one("SELECT id, idx, state FROM steps WHERE id = ?",
                                   (live["last_id"] if live["last_base"] is None else live["last_base"],))
        return None if compact.needs_keyframe(idx, keyframe["idx"]) else keyframe

    async def _consume(self, conn: Tx, game_id: int, step_id: int, seqs: list[int]) -> None:
        # The orders used are consumed; whatever else is still open was refused by the
        # engine at resolution: it lapses. One statement, which says how many it consumed.
        marks = ",".join("?" * len(seqs)) or "NULL"
        rows = await conn.fetch(f"UPDATE orders SET status = CASE WHEN seq IN ({marks}) THEN 'consumed'"
                                f" ELSE 'discarded' END, step_id = ? WHERE game_id = ? AND status = 'open'"
                                f" RETURNING status", (*seqs, step_id, game_id))
        if sum(1 for r in rows if r["status"] == "consumed") != len(seqs):
            raise errors.StepConflict("the orders changed while the step was being resolved")

    async def steps(self, game_id: int, *, with_state: bool = False) -> list[StepRow]:
        """The live steps in order (undone ones left out); states only on request."""
        if not with_state:
            rows = await self._read(f"SELECT {_STEP_NO_STATE} WHERE s.game_id = ? AND s.undone_at IS NULL"
                                    " ORDER BY s.idx", (game_id,))
            return [_step(r) for r in rows]
        rows = await self._read("SELECT * FROM steps WHERE game_id = ? AND undone_at IS NULL ORDER BY idx",
                                (game_id,))
        # A live delta's keyframe is live and earlier, so it is among these rows, before it.
        states = compact.states_of((r["id"], r["state"], r["state_base"]) for r in rows)
        return [_step(r, state) for r, state in zip(rows, states)]

    async def step(self, game_id: int, idx: int) -> StepRow | None:
        """The live step ``idx``, with its state."""
        rows = await self._read(f"SELECT {_STEP} WHERE s.game_id = ? AND s.idx = ? AND s.undone_at IS NULL",
                                (game_id, idx))
        return _step(rows[0]) if rows else None

    async def last_step(self, game_id: int) -> StepRow | None:
        rows = await self._read(f"SELECT {_STEP} WHERE s.game_id = ? AND s.undone_at IS NULL ORDER BY s.idx DESC"
                                " LIMIT 1", (game_id,))
        return _step(rows[0]) if rows else None

    async def step_mark(self, game_id: int) -> tuple[int, int | None]:
        """The number of live steps and the id of the last one: changes whenever the story
        does (a resolution, an undo and its replacement)."""
        rows = await self._read("SELECT COUNT(*), MAX(id) FROM steps WHERE game_id = ? AND undone_at IS NULL",
                                (game_id,))
        return int(rows[0][0]), rows[0][1]

    async def step_count(self, game_id: int) -> int:
        rows = await self._read("SELECT COUNT(*) FROM steps WHERE game_id = ? AND undone_at IS NULL", (game_id,))
        return int(rows[0][0])

    async def undo_last_step(self, game_id: int, at: float) -> StepRow | None:
        """Set the last live step aside; the phase it resolved opens again, empty."""
        async with self._write(game_id, Rows.GAME, Rows.OPEN_ORDERS, Rows.DEADLINE, Rows.STEPS) as conn:
            row = await conn.one(f"SELECT {_STEP} WHERE s.game_id = ? AND s.undone_at IS NULL"
                                        " ORDER BY s.idx DESC LIMIT 1", (game_id,))
            if row is None:
                return None
            # Only the last live step is ever undone, so no live delta leans on an undone
            # keyframe; the undone row keeps its state (and its deltas their keyframe).
            await conn.execute("UPDATE steps SET undone_at = ? WHERE id = ?", (at, row["id"]))
            await conn.execute("UPDATE orders SET status = 'discarded' WHERE game_id = ? AND status = 'open'",
                               (game_id,))
            await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            await conn.execute("DELETE FROM prompts WHERE game_id = ? AND step_idx >= ?", (game_id, row["idx"]))
            await conn.execute("UPDATE games SET status = 'running', ended_at = NULL WHERE id = ? AND status = 'over'",
                               (game_id,))
        return _step(row)

    async def unannounced(self, game_id: int) -> tuple[bool, list[StepRow]]:
        """Whether the start still needs announcing, and the live steps that do."""
        start, steps, _ = await self.untold(game_id, parts=False)
        return start, steps

    async def untold(self, game_id: int, *, parts: bool = True
                     ) -> tuple[bool, list[StepRow], dict[int, dict[str, tuple[int, bool]]]]:
        """:meth:`unannounced`, and (``parts``) :meth:`all_announce_parts` when anything is
        untold: one trip to SQLite's thread, asked on every pass of the game's loop."""
        # One statement: the start's flag on every row, and no step row at all (NULLs)
        # when every step is told.
        columns = _STEP_NO_STATE.removesuffix(" FROM steps s")
        first = (f"SELECT st.announced AS start_announced, {columns} FROM starts st"
                 " LEFT JOIN steps s ON s.game_id = st.game_id AND s.undone_at IS NULL"
                 " AND s.announced = 0 WHERE st.game_id = ? ORDER BY s.idx", (game_id,))
        rows, part_rows = await self._backend.reads(first, (_ANNOUNCE_PARTS, (game_id,)),
                                                    lambda rows: parts and _anything_untold(rows))
        start = bool(rows) and not rows[0]["start_announced"]
        return start, [_step(r) for r in rows if r["id"] is not None], _parts_by_step(part_rows or [])

    async def announce_parts(self, game_id: int, step_id: int) -> dict[str, tuple[int, bool]]:
        """What of an announcement went out already: part -> (messages posted, done).
        ``step_id`` is the step's row id, or 0 for the start."""
        rows = await self._read("SELECT part, pieces, done FROM announce_parts WHERE game_id = ? AND step_id = ?",
                                (game_id, step_id))
        return {r["part"]: (int(r["pieces"]), bool(r["done"])) for r in rows}

    async def all_announce_parts(self, game_id: int) -> dict[int, dict[str, tuple[int, bool]]]:
        """:meth:`announce_parts` of every step of the game (0: the start), in one statement:
        the parts of a step are dropped once it is marked told, so these are few."""
        return _parts_by_step(await self._read(_ANNOUNCE_PARTS, (game_id,)))

    async def note_announce_part(self, game_id: int, step_id: int, part: str, *, pieces: int = 0,
                                 done: bool = True) -> None:
        await self.note_announce_parts(game_id, [AnnouncePart(step_id, part, pieces, done)])

    async def note_announce_parts(self, game_id: int, parts: Iterable[AnnouncePart]) -> None:
        """Several parts noted in one transaction."""
        parts = list(parts)
        await self._write_once(lambda conn: self._note_parts(conn, game_id, parts), game_id)

    @staticmethod
    async def _note_parts(conn: Tx, game_id: int, parts: Iterable[AnnouncePart]) -> None:
        for p in parts:
            await conn.execute("INSERT INTO announce_parts (game_id, step_id, part, pieces, done) VALUES (?,?,?,?,?)"
                               " ON CONFLICT (game_id, step_id, part) DO UPDATE SET pieces = excluded.pieces,"
                               " done = excluded.done", (game_id, p.step_id, p.part, p.pieces, int(p.done)))

    async def mark_announced(self, game_id: int, idx: int, *, step_id: int | None = None,
                             notes: Iterable[AnnouncePart] = ()) -> None:
        """Mark the start (idx 0) or a live step as posted to the thread (and forget its parts).
        ``step_id``: the step's row id when the caller knows it (one statement fewer);
        ``notes``: parts of other announcements noted in the same transaction."""
        notes = list(notes)

        async def mark(conn: Tx) -> None:
            nonlocal step_id
            await self._note_parts(conn, game_id, notes)
            if step_id is None and idx:
                row = await conn.one("SELECT id FROM steps WHERE game_id = ? AND idx = ? AND undone_at IS NULL",
                                     (game_id, idx))
                step_id = row["id"] if row else None
            await conn.execute("DELETE FROM announce_parts WHERE game_id = ? AND step_id = ?",
                               (game_id, step_id if idx and step_id is not None else 0))
            if idx == 0:
                await conn.execute("UPDATE starts SET announced = 1 WHERE game_id = ?", (game_id,))
            else:
                await conn.execute("UPDATE steps SET announced = 1 WHERE game_id = ? AND idx = ?"
                                   " AND undone_at IS NULL", (game_id, idx))

        await self._write_once(mark, game_id)

    # -- deadlines ---------------------------------------------------------------------
    async def deadline(self, game_id: int) -> DeadlineRow | None:
        async def query() -> DeadlineRow | None:
            rows = await self._read("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
            return _deadline(rows[0]) if rows else None

        return await self._remembered(lambda: self._memo.deadline(game_id), lambda: self._memo.token(game_id), query,
                                      lambda deadline: self._memo.keep(Rows.DEADLINE, game_id, deadline))

    async def open_deadline(self, game_id: int, step_idx: int, opened_at: float, due_at: float, *,
                            turn: int | None = None, reminders_sent: int = 0, late: bool = False) -> DeadlineRow:
        """The deadline of ``step_idx``; set now unless it exists (a restart keeps the stored
        one). A phase that keeps its turn's deadline passes the turn's ``opened_at``,
        ``due_at`` and the reminders already sent."""
        # The loop asks on every pass; only the first of a phase writes.
        current = await self.deadline(game_id)
        if current is not None and current.step_idx == step_idx:
            return current
        async def store(conn: Tx) -> Row:
            # An earlier phase's row goes; this phase's, if another writer set it meanwhile,
            # stays (two statements where a read came first: each is a round trip).
            await conn.execute("DELETE FROM deadlines WHERE game_id = ? AND step_idx <> ?", (game_id, step_idx))
            row = await conn.one("INSERT INTO deadlines (game_id, step_idx, opened_at, due_at, reminders_sent,"
                                 " turn, late) VALUES (?,?,?,?,?,?,?) ON CONFLICT (game_id) DO NOTHING RETURNING *",
                                 (game_id, step_idx, opened_at, due_at, reminders_sent, turn, int(late)))
            if row is None:
                row = await conn.one("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
            return row

        deadline = _deadline(await self._write_once(store, game_id, Rows.DEADLINE))
        # The row as this commit left it is the next read's answer (the loop's next pass
        # asks), kept as add_order keeps the open orders: nothing awaited since the commit,
        # and only if no other write to the game has begun.
        if self._memo.token(game_id) is not None:
            self._memo.keep(Rows.DEADLINE, game_id, deadline)
        return deadline

    async def extend_deadline(self, game_id: int, seconds: float) -> DeadlineRow | None:
        async with self._write(game_id, Rows.DEADLINE) as conn:
            await conn.execute("UPDATE deadlines SET due_at = due_at + ?,"
                               " paused_remaining = paused_remaining + ? WHERE game_id = ?",
                               (seconds, seconds, game_id))
            row = await conn.one("SELECT * FROM deadlines WHERE game_id = ?", (game_id,))
        return _deadline(row) if row else None

    async def note_waiting_posted(self, game_id: int, step_idx: int) -> None:
        await self._write_once(lambda conn: conn.execute(
            "UPDATE deadlines SET waiting_posted = 1 WHERE game_id = ? AND step_idx = ?", (game_id, step_idx)),
            game_id, Rows.DEADLINE)

    async def note_reminders(self, game_id: int, step_idx: int, sent: int) -> None:
        await self._write_once(lambda conn: conn.execute(
            "UPDATE deadlines SET reminders_sent = ? WHERE game_id = ? AND step_idx = ?", (sent, game_id, step_idx)),
            game_id, Rows.DEADLINE)

    async def pause(self, game_id: int, at: float) -> None:
        """Paused: the clock of the phase stops; what was left of it is kept."""
        async with self._write(game_id, Rows.GAME, Rows.DEADLINE) as conn:
            await self._require(conn, game_id, "running")
            await conn.execute("UPDATE games SET status = 'paused' WHERE id = ?", (game_id,))
            await conn.execute("UPDATE deadlines SET paused_remaining = CASE WHEN due_at > ? THEN due_at - ?"
                               " ELSE 0 END WHERE game_id = ?", (at, at, game_id))

    async def resume(self, game_id: int, at: float) -> None:
        async with self._write(game_id, Rows.GAME, Rows.DEADLINE) as conn:
            await self._require(conn, game_id, "paused")
            await conn.execute("UPDATE games SET status = 'running' WHERE id = ?", (game_id,))
            # The phase gets back the time it had, counted as if it had just opened.
            await conn.execute("UPDATE deadlines SET opened_at = ? + (opened_at - due_at) + paused_remaining,"
                               " due_at = ? + paused_remaining, paused_remaining = NULL"
                               " WHERE game_id = ? AND paused_remaining IS NOT NULL", (at, at, game_id))

    async def _require(self, conn: Tx, game_id: int, status: str) -> None:
        row = await conn.one("SELECT status FROM games WHERE id = ?", (game_id,))
        if row is None or row["status"] != status:
            raise errors.WrongStatus(row["status"] if row else "missing")

    # -- prompts -----------------------------------------------------------------------
    async def prompted(self, game_id: int, step_idx: int) -> dict[str, str]:
        """Seats already prompted for ``step_idx``, and how (dm or thread)."""
        rows = await self._read("SELECT seat_id, via FROM prompts WHERE game_id = ? AND step_idx = ?",
                                (game_id, step_idx))
        return {r["seat_id"]: r["via"] for r in rows}

    async def note_prompt(self, game_id: int, step_idx: int, seat_id: str, via: str, at: float) -> None:
        await self._write_once(lambda conn: conn.execute(
            "INSERT INTO prompts (game_id, step_idx, seat_id, via, sent_at) VALUES (?,?,?,?,?)"
            " ON CONFLICT (game_id, step_idx, seat_id) DO UPDATE SET via = excluded.via,"
            " sent_at = excluded.sent_at", (game_id, step_idx, seat_id, via, at)), game_id)

    async def forget_prompts(self, game_id: int, seat_id: str) -> None:
        """The seat changed hands: its new occupant must be prompted afresh."""
        async with self._write(game_id) as conn:
            await conn.execute("DELETE FROM prompts WHERE game_id = ? AND seat_id = ?", (game_id, seat_id))

    # -- audit -------------------------------------------------------------------------
    async def audit(self, game_id: int, at: float, actor_id: int | None, action: str,
                    detail: dict[str, Any] | None = None) -> None:
        detail_text = _dump(detail or {})
        await self._write_once(lambda conn: conn.execute(
            "INSERT INTO audit (game_id, at, actor_id, action, detail) VALUES (?,?,?,?,?)",
            (game_id, at, actor_id, action, detail_text)), game_id)

    async def audit_log(self, game_id: int) -> list[AuditRow]:
        rows = await self._read("SELECT * FROM audit WHERE game_id = ? ORDER BY id", (game_id,))
        return [AuditRow(r["id"], r["game_id"], r["at"], r["actor_id"], r["action"], _load(r["detail"]))
                for r in rows]


def _packed_step(step: NewStep, keyframe: Any | None, pack: Callable[[str], compact.Packed] = compact.pack
                 ) -> tuple[list[compact.Packed], int | None, str]:
    """The step's columns as stored (orders, rolls, events, state), the id of the keyframe
    its state is a delta against (None: stored whole), and the state's text."""
    text = _dump(step.state)
    columns = [pack(_dump(v)) for v in (step.orders, step.rolls, step.events)]
    if keyframe is not None:
        delta = compact.delta_for(_load(keyframe["state"]), step.state, text, pack)
        if delta is not None:
            return columns + [delta], keyframe["id"], text
    return columns + [pack(text)], None, text


def _step_changes(step: NewStep) -> tuple[Rows, ...]:
    """A resolution consumes the orders, counts missed turns, ends the deadline; the last
    one ends the game too."""
    return (Rows.OPEN_ORDERS, Rows.SEATS, Rows.DEADLINE, Rows.STEPS) + ((Rows.GAME,) if step.over else ())


# -- row mapping ---------------------------------------------------------------------------

def _game(r: Row) -> GameRow:
    return GameRow(id=r["id"], guild_id=r["guild_id"], channel_id=r["channel_id"], thread_id=r["thread_id"],
                   ruleset=r["ruleset"], scenario=r["scenario"], options=_games_json.load(r["options"]),
                   setup=_games_json.load(r["setup"]), host_id=r["host_id"], language=r["language"], pacing=r["pacing"],
                   phase_seconds=r["phase_seconds"], status=r["status"], created_at=r["created_at"],
                   ended_at=r["ended_at"], posting=r["posting"], deadline_per=r["deadline_per"],
                   grace_seconds=r["grace_seconds"])


def _seat(r: Row) -> SeatRow:
    return SeatRow(game_id=r["game_id"], seat_id=r["seat_id"], side=r["side"], user_id=r["user_id"],
                   ai_level=r["ai_level"], display_name=r["display_name"], dm_ok=bool(r["dm_ok"]),
                   missed_turns=r["missed_turns"], joined_at=r["joined_at"])


def _standing(r: Row) -> StandingRow:
    return StandingRow(id=r["id"], game_id=r["game_id"], seat_id=r["seat_id"], subject=r["subject"], kind=r["kind"],
                       moment=r["moment"], user_id=r["user_id"], given_at=r["given_at"], status=r["status"])


def _order(r: Row) -> OrderRow:
    return OrderRow(seq=r["seq"], game_id=r["game_id"], step_idx=r["step_idx"], decision_id=r["decision_id"],
                    seat_id=r["seat_id"], payload=_load(r["payload"]), source=r["source"], user_id=r["user_id"],
                    idempotency_key=r["idempotency_key"], submitted_at=r["submitted_at"], status=r["status"])


# A step row with its state, and the state of its keyframe when the state is a delta.
_STEP = ("s.id, s.game_id, s.idx, s.orders, s.rolls, s.events, s.state, s.state_base, s.resolved_at, s.announced,"
         " s.undone_at, k.state AS keyframe FROM steps s LEFT JOIN steps k ON k.id = s.state_base")
_STEP_NO_STATE = ("s.id, s.game_id, s.idx, s.orders, s.rolls, s.events, NULL AS state, NULL AS state_base,"
                  " s.resolved_at, s.announced, s.undone_at, NULL AS keyframe FROM steps s")


# Each running game's last live step (its state, and its keyframe's when the state is a
# delta), or its start's state when it has no step yet.
_RUNNING_STATES = (
    "SELECT g.id AS game_id, g.ruleset, st.seed, s.idx, s.state, k.state AS keyframe,"
    " CASE WHEN s.id IS NULL THEN st.state END AS start_state"
    " FROM games g JOIN starts st ON st.game_id = g.id"
    " LEFT JOIN steps s ON s.id = (SELECT l.id FROM steps l WHERE l.game_id = g.id AND l.undone_at IS NULL"
    " ORDER BY l.idx DESC LIMIT 1)"
    " LEFT JOIN steps k ON k.id = s.state_base"
    " WHERE g.status = 'running' ORDER BY g.id")


def _step(r: Row, state: Any = MISSING) -> StepRow:
    """A step row as read with :data:`_STEP` (or without its state), or any row with its
    state already rebuilt."""
    if state is MISSING:
        state = None if r["state"] is None else compact.state_of(r["state"], r["keyframe"])
    return StepRow(id=r["id"], game_id=r["game_id"], idx=r["idx"], orders=_load(r["orders"]),
                   rolls=_load(r["rolls"]), events=_load(r["events"]), state=state,
                   resolved_at=r["resolved_at"], announced=bool(r["announced"]), undone_at=r["undone_at"])


def _anything_untold(rows: list[Row]) -> bool:
    """Whether :meth:`Database.unannounced`'s statement found the start or a step untold."""
    return bool(rows) and (not rows[0]["start_announced"] or any(r["id"] is not None for r in rows))


def _parts_by_step(rows: list[Row]) -> dict[int, dict[str, tuple[int, bool]]]:
    found: dict[int, dict[str, tuple[int, bool]]] = {}
    for r in rows:
        found.setdefault(int(r["step_id"]), {})[r["part"]] = (int(r["pieces"]), bool(r["done"]))
    return found


def _deadline(r: Row) -> DeadlineRow:
    return DeadlineRow(game_id=r["game_id"], step_idx=r["step_idx"], opened_at=r["opened_at"],
                       due_at=r["due_at"], reminders_sent=r["reminders_sent"],
                       paused_remaining=r["paused_remaining"], waiting_posted=bool(r["waiting_posted"]),
                       turn=r["turn"], late=bool(r["late"]))
