"""How many trips to SQLite's thread a click on an order menu costs.

Each trip (a statement, a fetch of its rows, closing its cursor, a COMMIT) is a hand-over
to the connection's thread and back, a turn of the event loop; under load the
interactions that follow wait behind them. Counted for a menu's two clicks as the form's
handler makes them (bot/discord/forms.py): a select re-reads the player's decision with
its helps (standing order, "same as last turn"), a confirm reads it and stores the order.

A hand-over to a worker thread (``asyncio.to_thread``) is such a turn too, and dearer
under load: the worker takes the GIL from the event loop while it runs, and its result
comes back through the loop's wake-up pipe. Counted the same way.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from contextlib import contextmanager
from typing import Iterator
from unittest.mock import patch

from tests.sqlite_trips import sqlite_trips

#: Trips a confirm may take at most. Measured: 15 before, 18 for the phase's last order
#: (the order's transaction was BEGIN, four statements each executed, fetched and closed
#: apart, and COMMIT; the open orders were read again to tell whether it was the last;
#: "same as last turn" read the recent steps on every look at the form), 4 after, the
#: last order too: BEGIN, the transaction's statements in one trip, COMMIT, and the
#: idempotency key's look-up (the open orders come back from the transaction and are
#: remembered, so the other player's next look reads none); 2 once BEGIN and COMMIT go in
#: the transaction's trip.
CONFIRM_MOST = 2
#: Trips a select may take at most once the game's rows are remembered: 1 before (the
#: recent steps), none after.
SELECT_MOST = 0
#: Hand-overs to a worker thread a select may make once the player's forms were looked at
#: in this state: 1 before ("same as last turn" checked by the rules on every look; under
#: the load benchmark's 20 interactions at once that cost the acknowledgement's p50 some
#: 15 %), none after (checked once per state).
SELECT_HOPS = 0


def trips():
    """Every function the calling task hands to a SQLite connection's thread, by name
    (the game loop's own work, in its tasks, is not the click's)."""
    clicker = asyncio.current_task()
    return sqlite_trips(lambda: asyncio.current_task() is clicker)


@contextmanager
def thread_hops() -> Iterator[Counter]:
    """Every function the calling task hands to a worker thread with ``asyncio.to_thread``,
    by name."""
    clicker = asyncio.current_task()
    handed: Counter = Counter()
    real = asyncio.to_thread

    async def counted(fn, /, *args, **kwargs):
        if asyncio.current_task() is clicker:
            handed[getattr(fn, "__qualname__", repr(fn))] += 1
        return await real(fn, *args, **kwargs)

    with patch.object(asyncio, "to_thread", counted):
        yield handed


async def _click(table, game_id: int, user: int, confirm: bool, key: str) -> None:
    """What a select or a confirm on the DM form asks of the service."""
    svc = table.service
    await svc.game(game_id)
    item = (await svc.my_pending(game_id, user, helps=True))[0]
    if confirm:
        payload = {"action": "chits"}
        for param in item.spec.actions[0].params:
            payload[param.name] = param.choices[0].value
        result = await svc.submit_order(game_id, user, item.decision.id, payload, idempotency_key=key)
        assert result.status == "accepted", result.message


async def test_a_confirm_and_a_select_take_few_trips_to_sqlite(table):
    game = await table.duel()
    await _click(table, game.id, table.ANNE, False, "warm")  # the game's rows remembered, as in play
    with trips() as select:
        await _click(table, game.id, table.ANNE, False, "s")
    with trips() as confirm:
        await _click(table, game.id, table.ANNE, True, "c")
    with trips() as second:
        await _click(table, game.id, table.BOB, True, "c2")
    print("\nselect", sum(select.values()), dict(select), "\nconfirm", sum(confirm.values()), dict(confirm),
          "\nlast confirm", sum(second.values()), dict(second))
    assert sum(select.values()) <= SELECT_MOST, select
    assert sum(confirm.values()) <= CONFIRM_MOST, confirm
    assert sum(second.values()) <= CONFIRM_MOST, second


async def test_a_second_look_at_the_forms_in_the_same_state_hands_nothing_to_a_thread(table):
    game = await table.duel()
    await _click(table, game.id, table.ANNE, False, "warm")  # the prompt's look, as in play
    with thread_hops() as select:
        await _click(table, game.id, table.ANNE, False, "s")
    assert sum(select.values()) <= SELECT_HOPS, select
    # Forgotten (as by a new state), the next look checks it again, in a thread.
    table.service._runtimes[game.id].repeats = None
    with thread_hops() as first:
        await _click(table, game.id, table.ANNE, False, "s2")
    assert sum(first.values()) == 1, first


async def test_same_as_last_turn_is_checked_again_for_each_new_state(table):
    """Remembered for the engine state it was checked against: once a step resolves, the
    next look asks the rules again, and nothing of the old state is kept."""
    svc = table.service
    game = await table.duel()
    asked = []
    runtime = svc._runtimes.get(game.id) or await svc._current_runtime(await svc.game(game.id))
    real = type(runtime.ruleset).repeat_payload

    def counted(ruleset, state, decision, history):
        asked.append(decision.id)
        return real(ruleset, state, decision, history)

    with patch.object(type(runtime.ruleset), "repeat_payload", counted):
        for _ in range(2):
            await svc.my_pending(game.id, table.ANNE, helps=True)
        assert asked == [], "checked once already, for the prompt"
        version = runtime.version
        assert await table.play_round(game.id)
        for _ in range(2):  # the new state's prompt and two looks: one check
            await svc.my_pending(game.id, table.ANNE, helps=True)
    assert len(asked) == 1, asked
    runtime = svc._runtimes[game.id]
    assert runtime.version > version
    assert runtime.repeats is not None and runtime.repeats[0] == runtime.version


async def test_the_recent_orders_kept_follow_every_resolution_and_undo(table):
    """Kept with the engine state they were read for: a new step or an undo is seen at once."""
    svc = table.service
    game = await table.duel()

    async def history() -> list[dict]:
        runtime = await svc._current_runtime(await svc.game(game.id))
        return [o.payload for o in await svc._history(runtime, "p1")]

    assert await history() == []
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    first = (await table.db.steps(game.id))[0]
    mine = [o["payload"] for o in first.orders if o["player"] == "p1"]
    assert mine and await history() == mine
    with trips() as again:
        assert await history() == mine
    assert sum(again.values()) == 0
    await svc.undo_last(game.id, table.HOST)
    assert await history() == []


async def test_a_look_at_an_idle_games_forms_parses_no_state(table):
    """A game set aside keeps its state as compressed JSON; a player looking at the forms
    again (/pending, a menu) gets "same as last turn" from memory, and the state stays
    packed rather than being parsed on the event loop for nothing."""
    svc = table.service
    game = await table.duel()
    await svc.my_pending(game.id, table.ANNE, helps=True)
    runtime = svc._runtimes[game.id]
    runtime.set_aside()
    assert not runtime.parsed
    with thread_hops() as handed:
        items = await svc.my_pending(game.id, table.ANNE, helps=True)
    assert items and not runtime.parsed, "the look parsed the state set aside"
    assert sum(handed.values()) == 0, handed


async def test_the_view_of_the_step_just_resolved_comes_from_memory_and_is_the_stored_ones(table):
    """The game's loop tells the step it has just resolved with its map: the view comes
    from the state the runtime holds, not read back from the database and unpacked on the
    event loop; it is the view of the stored state, and an older step is still read."""
    svc = table.service
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    runtime = svc._runtimes[game.id]
    idx = runtime.step_idx
    assert idx >= 1, idx
    with patch.object(type(svc.db), "step", side_effect=AssertionError("read back from the database")):
        from_memory = await svc.told_view(game.id, idx)
    runtime.set_aside()  # a game set aside: its packed state is parsed in the worker thread
    with patch.object(type(svc.db), "step", side_effect=AssertionError("read back from the database")):
        assert await svc.told_view(game.id, idx) == from_memory
    svc._forget_runtime(game.id)
    assert await svc.told_view(game.id, idx) == from_memory, "the stored step's view differs"
    await svc._current_runtime(await svc.game(game.id))
    assert (await svc.told_view(game.id, idx - 1))[0] != from_memory[0], "an older step is read, not memory"
