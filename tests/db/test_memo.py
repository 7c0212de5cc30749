"""The rows the database remembers between writes are always the rows on disk.

Every read the memo serves is compared, after every kind of write, with what a second
connection (nothing remembered) reads from the file. A write that forgot to name what it
changes fails here, before a player ever sees a stale seat or a closed game.
"""
from __future__ import annotations

import asyncio
import random

import pytest

from db import (AlreadySeated, Database, NewGame, NewOrder, NewStanding, NewStep, StaleStep, StartRow, StepConflict, UnknownSeat,
                WrongStatus)
from db.memo import MAX_GAMES, RowMemo, Rows


def _new_game(channel: int, thread: int | None = None) -> NewGame:
    return NewGame(guild_id=1, channel_id=channel, thread_id=thread, ruleset="cannoni", scenario="s", options={},
                   setup={"sides": ["a", "b"]}, host_id=100, language="en", pacing="live", phase_seconds=300,
                   created_at=1000.0)


async def _same_as_disk(db: Database, fresh: Database, game_ids: list[int], places: list[int]) -> None:
    fresh._memo.clear()
    for game_id in game_ids:
        assert await db.game(game_id) == await fresh.game(game_id), f"game {game_id}"
        assert await db.seats(game_id) == await fresh.seats(game_id), f"seats of {game_id}"
        assert await db.open_orders(game_id) == await fresh.open_orders(game_id), f"open orders of {game_id}"
        assert await db.deadline(game_id) == await fresh.deadline(game_id), f"deadline of {game_id}"
        assert await db.standing_orders(game_id) == await fresh.standing_orders(game_id), f"standing of {game_id}"
    for place in places:
        assert await db.games_in_place(place) == await fresh.games_in_place(place), f"games in {place}"


