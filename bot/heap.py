"""Keeping the garbage collector's full collections short in the bot's process.

A full collection walks every tracked object and stops the event loop meanwhile: with 200
games in play, 100-250 ms each, several times a minute while games are opened. Almost
everything the bot keeps is long-lived (modules, commands, every game's state, the rows
the database remembers), so whatever survives a full collection is set aside
(``gc.freeze``) and later collections walk only what is newer. Frozen objects are still
freed by reference counting; only garbage *cycles* among them wait (an interaction in
flight during a collection holds a few: discord.py's interaction and its response point at
each other), so every half hour everything is thawed and collected once, at the price of
one long pause: at most a few tens of MB wait, and one slow answer in thirty minutes.

Only for a process that is the bot (``broadside run``): tests and the demo share their
process with other things and leave the collector alone.
"""
from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger("broadside.heap")

THAW_EVERY = 1800.0  # seconds between full collections of everything


class HeapKeeper:
    def __init__(self, *, thaw_every: float = THAW_EVERY) -> None:
        self.thaw_every = thaw_every
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self, settled: Callable[[], Awaitable[Any]]) -> None:
        """Settle the heap once ``settled()`` returns (the resumed games loaded), then keep it."""
        self._loop = asyncio.get_running_loop()
        self._task = self._loop.create_task(self._run(settled))

    async def _run(self, settled: Callable[[], Awaitable[Any]]) -> None:
        try:
            await settled()
        except TimeoutError:
            pass  # busy loops are no reason not to settle the heap
        gc.callbacks.append(self._after_collection)
        try:
            while True:
                self.settle()
                await asyncio.sleep(self.thaw_every)
                gc.unfreeze()
        finally:
            gc.callbacks.remove(self._after_collection)

    def settle(self) -> None:
        gc.collect()
        gc.freeze()
        log.info("%d objects set aside from garbage collection", gc.get_freeze_count())

    def _after_collection(self, phase: str, info: dict[str, Any]) -> None:
        # May run in any thread (a drawing in a worker allocates too); freeze from the loop.
        if phase == "stop" and info.get("generation") == 2 and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(gc.freeze)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
