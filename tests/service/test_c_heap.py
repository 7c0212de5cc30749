"""The bot's own process gives the C heap's free memory back (bot/c_heap.py)."""
from __future__ import annotations

import subprocess
import sys

import pytest

from bot import c_heap
from bot.c_heap import CHeapKeeper

MIB = 1 << 20


class _Heap:
    def __init__(self) -> None:
        self.free = 0
        self.trims = 0
        self.available = True

    def free_bytes(self) -> int:
        return self.free

    def trim(self) -> None:
        self.trims += 1


def _keeper(monkeypatch: pytest.MonkeyPatch, resident: list[int]) -> tuple[CHeapKeeper, _Heap]:
    heap = _Heap()
    monkeypatch.setattr(c_heap, "resident_bytes", lambda: resident[0])
    return CHeapKeeper(heap, above=16 * MIB), heap  # type: ignore[arg-type]


async def test_a_burst_is_trimmed_as_it_grows_and_once_when_it_is_over(monkeypatch):
    resident = [100 * MIB]
    keeper, heap = _keeper(monkeypatch, resident)
    heap.free = 40 * MIB
    await keeper.keep()  # the first look settles where the process stands
    first = heap.trims
    for size in (105, 110, 121):  # drawing: growing, under the threshold until 121
        resident[0] = size * MIB
        await keeper.keep()
    assert heap.trims == first + 1  # grown by 16 MiB since the last trim
    resident[0] = 126 * MIB
    await keeper.keep()
    assert heap.trims == first + 1  # still changing: the burst goes on
    await keeper.keep()
    assert heap.trims == first + 2  # stopped changing: what the burst left goes back
    for _ in range(5):
        await keeper.keep()
    assert heap.trims == first + 2  # quiet since: nothing more to give back


async def test_nothing_is_trimmed_while_little_of_the_heap_is_free(monkeypatch):
    resident = [100 * MIB]
    keeper, heap = _keeper(monkeypatch, resident)
    heap.free = 2 * MIB  # what the games hold grows; there is nothing to give back
    for size in range(100, 200, 20):
        resident[0] = size * MIB
        await keeper.keep()
        await keeper.keep()
    assert heap.trims == 0


_DRAWINGS_GIVEN_BACK = """
import sys, threading
from bot.c_heap import CHeap, CHeapKeeper, resident_bytes

heap = CHeap()
if not heap.available:
    sys.exit(77)
CHeapKeeper(heap).one_heap()

kept = []
def drawing():
    # An image buffer freed raises malloc's threshold: the next ones come from the heap,
    # and small objects kept between them stop the heap from shrinking by itself.
    first = bytearray(8 << 20)
    del first
    buffers = []
    for _ in range(24):
        buffers.append(bytearray(4 << 20))
        buffers[-1][::4096] = b"x" * len(buffers[-1][::4096])  # touched: resident
        kept.append(bytearray(1024))  # past Python's small-object allocator: malloc's
    del buffers
worker = threading.Thread(target=drawing)
worker.start()
worker.join()
before = resident_bytes()
assert heap.free_bytes() >= 64 << 20, heap.free_bytes()
heap.trim()
print((before - resident_bytes()) >> 20)
"""


def test_memory_a_drawing_thread_freed_goes_back_to_the_system():
    done = subprocess.run([sys.executable, "-c", _DRAWINGS_GIVEN_BACK], capture_output=True, text=True, timeout=60)
    if done.returncode == 77:
        pytest.skip("not glibc")
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 64  # of the 96 MiB drawn and freed


def test_only_the_bot_that_owns_its_process_keeps_the_c_heap(monkeypatch):
    from bot.discord.client import Broadside
    from bot.settings import Settings

    asked: list[bool] = []
    # Not in this process for real: its threads would share one heap from here on.
    monkeypatch.setattr(c_heap.CHeap, "one_heap", lambda self: asked.append(True) or True)
    settings = Settings(_env_file=None, database=":memory:", token="t")
    assert Broadside(settings)._c_heap is None and not asked
    assert isinstance(Broadside(settings, own_process=True)._c_heap, CHeapKeeper)
    assert asked == [True]  # as it is made, before the client starts any thread