class Table:
    """A few games driven by random writes of every kind the database offers."""

    CHANNELS = (10, 11)

    def __init__(self, db: Database, rng: random.Random) -> None:
        self.db = db
        self.rng = rng
        self.games: list[int] = []
        self.threads: list[int] = []
        self.clock = 1000.0

    def tick(self) -> float:
        self.clock += 1.0
        return self.clock

    async def create(self) -> None:
        game = await self.db.create_game(_new_game(self.rng.choice(self.CHANNELS)))
        self.games.append(game.id)

    async def set_thread(self, game_id: int) -> None:
        # Few thread ids, so a game may move into a place whose list is remembered.
        thread = self.rng.choice((500, 501, 502))
        if thread not in self.threads:
            self.threads.append(thread)
        await self.db.set_thread(game_id, thread)

    async def seat(self, game_id: int) -> None:
        try:
            await self.db.add_seat(game_id, self.rng.choice("ab"), "X", self.tick(),
                                   user_id=self.rng.choice((200, 300, 400, None)),
                                   ai_level=self.rng.choice((None, "random")))
        except AlreadySeated:
            pass

    async def unseat(self, game_id: int) -> None:
        seats = await self.db.seats(game_id)
        if seats:
            await self.db.remove_seat(game_id, self.rng.choice(seats).seat_id)

    async def assign(self, game_id: int) -> None:
        seats = await self.db.seats(game_id)
        if seats:
            try:
                await self.db.assign_seat(game_id, self.rng.choice(seats).seat_id,
                                          user_id=self.rng.choice((201, 301, None)), ai_level=None, name="Y")
            except (AlreadySeated, UnknownSeat):
                pass

    async def dm(self, game_id: int) -> None:
        seats = await self.db.seats(game_id)
        if seats:
            await self.db.set_dm_ok(game_id, self.rng.choice(seats).seat_id, self.rng.random() < 0.5)

    async def start(self, game_id: int) -> None:
        try:
            await self.db.start_game(StartRow(game_id=game_id, seed=5, setup={}, seats=[], rolls=[], events=[],
                                              state={}, started_at=self.tick()))
        except WrongStatus:
            pass

    async def order(self, game_id: int) -> None:
        step = await self.db.step_count(game_id) + self.rng.choice((1, 1, 1, 2))
        try:
            await self.db.add_order(NewOrder(
                game_id=game_id, step_idx=step, decision_id=self.rng.choice(("d1", "d2", "d3")),
                seat_id=self.rng.choice(("p1", "p2")), payload={"x": self.rng.randint(0, 9)}, source="player",
                submitted_at=self.tick(), user_id=200, idempotency_key=self.rng.choice((None, "k1", "k2"))))
        except StaleStep:
            pass

    async def step(self, game_id: int) -> None:
        open_orders = await self.db.open_orders(game_id)
        consumed = [o.seq for o in open_orders if self.rng.random() < 0.5]
        if self.rng.random() < 0.2:
            consumed.append(99_999)  # refused: the whole transaction rolls back
        idx = await self.db.step_count(game_id) + 1
        seats = await self.db.seats(game_id)
        try:
            await self.db.record_step(game_id, NewStep(
                idx=idx, orders=[], rolls=[], events=[], state={"turn": idx}, resolved_at=self.tick(),
                consumed=consumed, missed={s.seat_id: self.rng.random() < 0.5 for s in seats},
                over=self.rng.random() < 0.2))
        except StepConflict:
            pass

    async def undo(self, game_id: int) -> None:
        await self.db.undo_last_step(game_id, self.tick())

    async def deadline(self, game_id: int) -> None:
        idx = await self.db.step_count(game_id) + 1
        action = self.rng.choice(("open", "extend", "remind"))
        if action == "open":
            await self.db.open_deadline(game_id, idx, self.clock, self.clock + 300)
        elif action == "extend":
            await self.db.extend_deadline(game_id, 60)
        else:
            await self.db.note_reminders(game_id, idx, self.rng.randint(1, 3))

    async def pause_or_resume(self, game_id: int) -> None:
        try:
            if self.rng.random() < 0.5:
                await self.db.pause(game_id, self.tick())
            else:
                await self.db.resume(game_id, self.tick())
        except WrongStatus:
            pass

    async def end(self, game_id: int) -> None:
        if self.rng.random() < 0.3:
            await self.db.end_game(game_id, self.tick())

    async def standing(self, game_id: int) -> None:
        """A standing order given, cancelled or spent (a seat handed over drops its own)."""
        action = self.rng.choice(("add", "add", "cancel", "spend", "hand_over"))
        subject, moment = self.rng.choice(("s1", "s2")), self.rng.choice(("", "m1"))
        if action == "add":
            await self.db.add_standing(NewStanding(game_id=game_id, seat_id=self.rng.choice(("a", "b")),
                                                   subject=subject, kind="k", moment=moment, given_at=self.tick()))
        elif action == "cancel":
            await self.db.cancel_standing(game_id, self.rng.choice(("a", "b")), subject, moment, self.tick())
        elif action == "spend":
            live = await self.db.standing_orders(game_id)
            await self.db.spend_standing(game_id, [o.id for o in live if self.rng.random() < 0.5], self.tick())
        else:
            seats = await self.db.seats(game_id)
            if seats:
                try:
                    await self.db.hand_over_seat(game_id, self.rng.choice(seats).seat_id, user_id=None, name="Z",
                                                 at=self.tick(), actor_id=100, detail={})
                except (AlreadySeated, UnknownSeat):
                    pass

    async def quiet(self, game_id: int) -> None:
        """Writes to rows the memo does not keep: nothing remembered may change."""
        await self.db.note_prompt(game_id, 1, "p1", "dm", self.tick())
        await self.db.forget_prompts(game_id, "p2")
        await self.db.mark_announced(game_id, 0)
        await self.db.audit(game_id, self.tick(), 100, "look", {})

    ACTIONS = ("set_thread", "seat", "unseat", "assign", "dm", "start", "order", "order", "step", "undo",
               "deadline", "pause_or_resume", "end", "standing", "standing", "quiet")


@pytest.fixture
async def two_connections(database_url):
    """The database under test, and a second one on the same file (or server) to read the disk."""
    db = await Database.open(database_url)
    fresh = await Database.open(database_url)
    yield db, fresh
    await fresh.close()
    await db.close()


class TwoWriters(Table):
    """The same random writes, each by one of two processes chosen at random (two
    :class:`Database` objects, each with its own memo, pool and notice connection)."""

    def __init__(self, writers: list[Database], rng: random.Random) -> None:
        super().__init__(writers[0], rng)
        self.writers = writers

    @property
    def db(self) -> Database:
        return self.rng.choice(self.writers)

    @db.setter
    def db(self, value: Database) -> None:
        pass


@pytest.fixture
async def two_processes(postgres_url):
    """Two writers on one PostgreSQL database, and a reader that remembers nothing."""
    writers = [await Database.open(postgres_url), await Database.open(postgres_url)]
    fresh = await Database.open(postgres_url)
    yield writers, fresh
    for db in (*writers, fresh):
        await db.close()


