"""Load benchmark: one bot process with 200 games in progress, driven through the loopback
Discord (tests/e2e/fake_discord) exactly as members would drive it.

    .venv/bin/python bench/bench_load.py [--games 200] [--concurrency 20]

The bot runs in its own process (bench/load_bot.py: the client `broadside run` starts,
configured by the same BROADSIDE_* variables, plus the measurements only the process can
take), as it would in production: Discord is not in its process, its CPU or its garbage
collector. This script is Discord: the loopback server and the members. It opens the games
with slash commands (/game new, /game join, /game start), then plays a round of load:
every player places a chit in the direct-message menu and confirms it, asks /pending, and
types into /order's autocomplete; some look at /map.

It prints:

* acknowledgement time: INTERACTION_CREATE sent by the server -> the interaction's first
  callback received by it (both timestamped by the server), p50 / p99 / max;
* the bot's event-loop lag during the round: a task in the bot sleeping 10 ms and
  measuring how late it wakes, p50 / p99 / max; and its garbage-collection pauses;
* memory per game: the bot process's RSS growth over opening the games, / games;
* resume: the bot stopped (SIGTERM) and a new process started on the same database, the
  time until every game's loop runs and has made its first pass: from the process's spawn
  (imports, database, Discord session included) and from the client's setup.

Targets: p99 acknowledgement <= 100 ms, loop lag p99 <= 50 ms, resume <= 5 s.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import signal
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.discord.components import base36  # noqa: E402
from tests.e2e.fake_discord import LoopbackDiscord  # noqa: E402
from tests.e2e.fake_discord.interactions import Interaction  # noqa: E402

LAUNCHER = Path(__file__).with_name("load_bot.py")
TARGET_ACK_P99 = 0.100
TARGET_LAG_P99 = 0.050
TARGET_RESUME = 5.0


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
        self.unanswered = 0

    async def one(self, kind: str, start: Callable[[], Awaitable[Interaction]], *, settle: bool = False) -> Interaction:
        async with self.gate:
            it = await start()
            try:
                await it.wait_response(timeout=5)
            except AssertionError:
                self.unanswered += 1
                return it
            if it.delivered is not None and it.responded_at is not None:
                self.acks.setdefault(kind, []).append(it.responded_at - it.delivered)
            if settle and it.deferred:
                await self.server.wait_for(lambda: not it.original.loading, 10, raise_on_timeout=False)
            return it

    async def all(self, jobs: list[Awaitable[Any]]) -> list[Any]:
        return await asyncio.gather(*jobs)


class BotProcess:
    """``bench/load_bot.py`` in its own process, pointed at the loopback server."""

    def __init__(self, server: LoopbackDiscord, database: Path, workdir: Path, name: str) -> None:
        self.server = server
        self.report = workdir / f"{name}.jsonl"
        self.log = workdir / f"{name}.log"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
        self.env.update(BROADSIDE_TOKEN=server.token, BROADSIDE_API_BASE=server.api_base,
                        BROADSIDE_GATEWAY_URL=server.gateway_url, BROADSIDE_DATABASE=str(database),
                        BROADSIDE_LOG_LEVEL="WARNING", BENCH_REPORT=str(self.report), PYTHONUNBUFFERED="1",
                        # One host opens every game: the per-member and per-server limits
                        # would refuse all but the first few.
                        BROADSIDE_MAX_LOBBIES_PER_MEMBER="100000", BROADSIDE_MAX_GAMES_PER_SERVER="100000",
                        # Resolutions are measured from the last order: no grace period in between.
                        BROADSIDE_GRACE_SECONDS="0")
        self.proc: asyncio.subprocess.Process | None = None
        self.spawned = 0.0

    async def start(self, sessions: int) -> None:
        self.spawned = time.time()
        with self.log.open("ab") as out:
            self.proc = await asyncio.create_subprocess_exec(sys.executable, str(LAUNCHER), env=self.env,
                                                             stdout=out, stderr=out,
                                                             stdin=asyncio.subprocess.DEVNULL)
        gw = self.server.gateway
        await self.server.wait_for(lambda: self.proc.returncode is not None or (
            gw.identifies >= sessions and gw.ready.is_set() and gw.connected), 60, what="the bot's session")
        assert self.proc.returncode is None, f"the bot exited early:\n{self.log.read_text()}"

    def rss(self) -> int:
        assert self.proc is not None
        with open(f"/proc/{self.proc.pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

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

    async def stop(self) -> dict[str, Any]:
        """SIGTERM, as a service manager stops it; returns its exit report."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.proc.wait(), 60)
        exits = self.entries("exit")
        assert exits, f"the bot left no report:\n{self.log.read_text()[-3000:]}"
        return exits[0]


