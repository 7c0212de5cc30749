"""Giving the C heap's free memory back to the system, in the bot's process.

Every map drawn allocates image buffers of megabytes and frees them a moment later, in a
worker thread. glibc's malloc serves the first such block with a mapping of its own,
returned on free, but then raises its threshold and serves the next ones from its heaps
(one per thread drawing), where freed memory stays in the process. With 200 games that
was 120-150 MB of free memory in a bot of 260 MB, reached at whatever moment the most
drawings had overlapped; it is what made the load benchmark's memory per game move
between 90 and 240 KiB while what the games hold did not change.

Mapping every large block anew (pinning the threshold) returns it too, but costs every
drawing its page faults: 20 -> 37 ms of CPU a map. So the heaps keep serving the drawings,
but one heap for every thread (:meth:`CHeap.one_heap`: the threads take turns at the GIL
anyway, and a drawing measured the same CPU), so what one drawing frees the next reuses,
whichever thread draws it; and once the process has grown by ``TRIM_ABOVE`` since it last
gave memory back while that much is free, ``malloc_trim`` gives the free pages back (in a
worker thread: it walks the heap). ``malloc_trim`` would not reach the top of a thread's
own heap, only the main one's, which is one more reason for a single heap. A burst of
drawings pays its page faults once, not on every buffer.

Only for a process that is the bot (``broadside run``), and only with glibc (elsewhere
:class:`CHeap` reports nothing free and the keeper does nothing).
"""
from __future__ import annotations

import asyncio
import ctypes
import logging
import os

log = logging.getLogger("broadside.heap")

TRIM_EVERY = 0.5  # seconds between looks
TRIM_ABOVE = 16 << 20  # bytes: growth since the last trim, and free memory, worth a trim
QUIET = 1 << 20  # bytes: a process that grew less than this in a look has stopped growing


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


M_ARENA_MAX = -8  # glibc's mallopt parameter


class CHeap:
    """glibc's malloc: how much of its heaps is free, and giving the free pages back."""

    def __init__(self) -> None:
        try:
            libc = ctypes.CDLL(None)
            self._info, self._trim, self._opt = libc.mallinfo2, libc.malloc_trim, libc.mallopt
        except (OSError, AttributeError):  # not glibc, or older than 2.33
            self._info = self._trim = self._opt = None
            return
        self._info.restype = _MallInfo2
        self._trim.argtypes = (ctypes.c_size_t,)
        self._opt.argtypes = (ctypes.c_int, ctypes.c_int)

    def one_heap(self) -> bool:
        """Threads started from now on allocate from the main heap (not one each)."""
        return self._opt is not None and bool(self._opt(M_ARENA_MAX, 1))

    @property
    def available(self) -> bool:
        return self._info is not None

    def free_bytes(self) -> int:
        """Free memory inside malloc's heaps (pages given back included)."""
        return self._info().fordblks if self._info is not None else 0

    def trim(self) -> None:
        if self._trim is not None:
            self._trim(0)


def resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class CHeapKeeper:
    def __init__(self, heap: CHeap | None = None, *, every: float = TRIM_EVERY, above: int = TRIM_ABOVE) -> None:
        self.heap = heap or CHeap()
        self.every, self.above = every, above
        self.trims = 0
        self._low: int | None = None  # resident size after the last trim
        self._last: int | None = None  # resident size at the last look
        self._settling = False  # changed since the last trim: trim once it stops
        self._task: asyncio.Task[None] | None = None

    def one_heap(self) -> None:
        """Before the process starts any thread (the resolver's, the database's, the
        drawings'): a thread keeps the heap it first allocated from."""
        self.heap.one_heap()

    def start(self) -> None:
        if self.heap.available:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            await self.keep()

    async def keep(self) -> None:
        """One look: trim if at least ``above`` of the heap is free and either the process
        grew by ``above`` since the last trim (a burst of drawings under way) or it has
        just stopped changing (a burst is over: what it left is given back, once)."""
        resident = resident_bytes()
        changed = self._last is None or abs(resident - self._last) >= QUIET
        self._last = resident
        if changed:
            self._settling = True
        burst = self._low is None or resident - self._low >= self.above
        if not (burst or (self._settling and not changed)):
            return
        self._settling = False
        if self.heap.free_bytes() >= self.above:
            await asyncio.to_thread(self.heap.trim)
            self.trims += 1
            log.debug("C heap trimmed: resident %d -> %d MiB", resident >> 20, resident_bytes() >> 20)
        self._low = self._last = resident_bytes()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