async def _all_same_as_disk(writers: list[Database], fresh: Database, table: Table) -> None:
    for db in writers:
        await db.sync()  # every notice of the other's writes has been heard
    for db in writers:
        await _same_as_disk(db, fresh, table.games, list(Table.CHANNELS) + table.threads)


@pytest.mark.parametrize("seed", range(4))
async def test_two_writing_processes_leave_each_one_s_remembered_rows_equal_to_the_disk(two_processes, seed):
    writers, fresh = two_processes
    table = TwoWriters(writers, random.Random(seed))
    for _ in range(3):
        await table.create()
    for _ in range(60):
        await _all_same_as_disk(writers, fresh, table)
        if table.rng.random() < 0.05:
            await table.create()
            continue
        game_id = table.rng.choice(table.games)
        await getattr(table, table.rng.choice(Table.ACTIONS))(game_id)
    await _all_same_as_disk(writers, fresh, table)


@pytest.mark.parametrize("seed", range(3))
async def test_two_processes_reading_and_writing_at_once_never_keep_a_stale_row(two_processes, seed):
    writers, fresh = two_processes
    table = TwoWriters(writers, random.Random(seed))
    for _ in range(3):
        await table.create()
        await table.seat(table.games[-1])
        await table.start(table.games[-1])

    async def player(rng: random.Random) -> None:
        mine = TwoWriters(writers, rng)
        mine.games, mine.threads = table.games, table.threads
        for _ in range(6):
            game_id = rng.choice(table.games)
            db = rng.choice(writers)
            if rng.random() < 0.6:
                await rng.choice((db.game, db.seats, db.open_orders, db.deadline))(game_id)
                await db.games_in_place(rng.choice(Table.CHANNELS + tuple(table.threads)))
            else:
                await getattr(mine, rng.choice(Table.ACTIONS))(game_id)

    for burst in range(6):
        await asyncio.gather(*(player(random.Random(seed * 1000 + burst * 10 + n)) for n in range(8)))
        await _all_same_as_disk(writers, fresh, table)


@pytest.mark.parametrize("seed", range(6))
async def test_every_write_leaves_the_remembered_rows_equal_to_the_disk(two_connections, seed):
    db, fresh = two_connections
    table = Table(db, random.Random(seed))
    for _ in range(3):
        await table.create()
    # Fewer on PostgreSQL, where each comparison is some twenty round trips: the kinds of
    # write are the same, and the suite's time is shared.
    for _ in range(160 if db.kind == "sqlite" else 50):
        places = list(Table.CHANNELS) + table.threads
        # Read everything first so the memo holds what the write is about to change.
        await _same_as_disk(db, fresh, table.games, places)
        if table.rng.random() < 0.05:
            await table.create()
            continue
        game_id = table.rng.choice(table.games)
        await getattr(table, table.rng.choice(Table.ACTIONS))(game_id)
        await _same_as_disk(db, fresh, table.games, places)


@pytest.mark.parametrize("seed", range(4))
async def test_reads_beside_writes_never_leave_a_stale_row_behind(two_connections, seed):
    """Reads run on their own connection while writes commit: whatever interleaving the
    threads produce, once everything has settled the remembered rows are the disk's."""
    db, fresh = two_connections
    table = Table(db, random.Random(seed))
    for _ in range(3):
        await table.create()
        await table.seat(table.games[-1])
        await table.start(table.games[-1])

    async def player(rng: random.Random) -> None:
        for _ in range(6):
            game_id = rng.choice(table.games)
            if rng.random() < 0.6:
                await rng.choice((db.game, db.seats, db.open_orders, db.deadline))(game_id)
                await db.games_in_place(rng.choice(Table.CHANNELS + tuple(table.threads)))
            else:
                await getattr(table, rng.choice(Table.ACTIONS))(game_id)

    for burst in range(12):
        await asyncio.gather(*(player(random.Random(seed * 1000 + burst * 10 + n)) for n in range(8)))
        await _same_as_disk(db, fresh, table.games, list(Table.CHANNELS) + table.threads)


