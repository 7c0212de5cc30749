"""When the rules or the thread fail, the game stops safely and says so."""
from __future__ import annotations

import os

from bot.service import phase
from renderer.pool import RenderPool


async def test_a_rules_failure_pauses_the_game_and_tells_the_host(table, monkeypatch):
    game = await table.duel()

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr(phase.engine, "resolve", broken)
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    assert (await table.service.game(game.id)).status == "paused"
    assert await table.db.step_count(game.id) == 0
    notice = table.transport.posts[-1]
    assert notice.mentions == [table.HOST] and "could not resolve this phase" in notice.lines[0]
    assert len(await table.db.open_orders(game.id)) == 2  # nothing is lost

    monkeypatch.undo()
    await table.service.resume(game.id, table.HOST)
    await table.settle()
    assert await table.db.step_count(game.id) == 1


async def test_a_thread_that_cannot_be_reached_is_retried(table, monkeypatch):
    game = await table.duel()
    real_post = table.transport.post
    calls = {"n": 0}

    async def flaky(place, lines, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionError("Discord is down")
        await real_post(place, lines, **kwargs)

    monkeypatch.setattr(table.transport, "post", flaky)
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    line = "— Turn 1 —"
    assert await table.db.step_count(game.id) == 1
    assert line not in table.transport.public_texts()
    await table.advance(30)
    assert table.transport.public_texts().count(line) == 1


async def test_a_map_whose_render_worker_keeps_dying_is_left_out_of_the_post(table):
    """The render pool replaces a dead worker and tries once more; when the picture still
    cannot be drawn the phase is posted without it, and the game goes on."""
    pool = RenderPool(2)

    async def dying(view, lang):
        return await pool.run(os._exit, 3)  # the worker dies drawing, every time

    table.loops.images = dying
    try:
        game = await table.duel()
        await table.order_for(game.id, table.ANNE)
        await table.settle()
        await table.order_for(game.id, table.BOB)
        await table.settle()
    finally:
        await pool.close()
    assert await table.db.step_count(game.id) == 1
    assert pool.replaced >= 2 and pool.replaced % 2 == 0  # each map: its worker died, and the new one too
    told = [p for p in table.transport.posts if "— Turn 1 —" in p.lines]
    assert len(told) == 1 and told[0].image is None
    assert (await table.service.game(game.id)).status == "running"
