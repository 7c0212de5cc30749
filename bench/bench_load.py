"""Load benchmark: bot processes with 200 games in progress, driven through the loopback
Discord (tests/e2e/fake_discord) exactly as members would drive it.

    .venv/bin/python bench/bench_load.py [--games 200] [--concurrency 20]
        [--processes 2 | --compare-processes 1,2] [--database postgresql://user@host/postgres]

With ``--processes N`` the bot runs as N processes sharing a PostgreSQL database, process
i running shard i of N, and the games are spread over N guilds, one on each shard. The
figures are then summed (CPU, memory) or pooled (latencies, lags) over the processes, and
one more is taken: the take-over, from a SIGKILL of one process until every one of its
games is leased by another. ``--compare-processes 1,2`` runs the whole benchmark once
with each count, one after the other in the same run, and compares their throughput.
``--database`` names a PostgreSQL server, on which a fresh database is made for each run;
without it, one process uses a SQLite file, and several (or a comparison) a throwaway
PostgreSQL server started here as the tests start theirs (``tests/postgres_server.py``),
stopped at the end.

The bot runs in its own process (bench/load_bot.py: the client `broadside run` starts,
configured by the same BROADSIDE_* variables, plus the measurements only the process can
take), as it would in production: Discord is not in its process, its CPU or its garbage
collector. This script is Discord: the loopback server and the members. It opens the games
with slash commands (/game new, /game join, /game start), then plays a round of load:
every player places a chit in the direct-message menu and confirms it, asks /pending, and
types into /order's autocomplete; some look at /map. The orders wait out a grace period
(the longest allowed), so that the round measures the members' interactions alone; then
the bots are stopped and new ones started with no grace period: they resolve every game's
phase at once, post its map and prompt its players (the burst), while every game's first
player asks /pending.

It prints, with the machine's load average beside the figures (the machine is shared):

* acknowledgement time: INTERACTION_CREATE sent by the server -> the interaction's first
  callback received by it (both timestamped by the server), p50 / p99 / max; in the
  round, and during the burst;
* the phase-resolution throughput: games / seconds from the burst processes' setup
  (database opened, games claimed, loops started) until every game is resolved, told and
  its players prompted; with a comparison, each count's against one process's;
* the bot's event-loop lag during the round (and the burst): a task in the bot sleeping
  10 ms and measuring how late it wakes, p50 / p99 / max; and its garbage-collection pauses;
* memory per game: the bot process's RSS growth over opening the games, / games;
* resume: the bot stopped (SIGTERM) and a new process started on the same database, the
  time until every game's loop runs and has made its first pass: from the process's spawn
  (imports, database, Discord session included) and from the client's setup.

and the CPU seconds of each part of the run (``bench/cpu_meter.py``: the bot processes,
their render workers, the PostgreSQL server when it is started here, and this process, the
loopback Discord with its members): per game resolved in the burst, per interaction
acknowledged in the round. On a shared machine they move far less than the times.

``BENCH_PROFILE=/tmp/prof`` profiles each bot's event-loop thread into ``/tmp/prof.<pid>``
(pstats); with ``BENCH_PROFILE_FROM=round`` as well, from the round of play on.
``--bot-setting NAME=VALUE`` (repeatable) gives every bot process a setting, as its
``BROADSIDE_NAME`` variable: ``--bot-setting passes_at_once=16``.

Targets: p99 acknowledgement <= 100 ms, loop lag p99 <= 50 ms, resume <= 5 s; with
several processes take-over <= 15 s, and 2 processes' throughput >= 1.6x one's.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import math
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.cpu_meter import Meter, postmaster_pid  # noqa: E402
from bot.discord.components import base36  # noqa: E402
from tests.e2e.fake_discord import LoopbackDiscord  # noqa: E402
from tests.e2e.fake_discord.interactions import Interaction  # noqa: E402

LAUNCHER = Path(__file__).with_name("load_bot.py")
#: More settings for every bot process (``--bot-setting NAME=VALUE``), as BROADSIDE_* variables.
BOT_SETTINGS: dict[str, str] = {}
TARGET_ACK_P99 = 0.100
TARGET_LAG_P99 = 0.050
TARGET_RESUME = 5.0
TARGET_TAKEOVER = 15.0
WAIT = 300.0  # the grace period (the most allowed) the round's orders wait out; the burst resolves them
TARGET_SCALING = 1.6  # 2 processes' throughput over 1 process's
# The bot's code and interpreter (``--code``): this checkout, or another one (the old code)
# run under this same harness, launcher and probe.
BOT_CODE: dict[str, str | None] = {"python": sys.executable, "code": None}
# ``--pin``: the cores of the bot's processes (its render workers inherit them); this
# process, the loopback Discord, keeps the others.
PIN: dict[str, set[int] | None] = {"bot": None}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


class LagMonitor:
    """How late a 10 ms sleep wakes in this process (the loopback Discord): time its loop
    was busy elsewhere, which delays the timestamps the acknowledgements are read from."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(0.010)
            self.samples.append(max(0.0, loop.time() - start - 0.010))

    def __enter__(self) -> "LagMonitor":
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._task is not None
        self._task.cancel()


