"""How many game loops make a pass at once: a bound that gives way to the members.

A pass (:class:`bot.loop.GameLoop`) resolves a phase and tells it. Its waits (the
database, a render worker, Discord's answers) overlap other passes', which is what lets
one process resolve hundreds of phases a second against Discord's 50-150 ms a request.
Its Python runs on the event loop, and a member's click that arrives meanwhile is read
and acknowledged only after whatever the loop already had to run. While the loop is
mostly idle (waiting on Discord), that is next to nothing; once its thread is busy for a
large share of the time (many phases resolving while their players click), every turn is
long and a click waits several of them.

So the bound moves. :class:`PassGate` lets in up to ``most`` passes while the event
loop's thread has time to spare, and fewer, down to ``fewest``, while it is busy more
than ``busy`` of the time. It measures that itself, every ``every`` seconds while passes
run: the CPU time of the loop's thread over the wall time since its last look. Over the
share the bound drops by a quarter; under 60 % of it, it rises by one. A loop that waits
on Discord stays under it, so every pass runs. A loop with no time to spare works
through fewer phases at once and reads the clicks first; when the loop itself is what
limits how many phases resolve a second, that costs them little (bench/README.md,
"Passes that give way").
"""
from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import Any, Callable

#: The least the bound goes down to: two passes still overlap one's wait for a render
#: worker or the database with the other's Python.
FEWEST = 2
#: The share of the time the event loop's thread may be busy before the bound drops.
#: Measured (bench_load.py, 150 interactions a second on 2 cores): 0.3 and 0.4 gave the
#: acknowledgements the same tail, some 4 ms at p99 against 7 with 16 passes always.
BUSY = 0.4
#: Seconds between two looks at the loop while passes run.
EVERY = 0.02


class PassGate:
    """An async context manager like :class:`asyncio.Semaphore`, whose bound
    (``limit``) moves between ``fewest`` and ``most`` with how busy the loop's thread is.
    Waiting passes are let in first come, first served. ``cpu`` is the loop thread's CPU
    clock (read on that thread), ``clock`` the wall clock."""

    def __init__(self, most: int, *, fewest: int = FEWEST, busy: float = BUSY, every: float = EVERY,
                 clock: Callable[[], float] = time.perf_counter, cpu: Callable[[], float] = time.thread_time) -> None:
        if most < 1:
            raise ValueError("a gate lets in at least one pass")
        self.most = most
        self.fewest = max(1, min(fewest, most))
        self.limit = most
        self.busy, self.every = busy, every
        self.clock, self.cpu = clock, cpu
        self.running = 0
        #: How far the bound went down so far, and how many times it dropped.
        self.lowest = most
        self.drops = 0
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._watch: asyncio.Task[None] | None = None

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, *exc: Any) -> None:
        self.release()

    async def acquire(self) -> None:
        if self.running < self.limit and not self._waiters:
            self.running += 1
        else:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self.release()  # let in, then cancelled before it ran: the place goes on
                elif waiter in self._waiters:  # (a cancelled one may be passed over already)
                    self._waiters.remove(waiter)
                raise
        self._watching()

    def release(self) -> None:
        self.running -= 1
        self._let_in()

    def observe(self, busy: float) -> None:
        """One look at the loop: its thread was busy ``busy`` of the time (0-1)."""
        if busy > self.busy:
            lowered = max(self.fewest, self.limit * 3 // 4)
            if lowered < self.limit:
                self.limit = lowered
                self.drops += 1
                self.lowest = min(self.lowest, lowered)
        elif busy < self.busy * 0.6 and self.limit < self.most:
            self.limit += 1
            self._let_in()

    def _let_in(self) -> None:
        while self._waiters and self.running < self.limit:
            waiter = self._waiters.popleft()
            if not waiter.done():
                self.running += 1
                waiter.set_result(None)

    def _watching(self) -> None:
        if self._watch is None or self._watch.done():
            self._watch = asyncio.get_running_loop().create_task(self._look())

    async def _look(self) -> None:
        """While passes run or wait: every ``every`` seconds, the share of the time since
        the last look that the loop's thread spent working."""
        cpu, wall = self.cpu(), self.clock()
        while self.running or self._waiters:
            await asyncio.sleep(self.every)
            cpu_now, wall_now = self.cpu(), self.clock()
            self.observe((cpu_now - cpu) / max(wall_now - wall, 1e-9))
            cpu, wall = cpu_now, wall_now

    def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
