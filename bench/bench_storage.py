"""Storage benchmark (not a test): how big a 20-ship game's steps are on disk, and how long
a restart and a replay take to read them, in the first schema's format and in today's.

A fleet action (twenty ships) is played at random, its steps stored as the service stores
them into N games: once the way the first schema did (every column plain JSON, the whole
state on every step; written and read with that code's own statements) and once through
:class:`db.Database` (db/compact.py: compressed JSON, a keyframe every
``KEYFRAME_EVERY`` steps and deltas between). Then, for each:

- bytes per step: the file (checkpointed) and the step rows' own bytes;
- write: one ``record_step`` (median);
- restart: on a fresh connection, load the start and latest state of every game (what
  the service does for each running game), median over runs;
- replay/export: every step of a game without states (the log, the dice, the record)
  and with them;
- and the old file migrated in place (0002), its time and the pages left in use.

A sweep of the keyframe interval and zlib level over the same states shows why the
constants are what they are.

Run: .venv/bin/python bench/bench_storage.py [--games N] [--steps S] [--runs R]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from db import Database, NewGame, NewStep, StartRow, StepRow, compact
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

SEATS = [Seat(id="p1", side="britain", name="Britain"), Seat(id="p2", side="france", name="France")]
COLUMNS = ("orders", "rolls", "events", "state")


def play(steps: int, mode: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The fleet action played at random: its start and ``steps`` steps as the service stores them."""
    ruleset = get_ruleset("cannoni")
    setup = ruleset.scenarios()["fleet-action"]
    options = ruleset.options_model(order_mode=mode)
    dice, rng = SeededDice(seed), random.Random(seed)
    state, start = game.start(ruleset, setup, options, SEATS, dice)
    out = []
    while len(out) < steps and ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "move"), avoid=("strike",))
                  for d in ruleset.pending(state)]
        state, result = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        out.append({"orders": [o.model_dump(mode="json") for o in result.orders],
                    "rolls": [r.model_dump(mode="json") for r in result.rolls],
                    "events": [e.model_dump(mode="json") for e in result.events], "state": result.state})
    return {"setup": setup.model_dump(mode="json"), "state": start.state, "events":
            [e.model_dump(mode="json") for e in start.events], "rolls": [r.model_dump(mode="json") for r in
                                                                      start.rolls]}, out


# -- the first schema's format, with that code's own statements ------------------------------------

