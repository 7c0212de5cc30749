"""Games idle for a while keep their engine state as its stored JSON, not parsed
(``GameRuntime.set_aside``, the service's ``states_kept``): a game set aside must play
on exactly as a game kept parsed does, whatever reaches it first (an order, a look at
the forms, a deadline)."""
from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from bot.service import FakeClock, Pacing
from bot.service.core import GameRuntime, StateKeeper
from bot.transport import InProcessTransport
from rules.core.registry import get_ruleset

PHASE = 300


async def _duel(table, thread_id: int):
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                 pacing=Pacing(style="live", phase_seconds=PHASE), thread_id=thread_id)
    sides = game.setup["sides"]
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    await svc.start(game.id, table.HOST)
    await table.settle()
    return game


async def _played(table, kept: int) -> tuple[list, int]:
    """Two identical duels (same seed), played turn by turn, then one phase left to its
    deadline. Before each order, and before the deadline, the other duel is read: with
    ``kept`` 1 that sets this one aside. Returns every stored step, and how many times a
    game was found set aside as its order or deadline came."""
    svc = table.service
    svc.states_kept = kept
    svc._keeper.busy_seconds = 0  # the test's turns follow each other at once
    a, b = await _duel(table, 11), await _duel(table, 12)
    found_aside = 0
    for _ in range(3):
        for game, other in ((a, b), (b, a)):
            for user in (table.ANNE, table.BOB):
                await svc.my_pending(other.id, user)  # the other game is the one read last
                aside = not svc._runtimes[game.id].parsed
                if await table.order_for(game.id, user):
                    found_aside += aside
        await table.settle()
    await svc.my_pending(b.id, table.ANNE)
    found_aside += not svc._runtimes[a.id].parsed
    steps_before = await table.db.step_count(a.id)
    await table.advance(PHASE)  # the deadline fires for both; a was set aside
    assert await table.db.step_count(a.id) == steps_before + 1
    steps = [[(s.idx, s.events, s.rolls, s.state) for s in await table.db.steps(g.id, with_state=True)]
             for g in (a, b)]
    return steps, found_aside


@pytest.fixture
async def kept_table(table, tmp_path):
    """A second bot on a database of its own, keeping every state parsed."""
    clock = FakeClock()
    other = type(table)(path=tmp_path / "kept.sqlite3", clock=clock, transport=InProcessTransport(now=clock.now))
    await other.open()
    yield other
    await other.close()


async def test_a_game_set_aside_takes_orders_and_its_deadline_exactly_as_a_kept_one(table, kept_table):
    aside_steps, found_aside = await _played(table, kept=1)
    kept_steps, never_aside = await _played(kept_table, kept=64)
    assert never_aside == 0
    assert found_aside >= 3 * 2 + 1, "the orders and the deadline came to games set aside"
    # Three rounds and a deadline each: at least four steps (more where a player's order
    # closed a phase before the other's look, which then answered the next one).
    assert all(len(game_steps) >= 4 for game_steps in aside_steps)
    assert aside_steps == kept_steps
    # What each bot posted in each game's thread is the same, line for line.
    assert _posted(table) == _posted(kept_table)


def _posted(table) -> dict:
    threads: dict = {}
    for post in table.transport.posts:
        threads.setdefault(post.place, []).append((post.lines, post.image.alt if post.image else None))
    return threads


async def test_only_the_games_read_last_keep_a_parsed_state(table):
    table.service.states_kept = 2
    table.service._keeper.busy_seconds = 0
    games = [await _duel(table, 20 + n) for n in range(4)]
    for game in games:
        await table.service.my_pending(game.id, table.ANNE)
    runtimes = [table.service._runtimes[g.id] for g in games]
    assert [r.parsed for r in runtimes] == [False, False, True, True]
    assert len(table.service._keeper) == 2
    # The first is parsed again when next read; the oldest parsed one goes aside.
    status = await table.service.phase_status(games[0].id)
    assert status.pending and [r.parsed for r in runtimes] == [True, False, False, True]


async def test_a_state_set_aside_reads_back_as_the_database_holds_it(table):
    game = await table.duel()
    await table.play_round(game.id)
    runtime = table.service._runtimes[game.id]
    before = runtime.state.model_dump(mode="json")
    runtime.set_aside()
    assert not runtime.parsed
    _, stored = await table.state(game.id)
    assert runtime.state.model_dump(mode="json") == before == stored.model_dump(mode="json")