def game_ids(database: Path) -> dict[int, int]:
    """thread id -> game id, read from the bot's database as any other process could."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return {thread: game for game, thread in db.execute("SELECT id, thread_id FROM games")}


def resolved_games(database: Path) -> int:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return db.execute("SELECT COUNT(DISTINCT game_id) FROM steps WHERE undone_at IS NULL").fetchone()[0]


async def settle(server: LoopbackDiscord) -> None:
    """The bot has finished with what it was asked: no request for a second."""
    await server.idle(quiet=1.0, timeout=180)


async def bench(games: int, concurrency: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    workdir = Path(tempfile.mkdtemp(prefix="broadside-bench-"))
    database = workdir / "bench.sqlite3"
    server = LoopbackDiscord(interaction_deadline=3.0)
    await server.start()
    try:
        guild = server.add_guild("Fleet", channels=("battles",))
        host = server.add_user("horatio")
        guild.add_member(host)
        battles = guild.channel("battles")
        pairs = []
        for n in range(games):
            anne, bob = server.add_user(f"anne{n}"), server.add_user(f"bob{n}")
            guild.add_member(anne)
            guild.add_member(bob)
            pairs.append((anne, bob))
        load = Load(server, concurrency)
        bot = BotProcess(server, database, workdir, "first")
        t0 = time.perf_counter()
        await bot.start(sessions=1)
        # The first games warm up lazy imports (the renderer, fonts); memory is counted over
        # the others.
        warm = max(1, games // 10)
        base_rss = 0
        for batch in (range(warm), range(warm, games)):
            await open_games(load, server, host, battles, [pairs[n] for n in batch])
            await settle(server)
            if not base_rss:
                base_rss = bot.rss()
        out["rss_per_game"] = (bot.rss() - base_rss) / (games - warm)
        out["rss_total"] = bot.rss()
        threads = list(battles.threads)
        assert len(threads) == games, len(threads)
        out["setup_s"] = time.perf_counter() - t0
        ids = game_ids(database)
        setup_acks = {k: list(v) for k, v in load.acks.items()}
        load.acks.clear()

        # -- a round of play under load ----------------------------------------------------------
        rng = random.Random(1)
        jobs: list[Awaitable[Any]] = []

        async def chit(user: Any, thread: Any) -> None:
            prefix = f"bs1:s:{base36(ids[thread.id])}:"
            form = next(m for m in reversed(user.dm.messages)
                        if any(str(s.get("custom_id", "")).startswith(prefix) for s in m.selects))
            options = form.options(next(s["custom_id"] for s in form.selects
                                        if str(s["custom_id"]).startswith(prefix)))
            await load.one("menu select", lambda: user.select(form, [rng.choice(options)["value"]],
                                                              custom_id=prefix, wait=False))
            await load.one("menu confirm", lambda: user.click(form, "Confirm", wait=False), settle=True)

        for thread, (anne, bob) in zip(threads, pairs):
            for user in (anne, bob):
                jobs.append(load.one("/pending", lambda u=user, t=thread: u.invoke(t, "pending", {}, wait=False)))
                jobs.append(load.one("autocomplete /order decision", lambda u=user, t=thread: _autocomplete(u, t)))
                jobs.append(chit(user, thread))
            if rng.random() < 0.1:
                jobs.append(load.one("/map", lambda u=anne, t=thread: u.invoke(t, "map", {}, wait=False)))
        rng.shuffle(jobs)
        window = time.time()
        t1 = time.perf_counter()
        cpu = bot.cpu_seconds(), time.process_time()
        with LagMonitor() as own_lag:
            await load.all(jobs)
            await settle(server)
        out["load_s"] = time.perf_counter() - t1
        out["cpu"] = bot.cpu_seconds() - cpu[0], time.process_time() - cpu[1]
        out["server_lag"] = own_lag.samples
        out["window"] = (window, time.time())
        out["acks"] = load.acks
        out["setup_acks"] = setup_acks
        out["resolved_games"] = resolved_games(database)
        first = await bot.stop()
        out["lag"] = [lag for at, lag in first["lag"] if out["window"][0] <= at <= out["window"][1]]
        out["gc"] = [(gen, pause) for at, gen, pause in first["gc"] if out["window"][0] <= at <= out["window"][1]]

        # -- restart: a new bot process on the same database -------------------------------------
        again = BotProcess(server, database, workdir, "second")
        await again.start(sessions=2)
        settled = await again.settled(timeout=120)
        out["resume_connected_s"] = time.time() - again.spawned
        out["resume_from_spawn_s"] = settled["settled"] - again.spawned
        out["resume_from_setup_s"] = settled["settled"] - settled["setup_start"]
        out["resumed_games"] = settled["games"]
        await settle(server)
        await again.stop()
        out["unanswered"] = load.unanswered
        out["violations"] = [f"{r.method} {r.path} {r.status}/{r.code}" for r in server.take_violations()]
        out["protocol_errors"] = list(server.protocol_errors)
    finally:
        await server.stop()
    return out


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


def report(r: dict[str, Any], games: int) -> int:
    ms = 1000.0
    print(f"games: {games} opened and started through the loopback API in {r['setup_s']:.1f} s; "
          f"a round of play in {r['load_s']:.1f} s ({r['resolved_games']} games resolved their first phase)")
    every = [v for vs in r["acks"].values() for v in vs]
    print("acknowledgement (INTERACTION_CREATE sent -> first callback received), under load:")
    for kind, values in sorted(r["acks"].items()):
        print(f"  {kind:32} n={len(values):4}  p50 {pct(values, 50) * ms:6.1f} ms  p99 {pct(values, 99) * ms:6.1f} ms"
              f"  max {max(values) * ms:6.1f} ms")
    print(f"  {'all':32} n={len(every):4}  p50 {pct(every, 50) * ms:6.1f} ms  p99 {pct(every, 99) * ms:6.1f} ms"
          f"  max {max(every) * ms:6.1f} ms   (target p99 <= {TARGET_ACK_P99 * ms:.0f} ms)")
    setup = [v for vs in r["setup_acks"].values() for v in vs]
    print(f"  {'(opening the games)':32} n={len(setup):4}  p50 {pct(setup, 50) * ms:6.1f} ms  "
          f"p99 {pct(setup, 99) * ms:6.1f} ms  max {max(setup) * ms:6.1f} ms")
    server_lag = r["server_lag"]
    print(f"  (the loopback Discord's own loop lag, which delays its timestamps: p50 {pct(server_lag, 50) * ms:.1f} ms"
          f"  p99 {pct(server_lag, 99) * ms:.1f} ms  max {max(server_lag) * ms:.1f} ms)")
    print(f"  (CPU during the round: bot {r['cpu'][0]:.1f} s, loopback Discord and members {r['cpu'][1]:.1f} s, "
          f"over {r['load_s']:.1f} s on {os.cpu_count()} cores)")
    lag = r["lag"]
    print(f"bot's event-loop lag during the round (10 ms sleeps, n={len(lag)}): p50 {pct(lag, 50) * ms:.1f} ms  "
          f"p99 {pct(lag, 99) * ms:.1f} ms  max {max(lag) * ms:.1f} ms   (target p99 <= {TARGET_LAG_P99 * ms:.0f} ms)")
    for gen in (0, 1, 2):
        pauses = [p for g, p in r["gc"] if g == gen]
        if pauses:
            print(f"  garbage collections of generation {gen}: {len(pauses)}, max pause {max(pauses) * ms:.1f} ms")
    print(f"bot memory: RSS {r['rss_total'] / 2**20:.0f} MiB with {games} games; "
          f"{r['rss_per_game'] / 1024:.0f} KiB per game (growth over the games after the first tenth)")
    print(f"resume after restart: {r['resumed_games']} game loops through their first pass "
          f"{r['resume_from_spawn_s']:.2f} s after the process was spawned "
          f"({r['resume_from_setup_s']:.2f} s after the client's setup began)   (target <= {TARGET_RESUME:.0f} s)")
    print(f"unanswered interactions: {r['unanswered']}; Discord refusals of the bot: {len(r['violations'])} "
          f"{r['violations'][:5]}; protocol errors: {len(r['protocol_errors'])} {r['protocol_errors'][:3]}")
    ok = {
        "ack p99": pct(every, 99) <= TARGET_ACK_P99,
        "loop lag p99": pct(lag, 99) <= TARGET_LAG_P99,
        "resume": r["resume_from_spawn_s"] <= TARGET_RESUME and r["resumed_games"] == games,
        "no refusals": not r["violations"] and not r["protocol_errors"] and not r["unanswered"],
    }
    print("targets: " + ", ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in ok.items()))
    return 0 if all(ok.values()) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20, help="interactions in flight at once")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord").setLevel(logging.ERROR)
    result = asyncio.run(bench(args.games, args.concurrency))
    return report(result, args.games)


if __name__ == "__main__":
    raise SystemExit(main())