class Load:
    def __init__(self, server: LoopbackDiscord, concurrency: int) -> None:
        self.server = server
        self.gate = asyncio.Semaphore(concurrency)
        self.acks: dict[str, list[float]] = {}
        #: (kind, interaction id, INTERACTION_CREATE sent, first callback received): the
        #: loopback's loop times, joined with the bot's own timestamps by id.
        self.timed: list[tuple[str, int, float, float]] = []
        self.unanswered = 0
        self.rate: float | None = None
        self._next_start = 0.0

    def pace(self, rate: float | None) -> None:
        """From now on start at most ``rate`` interactions a second, evenly spaced (an open
        loop; ``None``: as many as the gate lets in). With the gate alone the round is a
        closed loop that keeps ``concurrency`` interactions queued at the bot, so its
        acknowledgement times measure that queue, and a bot that serves more interactions a
        second is handed more at once; at the same offered rate, below what either bot can
        serve, two bots are timed on the same work."""
        self.rate = rate
        self._next_start = 0.0

    async def _slot(self) -> None:
        if not self.rate:
            return
        now = time.perf_counter()
        start = max(now, self._next_start)
        self._next_start = start + 1.0 / self.rate
        if start > now:
            await asyncio.sleep(start - now)

    async def one(self, kind: str, start: Callable[[], Awaitable[Interaction]], *, settle: bool = False) -> Interaction:
        await self._slot()
        async with self.gate:
            it = await start()
            try:
                await it.wait_response(timeout=5)
            except AssertionError:
                self.unanswered += 1
                return it
            if it.delivered is not None and it.responded_at is not None:
                self.acks.setdefault(kind, []).append(it.responded_at - it.delivered)
                self.timed.append((kind, it.id, it.delivered, it.responded_at))
            if settle and it.deferred:
                await self.server.wait_for(lambda: not it.original.loading, 10, raise_on_timeout=False)
            return it

    async def all(self, jobs: list[Awaitable[Any]]) -> list[Any]:
        return await asyncio.gather(*jobs)


