"""A process never loses its own games while it is alive (bot/leases.py).

The benchmark's one process logged "the lease was taken over by another process" with no
other process running, and that game was never prompted: a game claimed while the lease
round's renewal was on its way (a game started meanwhile) was missing from the renewal's
answer, read as lost, and its loop stopped while the lease stayed this process's, so no
process ever ran it again. These tests interleave the lease round with other work by hand,
on the fake clock: deterministic, no load needed.
"""
from __future__ import annotations

import asyncio

from bot.service import FakeClock
from bot.transport import InProcessTransport
from tests.service.test_two_processes import GRACE, TTL, Process


async def _one_process(url: str) -> Process:
    clock = FakeClock()
    p = Process(path=url, clock=clock, transport=InProcessTransport(now=clock.now))
    p.shards = frozenset({0, 1})
    await p.open()
    await _rounds_by_hand(p)
    return p


async def _rounds_by_hand(p: Process) -> None:
    """Stop the keeper's own rounds: the test runs each one."""
    task, p.keeper._task = p.keeper._task, None
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def _prompted(p: Process, user: int) -> int:
    return sum(1 for who, _ in p.transport.prompts if who == user)


async def test_a_game_claimed_while_the_renewal_is_on_its_way_keeps_its_loop(postgres_url):
    p = await _one_process(postgres_url)
    try:
        renew = p.db.renew_leases
        started: list[int] = []

        async def renewal_overtaken(owner: str, now: float, ttl: float) -> set[int]:
            still = await renew(owner, now, ttl)
            if started:
                return still
            # The renewal's statement has run; before its answer is read, a game starts
            # and this process claims it (as a slash command does between two awaits).
            started.append((await p.duel()).id)
            await p.settle()
            return still

        p.db.renew_leases = renewal_overtaken  # type: ignore[method-assign]
        await p.keeper.tick()
        p.db.renew_leases = renew  # type: ignore[method-assign]
        game_id = started[0]
        assert p.loops.running() == [game_id]
        assert (await p.db.lease_owner(game_id))[0] == p.keeper.owner
        # The next rounds keep it, and the game goes on: both players are prompted.
        p.clock.advance(TTL / 2)
        await p.keeper.tick()
        await p.settle()
        assert p.loops.running() == [game_id]
        assert _prompted(p, p.ANNE) and _prompted(p, p.BOB)
    finally:
        await p.close()


async def test_a_renewal_late_past_the_expiry_keeps_the_games_when_nobody_took_them(postgres_url):
    """The heartbeat starved (a stalled loop, a long wait for a connection): the leases
    expired, but no other process claimed them, so they are still this process's."""
    p = await _one_process(postgres_url)
    try:
        game = await p.duel()
        p.clock.advance(TTL + GRACE + 5)
        await p.keeper.tick()
        await p.settle()
        assert p.loops.running() == [game.id]
        assert (await p.db.lease_owner(game.id))[0] == p.keeper.owner
        assert (await p.db.lease_owner(game.id))[1] > p.clock.now()
    finally:
        await p.close()


async def test_a_lease_row_gone_under_a_live_loop_is_claimed_again_not_dropped(postgres_url):
    """Nobody else holds the game (its row was deleted, as a release racing a claim
    leaves it): the process claims it again and its loop goes on."""
    p = await _one_process(postgres_url)
    try:
        game = await p.duel()
        await p.db.release_lease(game.id, p.keeper.owner)
        await p.keeper.tick()
        await p.settle()
        assert p.loops.running() == [game.id]
        assert (await p.db.lease_owner(game.id))[0] == p.keeper.owner
    finally:
        await p.close()


