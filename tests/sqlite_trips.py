"""Counting the trips to a SQLite connection's thread: every function aiosqlite hands to
it (a statement, a fetch, closing a cursor, a COMMIT, a whole one-trip transaction), by
name. Each is a hand-over to that thread and back, a turn of the event loop."""
from __future__ import annotations

import contextlib
from collections import Counter
from typing import Callable, Iterator

import aiosqlite.core


@contextlib.contextmanager
def sqlite_trips(counts: Callable[[], bool] = lambda: True) -> Iterator[Counter]:
    """The trips made while inside, those for which ``counts()`` (asked in the task that
    makes the trip) is true."""
    seen: Counter = Counter()
    original = aiosqlite.core.Connection._execute

    async def counted(self, fn, *args, **kwargs):
        if counts():
            seen[getattr(fn, "__name__", repr(fn))] += 1
        return await original(self, fn, *args, **kwargs)

    aiosqlite.core.Connection._execute = counted  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        aiosqlite.core.Connection._execute = original  # type: ignore[method-assign]