class BotProcess:
    """``bench/load_bot.py`` in its own process, pointed at the loopback server."""

    def __init__(self, server: LoopbackDiscord, database: str, workdir: Path, name: str,
                 shard: tuple[int, int] | None = None, grace: float = 0.0) -> None:
        self.server = server
        self.report = workdir / f"{name}.jsonl"
        self.log = workdir / f"{name}.log"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
        self.env.update(BROADSIDE_TOKEN=server.token, BROADSIDE_API_BASE=server.api_base,
                        BROADSIDE_GATEWAY_URL=server.gateway_url, BROADSIDE_DATABASE=str(database),
                        BROADSIDE_LOG_LEVEL=os.environ.get("BENCH_BOT_LOG", "WARNING"), BENCH_REPORT=str(self.report), PYTHONUNBUFFERED="1",
                        # One host opens every game: the per-member and per-server limits
                        # would refuse all but the first few.
                        BROADSIDE_MAX_LOBBIES_PER_MEMBER="100000", BROADSIDE_MAX_GAMES_PER_SERVER="100000",
                        # The round's orders wait (a long grace period) and the next processes
                        # resolve them all at once, with none.
                        BROADSIDE_GRACE_SECONDS=str(grace))
        self.env.update(BOT_SETTINGS)
        if BOT_CODE["code"]:
            self.env["BENCH_CODE"] = BOT_CODE["code"]
        if shard is not None:
            self.env.update(BROADSIDE_SHARDS=str(shard[0]), BROADSIDE_SHARD_COUNT=str(shard[1]))
        self.proc: asyncio.subprocess.Process | None = None
        self.spawned = 0.0
        _started.append(self)

    async def spawn(self) -> None:
        self.spawned = time.time()
        with self.log.open("ab") as out:
            self.proc = await asyncio.create_subprocess_exec(BOT_CODE["python"], str(LAUNCHER), env=self.env,
                                                             stdout=out, stderr=out,
                                                             stdin=asyncio.subprocess.DEVNULL, preexec_fn=_pin)

    async def start(self, sessions: int) -> None:
        await self.spawn()
        await connected([self], sessions)

    def rss(self) -> int:
        assert self.proc is not None
        with open(f"/proc/{self.proc.pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    async def snapshot_memory(self) -> None:
        """With ``BENCH_TRACEMALLOC`` set, the bot writes a snapshot of its Python heap
        (``load_bot.py``); waits for it."""
        if not os.environ.get("BENCH_TRACEMALLOC"):
            return
        assert self.proc is not None
        self.snapshots = getattr(self, "snapshots", 0) + 1
        target = Path(f"{self.report}.{self.snapshots}.snap")
        self.proc.send_signal(signal.SIGUSR1)
        await self.server.wait_for(target.exists, 300, what="the bot's heap snapshot")
        print(f"heap snapshot: {target}", flush=True)

    def cpu_seconds(self) -> float:
        assert self.proc is not None
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def entries(self, event: str) -> list[dict[str, Any]]:
        if not self.report.exists():
            return []
        lines = (json.loads(line) for line in self.report.read_text().splitlines() if line.strip())
        return [e for e in lines if e["event"] == event]

    async def settled(self, timeout: float) -> dict[str, Any]:
        await self.server.wait_for(lambda: self.entries("settled"), timeout, what="the bot's first passes")
        return self.entries("settled")[0]

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await asyncio.wait_for(self.proc.wait(), 60)

    async def stop(self) -> dict[str, Any]:
        """SIGTERM, as a service manager stops it; returns its exit report."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.proc.wait(), 60)
        exits = self.entries("exit")
        assert exits, f"the bot left no report:\n{self.log.read_text()[-3000:]}"
        return exits[0]


def _pin() -> None:
    """In the bot's process before it starts: its cores (its threads and workers inherit them)."""
    if PIN["bot"] is not None:
        os.sched_setaffinity(0, PIN["bot"])


async def connected(bots: list[BotProcess], sessions: int, timeout: float = 60) -> None:
    """Every bot's gateway sessions are up (``sessions``: IDENTIFYs so far, all shards)."""
    gw = bots[0].server.gateway
    await bots[0].server.wait_for(lambda: any(b.proc.returncode is not None for b in bots) or (
        gw.identifies >= sessions and gw.ready.is_set() and gw.connected), timeout, what="the bots' sessions")
    for b in bots:
        assert b.proc.returncode is None, f"the bot exited early:\n{b.log.read_text()}"


_readers: dict[str, Any] = {}
_started: list["BotProcess"] = []  # killed if the benchmark stops early: none outlives it


def _kill_leftovers() -> None:
    for bot in _started:
        if bot.proc is not None and bot.proc.returncode is None:
            try:
                bot.proc.kill()
            except ProcessLookupError:
                pass
    _started.clear()


async def query(database: str, sql: str) -> list[Any]:
    """Read the bots' database as any other process could (one connection, kept). A SQLite
    file is read through ``sqlite3``, read-only: this checkout's ``Database`` would migrate
    the database of a bot of another version (``--code``)."""
    if "://" not in database:
        import sqlite3

        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            return db.execute(sql).fetchall()
    from db import Database

    if database not in _readers:
        _readers[database] = await Database.open(database)
    return await _readers[database]._read(sql)


async def game_ids(database: str) -> dict[int, int]:
    """thread id -> game id."""
    return {r[1]: r[0] for r in await query(database, "SELECT id, thread_id FROM games")}


async def resolved_games(database: str) -> int:
    return (await query(database, "SELECT COUNT(DISTINCT game_id) FROM steps WHERE undone_at IS NULL"))[0][0]


async def orders_missing(database: str) -> list[int]:
    """Running games whose players have not both given their order (a duel: two)."""
    return [r[0] for r in await query(
        database, "SELECT g.id FROM games g WHERE g.status = 'running' AND (SELECT COUNT(*) FROM orders o"
                  " WHERE o.game_id = g.id AND o.status = 'open') < 2 ORDER BY g.id")]


async def lease_rows(database: str, sql: str) -> list[Any]:
    """A query of the leases table; none for a bot whose code keeps no leases (``--code``)."""
    try:
        return await query(database, sql)
    except Exception as error:  # an older bot's database has no leases table
        if "leases" not in str(error):
            raise
        return []


async def leases_left(database: str) -> int:
    """Leases the stopped processes left behind."""
    return len(await lease_rows(database, "SELECT game_id FROM leases"))


async def fresh_postgres(url: str) -> str:
    """A new database on the server of ``url``, for this run alone; its URL."""
    import asyncpg
    import yarl

    name = f"broadside_bench_{os.getpid()}_{int(time.time())}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    base = yarl.URL(url)
    return str(base.with_path("/" + name).with_query(base.query))


async def settle(server: LoopbackDiscord) -> None:
    """The bot has finished with what it was asked: no request for a second."""
    await server.idle(quiet=1.0, timeout=180)


async def bench(games: int, concurrency: int, processes: int = 1, database: str | None = None,
                meter: Meter | None = None, grace: float = WAIT, round_only: bool = False,
                no_resolve: bool = False, rate: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    meter = meter or Meter(None)
    workdir = Path(tempfile.mkdtemp(prefix="broadside-bench-"))
    if database is None:
        if processes > 1:
            raise SystemExit("--processes needs PostgreSQL (SQLite has one writer)")
        database = str(workdir / "bench.sqlite3")
    else:
        database = await fresh_postgres(database)
    out["database"] = database.split("?")[0]
    server = LoopbackDiscord(interaction_deadline=3.0)
    await server.start()
    try:
        # One guild per shard, so that every process has games of its own.
        host = server.add_user("horatio")
        guilds = [server.add_guild(f"Fleet {i}", channels=("battles",), shard=(i, processes) if processes > 1 else None)
                  for i in range(processes)]
        channels = []
        for guild in guilds:
            guild.add_member(host)
            channels.append(guild.channel("battles"))
        pairs = []
        for n in range(games):
            anne, bob = server.add_user(f"anne{n}"), server.add_user(f"bob{n}")
            guilds[n % processes].add_member(anne)
            guilds[n % processes].add_member(bob)
            pairs.append((anne, bob))
        load = Load(server, concurrency)
        bots = [BotProcess(server, database, workdir, f"first-{i}", (i, processes) if processes > 1 else None,
                           grace=grace)
                for i in range(processes)]
        t0 = time.perf_counter()
        for b in bots:
            await b.spawn()
        await connected(bots, processes)
        # The first games warm up lazy imports (the renderer, fonts); memory is counted over
        # the others.
        warm = max(processes, games // 10)
        base_rss = 0
        for batch in (range(warm), range(warm, games)):
            await asyncio.gather(*(open_games(load, server, host, channels[i],
                                              [pairs[n] for n in batch if n % processes == i])
                                   for i in range(processes)))
            await settle(server)
            if not base_rss:
                base_rss = sum(b.rss() for b in bots)
            for b in bots:
                await b.snapshot_memory()
        out["rss_per_game"] = (sum(b.rss() for b in bots) - base_rss) / (games - warm)
        out["rss_total"] = sum(b.rss() for b in bots)
        threads = [t for c in channels for t in c.threads]
        assert len(threads) == games, len(threads)
        pairs = [pairs[n] for i in range(processes) for n in range(games) if n % processes == i]
        out["setup_s"] = time.perf_counter() - t0
        ids = await game_ids(database)
        setup_acks = {k: list(v) for k, v in load.acks.items()}
        load.acks.clear()
        load.timed.clear()

        # -- a round of play under load ----------------------------------------------------------
        rng = random.Random(1)
        jobs: list[Awaitable[Any]] = []
        late: list[int] = []  # games whose prompt never came

        async def chit(user: Any, thread: Any, confirm: bool = True) -> None:
            prefix = f"bs1:s:{base36(ids[thread.id])}:"

            def found() -> Any:
                return next((m for m in reversed(user.dm.messages)
                             if any(str(s.get("custom_id", "")).startswith(prefix) for s in m.selects)), None)
            # A prompt may still be on its way (a game claimed by its process a moment late).
            await load.server.wait_for(lambda: found() is not None, 30, raise_on_timeout=False)
            form = found()
            if form is None:
                late.append(ids[thread.id])
                return
            options = form.options(next(s["custom_id"] for s in form.selects
                                        if str(s["custom_id"]).startswith(prefix)))
            before = form.content
            await load.one("menu select", lambda: user.select(form, [rng.choice(options)["value"]],
                                                              custom_id=prefix, wait=False))
            # A member clicks Confirm on the menu showing their choice: the choice rides in
            # the button's id, so a click before the edit would confirm nothing.
            if not confirm:
                return
            await load.server.wait_for(lambda: form.content != before, 10, raise_on_timeout=False)
            await load.one("menu confirm", lambda: user.click(form, "Confirm", wait=False), settle=True)

        for thread, (anne, bob) in zip(threads, pairs):
            for user in (anne, bob):
                jobs.append(load.one("/pending", lambda u=user, t=thread: u.invoke(t, "pending", {}, wait=False)))
                jobs.append(load.one("autocomplete /order decision", lambda u=user, t=thread: _autocomplete(u, t)))
                # --no-resolve: the second player picks but does not confirm, so no phase
                # resolves in the round, with a grace period or without.
                jobs.append(chit(user, thread, confirm=not (no_resolve and user is bob)))
            if rng.random() < 0.1:
                jobs.append(load.one("/map", lambda u=anne, t=thread: u.invoke(t, "map", {}, wait=False)))
        rng.shuffle(jobs)
        load.pace(rate)
        out["rate"] = rate
        if os.environ.get("BENCH_PROFILE") and os.environ.get("BENCH_PROFILE_FROM") == "round":
            for b in bots:
                b.proc.send_signal(signal.SIGUSR2)  # load_bot.py profiles from here on
        window = time.time()
        t1 = time.perf_counter()
        cpu = sum(b.cpu_seconds() for b in bots), time.process_time()
        parts = meter.read([b.proc.pid for b in bots])
        with LagMonitor() as own_lag:
            await load.all(jobs)
            await settle(server)
        out["load_s"] = time.perf_counter() - t1
        out["cpu"] = sum(b.cpu_seconds() for b in bots) - cpu[0], time.process_time() - cpu[1]
        out["cpu_parts"] = Meter.spent(parts, meter.read([b.proc.pid for b in bots]))
        out["server_lag"] = own_lag.samples
        out["window"] = (window, time.time())
        out["acks"] = load.acks
        out["setup_acks"] = setup_acks
        out["resolved_games"] = await resolved_games(database)
        out["orders_missing"] = await orders_missing(database)
        out["unprompted"] = sorted(set(late))
        out["load"] = machine_load()
        firsts = [await b.stop() for b in bots]
        # Leases the stopped processes left behind: their games wait for the expiry.
        out["leases_left"] = await leases_left(database)
        out["lag"] = [lag for f in firsts for at, lag in f["lag"] if out["window"][0] <= at <= out["window"][1]]
        out["gc"] = [(gen, pause, cpu) for f in firsts for at, gen, pause, cpu in f["gc"]
                     if out["window"][0] <= at <= out["window"][1]]
        out["bot_acks"] = [(kind, seconds, http) for f in firsts for kind, at, seconds, http in f.get("acks", [])
                           if out["window"][0] <= at <= out["window"][1]]
        out["database_trips"] = sum(1 for f in firsts for at in f.get("database", [])
                                    if out["window"][0] <= at <= out["window"][1])
        out["trips_by_kind"] = {}
        for f in firsts:
            for kind, times in f.get("trips", {}).items():
                n = sum(1 for at in times if out["window"][0] <= at <= out["window"][1])
                out["trips_by_kind"][kind] = out["trips_by_kind"].get(kind, 0) + n
        out["ack_parts"] = ack_parts(load.timed, firsts)
        out["calls"] = {}
        for f in firsts:
            for name, calls in f.get("calls", {}).items():
                out["calls"].setdefault(name, []).extend(d for at, d in calls
                                                         if out["window"][0] <= at <= out["window"][1])
        if round_only:
            out["unanswered"] = load.unanswered
            out["violations"] = [f"{r.method} {r.path} {r.status}/{r.code}" for r in server.take_violations()]
            out["protocol_errors"] = list(server.protocol_errors)
            return out

        # -- every game resolves at once: new processes, no grace period -------------------------
        out.update(await _burst(server, database, workdir, processes, games - len(out["unprompted"]), pairs, threads,
                                concurrency, meter))

        # -- restart: new bot processes on the same database -------------------------------------
        again = [BotProcess(server, database, workdir, f"second-{i}", (i, processes) if processes > 1 else None)
                 for i in range(processes)]
        for b in again:
            await b.spawn()
        await connected(again, 3 * processes)
        settled = [await b.settled(timeout=120) for b in again]
        out["resume_connected_s"] = time.time() - min(b.spawned for b in again)
        out["resume_from_spawn_s"] = max(s["settled"] - b.spawned for s, b in zip(settled, again))
        out["resume_from_setup_s"] = max(s["settled"] - s["setup_start"] for s in settled)
        out["resumed_games"] = sum(s["games"] for s in settled)
        # The process's CPU (all threads) from its start: before the client's setup (the
        # imports, the client) and until settled; steadier here than the wall clock.
        out["resume_cpu_s"] = sum(s["cpu_settled"] for s in settled)
        out["resume_cpu_before_setup_s"] = sum(s["cpu_setup_start"] for s in settled)
        await settle(server)
        if processes > 1:
            out["takeover_s"], out["taken_over"] = await _takeover(database, again[0], again[1:])
        for b in again:
            if b.proc.returncode is None:
                await b.stop()
        out["unanswered"] = load.unanswered
        out["violations"] = [f"{r.method} {r.path} {r.status}/{r.code}" for r in server.take_violations()]
        out["protocol_errors"] = list(server.protocol_errors)
    finally:
        _kill_leftovers()
        await server.stop()
        for reader in _readers.values():
            await reader.close()
        _readers.clear()
    return out


async def _burst(server: LoopbackDiscord, database: str, workdir: Path, processes: int, games: int,
                 pairs: list[Any], threads: list[Any], concurrency: int, meter: Meter) -> dict[str, Any]:
    """The round's orders are all in, waiting out a long grace period; processes started
    with none resolve every game at once: the phase-resolution throughput, from the
    loops' start until every game's phase is stored, and the acknowledgements of members
    asking /pending meanwhile."""
    out: dict[str, Any] = {}
    bots = [BotProcess(server, database, workdir, f"burst-{i}", (i, processes) if processes > 1 else None)
            for i in range(processes)]
    before = meter.read([])
    due = {r[0]: r[1] for r in await query(database, "SELECT game_id, due_at FROM deadlines")}
    for b in bots:
        await b.spawn()
    # The client connects to the gateway as its setup ends; its games are claimed and
    # resolved beside the connection (before, they were claimed within the setup).
    await connected(bots, 2 * processes, timeout=900)
    out["burst_connected_s"] = time.time() - min(b.spawned for b in bots)
    load = Load(server, concurrency)
    resolving = asyncio.create_task(_resolutions(database, games))
    asking = asyncio.create_task(load.all([
        load.one("/pending", lambda u=anne, t=thread: u.invoke(t, "pending", {}, wait=False))
        for thread, (anne, _) in zip(threads, pairs)]))
    done_s = await resolving
    finished = time.time()
    # Who ran the burst's games, and the last ones stored: a game its phase's deadline
    # resolved (an order missing) is not one the bot was slow to run.
    out["burst_owners"] = sorted(r[1] for r in await lease_rows(
        database, "SELECT owner, COUNT(*) FROM leases GROUP BY owner"))
    out["burst_last"] = [(r[0], r[1], r[1] - due.get(r[0], math.inf)) for r in await query(
        database, "SELECT game_id, MIN(resolved_at) AS at FROM steps WHERE undone_at IS NULL"
                  " GROUP BY game_id ORDER BY at DESC LIMIT 3")]
    await asking
    out["burst_cpu"] = sum(b.cpu_seconds() for b in bots)  # since its spawn: imports, setup and the burst
    out["burst_load"] = machine_load()
    await settle(server)
    running = [await _running(server, b) for b in bots]
    settled = [await b.settled(timeout=900) for b in bots]
    # CPU seconds of each part of the run over the burst: the bots' since their setup
    # began (imports and the gateway's connection apart), the rest since the spawn.
    out["burst_cpu_parts"] = Meter.spent(before, meter.read([b.proc.pid for b in bots]))
    out["burst_cpu_parts"]["bot"] = sum(s["cpu_settled"] - s["cpu_setup_start"] for s in settled)
    # From the client's setup (the database opened, the games claimed and their loops
    # started, all while the gateway is still connecting): the whole restart's work.
    start = min(r["setup_start"] for r in running)
    # Resolved: every game's step stored. Told: its post (lines and map) and the next
    # phase's prompts sent too, and every loop asleep again.
    out["stored_s"] = finished - start
    out["burst_last"] = [(g, at - start, late) for g, at, late in out["burst_last"]]
    out["resolution_s"] = max(s["settled"] for s in settled) - start
    out["resolution_from_spawn_s"] = max(s["settled"] for s in settled) - min(b.spawned for b in bots)
    finished = max(s["settled"] for s in settled)
    out["burst_wait_s"] = done_s
    out["burst_acks"] = load.acks
    out["burst_unanswered"] = load.unanswered
    window = (start, finished)
    exits = [await b.stop() for b in bots]
    out["burst_lag"] = [lag for e in exits for at, lag in e["lag"] if window[0] <= at <= window[1]]
    return out


def ack_parts(timed: list[tuple[str, int, float, float]], exits: list[dict[str, Any]]) -> dict[str, list[list[float]]]:
    """Each acknowledgement cut where it crossed into and out of the bot, by kind: [total,
    to the bot (the frame sent -> read by discord.py), read -> handler started (parsing, then waiting
    for the bot's loop), in the handler until its callback's POST, the POST -> received by
    the loopback (the bot's HTTP client and the loopback's loop)], seconds."""
    bot = {i: (n, rest) for n, e in enumerate(exits) for i, *rest in e.get("interactions", [])}
    parts: dict[str, list[list[float]]] = {}
    for kind, iid, sent, received in timed:
        n, b = bot.get(iid, (0, None))
        if b is None or not (b[2] and b[3]):
            continue
        frame, parsed, started, callback, _ = b
        parts.setdefault(kind if len(exits) == 1 else f"{kind} (process {n})", []).append([received - sent, frame - sent, started - frame,
                                           callback - started, received - callback])
    return parts


def report_parts(parts: dict[str, list[list[float]]]) -> None:
    names = ("to the bot", "bot: until its handler", "bot: handler until callback", "callback to loopback")
    print("  where the time went, p50 / p99 of each part (and the mean of each part over the kind's slowest 1 %):")
    for kind, rows in sorted(parts.items()):
        slow = sorted(rows, key=lambda r: r[0])[-max(1, len(rows) // 100):]
        cells = "; ".join(f"{name} {pct([r[i + 1] for r in rows], 50) * 1000:.1f} / "
                          f"{pct([r[i + 1] for r in rows], 99) * 1000:.1f} ({sum(r[i + 1] for r in slow) / len(slow) * 1000:.1f})"
                          for i, name in enumerate(names))
        print(f"    {kind:30} n={len(rows):4}: {cells} ms")


async def _running(server: LoopbackDiscord, bot: BotProcess) -> dict[str, Any]:
    await server.wait_for(lambda: bot.entries("running"), 120, what="the bot's loops")
    return bot.entries("running")[0]


async def _resolutions(database: str, games: int) -> float:
    """Seconds from now until every game has resolved its first phase (the throughput)."""
    start = time.perf_counter()
    while await resolved_games(database) < games:
        await asyncio.sleep(0.2)
    return time.perf_counter() - start


async def _takeover(database: str, victim: BotProcess, others: list[BotProcess]) -> tuple[float, int]:
    """SIGKILL ``victim``; seconds until every game it held is leased by another process."""
    mark = f":{victim.proc.pid}:"
    held = [r[0] for r in await query(database, "SELECT game_id, owner FROM leases") if mark in r[1]]
    await victim.kill()
    killed = time.perf_counter()
    alive = [f":{b.proc.pid}:" for b in others]
    while True:
        owners = {r[0]: r[1] for r in await query(database, "SELECT game_id, owner FROM leases")}
        if all(any(a in owners.get(g, "") for a in alive) for g in held):
            return time.perf_counter() - killed, len(held)
        if time.perf_counter() - killed > 60:
            return float("inf"), len(held)
        await asyncio.sleep(0.1)


async def open_games(load: Load, server: LoopbackDiscord, host: Any, battles: Any, pairs: list[Any]) -> None:
    """/game new, /game join for both sides, /game start: for each pair, all games at once."""
    before = set(t.id for t in battles.threads)
    made = await load.all([load.one("game new", lambda: host.invoke(
        battles, "game new", {"ruleset": "cannoni", "scenario": "frigate-duel", "pacing": "live", "phase": "3m"},
        wait=False), settle=True) for _ in pairs])
    await server.idle(timeout=60)
    threads = [t for t in battles.threads if t.id not in before]
    assert len(threads) == len(pairs), [it.text for it in made][:3]
    await load.all([load.one("game join", lambda t=t, u=u, s=s: u.invoke(t, "game join", {"side": s}, wait=False),
                             settle=True)
                    for t, (anne, bob) in zip(threads, pairs) for u, s in ((anne, "britain"), (bob, "france"))])
    await server.idle(timeout=60)
    await load.all([load.one("game start", lambda t=t: host.invoke(t, "game start", {}, wait=False), settle=True)
                    for t in threads])


async def _autocomplete(user: Any, thread: Any) -> Interaction:
    from tests.e2e.fake_discord.actions import _go, command_interaction

    it = command_interaction(user.server, user, thread, "order", {}, focus="decision", typed="")
    return await _go(it, wait=False, settle=False, duplicate=False)


def report(r: dict[str, Any], games: int, processes: int = 1) -> int:
    print(f"database: {r['database']}; {processes} bot process{'es' if processes > 1 else ''};"
          f" {r['load']} at the round's end")
    print(f"games: {games} opened and started through the loopback API in {r['setup_s']:.1f} s; "
          f"a round of play in {r['load_s']:.1f} s"
          + (f", interactions started at {r['rate']:g} a second" if r.get("rate") else "")
          + f" ({games - len(r['orders_missing'])} games with every order in;"
          f" {r['resolved_games']} games resolved"
          + (", as meant: the orders wait out a grace period)" if "resolution_s" in r else ")"))
    if r["orders_missing"]:
        print(f"  games with an order missing after the round (their phase waits for its deadline):"
              f" {len(r['orders_missing'])} {r['orders_missing'][:10]}")
    if "resolution_s" in r:
        burst_report(r, games)
    acks_report(r)
    return round_report(r, games)


def burst_report(r: dict[str, Any], games: int) -> None:
    print(f"phase-resolution throughput: {games / r['resolution_s']:.1f} games resolved a second: new processes with"
          f" no grace period resolved every game's phase, posted its map and prompted its players"
          f" {r['resolution_s']:.1f} s after their setup began (every step stored after {r['stored_s']:.1f} s;"
          f" {r['resolution_from_spawn_s']:.1f} s after their spawn; bot CPU since spawn {r['burst_cpu']:.1f} s,"
          f" render workers not counted; {r['burst_load']})")
    print(f"  the burst's last stored steps (game: seconds after the setup, seconds after its deadline): "
          + ", ".join(f"{g}: {at:.1f} s, {late:+.1f} s" for g, at, late in r["burst_last"])
          + f"; games per lease holder after it: {r['burst_owners']}; leases left by the stopped processes:"
            f" {r['leases_left']}")
    burst_parts = r.get("burst_cpu_parts", {})
    if burst_parts:
        print("  CPU in the burst, per game resolved: " + ", ".join(
            f"{k} {v / games * 1000:.1f} ms" for k, v in burst_parts.items())
              + f"; all {sum(burst_parts.values()) / games * 1000:.1f} ms (bot: its process's threads from the"
              f" setup's start; render: its workers; postgres: the server and its backends; harness: the loopback"
              f" Discord and its members)")
    burst = [v for vs in r["burst_acks"].values() for v in vs]
    if burst:
        print(f"  /pending asked as the gateway connects ({r['burst_connected_s']:.1f} s after the spawn, the games"
              f" resolving meanwhile): n={len(burst)}  p50 {pct(burst, 50) * 1000:.1f} ms  "
              f"p99 {pct(burst, 99) * 1000:.1f} ms  max {max(burst) * 1000:.1f} ms; bot's loop lag p99 "
              f"{pct(r['burst_lag'], 99) * 1000:.1f} ms  max {max(r['burst_lag'] or [0]) * 1000:.1f} ms;"
              f" unanswered {r['burst_unanswered']}")


def acks_report(r: dict[str, Any]) -> None:
    ms = 1000.0
    every = [v for vs in r["acks"].values() for v in vs]
    print("acknowledgement (INTERACTION_CREATE sent -> first callback received), under load:")
    for kind, values in sorted(r["acks"].items()):
        print(f"  {kind:32} n={len(values):4}  p50 {pct(values, 50) * ms:6.1f} ms  p99 {pct(values, 99) * ms:6.1f} ms"
              f"  max {max(values) * ms:6.1f} ms")
    print(f"  {'all':32} n={len(every):4}  p50 {pct(every, 50) * ms:6.1f} ms  p99 {pct(every, 99) * ms:6.1f} ms"
          f"  max {max(every) * ms:6.1f} ms   (target p99 <= {TARGET_ACK_P99 * ms:.0f} ms)")
    if r.get("ack_parts"):
        report_parts(r["ack_parts"])
    for name, values in sorted(r.get("calls", {}).items()):
        if values:
            print(f"  (in the bot, {name}: n={len(values)}  p50 {pct(values, 50) * ms:.1f} ms  p99 {pct(values, 99) * ms:.1f}"
                  f" ms  max {max(values) * ms:.1f} ms)")
    setup = [v for vs in r["setup_acks"].values() for v in vs]
    print(f"  {'(opening the games)':32} n={len(setup):4}  p50 {pct(setup, 50) * ms:6.1f} ms  "
          f"p99 {pct(setup, 99) * ms:6.1f} ms  max {max(setup) * ms:6.1f} ms")
    server_lag = r["server_lag"]
    print(f"  (the loopback Discord's own loop lag, which delays its timestamps: p50 {pct(server_lag, 50) * ms:.1f} ms"
          f"  p99 {pct(server_lag, 99) * ms:.1f} ms  max {max(server_lag) * ms:.1f} ms)")
    print(f"  (CPU during the round: bot {r['cpu'][0]:.1f} s, loopback Discord and members {r['cpu'][1]:.1f} s, "
          f"over {r['load_s']:.1f} s on {os.cpu_count()} cores)")
    parts = r.get("cpu_parts", {})
    if parts and every:
        print("  CPU in the round, per acknowledged interaction: " + ", ".join(
            f"{k} {v / len(every) * 1000:.2f} ms" for k, v in parts.items()))
    if r.get("database_trips") and every:
        print(f"  trips to SQLite's thread in the round (statements, fetches, commits): {r['database_trips']},"
              f" {r['database_trips'] / len(every):.1f} per acknowledged interaction")
        inside_n: dict[str, int] = {}
        for kind, _, _ in r.get("bot_acks", []):
            inside_n[kind] = inside_n.get(kind, 0) + 1
        print("    per interaction of each kind (its own tasks): " + ", ".join(
            f"{kind} {n / inside_n[kind]:.1f}" if kind in inside_n else f"{kind} {n} in all"
            for kind, n in sorted(r.get("trips_by_kind", {}).items())))
    inside = r.get("bot_acks", [])
    if inside:
        print("acknowledgement inside the bot (INTERACTION_CREATE frame read by discord.py -> the first callback"
              " requested; bench/ack_probe.py), in the round; then that callback's HTTP request:")
        by_kind: dict[str, list[tuple[float, float]]] = {}
        for kind, seconds, http in inside:
            by_kind.setdefault(kind, []).append((seconds, http))
        for kind, values in sorted(by_kind.items()) + [("all", [(s, h) for _, s, h in inside])]:
            bot = [v for v, _ in values]
            http = [h for _, h in values]
            print(f"  {kind:32} n={len(bot):4}  p50 {pct(bot, 50) * ms:6.1f} ms  p99 {pct(bot, 99) * ms:6.1f} ms"
                  f"  max {max(bot) * ms:6.1f} ms;  request p50 {pct(http, 50) * ms:5.1f} ms")


def round_report(r: dict[str, Any], games: int) -> int:
    ms = 1000.0
    every = [v for vs in r["acks"].values() for v in vs]
    lag = r["lag"]
    print(f"bot's event-loop lag during the round (10 ms sleeps, n={len(lag)}): p50 {pct(lag, 50) * ms:.1f} ms  "
          f"p99 {pct(lag, 99) * ms:.1f} ms  max {max(lag) * ms:.1f} ms   (target p99 <= {TARGET_LAG_P99 * ms:.0f} ms)")
    for gen in (0, 1, 2):
        pauses = [(p, c) for g, p, c in r["gc"] if g == gen]
        if pauses:
            longest = max(pauses)
            print(f"  garbage collections of generation {gen}: {len(pauses)}, max pause {longest[0] * ms:.1f} ms"
                  f" ({longest[1] * ms:.1f} ms of its thread's CPU), p99 {pct([p for p, _ in pauses], 99) * ms:.1f} ms,"
                  f" all {sum(p for p, _ in pauses) * ms:.0f} ms")
    print(f"bot memory: RSS {r['rss_total'] / 2**20:.0f} MiB with {games} games; "
          f"{r['rss_per_game'] / 1024:.0f} KiB per game (growth over the games after the first tenth)")
    if "resumed_games" in r:
        resume_report(r)
    print(f"games whose players were never prompted within 30 s: {len(r['unprompted'])} {r['unprompted'][:5]}")
    print(f"unanswered interactions: {r['unanswered']}; Discord refusals of the bot: {len(r['violations'])} "
          f"{r['violations'][:5]}; protocol errors: {len(r['protocol_errors'])} {r['protocol_errors'][:3]}")
    if "takeover_s" in r:
        print(f"take-over: one process killed (SIGKILL) holding {r['taken_over']} games; all leased by the others"
              f" {r['takeover_s']:.1f} s later   (target <= {TARGET_TAKEOVER:.0f} s)")
    ok = {
        "ack p99": pct(every, 99) <= TARGET_ACK_P99,
        "loop lag p99": pct(lag, 99) <= TARGET_LAG_P99,
        "no refusals": not r["violations"] and not r["protocol_errors"] and not r["unanswered"]
        and not r.get("burst_unanswered") and not r["unprompted"],
    }
    if "resumed_games" in r:
        ok["resume"] = r["resume_from_spawn_s"] <= TARGET_RESUME and r["resumed_games"] == games
    if "takeover_s" in r:
        ok["take-over"] = r["takeover_s"] <= TARGET_TAKEOVER
    print("targets: " + ", ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in ok.items()))
    return 0 if all(ok.values()) else 1


def resume_report(r: dict[str, Any]) -> None:
    print(f"resume after restart: {r['resumed_games']} game loops through their first pass "
          f"{r['resume_from_spawn_s']:.2f} s after the process was spawned "
          f"({r['resume_from_setup_s']:.2f} s after the client's setup began)   (target <= {TARGET_RESUME:.0f} s)")
    if "resume_cpu_s" in r:
        print(f"  the resumed process's CPU until settled: {r['resume_cpu_s']:.3f} s, all threads "
              f"({r['resume_cpu_before_setup_s']:.3f} s of it before the client's setup began)")


def summary(r: dict[str, Any], games: int) -> dict[str, Any]:
    """The round's figures, for comparing runs: milliseconds, per kind and over all."""
    def stats(values: list[float]) -> dict[str, float]:
        return {"n": len(values), "p50": pct(values, 50) * 1000, "p99": pct(values, 99) * 1000}

    every = [v for vs in r["acks"].values() for v in vs]
    inside: dict[str, list[float]] = {}
    for kind, seconds, _ in r.get("bot_acks", []):
        inside.setdefault(kind, []).append(seconds)
    return {
        "games": games, "load": r["load"], "round_s": r["load_s"], "rate": r.get("rate"),
        "acks": {k: stats(v) for k, v in r["acks"].items()} | {"all": stats(every)},
        "bot_acks": {k: stats(v) for k, v in inside.items()}
        | {"all": stats([s for _, s, _ in r.get("bot_acks", [])])},
        # to the bot, until its handler, the handler until its callback, the callback's way back
        "ack_parts_p50": {k: [pct([v[i] for v in vs], 50) * 1000 for i in range(1, 5)]
                          for k, vs in r.get("ack_parts", {}).items()}
        | {"all": [pct([v[i] for vs in r.get("ack_parts", {}).values() for v in vs], 50) * 1000
                   for i in range(1, 5)]},
        "trips_by_kind": r.get("trips_by_kind", {}),
        "database_trips_per_ack": r.get("database_trips", 0) / max(1, len(every)),
        "callback_request_p50": pct([h for _, _, h in r.get("bot_acks", [])], 50) * 1000,
        "cpu_per_ack_ms": {k: v / max(1, len(every)) * 1000 for k, v in r.get("cpu_parts", {}).items()},
        "lag_p99": pct(r["lag"], 99) * 1000, "server_lag_p99": pct(r["server_lag"], 99) * 1000,
        "kib_per_game": r["rss_per_game"] / 1024, "resolved_games": r["resolved_games"],
        "unanswered": r["unanswered"], "unprompted": len(r["unprompted"]),
    }


def machine_load() -> str:
    """The load averages (1, 5, 15 min) and cores: the figures depend on what else runs."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def compare(results: dict[int, dict[str, Any]], games: int) -> int:
    """The throughput of each process count against one process's, in the same run."""
    rates = {n: games / r["resolution_s"] for n, r in results.items() if r.get("resolution_s")}
    if 1 not in rates:
        return 0
    print("phase-resolution throughput, same run:")
    ok = True
    for n, rate in sorted(rates.items()):
        ratio = rate / rates[1]
        print(f"  {n} process{'es' if n > 1 else '  '}: {rate:6.1f} games resolved a second  ({ratio:.2f}x one process;"
              f" {results[n]['burst_load']} at the burst's end)")
        if n == 2:
            ok = ratio >= TARGET_SCALING
            print(f"  target: 2 processes >= {TARGET_SCALING:.1f}x one process: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20, help="interactions in flight at once")
    parser.add_argument("--rate", type=float, default=None, metavar="PER_SECOND",
                        help="start the round's interactions at this rate, evenly (an open loop, still at most"
                             " --concurrency in flight); default: as fast as the gate lets them in")
    parser.add_argument("--processes", type=int, default=1, help="bot processes (shards), on PostgreSQL")
    parser.add_argument("--compare-processes", default=None, metavar="1,2",
                        help="run once with each process count (PostgreSQL) and compare their throughput")
    parser.add_argument("--database", default=None,
                        help="postgresql://... of a server (a fresh database is made there for each run); default:"
                             " a SQLite file for one process, else a throwaway PostgreSQL server started here")
    parser.add_argument("--bot-setting", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting of every bot process, e.g. passes_at_once=32 (BROADSIDE_PASSES_AT_ONCE)")
    parser.add_argument("--code", default=None, metavar="CHECKOUT",
                        help="run the bot of another checkout (the old code, say) under this harness, launcher and"
                             " probe; its interpreter is CHECKOUT/.venv/bin/python unless --python says")
    parser.add_argument("--python", default=None, help="the bot's interpreter (default: this one, or --code's)")
    parser.add_argument("--grace", type=float, default=WAIT,
                        help=f"the round's grace period (default {WAIT:.0f} s, resolved in the burst after; 0: the"
                             " phases resolve within the round, as a bot without one does)")
    parser.add_argument("--round-only", action="store_true",
                        help="stop after the round of play: no burst, no restart")
    parser.add_argument("--no-resolve", action="store_true",
                        help="only each game's first player confirms an order: no phase resolves in the round (the"
                             " interactions alone, the same work for a bot with a grace period and one without)")
    parser.add_argument("--pin", default=None, metavar="CORE",
                        help="the bot's processes (render workers included) on this core, the loopback Discord on"
                             " the others: on a 2-core machine, neither takes the other's core")
    parser.add_argument("--json", default=None, metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args()
    for item in args.bot_setting:
        name, _, value = item.partition("=")
        BOT_SETTINGS[f"BROADSIDE_{name.strip().upper()}"] = value.strip()
    if args.no_resolve and not args.round_only:
        parser.error("--no-resolve leaves the phases unresolved: the burst would wait for them (add --round-only)")
    if args.pin is not None:
        PIN["bot"] = {int(args.pin)}
        os.sched_setaffinity(0, set(os.sched_getaffinity(0)) - PIN["bot"])
    if args.code:
        BOT_CODE["code"] = str(Path(args.code).resolve())
        BOT_CODE["python"] = args.python or str(Path(args.code) / ".venv" / "bin" / "python")
    elif args.python:
        BOT_CODE["python"] = args.python
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    counts = [int(n) for n in args.compare_processes.split(",")] if args.compare_processes else [args.processes]
    # Stopped (SIGTERM, a timeout): unwind, so the bots and the PostgreSQL server go too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    server = None
    database = args.database
    if database is None and (max(counts) > 1 or args.compare_processes):
        server = throwaway_postgres()
        database = server.url()
    try:
        results: dict[int, dict[str, Any]] = {}
        status = 0
        for n in counts:
            print(f"-- {n} bot process{'es' if n > 1 else ''}, {args.games} games ({machine_load()} at the start)",
                  flush=True)
            meter = Meter(postmaster_pid(server.folder / "data") if server is not None else None)
            results[n] = asyncio.run(bench(args.games, args.concurrency, n, database, meter, grace=args.grace,
                                           round_only=args.round_only, no_resolve=args.no_resolve,
                                           rate=args.rate))
            status |= report(results[n], args.games, n)
            if args.json:
                Path(args.json).write_text(json.dumps(summary(results[n], args.games) | {
                    "code": BOT_CODE["code"] or str(Path(__file__).resolve().parents[1]), "processes": n}))
        if len(counts) > 1:
            status |= compare(results, args.games)
        return status
    finally:
        if server is not None:
            server.stop()


def throwaway_postgres() -> Any:
    """A PostgreSQL server of its own in a temporary folder, as the tests start one."""
    from tests.postgres_server import PostgresServer, find_bin

    bindir = find_bin()
    if bindir is None:
        raise SystemExit("no PostgreSQL server binary (pg_ctl) found: install the 'postgresql' package,"
                         " or give --database postgresql://...")
    server = PostgresServer(bindir)
    server.start()
    return server


if __name__ == "__main__":
    raise SystemExit(main())
