"""A write transaction's statements run on SQLite's thread in one trip (``Tx.at_once``):
what they store and what they refuse is the same as statement by statement."""
from __future__ import annotations

import asyncio

import pytest

from db import Database, NewGame, NewOrder, StaleStep, StartRow


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "at_once.sqlite3")
    yield database
    await database.close()


async def _game(db: Database) -> int:
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={"sides": ["a", "b"]}, host_id=100, language="en", pacing="live",
                                        phase_seconds=300, created_at=1000.0))
    await db.add_seat(game.id, "a", "Anne", 1000.0, user_id=200)
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    return game.id


def _order(game_id: int, decision: str, key: str, step_idx: int = 1) -> NewOrder:
    return NewOrder(game_id=game_id, step_idx=step_idx, decision_id=decision, seat_id="p1", payload={"n": key},
                    source="player", submitted_at=1002.0, user_id=200, idempotency_key=key)


async def test_an_order_comes_back_with_the_open_orders_of_its_own_transaction(db: Database):
    game_id = await _game(db)
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


async def test_a_refused_order_leaves_nothing_and_the_writer_usable(db: Database):
    game_id = await _game(db)
    with pytest.raises(StaleStep):
        await db.add_order(_order(game_id, "d1", "k1", step_idx=2))
    assert not db._conn.in_transaction
    assert await db.orders(game_id) == []
    assert (await db.add_order(_order(game_id, "d1", "k1"))).open_orders[0].decision_id == "d1"


async def test_a_body_that_waits_for_the_event_loop_is_refused_and_rolled_back(db: Database):
    game_id = await _game(db)

    async def waits(tx):
        await tx.execute("INSERT INTO audit (game_id, at, action) VALUES (?, 1.0, 'half')", (game_id,))
        await asyncio.sleep(0)  # not the transaction's: it would hand the thread back mid-transaction

    with pytest.raises(RuntimeError, match="awaited something other"):
        async with db._write(game_id) as tx:
            await tx.at_once(waits)
    assert not db._conn.in_transaction
    assert await db.audit_log(game_id) == []
