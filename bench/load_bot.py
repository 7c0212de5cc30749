"""The bot process of ``bench_load.py``: started by the same ``run`` as ``broadside run``,
configured the same way (``BROADSIDE_*`` variables), with a client that also records what
only the process itself can measure. Not run by hand.

Written to the file named by ``BENCH_REPORT``, one JSON object a line:

* ``{"event": "running", ...}`` as the game loops start (wall-clock times);
* ``{"event": "settled", ...}`` once every game loop has made its first pass after the
  start (wall-clock times of the process start, the client's setup, loops running, settled;
  the process's CPU seconds, all threads, as the setup began and once settled; with
  ``BENCH_MODULES`` set, the modules imported by then);
* ``{"event": "exit", "lag": [[wall, seconds], ...], "gc": [[wall, generation, seconds, cpu seconds], ...],
  "acks": [[kind, wall, seconds, seconds], ...], "interactions": [[id, frame, parsed, started,
  callback, answered], ...], ...}`` when the bot has closed (SIGTERM, as a service manager
  stops it): how late a 10 ms sleep woke, sampled all along; every garbage collection's pause
  (wall clock, and the CPU the collecting thread spent: a pause much longer than its CPU is
  the machine taking the core away, not the collector's work); every interaction's
  acknowledgement as the process saw it and its marks on the monotonic clock the loopback
  Discord's loop also reads (``bench/ack_probe.py``); the trips to SQLite's thread; and,
  with ``BENCH_CALLS`` set, how long the awaits a handler may wait on took.

``BENCH_CODE=<checkout>`` runs the bot of another checkout of the project (the old code,
say, with its own interpreter) under this same launcher and probe, so that two versions
are measured the same way.
"""
from __future__ import annotations

import time

PROCESS_START = time.time()  # before the imports: a restart pays for them too

import asyncio  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, os.environ.get("BENCH_CODE") or str(BENCH.parent))
sys.path.insert(1, str(BENCH))

from ack_probe import AckProbe  # noqa: E402
from bot.discord.client import Broadside, run  # noqa: E402
from bot.settings import load_settings  # noqa: E402

LAG_TICK = 0.010
REPORT = Path(os.environ["BENCH_REPORT"])
PROBE = AckProbe().install()


def write(entry: dict[str, Any]) -> None:
    with REPORT.open("a") as f:
        f.write(json.dumps(entry) + "\n")


class GcPauses:
    def __init__(self) -> None:
        self.pauses: list[tuple[float, int, float, float]] = []
        self._start = 0.0
        self._cpu = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            self._cpu = time.thread_time()
        else:
            self.pauses.append((time.time(), info["generation"], time.perf_counter() - self._start,
                                time.thread_time() - self._cpu))


class CallTimes:
    """How long the awaits an interaction's handler may wait on took (wall clock, waiting
    included, which a profile of the loop's thread does not show), when ``BENCH_CALLS``
    is set: ``{"name": [[wall at the end, seconds], ...]}``."""

    NAMES = ("bot.service:GameService.find_game", "bot.service:GameService.my_pending",
             "bot.service:GameService.my_forms", "bot.service:GameService._current_runtime",
             "bot.service:GameService._forms_of", "bot.service:GameService.standing_board",
             "db:Database._read")

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[float, float]]] = {}

    def install(self) -> None:
        import importlib

        for name in self.NAMES:
            module, _, attr = name.partition(":")
            owner_name, _, method = attr.partition(".")
            owner = getattr(importlib.import_module(module), owner_name)
            original = getattr(owner, method, None)
            if original is not None:
                setattr(owner, method, self._timed(attr, original))

    def _timed(self, name: str, original: Any) -> Any:
        calls = self.calls.setdefault(name, [])

        async def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                calls.append((time.time(), time.perf_counter() - start))
        return timed


CALLS = CallTimes()