class OldFormat:
    """Steps as db/database.py stored and read them before migration 0002."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def create(self) -> None:
        sql = (resources.files("db") / "migrations" / "0001_initial.sql").read_text(encoding="utf-8")
        with sqlite3.connect(self.path) as raw:
            raw.execute("PRAGMA journal_mode = WAL")
            raw.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                        " applied_at TEXT NOT NULL)")
            raw.executescript(sql)
            raw.execute("INSERT INTO schema_version VALUES (1, '0001_initial.sql', datetime('now'))")

    async def connect(self) -> None:
        self.conn = await aiosqlite.connect(str(self.path), isolation_level=None)
        self.conn.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "foreign_keys = ON", "synchronous = NORMAL"):
            await self.conn.execute(f"PRAGMA {pragma}")
        self.reader = await aiosqlite.connect(str(self.path), isolation_level=None)
        self.reader.row_factory = sqlite3.Row
        await self.reader.execute("PRAGMA query_only = ON")

    async def close(self) -> None:
        await self.reader.close()
        await self.conn.close()

    async def create_game(self, game_id: int, start: dict[str, Any]) -> None:
        dump = compact.dump
        await self.conn.execute("BEGIN IMMEDIATE")
        await self.conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, ruleset, scenario, options, setup, host_id, pacing,"
            " phase_seconds, status, created_at) VALUES (?, 1, 10, 'cannoni', 'fleet-action', '{}', ?, 100, 'live',"
            " 300, 'running', 1.0)", (game_id, dump(start["setup"])))
        await self.conn.execute(
            "INSERT INTO starts (game_id, seed, setup, seats, rolls, events, state, started_at)"
            " VALUES (?,?,?,?,?,?,?,?)", (game_id, 1, dump(start["setup"]), dump([s.model_dump() for s in SEATS]),
                                          dump(start["rolls"]), dump(start["events"]), dump(start["state"]), 1.0))
        await self.conn.execute("COMMIT")

    async def record_step(self, game_id: int, idx: int, step: dict[str, Any]) -> None:
        dump = compact.dump
        await self.conn.execute("BEGIN IMMEDIATE")
        live = list(await self.conn.execute_fetchall(
            "SELECT COUNT(*) FROM steps WHERE game_id = ? AND undone_at IS NULL", (game_id,)))[0][0]
        assert live + 1 == idx
        cur = await self.conn.execute(
            "INSERT INTO steps (game_id, idx, orders, rolls, events, state, resolved_at) VALUES (?,?,?,?,?,?,?)",
            (game_id, idx, *(dump(step[c]) for c in COLUMNS), 2.0 + idx))
        await self.conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
        row = list(await self.conn.execute_fetchall("SELECT * FROM steps WHERE id = ?", (cur.lastrowid,)))[0]
        await self.conn.execute("COMMIT")
        _old_step(row)

    async def latest(self, game_id: int) -> Any:
        # as GameService._load_runtime read it: the whole start, then the last step
        r = list(await self.reader.execute_fetchall("SELECT * FROM starts WHERE game_id = ?", (game_id,)))[0]
        load = json.loads
        StartRow(r["game_id"], r["seed"], load(r["setup"]), load(r["seats"]), load(r["rolls"]), load(r["events"]),
                 load(r["state"]), r["started_at"], bool(r["announced"]))
        rows = list(await self.reader.execute_fetchall(
            "SELECT * FROM steps WHERE game_id = ? AND undone_at IS NULL ORDER BY idx DESC LIMIT 1", (game_id,)))
        return _old_step(rows[0]).state

    async def steps(self, game_id: int, with_state: bool) -> list[Any]:
        state = "state" if with_state else "NULL AS state"
        rows = await self.reader.execute_fetchall(
            f"SELECT id, game_id, idx, orders, rolls, events, {state}, resolved_at, announced, undone_at"
            " FROM steps WHERE game_id = ? AND undone_at IS NULL ORDER BY idx", (game_id,))
        return [s.state for s in [_old_step(r) for r in rows]]


def _old_step(r: sqlite3.Row) -> StepRow:
    def load(text: str | None) -> Any:
        return None if text is None else json.loads(text)

    return StepRow(id=r["id"], game_id=r["game_id"], idx=r["idx"], orders=load(r["orders"]),
                   rolls=load(r["rolls"]), events=load(r["events"]), state=load(r["state"]),
                   resolved_at=r["resolved_at"], announced=bool(r["announced"]), undone_at=r["undone_at"])


# -- today's format, through the Database ---------------------------------------------------------

class NewFormat:
    def __init__(self, path: Path) -> None:
        self.path = path

    def create(self) -> None:
        pass

    async def connect(self) -> None:
        self.db = await Database.open(self.path)

    async def close(self) -> None:
        await self.db.close()

    async def create_game(self, game_id: int, start: dict[str, Any]) -> None:
        row = await self.db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="fleet-action",
                                                options={}, setup=start["setup"], host_id=100, language="en",
                                                pacing="live", phase_seconds=300, created_at=1.0))
        assert row.id == game_id
        await self.db.start_game(StartRow(game_id=game_id, seed=1, setup=start["setup"],
                                          seats=[s.model_dump() for s in SEATS], rolls=start["rolls"],
                                          events=start["events"], state=start["state"], started_at=1.0))

    async def record_step(self, game_id: int, idx: int, step: dict[str, Any]) -> None:
        await self.db.record_step(game_id, NewStep(idx=idx, orders=step["orders"], rolls=step["rolls"],
                                                   events=step["events"], state=step["state"],
                                                   resolved_at=2.0 + idx, consumed=[]))

    async def latest(self, game_id: int) -> Any:
        last = await self.db.last_step(game_id)  # as GameService._load_runtime reads it
        await self.db.start_record(game_id, with_state=last is None)
        return last.state

    async def steps(self, game_id: int, with_state: bool) -> list[Any]:
        return [s.state for s in await self.db.steps(game_id, with_state=with_state)]


# -- measuring ------------------------------------------------------------------------------------

def _sizes(path: Path) -> dict[str, float]:
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        steps = raw.execute("SELECT COUNT(*) FROM steps").fetchone()[0]
        row_bytes = raw.execute("SELECT SUM(length(orders) + length(rolls) + length(events) + length(state))"
                                " FROM steps").fetchone()[0]
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        used = raw.execute("PRAGMA page_count").fetchone()[0] - raw.execute("PRAGMA freelist_count").fetchone()[0]
    return {"file": path.stat().st_size / steps, "rows": row_bytes / steps, "used": used * page / steps}


async def fill(fmt, start: dict[str, Any], steps: list[dict[str, Any]], games: int) -> dict[str, float]:
    """Store ``games`` copies of the game; the write time and the sizes."""
    fmt.create()
    await fmt.connect()
    writes, cpu = [], []
    for game_id in range(1, games + 1):
        await fmt.create_game(game_id, start)
        for idx, step in enumerate(steps, start=1):
            t0, c0 = time.perf_counter(), time.process_time()
            await fmt.record_step(game_id, idx, step)
            writes.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
    assert [compact.dump(s) for s in await fmt.steps(1, True)] == [compact.dump(x["state"]) for x in steps]
    await fmt.close()
    return {"write": statistics.median(writes) * 1000, "write cpu": statistics.median(cpu) * 1000,
            **_sizes(fmt.path)}


async def reads(fmt, games: int, last: str) -> dict[str, float]:
    """One run of each read, on a fresh connection (as after a restart): wall time, and the
    process's CPU time (every thread's, the database's included), which a busy machine
    disturbs less."""
    await fmt.connect()
    marks = []
    try:
        marks.append((time.perf_counter(), time.process_time()))
        for game_id in range(1, games + 1):
            assert compact.dump(await fmt.latest(game_id)) == last
        marks.append((time.perf_counter(), time.process_time()))
        await fmt.steps(games, False)
        marks.append((time.perf_counter(), time.process_time()))
        await fmt.steps(games, True)
        marks.append((time.perf_counter(), time.process_time()))
    finally:
        await fmt.close()
    out = {}
    for name, before, after in zip(("restart", "export", "replay"), marks, marks[1:]):
        out[name] = (after[0] - before[0]) * 1000
        out[f"{name} cpu"] = (after[1] - before[1]) * 1000
    return out


async def measure(formats: dict[str, Any], start: dict[str, Any], steps: list[dict[str, Any]], games: int,
                  runs: int) -> dict[str, dict[str, float]]:
    """Every format filled, then the reads timed in turns (old, new, old, new, ...) so that
    the load of a shared machine falls on both alike; medians of the runs."""
    out = {name: await fill(fmt, start, steps, games) for name, fmt in formats.items()}
    last = compact.dump(steps[-1]["state"])
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in formats}
    for _ in range(runs):
        for name, fmt in formats.items():
            samples[name].append(await reads(fmt, games, last))
    for name, runs_of in samples.items():
        for key in runs_of[0]:
            out[name][key] = statistics.median(r[key] for r in runs_of)
    return out


async def migrate(old: Path) -> dict[str, float]:
    copy = old.with_name("migrated.sqlite3")
    shutil.copy(old, copy)
    t0 = time.perf_counter()
    db = await Database.open(copy)
    took = time.perf_counter() - t0
    await db.close()
    return {"seconds": took, **_sizes(copy)}


def sweep(steps: list[dict[str, Any]]) -> None:
    """Bytes of the state column per step for each keyframe interval and zlib level."""
    texts = [compact.dump(s["state"]) for s in steps]
    print("  state bytes per step by keyframe interval (rows) and zlib level (columns):")
    levels = (1, 6, 9)
    print("    K   " + "".join(f"{f'level {lv}':>10}" for lv in levels) + "   encode ms (level 6)")
    saved = compact.LEVEL
    try:
        for every in (1, 4, 8, 16, 32, 64):
            cells, took = [], 0.0
            for level in levels:
                compact.LEVEL = level
                total, t0 = 0, time.perf_counter()
                for i, text in enumerate(texts):
                    key = (i // every) * every
                    packed = (compact.pack(text) if i == key else
                              compact.delta_for(json.loads(texts[key]), steps[i]["state"], text))
                    total += len(packed if packed is not None else compact.pack(text))
                if level == 6:
                    took = (time.perf_counter() - t0) / len(texts) * 1000
                cells.append(total / len(texts))
            print(f"    {every:<4}" + "".join(f"{c:>10.0f}" for c in cells) + f"   {took:.2f}")
    finally:
        compact.LEVEL = saved
    raw = statistics.median(len(t) for t in texts)
    print(f"    (a whole state: median {raw:.0f} bytes of JSON)")


def report(old: dict[str, float], new: dict[str, float], games: int) -> None:
    lines = [("file bytes per step", "file", "{:,.0f}"), ("  pages in use per step", "used", "{:,.0f}"),
             ("step row bytes per step", "rows", "{:,.0f}"),
             ("record_step, median ms", "write", "{:.2f}"), ("  CPU ms", "write cpu", "{:.2f}"),
             (f"restart: latest state of {games} games, ms", "restart", "{:.1f}"),
             ("  CPU ms", "restart cpu", "{:.1f}"),
             ("export: all steps of a game, no states, ms", "export", "{:.1f}"), ("  CPU ms", "export cpu", "{:.1f}"),
             ("replay: all steps of a game with states, ms", "replay", "{:.1f}"),
             ("  CPU ms", "replay cpu", "{:.1f}")]
    print(f"  {'':48}{'old':>12}{'new':>12}{'new/old':>10}")
    for label, key, shape in lines:
        print(f"  {label:48}{shape.format(old[key]):>12}{shape.format(new[key]):>12}{new[key] / old[key]:>10.2f}")


async def run(args: argparse.Namespace) -> None:
    for mode in args.modes:
        t0 = time.perf_counter()
        start, steps = play(args.steps, mode, args.seed)
        print(f"\n== fleet action, 20 ships, {mode} orders: {len(steps)} steps x {args.games} games "
              f"(played in {time.perf_counter() - t0:.1f} s)")
        with tempfile.TemporaryDirectory() as folder:
            formats = {"old": OldFormat(Path(folder) / "old.sqlite3"), "new": NewFormat(Path(folder) / "new.sqlite3")}
            found = await measure(formats, start, steps, args.games, args.runs)
            moved = await migrate(Path(folder) / "old.sqlite3")
        report(found["old"], found["new"], args.games)
        print(f"  old file migrated (0002) in {moved['seconds']:.2f} s "
              f"({moved['seconds'] * 1000 / (len(steps) * args.games):.1f} ms a step): pages in use per step "
              f"{moved['used']:,.0f} (the file keeps its size, {moved['file']:,.0f} per step, until VACUUM; "
              "freed pages are reused)")
        if args.sweep:
            sweep(steps)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--modes", nargs="+", default=["sequential", "simultaneous"])
    parser.add_argument("--no-sweep", dest="sweep", action="store_false")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