async def test_autocomplete_on_a_game_set_aside_reads_its_kept_forms_not_its_state(table):
    game = await table.duel()
    first = await table.service.my_pending(game.id, table.ANNE)
    runtime = table.service._runtimes[game.id]
    runtime.set_aside()
    again = await table.service.my_pending(game.id, table.ANNE)
    assert [p.decision for p in again] == [p.decision for p in first] and not runtime.parsed
    await table.play_round(game.id)  # a new state: new forms, for the next phase's decisions
    after = await table.service.my_pending(game.id, table.ANNE)
    assert runtime.version == 1 and [p.decision.id for p in after] != [p.decision.id for p in first]


async def test_a_new_state_stored_while_a_worker_parses_the_old_one_is_kept(table):
    """A lockless reader's worker thread may parse a set-aside state while the loop
    stores the next step's: the parse must not put the older state back."""
    game = await table.duel()
    ruleset = get_ruleset("cannoni")
    old = table.service._runtimes[game.id].state
    new = ruleset.load_state(old.model_dump(mode="json"))  # another object: which one is kept?
    runtime = GameRuntime(game.id, ruleset, old, 0, 7, keeper=StateKeeper(4))
    runtime.set_aside()

    class Racing:
        @staticmethod
        def load_state(data):
            parsed = ruleset.load_state(data)
            runtime.state = new  # the loop's resolution, between the parse and its end
            return parsed

    runtime.ruleset = Racing
    seen = runtime.state
    assert seen is not new and seen.model_dump(mode="json") == old.model_dump(mode="json")
    assert runtime.state is new, "the runtime keeps the state stored last"


async def test_games_being_played_are_not_set_aside_past_the_limit(table):
    """More games played at once than the limit: none is set aside while it is being
    played (each would be parsed and set aside again at every interaction); once idle,
    the oldest are."""
    now = [1000.0]
    table.service._keeper.now = lambda: now[0]
    table.service.states_kept = 2
    table.service._keeper.busy_seconds = 5
    games = [await _duel(table, 30 + n) for n in range(4)]
    for game in games:
        await table.service.my_pending(game.id, table.ANNE)
    runtimes = [table.service._runtimes[g.id] for g in games]
    assert all(r.parsed for r in runtimes)
    now[0] += 6
    await table.service.phase_status(games[3].id)
    assert [r.parsed for r in runtimes] == [False, False, True, True]


async def test_games_left_idle_after_a_burst_are_set_aside_without_another_read(table):
    now = [1000.0]
    keeper = table.service._keeper
    keeper.now = lambda: now[0]
    table.service.states_kept = 1
    keeper.busy_seconds = 0.2
    games = [await _duel(table, 40 + n) for n in range(3)]
    for game in games:
        await table.service.my_pending(game.id, table.ANNE)
    runtimes = [table.service._runtimes[g.id] for g in games]
    assert all(r.parsed for r in runtimes), "all were read within the busy window"
    now[0] += 1
    await asyncio.sleep(0.5)  # nothing reads any game meanwhile
    assert [r.parsed for r in runtimes] == [False, False, True]


async def test_the_recent_orders_kept_neither_hold_a_state_set_aside_nor_are_read_again_after_it(table):
    """"Same as last turn" reads the last steps' orders once per engine state. Kept beside
    the runtimes under the state object, they held every state set aside (its memory never
    freed) and, the state parsed again being another object, were read again from the
    database after each set-aside."""
    svc = table.service
    game = await table.duel()
    await table.play_round(game.id)
    runtime = svc._runtimes[game.id]
    mine = [o.payload for o in await svc._history(runtime, "p1")]
    assert mine, "the round's orders are her history"
    for user in (table.ANNE, table.BOB):  # the forms with their helps, as a look at /pending keeps them
        assert await svc.my_pending(game.id, user, helps=True) is not None
    parsed = weakref.ref(runtime.state)
    runtime.set_aside()
    gc.collect()
    assert parsed() is None, "nothing the service keeps of the game holds a state set aside"

    reads = 0
    recent_steps = table.db.recent_steps

    async def counted(*args, **kwargs):
        nonlocal reads
        reads += 1
        return await recent_steps(*args, **kwargs)

    table.db.recent_steps = counted
    assert [o.payload for o in await svc._history(runtime, "p1")] == mine
    assert runtime.state is not None and reads == 0, "the steps were read once for this state"
    version = runtime.version
    assert await table.play_round(game.id)  # a step more: a new state, its own recent steps
    await svc._history(runtime, "p1")
    assert runtime.version > version and reads == 1