async def test_a_game_really_taken_over_stops_here_and_is_prompted_there(postgres_url):
    """The other side of the rule: a lease another live process claimed (this one stalled
    past the expiry) stops this loop, and the game goes on in the other process."""
    clock = FakeClock()
    home = Process(path=postgres_url, clock=clock, transport=InProcessTransport(now=clock.now))
    home.shards = frozenset({0})
    other = Process(path=postgres_url, clock=clock, transport=InProcessTransport(now=clock.now))
    other.shards = frozenset({1})
    for process in (home, other):
        await process.open()
        await _rounds_by_hand(process)
    try:
        game = await home.duel()
        clock.advance(TTL + 0.5)
        await other.keeper.tick()  # expired: first seen unheld
        clock.advance(GRACE)
        await other.keeper.tick()  # taken over
        await other.settle()
        assert other.loops.running() == [game.id]
        await home.keeper.tick()  # the stalled process's late round learns it
        await home.settle()
        assert home.loops.running() == []
        assert (await home.db.lease_owner(game.id))[0] == other.keeper.owner
        told_home = len(home.transport.prompts)
        # The game goes on there: the orders resolve the phase, and the next call for
        # orders comes from the process that took it over.
        await other.order_for(game.id, other.ANNE)
        await other.order_for(game.id, other.BOB)
        await other.settle()
        assert await other.db.step_count(game.id) == 1
        assert other.transport.prompts and await other.db.prompted(game.id, 2)
        assert len(home.transport.prompts) == told_home  # nothing more from the stalled one
    finally:
        await home.close()
        await other.close()


async def test_the_heartbeat_goes_on_while_claims_wait(postgres_url):
    """Renewals do not wait for the claims: a start-up claiming hundreds of games (a
    transaction each) took longer than a lease lasts, and the first games' leases lapsed."""
    from bot.leases import LeaseKeeper
    from db import Database
    from tests.db.test_leases import _running_game

    db = await Database.open(postgres_url)
    clock = FakeClock()
    keeper = LeaseKeeper(db, ttl=TTL, beat=0.02, wall=clock.now)
    try:
        held, waiting = await _running_game(db), await _running_game(db)
        assert await keeper.claim(held)
        gate, claim, renew = asyncio.Event(), db.claim_leases, db.renew_leases
        renewals: list[float] = []

        async def slow_claim(game_ids, owner: str, now: float, ttl: float) -> set[int]:
            await gate.wait()  # the database busy with claims
            return await claim(game_ids, owner, now, ttl)

        async def counted(owner: str, now: float, ttl: float) -> set[int]:
            renewals.append(now)
            clock.advance(TTL / 2)
            return await renew(owner, now, ttl)

        db.claim_leases, db.renew_leases = slow_claim, counted  # type: ignore[method-assign]
        keeper.start()
        for _ in range(200):
            if len(renewals) >= 4:
                break
            await asyncio.sleep(0.02)
        assert len(renewals) >= 4, "the heartbeat waited for the claims"
        assert keeper.held == {held} and (await db.lease_owner(held))[1] > clock.now()
        gate.set()
        await asyncio.wait_for(keeper.claimed.wait(), 5)
        assert keeper.held == {held, waiting}
    finally:
        await keeper.stop()
        await db.close()


#: How long a game may go un-run once its phase is due: the lease lapses, the foreign
#: grace passes, and the next round takes it (bot/leases.py).
BEAT = 2.0
BOUND = TTL + GRACE + BEAT


async def test_two_processes_starting_at_once_each_run_their_own_games_within_the_bound(postgres_url):
    """Seen in the two-process benchmark: a process starting with a thousand games claimed
    them one transaction at a time, each a round trip behind its own loops' passes, so
    half a minute went by before it reached the last; the other process, done with its
    own, took over the games not reached yet once their grace ran out. Here every write
    of the first process costs a fifth of a second of the wall clock (a loaded machine),
    and the other process's lease rounds go on every beat meanwhile."""
    from contextlib import asynccontextmanager

    from bot.leases import LeaseKeeper, Sharding
    from db import Database
    from tests.db.test_leases import _running_game

    clock = FakeClock()
    home_db, other_db = await Database.open(postgres_url), await Database.open(postgres_url)
    home = LeaseKeeper(home_db, sharding=Sharding(frozenset({0}), 2), ttl=TTL, beat=BEAT, foreign_grace=GRACE,
                       wall=clock.now)
    other = LeaseKeeper(other_db, sharding=Sharding(frozenset({1}), 2), ttl=TTL, beat=BEAT, foreign_grace=GRACE,
                        wall=clock.now)
    try:
        games = [await _running_game(home_db, guild=1) for _ in range(80)]  # guild 1: shard 0, home's
        started: dict[int, float] = {}
        taken: list[int] = []
        home.start_game = lambda game_id: started.setdefault(game_id, clock.now())
        other.start_game = taken.append
        write, last_round = home_db._write, [clock.now()]

        @asynccontextmanager
        async def loaded(*args, **kwargs):
            clock.advance(0.2)
            if clock.now() - last_round[0] >= BEAT:  # the other process's next lease round
                last_round[0] = clock.now()
                await other.tick()
            async with write(*args, **kwargs) as tx:
                yield tx

        home_db._write = loaded  # type: ignore[method-assign]
        began = clock.now()
        await other.tick()  # both start at once: the other sees home's games unheld first
        await home.tick()
        assert taken == [], "the other process took over games of a live process that was claiming them"
        assert sorted(started) == games
        assert max(started.values()) - began <= BOUND
    finally:
        await home.stop()
        await other.stop()
        await home_db.close()
        await other_db.close()


