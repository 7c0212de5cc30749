"""Time, injected: the real clock in production, a hand-wound one in tests.

The game loop never calls ``time`` or ``asyncio.sleep`` itself; it asks the clock
for the time and to wait until a moment or until it is woken, whichever is first.
"""
from __future__ import annotations

import asyncio
import math
import time
from typing import Protocol


class Waker:
    """How a sleeping game loop is woken: an order arrived, the host acted, time passed.

    ``requested`` counts wake-ups asked for and ``handled`` the ones the loop has
    caught up with, so a test can tell a loop that is idle from one about to run.
    """

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.requested = 0
        self.handled = 0
        self.sleeping = False

    def poke(self) -> None:
        self.requested += 1
        self.event.set()

    @property
    def idle(self) -> bool:
        return self.sleeping and self.handled == self.requested


class Clock(Protocol):
    def now(self) -> float:
        """Unix seconds."""

    async def wait(self, until: float, waker: Waker) -> None:
        """Return at ``until`` (unix seconds; ``math.inf`` = never) or when ``waker`` is poked."""


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def wait(self, until: float, waker: Waker) -> None:
        timeout = None if math.isinf(until) else max(0.0, until - self.now())
        try:
            await asyncio.wait_for(waker.event.wait(), timeout)
        except TimeoutError:
            pass


class FakeClock:
    """A clock that moves only when a test calls :meth:`advance` (time passes) or
    :meth:`jump` (the wall clock is set, as by NTP or a person).

    Like :class:`SystemClock`, a wait is timed on a monotonic clock: it is converted
    to a duration when it starts, so a jump of the wall clock does not end it."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = float(start)
        self._elapsed = 0.0  # the monotonic clock: only advance() moves it
        self._sleepers: dict[Waker, float] = {}

    def now(self) -> float:
        return self._now

    async def wait(self, until: float, waker: Waker) -> None:
        self._sleepers[waker] = self._elapsed + (until - self._now)
        try:
            while self._elapsed < self._sleepers[waker] and not waker.event.is_set():
                await waker.event.wait()
        finally:
            self._sleepers.pop(waker, None)

    def advance(self, seconds: float) -> None:
        self._now += seconds
        self._elapsed += seconds
        for waker, until in list(self._sleepers.items()):
            if until <= self._elapsed:
                waker.poke()

    def jump(self, seconds: float) -> None:
        """The wall clock moves by ``seconds``; sleepers keep sleeping, as real timers do."""
        self._now += seconds
