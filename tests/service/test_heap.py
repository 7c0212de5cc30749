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


# Run in a child process: the setting is the process's for good.
_MAPPED_AFTER_A_FREE = """
import ctypes, sys
from bot.heap import return_large_blocks

class Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
if not hasattr(libc, "mallinfo2"):
    sys.exit(77)
libc.mallinfo2.restype = Info
if sys.argv[1] == "pinned":
    assert return_large_blocks()
elif sys.argv[1] == "bot":  # the client as `broadside run` makes it
    from bot.discord.client import Broadside
    from bot.settings import Settings
    Broadside(Settings(_env_file=None, database=":memory:", token="t"), own_process=True)
elif sys.argv[1] == "guest":  # a client sharing its process (tests, the demo)
    from bot.discord.client import Broadside
    from bot.settings import Settings
    Broadside(Settings(_env_file=None, database=":memory:", token="t"))
size = 4 << 20  # an image buffer of a 1280 px map is about this big
first = bytearray(size)
del first  # glibc raises its threshold past this size here, unless pinned
before = libc.mallinfo2().hblkhd
second = bytearray(size)
print(libc.mallinfo2().hblkhd - before >= size)
"""


def _second_block_mapped(mode: str) -> bool:
    import subprocess
    import sys

    import pytest

    done = subprocess.run([sys.executable, "-c", _MAPPED_AFTER_A_FREE, mode], capture_output=True, text=True,
                          timeout=60)
    if done.returncode == 77:
        pytest.skip("not glibc")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip() == "True"


def test_the_bots_process_returns_every_large_block_it_frees():
    # A freed image buffer served from the heap stays in the process: pinned, every one
    # is its own mapping, the second as the first.
    assert _second_block_mapped("pinned")


def test_without_the_setting_the_second_large_block_comes_from_the_heap():
    # What return_large_blocks is for: if this stops holding, the setting is moot.
    assert not _second_block_mapped("default")


def test_the_bot_that_owns_its_process_pins_the_setting_and_a_guest_does_not():
    assert _second_block_mapped("bot")
    assert not _second_block_mapped("guest")