async def test_a_claim_whose_answer_was_lost_still_gets_its_game_run(postgres_url):
    """A claim committed, but its answer never came back (the connection dropped after
    COMMIT): the renewals kept the game this process's, no loop ran it, and no other
    process could take it, for as long as this one lived (or until something woke it)."""
    from db import StorageUnavailable

    p = await _one_process(postgres_url)
    try:
        game = await p.duel()
        await p.keeper.release(game.id)
        p.loops._drop_loop(game.id)  # as before its first claim
        claim = p.db.claim_lease

        async def answer_lost(game_id: int, owner: str, now: float, ttl: float) -> bool:
            await claim(game_id, owner, now, ttl)
            raise StorageUnavailable("the connection dropped after COMMIT")

        p.db.claim_lease = answer_lost  # type: ignore[method-assign]
        # Both orders come in, each waking the game: each claim is stored, its answer lost.
        await p.order_for(game.id, p.ANNE)
        await p.order_for(game.id, p.BOB)
        await p.settle()
        p.db.claim_lease = claim  # type: ignore[method-assign]
        assert (await p.db.lease_owner(game.id))[0] == p.keeper.owner and p.loops.running() == []
        for _ in range(int(BOUND / BEAT)):  # nothing wakes the game now: only the lease rounds
            p.clock.advance(BEAT)
            await p.keeper.tick()
            await p.settle()
        assert p.loops.running() == [game.id]
        assert await p.db.step_count(game.id) == 1, "the phase, due, was resolved"
    finally:
        await p.close()


async def test_a_claim_on_its_way_as_the_process_stops_leaves_no_lease_behind(postgres_url):
    """A stopping process gave its leases up while a claim was still on its way (a game
    woken by an order a moment before): the claim came after the release, and the game
    stayed leased to a process gone until the lease ran out."""
    p = await _one_process(postgres_url)
    game = await p.duel()
    await p.keeper.release(game.id)
    p.loops._drop_loop(game.id)
    gate, claim = asyncio.Event(), p.db.claim_lease

    async def slow_claim(game_id: int, owner: str, now: float, ttl: float) -> bool:
        await gate.wait()
        return await claim(game_id, owner, now, ttl)

    p.db.claim_lease = slow_claim  # type: ignore[method-assign]
    p.loops.wake(game.id)
    await asyncio.sleep(0.01)
    await p.loops.stop()
    gate.set()
    await asyncio.sleep(0.1)
    try:
        assert await p.db.lease_owner(game.id) is None
    finally:
        await p.close()


async def test_settle_waits_for_a_claim_on_its_way_and_the_loop_it_starts(postgres_url):
    """``LoopManager.settle`` is what tests and the demo wait on: a game woken while its
    lease claim is still on its way (a slow database) must not count as settled until
    the claim has ended and the loop it started has caught up."""
    p = await _one_process(postgres_url)
    try:
        claim = p.keeper.claim
        gate = asyncio.Event()

        async def slow_claim(game_id: int) -> bool:
            await gate.wait()
            return await claim(game_id)

        p.keeper.claim = slow_claim  # type: ignore[method-assign]
        game = await p.duel(start=False)
        await p.service.start(game.id, p.HOST)
        assert game.id in p.loops._claiming and p.loops.running() == []
        settling = asyncio.ensure_future(p.loops.settle())
        await asyncio.sleep(0.05)
        assert not settling.done()  # the claim holds it
        gate.set()
        await settling
        assert p.loops.running() == [game.id]
        assert _prompted(p, p.ANNE) and _prompted(p, p.BOB)
    finally:
        await p.close()
