"""Which process runs which game, when several bot processes share one PostgreSQL database.

Each game's loop runs in exactly one process: the one holding the game's lease
(``db/leases.py``). A game belongs to the shard of its guild, ``(guild_id >> 22) %
shard_count`` as Discord routes it, so the process running that shard claims the game
first; any process takes over a game whose lease has expired (its owner died or stalled)
once it has seen it unheld for ``foreign_grace`` seconds, because a game's loop needs only
Discord's REST API, which any process can reach. Take-over after a kill is therefore
within ``ttl + foreign_grace + beat`` seconds (8 + 2 + 2 by default, inside the 15 s the
deployment promises).

A single process on SQLite keeps no leases (``LoopManager`` without a keeper runs every
game, as always).
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
import uuid
from dataclasses import dataclass
from typing import Awaitable, Callable, Iterable

from db import Database

log = logging.getLogger("broadside.leases")


@dataclass(frozen=True)
class Sharding:
    """The shards this process runs (None: all of them) out of ``shard_count``."""

    shard_ids: frozenset[int] | None = None
    shard_count: int = 1

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.shard_count

    def owns(self, guild_id: int) -> bool:
        return self.shard_ids is None or self.shard_of(guild_id) in self.shard_ids


def parse_shards(text: str | None, count: int | None) -> Sharding:
    """``"0-3"``, ``"0,2,5"`` or ``"1-2,6"`` of ``count`` shards; None: every shard."""
    if not text:
        return Sharding(None, count or 1)
    if not count:
        raise ValueError("--shards needs --shard-count")
    ids: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        first, last = int(low), int(high or low)
        if first > last:
            raise ValueError(f"shard range {part!r} runs backwards")
        ids.update(range(first, last + 1))
    bad = sorted(i for i in ids if not 0 <= i < count)
    if bad:
        raise ValueError(f"shards {bad} are not among the {count} shards (0-{count - 1})")
    return Sharding(frozenset(ids), count)


def process_name() -> str:
    """A lease owner's name: readable in the table, never reused by a later process."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class LeaseKeeper:
    """Claims, renews and gives up this process's game leases; tells the loop manager
    which games to start and which to stop (``start_game``, ``stop_game``)."""

    def __init__(self, db: Database, *, sharding: Sharding = Sharding(), owner: str | None = None,
                 ttl: float = 8.0, beat: float = 2.0, foreign_grace: float = 2.0,
                 wall: Callable[[], float] = time.time) -> None:
        self.db = db
        self.sharding = sharding
        self.owner = owner or process_name()
        self.ttl, self.beat, self.foreign_grace = ttl, beat, foreign_grace
        self.wall = wall
        self.held: set[int] = set()
        self._good_until: dict[int, float] = {}  # game -> when its last claim or renewal expires
        self._unheld_since: dict[int, float] = {}
        self._releasing: set[int] = set()  # games whose lease is being given up
        self._claiming: set[int] = set()  # games whose claim is on its way
        self._task: asyncio.Task[None] | None = None
        #: Set once a first round of claims has ended (the games to resume are running).
        self.claimed = asyncio.Event()
        self.start_game: Callable[[int], None] = lambda game_id: None
        self.stop_game: Callable[[int], None] = lambda game_id: None

    async def claim(self, game_id: int) -> bool:
        now = self.wall()
        self._claiming.add(game_id)
        try:
            won = await self.db.claim_lease(game_id, self.owner, now, self.ttl)
        finally:
            self._claiming.discard(game_id)
        if won:
            self.held.add(game_id)
            self._good_until[game_id] = now + self.ttl
        return won

    async def held_elsewhere(self, game_id: int) -> bool:
        """Whether another process holds a live lease on the game (one read): an order
        taken here for a game run elsewhere (every direct-message click reaches shard 0's
        process) then costs no write transaction of a claim bound to lose."""
        found = await self.db.lease_owner(game_id)
        return found is not None and found[0] != self.owner and found[1] >= self.wall()

    async def holds(self, game_id: int) -> bool:
        """Whether no other process has taken the game over. While the last claim or
        renewal that returned the game has not expired, no other process can have
        claimed it (a claim needs an expired lease) and the database is not asked: a
        round trip less on every pass of the game's loop. Past that (less a margin for
        other machines' clocks), as the database says now. (A lease of this process's
        that merely expired is still its own until someone claims it: the next renewal
        keeps it, and stopping here would leave the game to nobody.)"""
        if game_id in self.held and self.wall() < self._good_until.get(game_id, 0.0) - self.ttl / 4:
            return True
        found = await self.db.lease_owner(game_id)
        return found is not None and found[0] == self.owner

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="broadside-leases")

    async def stop(self, release: Iterable[int] | None = None) -> None:
        """Stop renewing and give the leases up, so another process carries on at once."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        try:
            await self.db.release_leases(self.owner)
        except Exception:  # the database is gone: the leases expire by themselves
            log.warning("could not release this process's leases; they expire in %.0f s", self.ttl)
        self.held.clear()
        self._good_until.clear()

    async def release(self, game_id: int) -> None:
        self.held.discard(game_id)
        self._good_until.pop(game_id, None)
        self._releasing.add(game_id)
        try:
            await self.db.release_lease(game_id, self.owner)
        finally:
            self._releasing.discard(game_id)

    async def _run(self) -> None:
        # The heartbeat runs apart from the claims: a start-up claims hundreds of games,
        # one transaction each, and a renewal waiting behind them came after the first
        # leases had expired.
        await asyncio.gather(self._every_beat(self.renew, "the lease renewal"),
                             self._every_beat(self.claim_unheld, "the lease claims"))

    async def _every_beat(self, step: Callable[[], Awaitable[None]], what: str) -> None:
        while True:
            try:
                await step()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; trying again in %.0f s", what, self.beat)
            await asyncio.sleep(self.beat)

    async def tick(self) -> None:
        """One round by hand: renew what is held, then claim what is this process's to take."""
        await self.renew()
        await self.claim_unheld()

    async def renew(self) -> None:
        """Renew every lease held, in one statement; stop the loops of games another
        process took over."""
        # Only the games held before the renewal can be missing from its answer: one
        # claimed while the renewal was on its way (a game started meanwhile) is not in it
        # and is not lost.
        before = set(self.held)
        now = self.wall()
        still = await self.db.renew_leases(self.owner, now, self.ttl)
        for game_id in still:
            self._good_until[game_id] = now + self.ttl
        for game_id in sorted((before - still) & self.held):
            await self._missing(game_id)
        for game_id in sorted(still - before - self.held - self._releasing - self._claiming):
            self._unknown(game_id)

    async def claim_unheld(self) -> None:
        """Claim the games nobody holds that are this process's to take: its shards' at
        once, any other after ``foreign_grace``."""
        try:
            await self._claim_unheld()
        finally:
            self.claimed.set()

    async def _claim_unheld(self) -> None:
        now = self.wall()
        unheld = await self.db.unleased_games(now)
        seen: set[int] = set()
        wanted: dict[int, int] = {}  # game -> its shard
        for game_id, guild_id, _expired_at in unheld:
            seen.add(game_id)
            if game_id in self.held:
                continue
            if not self.sharding.owns(guild_id):
                first = self._unheld_since.setdefault(game_id, now)
                if now - first < self.foreign_grace:
                    continue
            wanted[game_id] = self.sharding.shard_of(guild_id)
        for game_id in list(self._unheld_since):
            if game_id not in seen:
                del self._unheld_since[game_id]
        if not wanted:
            return
        # All at once: a game at a time, a process starting with a thousand games took
        # half a minute to reach the last (each claim a round trip behind its own loops'
        # passes), and the other process, done with its own, took them over meanwhile.
        self._claiming.update(wanted)
        try:
            won = await self.db.claim_leases(wanted, self.owner, now, self.ttl)
        finally:
            self._claiming.difference_update(wanted)
        for game_id in sorted(won):
            self.held.add(game_id)
            self._good_until[game_id] = now + self.ttl
            log.info("game %s: claimed (shard %s)", game_id, wanted[game_id])
            self.start_game(game_id)

    def _unknown(self, game_id: int) -> None:
        """A game the database says this process holds that it did not know it held: a
        claim that committed but whose answer never came back (the connection dropped
        after COMMIT). The renewals would keep it this process's for as long as it
        lives, with no loop here and no other process allowed to take it: it runs here."""
        log.warning("game %s: held here unknown to this process (a claim's answer was lost); starting its loop",
                    game_id)
        self.held.add(game_id)
        self.start_game(game_id)

    async def _missing(self, game_id: int) -> None:
        """A game held here that the renewal did not renew. Its loop stops only if another
        process holds the game now (it runs it, and prompts from the stored state); a
        lease row gone with nobody else holding it (a release crossing a claim) is claimed
        again, or the game would be left to no process at all."""
        if await self.claim(game_id):
            log.info("game %s: its lease was gone with no other holder; claimed again", game_id)
            return
        found = await self.db.lease_owner(game_id)
        log.warning("game %s: the lease was taken over by %s; stopping its loop here", game_id,
                    found[0] if found else "another process")
        self.held.discard(game_id)
        self._good_until.pop(game_id, None)
        self.stop_game(game_id)
