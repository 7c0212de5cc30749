"""Two bot processes on one PostgreSQL database (game leases, bot/leases.py): each game's
loop runs in exactly one of them, an order taken by the other wakes it, and when one
dies the other carries its games on, with nothing lost or told twice.

Each "process" is a whole stack of its own (database pool and notices, service, loops,
transport, lease keeper); they share the database and the clock only. The lease rounds
are run by hand (``keeper.tick()``) against the shared fake clock, so expiry is exact.
"""
from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.leases import LeaseKeeper, Sharding
from bot.loop import LoopManager
from bot.service import FakeClock, GameService, ServiceError
from bot.transport import InProcessTransport, TransientDeliveryError
from db import Database
from tests.service.conftest import Table, json_image
from tests.service.test_summary_card import THREAD, json_card

TTL, GRACE = 8.0, 2.0


class Process(Table):
    """A :class:`Table` whose loops run under leases, for the shards given."""

    shards: frozenset[int] = frozenset()
    keeper: LeaseKeeper | None = None

    async def open(self) -> "Process":
        self.db = await Database.open(self.path)
        self.service = GameService(self.db, self.transport, clock=self.clock, seed_source=lambda: self.seed)
        self.keeper = LeaseKeeper(self.db, sharding=Sharding(self.shards, 2), ttl=TTL, beat=3600,
                                  foreign_grace=GRACE, wall=self.clock.now)
        self.loops = LoopManager(self.service, images=json_image, leases=self.keeper, cards=self.cards)
        await self.loops.start()
        await self.loops.settle()
        return self

    async def settle(self) -> None:
        await self.db.sync()  # what the other process wrote has been heard
        await self.loops.settle()  # the claims that hearing started, then the loops

    async def kill(self) -> None:
        """As SIGKILL leaves it: loops gone mid-pass, leases left in the table to expire."""
        self.loops._stopped = True
        tasks = [task for _, task in self.loops._loops.values()]
        if self.keeper._task is not None:
            tasks.append(self.keeper._task)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.db.close()
        self.db = self.service = self.loops = None


@pytest.fixture
async def pair(postgres_url):
    clock = FakeClock()
    made = []
    for shard in (0, 1):
        p = Process(path=postgres_url, clock=clock, transport=InProcessTransport(now=clock.now))
        p.shards = frozenset({shard})
        made.append(await p.open())
    yield made
    for p in made:
        if p.db is not None:
            await p.close()


def _told_twice(*processes: Process) -> list[tuple]:
    """Posts that went out twice (the same lines with the same map), in either process."""
    posts = Counter((tuple(post.lines), post.image.data if post.image else None)
                    for p in processes for post in p.transport.posts)
    return [post for post, n in posts.items() if n > 1]


async def test_a_game_runs_in_its_shard_s_process_and_an_order_taken_elsewhere_wakes_it(pair):
    home, other = pair  # the duel's guild (1) is on shard 0: home's
    game = await home.duel()
    await other.settle()
    assert home.loops.running() == [game.id] and other.loops.running() == []
    assert other.transport.posts == []
    # Both players' menus answered in direct messages, which Discord sends to shard 0's
    # process: here the other one, to show either may take an order.
    await other.order_for(game.id, other.ANNE)
    await other.order_for(game.id, other.BOB)
    await home.settle()
    assert await home.db.step_count(game.id) == 1
    assert other.transport.posts == [] and other.loops.running() == []
    assert "— Turn 1 —" in home.transport.public_texts() or home.transport.posts[-1].image is not None
    # The other process's engine state of the game was dropped when home resolved: its
    # next order is checked against the new phase, not refused as late.
    await other.settle()
    assert await other.order_for(game.id, other.ANNE) + await other.order_for(game.id, other.BOB) > 0


async def test_a_killed_process_s_game_goes_on_in_the_other_with_nothing_lost_or_told_twice(pair):
    home, other = pair
    game = await home.duel()
    await home.order_for(game.id, home.ANNE)  # one order in, mid-phase
    await home.settle()
    due = (await home.db.deadline(game.id)).due_at
    prompted = await home.db.prompted(game.id, 1)
    await home.kill()

    await other.keeper.tick()  # the lease has not expired: the game is left alone
    assert other.loops.running() == []
    other.clock.advance(TTL + 0.5)
    await other.keeper.tick()  # expired, first seen unheld: a grace for its own shard's process
    assert other.loops.running() == []
    other.clock.advance(GRACE)
    await other.keeper.tick()
    await other.settle()
    assert other.loops.running() == [game.id]

    assert (await other.db.deadline(game.id)).due_at == due  # the deadline stands
    assert await other.db.prompted(game.id, 1) == prompted  # nobody is asked again
    assert other.transport.prompts == []
    await other.order_for(game.id, other.BOB)
    await other.settle()
    steps = await other.db.steps(game.id)
    assert len(steps) == 1  # resolved once, with the order given before the kill
    assert sorted(o["player"] for o in steps[0].orders) == ["p1", "p2"]
    assert _told_twice(home, other) == []
    await other.play_round(game.id)
    await other.settle()
    assert await other.db.step_count(game.id) >= 2
    assert _told_twice(home, other) == []


