"""The bound on game loops in a pass at once gives way while the event loop's thread is
busy (bot/pass_gate.py), and otherwise behaves as a semaphore: first come, first served,
no place lost to a cancelled pass."""
from __future__ import annotations

import asyncio
import time

import pytest

from bot.pass_gate import PassGate


async def _hold(gate: PassGate, name: str, order: list[str], release: asyncio.Event) -> None:
    async with gate:
        order.append(name)
        await release.wait()


async def test_no_more_than_the_limit_run_and_the_waiting_go_in_their_order():
    gate = PassGate(2, every=60)
    order: list[str] = []
    release = asyncio.Event()
    tasks = [asyncio.create_task(_hold(gate, n, order, release)) for n in "abcde"]
    await asyncio.sleep(0.01)
    assert order == ["a", "b"] and gate.running == 2
    release.set()
    await asyncio.gather(*tasks)
    assert order == list("abcde") and gate.running == 0
    gate.close()


def test_a_busy_loop_lowers_the_bound_by_a_quarter_down_to_the_fewest():
    gate = PassGate(16, fewest=2, busy=0.4)
    bounds = []
    for _ in range(8):
        gate.observe(0.9)
        bounds.append(gate.limit)
    assert bounds == [12, 9, 6, 4, 3, 2, 2, 2]
    assert gate.lowest == 2 and gate.drops == 6
    gate.observe(0.3)  # under the share, over 60 % of it: the bound stays
    assert gate.limit == 2
    gate.observe(0.1)
    assert gate.limit == 3


async def test_a_quick_turn_raises_the_bound_and_lets_a_waiting_pass_in():
    gate = PassGate(4, fewest=1, busy=0.4, every=60)
    for _ in range(6):
        gate.observe(1.0)
    assert gate.limit == 1
    order: list[str] = []
    release = asyncio.Event()
    tasks = [asyncio.create_task(_hold(gate, n, order, release)) for n in "ab"]
    await asyncio.sleep(0.01)
    assert order == ["a"]
    gate.observe(0.0)
    await asyncio.sleep(0)
    assert order == ["a", "b"] and gate.limit == 2
    release.set()
    await asyncio.gather(*tasks)
    gate.close()


async def test_a_pass_cancelled_while_it_waits_takes_no_place():
    gate = PassGate(1, every=60)
    order: list[str] = []
    release = asyncio.Event()
    first = asyncio.create_task(_hold(gate, "a", order, release))
    waiting = asyncio.create_task(_hold(gate, "b", order, release))
    third = asyncio.create_task(_hold(gate, "c", order, release))
    await asyncio.sleep(0.01)
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    release.set()
    await asyncio.gather(first, third)
    assert order == ["a", "c"] and gate.running == 0
    gate.close()


@pytest.mark.parametrize("cancelled_first", [False, True], ids=["let-in-then-cancelled", "cancelled-then-passed-over"])
async def test_a_pass_cancelled_as_its_place_comes_hands_it_on(cancelled_first):
    """A waiting pass let in and cancelled before it ran gives its place to the next;
    one cancelled first and a place freed in the same turn is passed over. Either way
    the cancelled pass ends cancelled and the next one runs."""
    gate = PassGate(1, every=60)
    order: list[str] = []
    release = asyncio.Event()
    await gate.acquire()  # the one place, held here
    second = asyncio.create_task(_hold(gate, "b", order, release))
    third = asyncio.create_task(_hold(gate, "c", order, release))
    await asyncio.sleep(0.01)
    if cancelled_first:
        second.cancel()
        gate.release()
    else:
        gate.release()
        second.cancel()
    done = await asyncio.gather(second, return_exceptions=True)
    assert isinstance(done[0], asyncio.CancelledError)
    await asyncio.sleep(0.01)
    assert order == ["c"] and gate.running == 1
    release.set()
    await third
    assert gate.running == 0
    gate.close()


async def test_a_busy_loop_lowers_the_bound_while_passes_run_and_it_comes_back_after():
    """Callbacks that keep the loop's thread computing make it busy nearly all the time:
    the gate's own looks find it so and let fewer passes in. Once the loop is quiet the
    bound climbs back to the most."""
    gate = PassGate(16, fewest=2, busy=0.4, every=0.01)
    release = asyncio.Event()
    passes = [asyncio.create_task(_hold(gate, str(n), [], release)) for n in range(20)]
    loop = asyncio.get_running_loop()
    busy = True

    def compute() -> None:
        end = time.perf_counter() + 0.004
        while time.perf_counter() < end:
            pass
        if busy:
            loop.call_soon(compute)

    loop.call_soon(compute)
    await asyncio.sleep(0.3)
    busy = False
    assert gate.lowest == 2, (gate.lowest, gate.limit)
    await asyncio.sleep(0.5)
    assert gate.limit == 16
    release.set()
    await asyncio.gather(*passes)


async def test_the_loop_is_measured_by_its_threads_cpu_over_the_wall_clock():
    """Each look is the CPU the loop's thread spent since the last one over the time
    gone by (here both clocks are the test's: 10 ms pass between two looks)."""
    cpu_readings = iter([0.0, 0.005, 0.006, 0.015])
    wall = [0.0]

    def clock() -> float:
        wall[0] += 0.010
        return wall[0]
    gate = PassGate(8, busy=0.4, every=0, clock=clock, cpu=lambda: next(cpu_readings, 0.015))
    seen: list[float] = []
    gate.observe = seen.append  # type: ignore[method-assign]
    async with gate:
        while len(seen) < 3:
            await asyncio.sleep(0)
    assert [round(x, 3) for x in seen[:3]] == [0.5, 0.1, 0.9]
    gate.close()


async def test_the_gate_stops_looking_once_no_pass_runs():
    gate = PassGate(4, every=0.001)
    async with gate:
        await asyncio.sleep(0.01)
        assert gate._watch is not None and not gate._watch.done()
    await asyncio.sleep(0.02)
    assert gate._watch.done()


def test_a_gate_lets_in_at_least_one_pass():
    with pytest.raises(ValueError):
        PassGate(0)
    assert PassGate(3, fewest=8).fewest == 3
