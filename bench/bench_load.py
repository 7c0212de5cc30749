"""Load benchmark: one bot process with 200 games in progress, driven through the loopback
Discord (tests/e2e/fake_discord) exactly as members would drive it.

    .venv/bin/python bench/bench_load.py [--games 200] [--concurrency 20]

One in-process :class:`Broadside` client talks to the loopback server over real sockets.
The script opens the games with slash commands (/game new, /game join, /game start), then
plays a round of load: every player places a chit in the direct-message menu and
confirms it, asks /pending, and types into /order's autocomplete; some look at /map.

It prints:

* acknowledgement time: INTERACTION_CREATE sent by the server -> the interaction's first
  callback received by it (both timestamped by the fake server), p50 / p99 / max;
* event-loop lag: a task sleeping 10 ms and measuring how late it wakes, p50 / p99 / max;
* memory per game: the process's RSS growth over opening the games, / games (the
  loopback server's copies of the messages are in it too, so it is an upper bound);
* resume: the bot closed and a new one started on the same database, the time until
  every game's loop runs and has made its first pass.

Targets: p99 acknowledgement <= 100 ms, loop lag p99 <= 50 ms, resume <= 5 s.
Everything (server, bot, users) is one asyncio loop in this process, as in the tests.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.discord.client import Broadside  # noqa: E402
from bot.discord.forms import base36  # noqa: E402
from bot.service import FakeClock  # noqa: E402
from bot.settings import Settings  # noqa: E402
from tests.e2e.fake_discord import LoopbackDiscord  # noqa: E402
from tests.e2e.fake_discord.interactions import Interaction  # noqa: E402

TARGET_ACK_P99 = 0.100
TARGET_LAG_P99 = 0.050
TARGET_RESUME = 5.0
LAG_TICK = 0.010


def rss() -> int:
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


class LagMonitor:
    """How late a 10 ms sleep wakes up: the time the loop was busy elsewhere."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_TICK)
            self.samples.append(max(0.0, loop.time() - start - LAG_TICK))

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


def settings_for(server: LoopbackDiscord, database: Path) -> Settings:
    return Settings(_env_file=None, database=str(database), token=server.token, api_base=server.api_base,
                    gateway_url=server.gateway_url, log_level="WARNING")


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
        clock = FakeClock()
        bot = Broadside(settings_for(server, database), clock=clock, seed_source=lambda: 7, guild_ready_timeout=0.05)
        t0 = time.perf_counter()
        async with server.running(bot):
            # The first few games warm up lazy imports (the renderer, fonts); memory is
            # counted over the others.
            warm = max(1, games // 10)
            base_rss = 0
            for batch in (range(warm), range(warm, games)):
                await open_games(load, server, host, battles, [pairs[n] for n in batch])
                await asyncio.wait_for(bot.loops.settle(timeout=120), 130)
                await server.idle(timeout=60)
                if not base_rss:
                    base_rss = rss()
            out["rss_per_game"] = (rss() - base_rss) / (games - warm)
            threads = list(battles.threads)
            assert len(threads) == games, len(threads)
            out["setup_s"] = time.perf_counter() - t0
            game_ids = {t.id: (await bot.service.find_game(t.id)).id for t in threads}
            out["running_games"] = len(bot.loops.running())
            setup_acks = {k: list(v) for k, v in load.acks.items()}
            load.acks.clear()

            # -- a round of play under load ------------------------------------------------------
            rng = random.Random(1)
            jobs: list[Awaitable[Any]] = []

            async def chit(user: Any, thread: Any) -> None:
                prefix = f"bs1:s:{base36(game_ids[thread.id])}:"
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
                    jobs.append(load.one("autocomplete /order decision", lambda u=user, t=thread: _autocomplete(
                        u, t)))
                    jobs.append(chit(user, thread))
                if rng.random() < 0.1:
                    jobs.append(load.one("/map", lambda u=anne, t=thread: u.invoke(t, "map", {}, wait=False)))
            rng.shuffle(jobs)
            t1 = time.perf_counter()
            with LagMonitor() as lag:
                await load.all(jobs)
                await asyncio.wait_for(bot.loops.settle(timeout=120), 130)
                await server.idle(timeout=60)
            out["load_s"] = time.perf_counter() - t1
            out["acks"] = load.acks
            out["setup_acks"] = setup_acks
            out["lag"] = lag.samples
            steps = [await bot.service.db.step_count(g) for g in game_ids.values()]
            out["resolved_games"] = sum(1 for s in steps if s >= 1)
        # -- restart: a new bot on the same database ---------------------------------------------
        t2 = time.perf_counter()
        again = Broadside(settings_for(server, database), clock=clock, seed_source=lambda: 7,
                          guild_ready_timeout=0.05)
        async with server.running(again):
            loops_up = time.perf_counter() - t2
            assert again.loops is not None
            running = len(again.loops.running())
            await again.loops.settle(timeout=60)
            out["resume_running_s"] = loops_up
            out["resume_settled_s"] = time.perf_counter() - t2
            out["resumed_games"] = running
            await server.idle(timeout=60)
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
          f"{r['running_games']} loops running; a round of play in {r['load_s']:.1f} s "
          f"({r['resolved_games']} games resolved their first phase)")
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
    lag = r["lag"]
    print(f"event-loop lag ({LAG_TICK * ms:.0f} ms sleeps, n={len(lag)}): p50 {pct(lag, 50) * ms:.1f} ms  "
          f"p99 {pct(lag, 99) * ms:.1f} ms  max {max(lag) * ms:.1f} ms   (target p99 <= {TARGET_LAG_P99 * ms:.0f} ms)")
    print(f"memory per game (RSS growth over the games after the first tenth): {r['rss_per_game'] / 1024:.0f} KiB")
    print(f"resume after restart: {r['resumed_games']} game loops running {r['resume_running_s']:.2f} s after start, "
          f"all through their first pass at {r['resume_settled_s']:.2f} s   (target <= {TARGET_RESUME:.0f} s)")
    print(f"unanswered interactions: {r['unanswered']}; Discord refusals of the bot: {len(r['violations'])} "
          f"{r['violations'][:5]}; protocol errors: {len(r['protocol_errors'])} {r['protocol_errors'][:3]}")
    ok = {
        "ack p99": pct(every, 99) <= TARGET_ACK_P99,
        "loop lag p99": pct(lag, 99) <= TARGET_LAG_P99,
        "resume": r["resume_settled_s"] <= TARGET_RESUME and r["resumed_games"] == games,
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
