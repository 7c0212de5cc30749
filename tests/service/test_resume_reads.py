"""A restart reads its running games' rows and states for all of them at once.

A restarted bot resumes every running game: each loop's first pass read its games row,
seats, open orders, standing orders, deadline, last step and start, one statement each
(nine a game with the announcement check and the prompts), and parsed the game's state on
the event loop. Now the manager reads each kind for all the games in one statement
before the loops start (:meth:`bot.loop.LoopManager._read_ahead`); what is left a game is
what is still to tell and whom it prompted.
"""
from __future__ import annotations

import itertools

from bot.service import GameService, Pacing
from db import Database
from tests.sqlite_trips import sqlite_trips

#: Statements a resumed game may add to the restart's: what its first pass asks about
#: what is still to tell (here its start too, whose post waits for the turn's end: its
#: record and its notes) and whom it prompted. Measured on these duels: 11 a game
#: before, 4 after.
PER_GAME_MOST = 4
_THREADS = itertools.count(1000)  # every game its own thread


def statements():
    """Every function handed to a SQLite connection's thread, from any task, by name."""
    return sqlite_trips()


async def _duels(table, count: int) -> list[int]:
    """``count`` running duels, each in its own thread."""
    svc = table.service
    ids = []
    for n in range(count):
        game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                     pacing=Pacing(style="live", phase_seconds=300), language="en",
                                     thread_id=next(_THREADS))
        sides = game.setup["sides"]
        await svc.join(game.id, table.ANNE + n, sides[0], "Anne")
        await svc.join(game.id, table.BOB + n, sides[1], "Bob")
        await svc.start(game.id, table.HOST)
        ids.append(game.id)
    await table.settle()
    return ids


async def _restart_statements(table) -> int:
    await table.close()
    with statements() as seen:
        await table.open()
    return sum(seen.values())


async def test_a_restart_reads_each_kind_of_row_once_for_all_its_games(table):
    await _duels(table, 2)
    two = await _restart_statements(table)
    await _duels(table, 6)
    eight = await _restart_statements(table)
    assert (eight - two) / 6 <= PER_GAME_MOST, (two, eight)


async def test_the_states_read_at_once_are_the_states_stored(table):
    fresh, played = await _duels(table, 2)
    # Two resolved phases: the second step's state is a delta against the first's.
    for user in (table.ANNE + 1, table.BOB + 1):
        await table.order_for(played, user)
    await table.settle()
    for user in (table.ANNE + 1, table.BOB + 1):
        await table.order_for(played, user)
    await table.settle()
    db = table.db
    assert (await db.last_step(played)).idx == 2
    latest = {row.game_id: row for row in await db.running_states()}
    assert sorted(latest) == [fresh, played]
    assert latest[fresh].step_idx == 0
    assert latest[fresh].state == (await db.start_record(fresh)).state
    assert latest[played].step_idx == 2
    assert latest[played].state == (await db.last_step(played)).state
    assert {row.seed for row in latest.values()} == {(await db.start_record(g)).seed for g in (fresh, played)}


async def test_a_restart_keeps_the_states_a_game_would_read_itself(table):
    ids = await _duels(table, 3)
    await table.order_for(ids[1], table.ANNE + 1)
    await table.order_for(ids[1], table.BOB + 1)
    await table.settle()
    await table.close()
    db = await Database.open(table.path)
    try:
        service = GameService(db, table.transport, clock=table.clock)
        assert await service.load_running_runtimes() == 3
        batch = {i: service._runtimes[i] for i in ids}
        own = GameService(db, table.transport, clock=table.clock)
        for game_id in ids:
            alone = await own._runtime(await db.game(game_id))
            assert (batch[game_id].step_idx, batch[game_id].seed) == (alone.step_idx, alone.seed)
            assert batch[game_id].state.model_dump_json() == alone.state.model_dump_json()
        # A state kept already stays: the batch does not replace it.
        kept = service._runtimes[ids[0]]
        assert await service.load_running_runtimes() == 0
        assert service._runtimes[ids[0]] is kept
        # Nor does it bring back one dropped while it was being read.
        service.forget_runtime(ids[0])
        dropped = dict(service._dropped)
        original = db.running_states

        async def drop_meanwhile():
            found = await original()
            service.forget_runtime(ids[2])
            return found
        db.running_states = drop_meanwhile  # type: ignore[method-assign]
        service._runtimes.pop(ids[2])
        assert await service.load_running_runtimes() == 1  # ids[0] only
        assert ids[2] not in service._runtimes and service._dropped != dropped
    finally:
        await db.close()


async def test_the_rows_read_at_once_are_the_rows_each_game_reads(table):
    ids = await _duels(table, 3)
    await table.order_for(ids[1], table.ANNE + 1)  # an open order in one game
    await table.settle()
    await table.close()
    await table.open()  # the read-ahead remembered the rows of all three
    alone = await Database.open(table.path)  # nothing remembered: every read is the game's own
    try:
        for game_id in ids:
            assert await table.db.game(game_id) == await alone.game(game_id)
            assert await table.db.seats(game_id) == await alone.seats(game_id)
            assert await table.db.open_orders(game_id) == await alone.open_orders(game_id)
            assert await table.db.standing_orders(game_id) == await alone.standing_orders(game_id)
            assert await table.db.deadline(game_id) == await alone.deadline(game_id)
        assert len(await table.db.open_orders(ids[1])) == 1
    finally:
        await alone.close()


async def test_the_states_read_at_once_are_set_aside_like_any_other_once_idle(table):
    """A restart's batch of states counts with the state keeper: past its limit, the
    games nobody reads go back to their stored JSON, as a game read alone would."""
    ids = await _duels(table, 3)
    await table.close()
    db = await Database.open(table.path)
    try:
        service = GameService(db, table.transport, clock=table.clock)
        service.states_kept = 1
        service._keeper.busy_seconds = 0
        assert await service.load_running_runtimes() == 3
        assert sum(service._runtimes[i].parsed for i in ids) == 1 and len(service._keeper) == 1
    finally:
        await db.close()
