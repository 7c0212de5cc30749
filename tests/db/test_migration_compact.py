"""Migration 0002: a database written by the first schema is converted in place, and
every step reads back exactly as it was stored."""
from __future__ import annotations

import json
import sqlite3
from importlib import resources

import pytest

from db import Database, NewStep, compact, migrations, upgrades


def _old_database(path, games: dict[int, tuple[dict, list[tuple[dict, float | None]]]]) -> None:
    """A file as the first schema's code left it: plain JSON text in every column.
    ``games``: id -> (start state, [(step, undone_at), ...] in the order they were stored)."""
    sql = (resources.files("db") / "migrations" / "0001_initial.sql").read_text(encoding="utf-8")
    dump = compact.dump
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                    " applied_at TEXT NOT NULL)")
        raw.executescript(sql)
        raw.execute("INSERT INTO schema_version VALUES (1, '0001_initial.sql', datetime('now'))")
        for game_id, (start, steps) in games.items():
            raw.execute("INSERT INTO games (id, guild_id, channel_id, ruleset, options, setup, host_id, pacing,"
                        " phase_seconds, created_at) VALUES (?, 1, 10, 'cannoni', '{}', '{}', 100, 'live', 300, 1.0)",
                        (game_id,))
            raw.execute("INSERT INTO starts VALUES (?, 5, ?, '[]', '[]', ?, ?, 1.5, 1)",
                        (game_id, dump({"ships": start["ships"]}), dump([{"kind": "start"}]), dump(start)))
            live = 0
            for step, undone_at in steps:
                live += 1
                raw.execute("INSERT INTO steps (game_id, idx, orders, rolls, events, state, resolved_at, announced,"
                            " undone_at) VALUES (?,?,?,?,?,?,?,1,?)",
                            (game_id, live, dump(step["orders"]), dump(step["rolls"]), dump(step["events"]),
                             dump(step["state"]), 2.0 + live, undone_at))
                if undone_at is not None:
                    live -= 1


def _every_row(path) -> dict[int, dict[str, str]]:
    """Each step row's columns as text, by row id, states rebuilt from their keyframes."""
    with sqlite3.connect(path) as raw:
        has_base = any(c[1] == "state_base" for c in raw.execute("PRAGMA table_info(steps)"))
        base = "s.state_base, k.state" if has_base else "NULL, NULL"
        join = "LEFT JOIN steps k ON k.id = s.state_base" if has_base else ""
        rows = raw.execute(f"SELECT s.id, s.orders, s.rolls, s.events, s.state, {base} FROM steps s {join}")
        return {r[0]: {"orders": compact.unpack(r[1]), "rolls": compact.unpack(r[2]), "events": compact.unpack(r[3]),
                       "state": compact.dump(compact.state_of(r[4], r[6] if r[5] is not None else None))}
                for r in rows.fetchall()}


@pytest.fixture
def old_file(tmp_path, fleet):
    start, steps = fleet(2 * compact.KEYFRAME_EVERY + 6)
    n = len(steps)
    # Game 1 played straight through; game 2 with undos, one of them across a keyframe.
    first = [(s, None) for s in steps]
    second = ([(s, None) for s in steps[:compact.KEYFRAME_EVERY]] + [(steps[n - 1], 50.0), (steps[n - 2], 51.0)]
              + [(s, None) for s in steps[compact.KEYFRAME_EVERY:n - 3]] + [(steps[n - 3], 52.0)])
    path = tmp_path / "old.sqlite3"
    _old_database(path, {1: (start, first), 2: (start, second)})
    return path, start, {1: steps, 2: steps[:n - 3]}