async def test_a_process_that_stalled_past_its_lease_stops_the_game_s_loop(pair):
    home, other = pair
    game = await home.duel()
    home.clock.advance(TTL + GRACE + 1)  # home's renewals did not happen (a stall)
    await other.keeper.tick()
    home.clock.advance(GRACE)
    await other.keeper.tick()
    await other.settle()
    assert other.loops.running() == [game.id]
    posts = len(home.transport.posts)
    home.loops.wake(game.id)  # home's loop looks again before its lease round: it stops there
    await home.loops.settle()
    assert home.loops.running() == [] and len(home.transport.posts) == posts
    await home.keeper.tick()  # home renews: the game is not among its own
    assert game.id not in home.keeper.held
    owner, expires = await home.db.lease_owner(game.id)
    assert owner == other.keeper.owner and expires > home.clock.now()


async def _take_over(process: Process) -> None:
    """The lease rounds of a process that finds games unheld: its own shard's at once,
    another shard's after the grace."""
    await process.keeper.tick()
    process.clock.advance(GRACE)
    await process.keeper.tick()
    await process.settle()


async def test_a_rolling_restart_of_both_processes_misses_no_phase(pair):
    home, other = pair
    game = await home.duel()
    await home.play_round(game.id)
    steps = await home.db.step_count(game.id)
    assert steps >= 1

    await home.close()  # restarted: stopped cleanly, its leases given up
    await _take_over(other)
    assert other.loops.running() == [game.id]
    await other.play_round(game.id)  # the game goes on while home is down
    assert await other.db.step_count(game.id) > steps
    steps = await other.db.step_count(game.id)

    await home.open()  # back: the game stays where it is
    await home.settle()
    assert home.loops.running() == []
    await other.close()  # now the other one restarts
    await _take_over(home)
    assert home.loops.running() == [game.id]
    # A phase whose deadline passes is resolved by whoever runs the game now.
    await home.advance(24 * 3600)
    assert await home.db.step_count(game.id) > steps
    await other.open()
    await other.settle()
    assert other.loops.running() == [] and home.loops.running() == [game.id]
    assert _told_twice(home, other) == []


def _over_posts(*processes: Process) -> list:
    return [post for p in processes for post in p.transport.posts
            if any(line.startswith("**The game is over") for line in post.lines)]


def _card_posts(*processes: Process) -> list:
    return [post for p in processes for post in p.transport.posts
            if post.image is not None and post.image.filename.endswith("-summary.png")]


async def _released(process: Process, game_id: int) -> None:
    """The lease of a game whose loop ended is given up (by a task of its own)."""
    for _ in range(100):
        if await process.db.lease_owner(game_id) is None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"game {game_id} is still leased: {await process.db.lease_owner(game_id)}")


async def _play_out(process: Process, game_id: int) -> None:
    """``Table.play_out`` for a game whose loop runs beside the players: on PostgreSQL
    every read lets the loop run, so it may resolve a phase while a player's orders are
    being worked out from it; such orders are refused (or cannot be made), and the round
    is played again from the phase the game is in now."""
    for _ in range(3000):
        await process.settle()
        if (await process.service.game(game_id)).status == "over":
            return
        try:
            given = await process.order_for(game_id, process.ANNE) + await process.order_for(game_id, process.BOB)
        except (AssertionError, KeyError, ServiceError):
            continue
        if not given:
            await process.advance(10_000)  # nobody of ours owes anything: let the deadline pass
    raise AssertionError("the game did not end")


async def _end_with_the_card_undelivered(process: Process) -> int:
    """Play a duel to its end; the summary card's post fails (the thread answers 503) and
    the process goes down before a retry: the game is over, its last step not announced."""
    def breaks_the_thread(summary, lang):
        process.transport.broken[THREAD] = TransientDeliveryError("HTTP 503")
        return json_card(summary, lang)

    process.loops.cards = breaks_the_thread
    process.seed = 1
    game = await process.duel()
    await _play_out(process, game.id)
    assert len(_over_posts(process)) == 1 and _card_posts(process) == []
    assert [g.id for g in await process.db.over_and_untold()] == [game.id]
    return game.id


