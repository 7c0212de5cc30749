"""A restart mid-game: the database holds everything, nothing is lost or done twice."""
from __future__ import annotations

import asyncio

from rules.core.record import replay

PHASE = 300


async def test_restart_mid_phase_keeps_confirmed_orders_and_the_deadline(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    due = (await table.db.deadline(game.id)).due_at
    confirmed = (await table.service.my_pending(game.id, table.ANNE))[0].submitted
    assert confirmed is not None
    prompts_before = len(table.transport.prompts)

    await table.close()
    table.clock.advance(60)  # the bot was down for a minute
    await table.open()

    assert (await table.db.deadline(game.id)).due_at == due
    assert (await table.service.my_pending(game.id, table.ANNE))[0].submitted == confirmed
    assert len(table.transport.prompts) == prompts_before  # nobody is asked twice
    assert await table.db.step_count(game.id) == 0
    await table.order_for(game.id, table.BOB)
    await table.settle()
    steps = await table.db.steps(game.id)
    assert len(steps) == 1
    assert sorted(o["player"] for o in steps[0].orders) == ["p1", "p2"]


async def test_a_deadline_that_passed_while_down_resolves_once_on_restart(table):
    game = await table.duel()
    await table.close()
    table.clock.advance(PHASE * 3)
    await table.open()
    assert await table.db.step_count(game.id) == 1
    reminders = [r for r in table.transport.reminders]
    assert reminders == []  # the phase is over: no reminder for it


async def test_a_step_stored_but_not_posted_is_posted_once_after_restart(table):
    game = await table.duel()
    await table.loops.stop()  # the crash: the step is stored, the loop never posts it
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    status = await table.service.phase_status(game.id)
    assert status.all_in
    resolution = await table.service.resolve_phase(game.id, status.step_idx)
    assert resolution is not None
    phase_line = "— Turn 1 —"
    assert phase_line not in table.transport.public_texts()
    await table.close()
    await table.open()
    assert table.transport.public_texts().count(phase_line) == 1
    await table.close()
    await table.open()
    assert table.transport.public_texts().count(phase_line) == 1


async def test_a_stale_or_concurrent_resolution_never_resolves_a_phase_twice(table):
    game = await table.duel()
    await table.loops.stop()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    status = await table.service.phase_status(game.id)
    first, second = await asyncio.gather(table.service.resolve_phase(game.id, status.step_idx),
                                         table.service.resolve_phase(game.id, status.step_idx))
    assert (first is None) != (second is None)
    assert await table.db.step_count(game.id) == 1


async def test_a_second_bot_on_the_same_file_cannot_store_the_same_step(table):
    """Two service instances (say, a doubled deployment): the database refuses the second step."""
    game = await table.duel()
    await table.loops.stop()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    from bot.service import GameService
    from db import Database
    other_db = await Database.open(table.path)
    other = GameService(other_db, table.transport, clock=table.clock)
    try:
        status = await other.phase_status(game.id)
        await other.phase_status(game.id)
        assert await table.service.resolve_phase(game.id, status.step_idx) is not None
        assert await other.resolve_phase(game.id, status.step_idx) is None
    finally:
        await other_db.close()
    assert await table.db.step_count(game.id) == 1


async def test_a_game_with_restarts_all_along_replays_identically(table):
    game = await table.duel()
    for round_no in range(400):
        if (await table.service.game(game.id)).status == "over":
            break
        await table.play_round(game.id)
        if round_no % 5 == 0:
            await table.close()
            await table.open()
    else:
        raise AssertionError("the game did not end")
    record = await table.service.export_record(game.id)
    assert replay(record)[0].final_state == (await table.db.last_step(game.id)).state
    posted = [line for p in table.transport.posts for line in p.lines]
    assert posted.count("The game is over. The host can export the record with /host export.") == 1


async def test_a_restart_with_many_games_makes_a_bounded_number_of_passes_at_once(table, monkeypatch):
    """Every game due at once (a restart with a backlog) does not start every pass
    together: hundreds of passes taking turns kept interactions from their first line for
    seconds, past Discord's 3 s. At most ``PASSES_AT_ONCE`` run; the others wait their turn."""
    import bot.loop
    from bot.service import Pacing

    svc = table.service
    games = []
    for n in range(5):
        game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=20 + n,
                                     pacing=Pacing(style="live", phase_seconds=300))
        sides = game.setup["sides"]
        await svc.join(game.id, table.ANNE + n, sides[0], "Anne")
        await svc.join(game.id, table.BOB + n, sides[1], "Bob")
        await svc.start(game.id, table.HOST)
        games.append(game.id)
    await table.settle()
    await table.close()

    monkeypatch.setattr(bot.loop, "PASSES_AT_ONCE", 2)
    gate, inside, most = asyncio.Event(), [0], [0]
    backlog = bot.loop.GameService.backlog

    async def counted(self, game_id: int):
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        try:
            await gate.wait()
            return await backlog(self, game_id)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(bot.loop.GameService, "backlog", counted)
    table.clock.advance(PHASE * 3)  # every game's deadline passed while the bot was down
    opening = asyncio.create_task(table.open())
    for _ in range(100):
        await asyncio.sleep(0.01)
        if inside[0] >= 2:
            break
    await asyncio.sleep(0.05)
    assert most[0] == 2, most[0]
    gate.set()
    await opening
    await table.settle()
    assert [await table.db.step_count(g) for g in games] == [1] * 5


def test_the_passes_at_once_follow_the_database_connections_and_render_workers():
    """Enough passes to keep each connection and render worker fed, never fewer than the
    bound that kept interactions answered in a burst."""
    from bot.loop import PASSES_AT_ONCE, passes_for

    assert passes_for(1, 1) == PASSES_AT_ONCE  # SQLite, maps drawn in a thread: the floor
    assert passes_for(8, 2) == 40  # PostgreSQL's pool of 8 and two render workers
    assert passes_for(16, 4) == 80