class MeasuredBroadside(Broadside):
    """The production client, with the measurements; started by the same ``run``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lag: list[tuple[float, float]] = []
        self.pauses = GcPauses()
        self._reported = False

    async def setup_hook(self) -> None:
        setup_start = time.time()
        self._cpu_setup_start = time.process_time()  # every thread of the process
        gc.callbacks.append(self.pauses)
        await super().setup_hook()
        loop = asyncio.get_running_loop()
        loop.create_task(self._watch_lag())
        loop.create_task(self._first_pass(setup_start, time.time()))

    async def _first_pass(self, setup_start: float, running: float) -> None:
        assert self.loops is not None
        resumed = getattr(self, "resumed", None)  # the old code claims its games within the setup
        if resumed is not None:
            await resumed  # the games resume beside the gateway's connection
        running = time.time()
        games = len(self.loops.running())
        write({"event": "running", "setup_start": setup_start, "loops_running": running, "games": games})
        # A restart that resolves every game at once (the benchmark's burst) takes a while.
        await self.loops.settle(timeout=900)
        write({"event": "settled", "process_start": PROCESS_START, "setup_start": setup_start,
               "loops_running": running, "settled": time.time(), "games": games,
               "cpu_setup_start": self._cpu_setup_start, "cpu_settled": time.process_time(),
               # what the process had imported by then (BENCH_MODULES set): a start's imports
               **({"modules": sorted(sys.modules)} if os.environ.get("BENCH_MODULES") else {})})

    async def _watch_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_TICK)
            self.lag.append((time.time(), max(0.0, loop.time() - start - LAG_TICK)))

    async def on_interaction(self, interaction: Any) -> None:
        if interaction.type.value == 3:  # a component: its handler is this event
            PROBE.started(interaction.id)
        handler = getattr(super(), "on_interaction", None)
        if handler is not None:
            await handler(interaction)

    async def close(self) -> None:
        await super().close()
        if not self._reported:  # closed by SIGTERM, then again as run() ends
            self._reported = True
            write({"event": "exit", "lag": self.lag, "gc": self.pauses.pauses, "acks": PROBE.samples,
                   "interactions": [[k, *v] for k, v in PROBE.times.items()], "database": PROBE.database,
                   "trips": PROBE.trips, "calls": CALLS.calls})


def trace_memory() -> None:
    """``BENCH_TRACEMALLOC=frames``: trace the Python heap from the start, and on each
    SIGUSR1 write a snapshot (after a full collection) to ``BENCH_REPORT.N.snap`` for
    ``bench/memory_diff.py``: what the games opened between two snapshots hold."""
    frames = os.environ.get("BENCH_TRACEMALLOC")
    if not frames:
        return
    import signal
    import tracemalloc

    tracemalloc.start(int(frames))
    taken = [0]

    def snapshot(*_: Any) -> None:
        gc.collect()
        taken[0] += 1
        target = f"{REPORT}.{taken[0]}.snap"
        tracemalloc.take_snapshot().dump(target + ".part")
        os.rename(target + ".part", target)  # whole when the benchmark sees it

    signal.signal(signal.SIGUSR1, snapshot)


def main() -> int:
    """``BENCH_PROFILE=file``: profile the event loop's thread (where the bot's own Python
    work runs; the render workers and database threads are not in it) into ``file``;
    with ``BENCH_PROFILE_FROM=round``, from the round of play on."""
    if os.environ.get("BENCH_CALLS"):
        CALLS.install()
    trace_memory()
    target = os.environ.get("BENCH_PROFILE")
    if not target:
        return run(load_settings(), MeasuredBroadside)
    import cProfile

    profile = cProfile.Profile()
    if os.environ.get("BENCH_PROFILE_FROM") == "round":
        # From the round of play on (bench_load.py sends SIGUSR2 as it starts), not the
        # games' opening: a signal handler runs in the main thread, the event loop's.
        import signal
        signal.signal(signal.SIGUSR2, lambda *_: profile.enable())
    else:
        profile.enable()
    try:
        return run(load_settings(), MeasuredBroadside)
    finally:
        profile.disable()
        profile.dump_stats(f"{target}.{os.getpid()}")


if __name__ == "__main__":
    raise SystemExit(main())
