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

The C heap has a high-water mark of its own: every map drawn allocates a few image
buffers of megabytes and frees them a moment later. glibc's malloc serves the first such
block with its own mapping, returned to the system on free, but then raises its threshold
and serves the next ones from its heaps, where a freed block stays in the process. With
a few drawings at once in worker threads (each thread its own heap) that was 120-150 MB
of free memory kept by a 260 MB bot with 200 games, reached at whatever moment the most
drawings overlapped: it is what made the load benchmark's memory per game move between
90 and 240 KiB with what the games hold unchanged. :func:`return_large_blocks` pins the
threshold, so large blocks always come and go as mappings.
"""
from __future__ import annotations

import asyncio
import ctypes
import gc
import logging
from typing import Any, Awaitable, Callable

log = logging.getLogger("broadside.heap")

THAW_EVERY = 1800.0  # seconds between full collections of everything

# glibc's mallopt parameter, and its initial (dynamic) value, kept fixed from then on:
# objects of Python and rows stay far below it, image buffers far above.
M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 128 * 1024


def return_large_blocks() -> bool:
    """Blocks of ``LARGE_BLOCK`` bytes and more are mapped on their own and returned to
    the system when freed, for the rest of the process. False where the C library has no
    such setting (not glibc)."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))


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
