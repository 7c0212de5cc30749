"""What is seen while a phase resolves: between the commit of its step and the swap of
the service's engine state, the stored state is one phase ahead of the decisions the
service gives. The window is held open here by a step write that waits after its commit.
"""
from __future__ import annotations

import asyncio

import pytest


@pytest.fixture
def held_resolution(table, monkeypatch):
    """The next step written waits, after its commit, until ``release`` is set."""
    committed, release = asyncio.Event(), asyncio.Event()
    record = table.db.record_step

    async def record_then_wait(game_id, step):
        row = await record(game_id, step)
        committed.set()
        await release.wait()
        return row

    monkeypatch.setattr(table.db, "record_step", record_then_wait)
    yield committed, release
    release.set()  # a failed test must not leave the loop waiting at the table's close


async def _both_chits_in(table, held_resolution):
    """A duel whose first phase (both players' chits) is resolving, its step committed
    and the service's state not yet swapped."""
    committed, _ = held_resolution
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)  # the last order: the loop resolves
    await asyncio.wait_for(committed.wait(), 10)
    assert await table.db.step_count(game.id) == 1
    return game


async def test_the_table_plays_against_the_state_its_decisions_come_from(table, held_resolution, monkeypatch):
    """Anne's next orders are asked for while the phase resolves: the table waits for
    the loop before it reads, so the stored state it plays against is the one the
    service's decisions come from (it read the new step and the old decisions)."""
    game = await _both_chits_in(table, held_resolution)
    _, release = held_resolution
    settle = table.loops.settle

    async def settle_releasing(timeout: float = 10.0) -> None:
        release.set()  # what settling waits for can now finish
        await settle(timeout)

    monkeypatch.setattr(table.loops, "settle", settle_releasing)
    given = await table.order_for(game.id, table.ANNE)
    ruleset, state = await table.state(game.id)
    owed = [d.id for d in ruleset.pending(state) if d.player == "p1"]
    assert (await table.service.game(game.id)).status == "running"
    orders = [o for o in await table.db.open_orders(game.id) if o.seat_id == "p1"]
    assert given == len(owed) and sorted(o.decision_id for o in orders) == sorted(owed)
    assert all(o.step_idx == 2 for o in orders)


async def test_a_look_mid_resolution_shows_the_phase_before_and_its_order_is_checked_against_the_next(
        table, held_resolution):
    """The service reads its engine state without the game's lock: mid-resolution a
    player sees the phase just resolved (a committed state, one step behind the stored
    one). An order given for it waits for the lock and is checked against the state
    after the swap: refused, never stored for the wrong phase."""
    game = await _both_chits_in(table, held_resolution)
    _, release = held_resolution
    given = next(s for s in await table.db.steps(game.id) if s.idx == 1).orders
    anne = next(o["payload"] for o in given if o["decision"] == "t1.chits.p1")  # taken at resolution
    looked = await table.service.my_pending(game.id, table.ANNE)
    assert [p.decision.id for p in looked] == ["t1.chits.p1"]
    ruleset, state = await table.state(game.id)
    assert "t1.chits.p1" not in {d.id for d in ruleset.pending(state)}  # the stored state is past it

    sent = asyncio.create_task(table.service.submit_order(game.id, table.ANNE, "t1.chits.p1", anne,
                                                          "mid-resolution"))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not sent.done()  # the resolution holds the game's lock until its state is swapped
    release.set()
    result = await asyncio.wait_for(sent, 10)
    assert result.status == "rejected" and [p.code for p in result.problems] == ["unknown-decision"]
    assert await table.db.order_by_key(game.id, "mid-resolution") is None

    await table.settle()
    now = {p.decision.id for p in await table.service.my_pending(game.id, table.ANNE)}
    assert now <= {d.id for d in ruleset.pending(state) if d.player == "p1"}