async def test_a_read_beside_an_open_write_sees_the_last_commit_and_is_not_kept(tmp_path):
    db = await Database.open(tmp_path / "open.sqlite3")
    try:
        game = await db.create_game(_new_game(10))
        await db.add_seat(game.id, "a", "Anne", 1.0, user_id=200)
        async with db._write(game.id, Rows.SEATS) as conn:
            await conn.execute("UPDATE seats SET display_name = 'Changed' WHERE game_id = ?", (game.id,))
            beside = await db.seats(game.id)
            assert [s.display_name for s in beside] == ["Anne"]  # not committed yet
        assert [s.display_name for s in await db.seats(game.id)] == ["Changed"]
    finally:
        await db.close()


async def test_a_read_that_outlasts_a_write_is_not_kept(tmp_path):
    """A read that started before a write committed and ended after it may hold the rows
    as they were: it answers its caller, but the memo does not keep it."""
    db = await Database.open(tmp_path / "slow.sqlite3")
    try:
        game = await db.create_game(_new_game(10))
        await db.add_seat(game.id, "a", "Anne", 1.0, user_id=200)
        read_done, go_on = asyncio.Event(), asyncio.Event()
        plain_read = db._read

        async def slow_read(sql, params=()):
            rows = await plain_read(sql, params)
            read_done.set()
            await go_on.wait()
            return rows

        db._read = slow_read
        slow = asyncio.create_task(db.seats(game.id))
        await read_done.wait()
        db._read = plain_read
        await db.assign_seat(game.id, "p1", user_id=300, ai_level=None, name="Bob")
        go_on.set()
        assert [s.display_name for s in await slow] == ["Anne"]
        assert [s.display_name for s in await db.seats(game.id)] == ["Bob"]
    finally:
        await db.close()


async def test_a_remembered_game_is_read_once_until_it_changes(tmp_path):
    db = await Database.open(tmp_path / "once.sqlite3")
    try:
        game = await db.create_game(_new_game(10))
        statements: list[str] = []
        await db._reader.set_trace_callback(statements.append)
        for _ in range(3):
            assert (await db.games_in_place(10))[0].id == game.id
            await db.game(game.id), await db.seats(game.id), await db.open_orders(game.id), await db.deadline(game.id)
        reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
        assert len(reads) == 4  # the place (which brings the game), seats, open orders, deadline
        await db.set_thread(game.id, 77)
        statements.clear()
        assert (await db.games_in_place(77))[0].thread_id == 77
        assert any(s.lstrip().upper().startswith("SELECT") for s in statements)
    finally:
        await db.close()


def test_the_memo_starts_over_rather_than_grow_without_end():
    memo = RowMemo()
    for game_id in range(MAX_GAMES + 10):
        memo.keep(Rows.SEATS, game_id, [])
    assert len(memo._by_kind[Rows.SEATS]) <= MAX_GAMES


async def test_a_lost_notice_connection_keeps_nothing_until_it_listens_again(postgres_url, monkeypatch):
    """Notices missed while the listening connection was down could leave stale rows: the
    memo forgets everything and keeps nothing until a new connection listens."""
    db, other = await Database.open(postgres_url), await Database.open(postgres_url)
    try:
        game = await db.create_game(_new_game(10))
        await db.add_seat(game.id, "a", "Anne", 1.0, user_id=200)
        assert [s.display_name for s in await db.seats(game.id)] == ["Anne"]  # remembered now
        back = asyncio.Event()
        listen = db.notices.start

        async def held_back() -> None:  # the server cannot be reached for a while
            await back.wait()
            await listen()

        monkeypatch.setattr(db.notices, "start", held_back)
        pid = db.notices._conn.get_server_pid()
        await other._read("SELECT pg_terminate_backend(?)", (pid,))
        for _ in range(100):
            if db._memo.deaf:
                break
            await asyncio.sleep(0.02)
        assert db._memo.deaf
        await other.assign_seat(game.id, "p1", user_id=300, ai_level=None, name="Bob")  # a notice nobody hears
        for _ in range(2):
            assert [s.display_name for s in await db.seats(game.id)] == ["Bob"]
        back.set()
        for _ in range(200):  # it listens again by itself
            if not db._memo.deaf:
                break
            await asyncio.sleep(0.05)
        assert not db._memo.deaf
        assert [s.display_name for s in await db.seats(game.id)] == ["Bob"]
        await other.assign_seat(game.id, "p1", user_id=400, ai_level=None, name="Carl")
        await db.sync()
        assert [s.display_name for s in await db.seats(game.id)] == ["Carl"]
    finally:
        await db.close()
        await other.close()