async def test_a_game_over_but_untold_is_told_by_the_process_that_takes_it_over(pair):
    home, other = pair
    other.loops.cards = json_card
    game_id = await _end_with_the_card_undelivered(home)
    await home.kill()
    other.clock.advance(TTL + 0.5)
    await _take_over(other)
    assert len(_card_posts(home, other)) == 1, "the card went out from the process that took the game over"
    assert len(_over_posts(home, other)) == 1, "the last post is not posted again"
    assert await other.db.over_and_untold() == []
    assert other.loops.running() == []
    await _released(other, game_id)  # told: nobody needs it
    # Nothing home told went out again. (Within home's own posts a "Waiting for" line may
    # repeat word for word: the hand-wound clock gives phases the same due time.)
    told = {(tuple(p.lines), p.image.data if p.image else None) for p in home.transport.posts}
    assert [p for p in other.transport.posts if (tuple(p.lines), p.image.data if p.image else None) in told] == []


@pytest.fixture
async def alone(database_url):
    clock = FakeClock()
    p = Process(path=database_url, clock=clock, transport=InProcessTransport(now=clock.now))
    p.shards = frozenset({0})
    yield await p.open()
    if p.db is not None:
        await p.close()


async def test_a_game_over_but_untold_is_told_after_a_restart_under_leases(alone):
    game_id = await _end_with_the_card_undelivered(alone)
    await alone.close()  # a clean stop: its leases given up
    alone.transport.broken.clear()
    alone.cards = json_card
    await alone.open()
    await alone.settle()
    assert len(_card_posts(alone)) == 1 and len(_over_posts(alone)) == 1
    assert await alone.db.over_and_untold() == [] and alone.loops.running() == []
    await _released(alone, game_id)  # told: nobody needs it


async def test_a_step_resolved_but_not_yet_told_is_told_by_the_process_that_takes_it_over(pair):
    home, other = pair
    game = await home.duel()
    home.transport.broken[THREAD] = TransientDeliveryError("HTTP 503")  # the thread refuses posts for now
    await home.play_round(game.id)
    assert await home.db.step_count(game.id) == 1
    assert [s.announced for s in await home.db.steps(game.id)] == [False]
    before = len(home.transport.posts)
    await home.kill()
    other.clock.advance(TTL + 0.5)
    await _take_over(other)
    assert other.loops.running() == [game.id]
    assert [s.announced for s in await other.db.steps(game.id)] == [True]
    assert any(post.image is not None for post in other.transport.posts), "the resolution's post, with its map"
    assert len(home.transport.posts) == before and _told_twice(home, other) == []


async def test_a_step_resolved_while_the_other_process_reads_the_game_is_not_kept_stale(pair):
    """A process that does not own a game reads its engine state for a player's menu (DMs
    come to shard 0's process) while the owner resolves the phase: the notice of the new
    step arrives while that read is on its way. What was read then is the step before, and
    kept it would stay: the player's next click would find "no longer open" on a live
    decision (seen under load in the two-process benchmark). It is read again instead."""
    home, other = pair
    game = await home.duel()
    await other.settle()
    other.service.forget_runtime(game.id)
    real = other.service.db.last_step
    reads = 0

    async def overtaken(game_id: int):
        nonlocal reads
        reads += 1
        found = await real(game_id)
        if reads == 1:  # the owner resolves, and its notice is heard, before this read returns
            await home.order_for(game.id, home.ANNE)
            await home.order_for(game.id, home.BOB)
            await home.settle()
            await other.db.sync()
        return found

    other.service.db.last_step = overtaken
    mine = await other.service.my_pending(game.id, other.ANNE)
    theirs = await home.service.my_pending(game.id, home.ANNE)
    assert await home.db.step_count(game.id) == 1
    assert reads == 2
    assert [p.decision.id for p in mine] == [p.decision.id for p in theirs]
    assert other.service._runtimes[game.id].step_idx == 1


async def test_an_order_for_a_game_run_elsewhere_costs_no_claim(pair):
    """Every direct-message click reaches shard 0's process: each order it took for a game
    the other process runs woke the game here and tried a claim, a write transaction under
    the game's lock, bound to lose. A read of the lease says so first."""
    home, other = pair
    game = await home.duel()
    await other.settle()
    claims = []
    claim = other.db.claim_lease

    async def counted(game_id: int, owner: str, now: float, ttl: float) -> bool:
        claims.append(game_id)
        return await claim(game_id, owner, now, ttl)

    other.db.claim_lease = counted  # type: ignore[method-assign]
    await other.order_for(game.id, other.ANNE)
    await other.order_for(game.id, other.BOB)
    await other.settle()
    await home.settle()
    assert claims == [] and other.loops.running() == []
    assert await home.db.step_count(game.id) == 1  # the owner resolved it, woken by the notice