async def test_an_old_database_is_converted_and_reads_back_identical(old_file):
    path, start, live = old_file
    before = _every_row(path)
    with sqlite3.connect(path) as raw:
        starts_before = raw.execute("SELECT * FROM starts ORDER BY game_id").fetchall()
    size_before = sum(sum(len(v.encode()) for v in row.values()) for row in before.values())

    db = await Database.open(path)
    try:
        assert await db.schema_version() == migrations()[-1][0]  # numbers may have gaps
        for game_id, steps in live.items():
            rows = await db.steps(game_id, with_state=True)
            assert [compact.dump(r.state) for r in rows] == [compact.dump(s["state"]) for s in steps]
            assert [r.events for r in rows] == [s["events"] for s in steps]
            last = await db.last_step(game_id)
            assert compact.dump(last.state) == compact.dump(steps[-1]["state"])
            for idx in (1, compact.KEYFRAME_EVERY, compact.KEYFRAME_EVERY + 2, len(steps)):
                assert compact.dump((await db.step(game_id, idx)).state) == compact.dump(steps[idx - 1]["state"])
            record = await db.start_record(game_id)
            assert compact.dump(record.state) == compact.dump(start)
            assert (record.announced, record.rolls, record.events) == (True, [], [{"kind": "start"}])
    finally:
        await db.close()
    # Every row, undone ones included, holds the same text as before, in far fewer bytes.
    assert _every_row(path) == before
    with sqlite3.connect(path) as raw:
        starts_after = raw.execute("SELECT * FROM starts ORDER BY game_id").fetchall()
        stored = raw.execute("SELECT SUM(length(orders) + length(rolls) + length(events) + length(state))"
                             " FROM steps").fetchone()[0]
        undone_deltas = raw.execute("SELECT COUNT(*) FROM steps WHERE undone_at IS NOT NULL"
                                    " AND state_base IS NOT NULL").fetchone()[0]
        deltas = raw.execute("SELECT COUNT(*) FROM steps WHERE state_base IS NOT NULL").fetchone()[0]
    assert [tuple(compact.unpack(v) if isinstance(v, bytes) else v for v in r) for r in starts_after] == starts_before
    assert undone_deltas == 0 and deltas > 0
    assert stored < size_before / 10


async def test_the_converted_database_plays_on_and_undoes_across_its_keyframes(old_file, fleet):
    path, _, live = old_file
    steps = live[2]
    db = await Database.open(path)
    try:
        while (await db.step_count(2)) > compact.KEYFRAME_EVERY - 1:
            await db.undo_last_step(2, 99.0)
        extra = fleet(2 * compact.KEYFRAME_EVERY + 6)[1][-1]
        row = await db.record_step(2, NewStep(idx=compact.KEYFRAME_EVERY, orders=[], rolls=[], events=[],
                                              state=extra["state"], resolved_at=100.0, consumed=[]))
        assert compact.dump(row.state) == compact.dump(extra["state"])
        rows = await db.steps(2, with_state=True)
        assert [compact.dump(r.state) for r in rows] == [compact.dump(s["state"]) for s in
                                                         steps[:compact.KEYFRAME_EVERY - 1] + [extra]]
    finally:
        await db.close()


async def test_a_failed_conversion_leaves_the_old_database_as_it_was(old_file, monkeypatch):
    path, _, live = old_file
    before = _every_row(path)

    async def broken(conn):
        await upgrades.compact_steps(conn)
        raise RuntimeError("disk trouble half way")

    monkeypatch.setitem(upgrades.HOOKS, 2, broken)
    with pytest.raises(RuntimeError):
        await Database.open(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == 1
        assert "state_base" not in {c[1] for c in raw.execute("PRAGMA table_info(steps)")}
        assert {type(r[0]) for r in raw.execute("SELECT state FROM steps")} == {str}
    assert _every_row(path) == before
    monkeypatch.undo()
    db = await Database.open(path)  # the next start converts it
    try:
        assert await db.schema_version() == migrations()[-1][0]  # numbers may have gaps
        assert json.loads(compact.dump((await db.last_step(1)).state)) == live[1][-1]["state"]
    finally:
        await db.close()
