"""Two processes on one PostgreSQL database: the guards that SQLite gets from its single
writer hold across connections that share nothing in memory (two :class:`Database`
objects, each with its own pool, stand for two bot processes)."""
from __future__ import annotations

import asyncio

import pytest

from db import Database, NewGame, NewOrder, NewStep, StaleStep, StartRow, StepConflict, migrations


@pytest.fixture
async def pair(postgres_url):
    # Both open at once: the migrations are applied once, the other process waits for them.
    first, second = await asyncio.gather(Database.open(postgres_url), Database.open(postgres_url))
    yield first, second
    await first.close()
    await second.close()


async def _running_game(db: Database) -> int:
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={}, host_id=100, language="en", pacing="live", phase_seconds=300,
                                        created_at=1000.0))
    await db.add_seat(game.id, "a", "Anne", 1000.0, user_id=200)
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    return game.id


def _step(idx: int, consumed: list[int]) -> NewStep:
    return NewStep(idx=idx, orders=[], rolls=[], events=[], state={"turn": idx}, resolved_at=2000.0 + idx,
                   consumed=consumed)


def _order(game_id: int, key: str, step: int = 1) -> NewOrder:
    return NewOrder(game_id=game_id, step_idx=step, decision_id="d1", seat_id="p1", payload={"k": key},
                    source="player", submitted_at=1002.0, user_id=200, idempotency_key=key)


async def test_two_processes_starting_at_once_apply_each_migration_once(pair):
    first, _ = pair
    rows = await first._read("SELECT version FROM schema_version ORDER BY version")
    assert [r[0] for r in rows] == [v for v, _, _ in migrations()]


async def test_the_same_step_from_two_processes_at_once_is_stored_once(pair):
    first, second = pair
    game_id = await _running_game(first)
    for idx in range(1, 6):
        results = await asyncio.gather(first.record_step(game_id, _step(idx, [])),
                                       second.record_step(game_id, _step(idx, [])), return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["StepConflict", "StepRow"], results
    assert await first.step_count(game_id) == await second.step_count(game_id) == 5


async def test_a_redelivered_order_in_two_processes_is_stored_once(pair):
    first, second = pair
    game_id = await _running_game(first)
    for n in range(5):
        a, b = await asyncio.gather(first.add_order(_order(game_id, f"key{n}")),
                                    second.add_order(_order(game_id, f"key{n}")))
        assert sorted([a.duplicate, b.duplicate]) == [False, True]
        assert a.order.seq == b.order.seq
    assert len(await first.open_orders(game_id)) == 1  # each later order replaced the one before


async def test_an_order_racing_a_resolution_is_consumed_or_refused_never_lost(pair):
    """Whoever wins, the order is either in the step (consumed, or lapsed with it) or
    refused as stale, so the player is told; it is never left open on a closed phase."""
    first, second = pair
    game_id = await _running_game(first)
    for idx in range(1, 11):
        order_task = second.add_order(_order(game_id, f"race{idx}", step=idx))
        step_task = first.record_step(game_id, _step(idx, []))
        stored, step = await asyncio.gather(order_task, step_task, return_exceptions=True)
        assert not isinstance(step, BaseException), step
        if isinstance(stored, StaleStep):
            continue
        assert not isinstance(stored, BaseException), stored
        final = [o for o in await first.orders(game_id) if o.seq == stored.order.seq][0]
        assert final.status in ("consumed", "discarded")
    assert await first.open_orders(game_id) == []


async def test_a_write_waits_for_the_other_process_s_write_to_the_same_game(pair):
    """The game's advisory lock: a transaction of one process holds the other's write to
    that game (and only that game) until it ends."""
    first, second = pair
    game_id = await _running_game(first)
    other_id = await _running_game(first)
    async with first._write(game_id) as tx:
        await tx.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 1.0, 'held')", (game_id,))
        waiting = asyncio.create_task(second.audit(game_id, 2.0, None, "after"))
        await second.audit(other_id, 2.0, None, "beside")  # another game is not held
        await asyncio.sleep(0.2)
        assert not waiting.done()
    await waiting
    assert [a.action for a in await second.audit_log(game_id)] == ["held", "after"]
