"""A write transaction's statements run on SQLite's thread in one trip (``Tx.at_once``):
what they store and what they refuse is the same as statement by statement."""
from __future__ import annotations

import asyncio

import pytest

from db import Database, NewOrder, StaleStep


def _order(game_id: int, decision: str, key: str, step_idx: int = 1) -> NewOrder:
    return NewOrder(game_id=game_id, step_idx=step_idx, decision_id=decision, seat_id="p1", payload={"n": key},
                    source="player", submitted_at=1002.0, user_id=200, idempotency_key=key)


async def test_an_order_comes_back_with_the_open_orders_of_its_own_transaction(db: Database, started_game: int):
    game_id = started_game
    first = await db.add_order(_order(game_id, "d1", "k1"))
    second = await db.add_order(_order(game_id, "d2", "k2"))
    again = await db.add_order(_order(game_id, "d1", "k3"))
    assert not first.duplicate and [o.decision_id for o in first.open_orders] == ["d1"]
    assert [o.decision_id for o in second.open_orders] == ["d1", "d2"]
    assert again.replaced and [(o.decision_id, o.payload) for o in again.open_orders] == [("d2", {"n": "k2"}),
                                                                                          ("d1", {"n": "k3"})]
    assert again.open_orders == tuple(await db.open_orders(game_id))
    duplicate = await db.add_order(_order(game_id, "d1", "k1"))
    assert duplicate.duplicate and duplicate.open_orders is None and duplicate.order.seq == first.order.seq


async def test_a_refused_order_leaves_nothing_and_the_writer_usable(db: Database, started_game: int):
    game_id = started_game
    with pytest.raises(StaleStep):
        await db.add_order(_order(game_id, "d1", "k1", step_idx=2))
    assert not db._conn.in_transaction
    assert await db.orders(game_id) == []
    assert (await db.add_order(_order(game_id, "d1", "k1"))).open_orders[0].decision_id == "d1"


async def test_a_body_that_waits_for_the_event_loop_is_refused_and_rolled_back(db: Database, started_game: int):
    game_id = started_game

    async def waits(tx):
        await tx.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 1.0, 'half')", (game_id,))
        await asyncio.sleep(0)  # not the transaction's: it would hand the thread back mid-transaction

    with pytest.raises(RuntimeError, match="awaited something other"):
        async with db._write(game_id) as tx:
            await tx.at_once(waits)
    assert not db._conn.in_transaction
    assert await db.audit_log(game_id) == []


async def test_a_whole_transaction_in_one_trip_that_waits_for_the_event_loop_is_rolled_back(db: Database,
                                                                                             started_game: int):
    """``Database._write_once``: BEGIN, the body and COMMIT on SQLite's thread. A body that
    would hand the thread back mid-transaction is refused there and rolled back, and the
    writer is free for the next write."""
    game_id = started_game

    async def waits(tx):
        await tx.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 1.0, 'half')", (game_id,))
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something other"):
        await db._write_once(waits, game_id)
    assert not db._conn.in_transaction and not db._backend.lock.locked()
    assert await db.audit_log(game_id) == []
    await db.audit(game_id, 2.0, None, "after")
    assert [a.action for a in await db.audit_log(game_id)] == ["after"]
