"""Steps stored compactly (keyframes, deltas, compressed JSON) read back exactly as stored."""
from __future__ import annotations


import pytest

from db import Database, NewGame, NewStep, StartRow, compact


@pytest.fixture
async def db(database_url):
    database = await Database.open(database_url)
    yield database
    await database.close()


async def _game(db: Database, start_state: dict) -> int:
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="fleet-action",
                                        options={}, setup={}, host_id=100, language="en", pacing="live",
                                        phase_seconds=300, created_at=1000.0))
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={"big": [start_state]}, seats=[], rolls=[],
                                 events=[{"kind": "start"}], state=start_state, started_at=1001.0))
    return game.id


def _new(idx: int, step: dict) -> NewStep:
    return NewStep(idx=idx, orders=step["orders"], rolls=step["rolls"], events=step["events"], state=step["state"],
                   resolved_at=2000.0 + idx, consumed=[])


def _same(row, step: dict) -> bool:
    return all(compact.dump(getattr(row, k)) == compact.dump(step[k]) for k in ("orders", "rolls", "events", "state"))


def _size(db: Database, *columns: str) -> str:
    """The stored size of columns: SQLite's bytes (compressed by db/compact.py), or
    PostgreSQL's own (compressed by the server)."""
    measure = "length" if db.kind == "sqlite" else "pg_column_size"
    return " + ".join(f"{measure}({c})" for c in columns)


async def _raw(db: Database, game_id: int) -> list[tuple]:
    rows = await db._read(f"SELECT idx, state_base IS NULL, undone_at IS NULL,"
                          f" {_size(db, 'orders', 'rolls', 'events', 'state')} FROM steps WHERE game_id = ? ORDER BY id",
                          (game_id,))
    return [tuple(r) for r in rows]


async def test_every_step_of_a_fleet_game_reads_back_byte_identical(db: Database, fleet):
    start, steps = fleet(40)
    game_id = await _game(db, start)
    for idx, step in enumerate(steps, start=1):
        stored = await db.record_step(game_id, _new(idx, step))
        assert _same(stored, step)
        assert _same(await db.last_step(game_id), step)
    for idx, step in enumerate(steps, start=1):
        assert _same(await db.step(game_id, idx), step)
    assert all(_same(row, step) for row, step in zip(await db.steps(game_id, with_state=True), steps))
    assert [r.state for r in await db.steps(game_id)] == [None] * len(steps)
    record = await db.start_record(game_id)
    assert compact.dump(record.state) == compact.dump(start) and record.events == [{"kind": "start"}]
    lean = await db.start_record(game_id, with_state=False)
    assert lean.state is None and lean.setup == {"big": [start]} and (lean.seed, lean.events) == (5, record.events)
    # A keyframe every KEYFRAME_EVERY steps, deltas against it between.
    keyframes = [idx for idx, whole, _, _ in (await _raw(db, game_id)) if whole]
    assert keyframes == list(range(1, len(steps) + 1, compact.KEYFRAME_EVERY))


async def test_a_twenty_ship_game_stores_under_15_kb_a_step(db: Database, fleet):
    start, steps = fleet(40)
    game_id = await _game(db, start)
    for idx, step in enumerate(steps, start=1):
        await db.record_step(game_id, _new(idx, step))
    stored = (await db._read(f"SELECT SUM({_size(db, 'orders', 'rolls', 'events', 'state')})"
                             " FROM steps WHERE game_id = ?", (game_id,)))[0][0]
    plain = sum(len(compact.dump(s[k]).encode()) for s in steps for k in ("orders", "rolls", "events", "state"))
    assert stored / len(steps) < 15_000 and stored < plain / 10


async def test_undo_across_a_keyframe_keeps_every_state_decodable(db: Database, fleet):
    """Undo walks back over a keyframe and its deltas; new steps then take the previous
    live keyframe, and the undone rows (and the deltas taken before) still decode."""
    start, steps = fleet(2 * compact.KEYFRAME_EVERY + 4)
    game_id = await _game(db, start)
    first_keyframe_after = compact.KEYFRAME_EVERY + 1
    for idx in range(1, first_keyframe_after + 3):
        await db.record_step(game_id, _new(idx, steps[idx - 1]))
    # Undo the two deltas and the keyframe they were taken against.
    for idx in range(first_keyframe_after + 2, first_keyframe_after - 1, -1):
        undone = await db.undo_last_step(game_id, 3000.0 + idx)
        assert undone.idx == idx and _same(undone, steps[idx - 1])
    assert _same(await db.last_step(game_id), steps[first_keyframe_after - 2])
    # Play on with other states: the alternative history, from the game's later steps.
    other = steps[first_keyframe_after + 2:]
    for n, step in enumerate(other[:3]):
        again = await db.record_step(game_id, _new(first_keyframe_after + n, step))
        assert _same(again, step)
    live = steps[:first_keyframe_after - 1] + other[:3]
    assert all(_same(row, step) for row, step in zip(await db.steps(game_id, with_state=True), live, strict=True))
    for idx, step in enumerate(live, start=1):
        assert _same(await db.step(game_id, idx), step)
    # The replacing step at the undone keyframe's index is whole again (its distance to
    # the first keyframe says so), and no live row leans on an undone one.
    rows = (await _raw(db, game_id))
    assert [(idx, whole) for idx, whole, is_live, _ in rows if is_live and idx >= first_keyframe_after] == [
        (first_keyframe_after, 1), (first_keyframe_after + 1, 0), (first_keyframe_after + 2, 0)]
    leaning = (await db._read("SELECT COUNT(*) FROM steps s JOIN steps k ON k.id = s.state_base"
                              " WHERE s.undone_at IS NULL AND k.undone_at IS NOT NULL"))[0][0]
    assert leaning == 0
    # Undone deltas still decode against their (undone) keyframe.
    while (undone := await db.undo_last_step(game_id, 4000.0)) is not None:
        assert _same(undone, live[undone.idx - 1])


async def test_undo_inside_a_keyframe_run_takes_the_same_keyframe(db: Database, fleet):
    start, steps = fleet(6)
    game_id = await _game(db, start)
    for idx in range(1, 5):
        await db.record_step(game_id, _new(idx, steps[idx - 1]))
    await db.undo_last_step(game_id, 3000.0)
    await db.undo_last_step(game_id, 3001.0)
    await db.record_step(game_id, _new(3, steps[5]))
    assert _same(await db.last_step(game_id), steps[5])
    bases = [tuple(r) for r in await db._read("SELECT s.idx, k.idx FROM steps s LEFT JOIN steps k"
                                              " ON k.id = s.state_base WHERE s.undone_at IS NULL ORDER BY s.idx")]
    assert bases == [(1, None), (2, 1), (3, 1)]


async def test_a_state_no_delta_reproduces_is_stored_whole(db: Database):
    game_id = await _game(db, {"turn": 0})
    await db.record_step(game_id, NewStep(idx=1, orders=[], rolls=[], events=[], state={"turn": 1, "x": [1, 2]},
                                          resolved_at=1.0, consumed=[]))
    # 1.0 == 1 in Python: a differ comparing values would miss it; JSON keeps them apart.
    state = {"turn": 2, "x": [1.0, 2]}
    stored = await db.record_step(game_id, NewStep(idx=2, orders=[], rolls=[], events=[], state=state,
                                                   resolved_at=2.0, consumed=[]))
    assert compact.dump(stored.state) == compact.dump(state) == '{"turn":2,"x":[1.0,2]}'
    assert [(idx, whole) for idx, whole, *_ in (await _raw(db, game_id))] == [(1, 1), (2, 1)]
