"""The bot's own process keeps full garbage collections short (bot/heap.py)."""
from __future__ import annotations

import asyncio
import gc
import weakref

from bot.heap import HeapKeeper


async def test_the_heap_is_set_aside_once_settled_and_after_every_full_collection():
    keeper = HeapKeeper(thaw_every=3600)
    released = asyncio.Event()
    try:
        keeper.start(released.wait)
        await asyncio.sleep(0)
        assert gc.get_freeze_count() == 0  # not before the games have loaded
        released.set()
        await asyncio.sleep(0.01)
        assert gc.get_freeze_count() > 0
        young = [[] for _ in range(1000)]  # new objects, not frozen yet
        frozen = gc.get_freeze_count()
        gc.collect()  # a full collection...
        await asyncio.sleep(0.01)
        assert gc.get_freeze_count() >= frozen + len(young)  # ...sets its survivors aside
    finally:
        keeper.stop()
        await asyncio.sleep(0)
        gc.unfreeze()
    assert keeper._after_collection not in gc.callbacks


class _Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


async def test_a_frozen_garbage_cycle_is_freed_at_the_next_thaw():
    keeper = HeapKeeper(thaw_every=0.05)
    try:
        keeper.start(lambda: asyncio.sleep(0))
        await asyncio.sleep(0.01)
        node = _Node()
        gone = weakref.ref(node)
        gc.freeze()
        del node
        gc.collect()
        assert gone() is not None  # frozen: full collections pass it by
        await asyncio.sleep(0.2)  # a thaw and a collection of everything
        assert gone() is None
    finally:
        keeper.stop()
        await asyncio.sleep(0)
        gc.unfreeze()

