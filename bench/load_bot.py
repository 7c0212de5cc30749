"""The bot process of ``bench_load.py``: started by the same ``run`` as ``broadside run``,
configured the same way (``BROADSIDE_*`` variables), with a client that also records what
only the process itself can measure. Not run by hand.

Written to the file named by ``BENCH_REPORT``, one JSON object a line:

* ``{"event": "running", ...}`` as the game loops start (wall-clock times);
* ``{"event": "settled", ...}`` once every game loop has made its first pass after the
  start (wall-clock times of the process start, the client's setup, loops running, settled;
  the process's CPU seconds, all threads, as the setup began and once settled);
* ``{"event": "exit", "lag": [[wall, seconds], ...], "gc": [[wall, generation, seconds, cpu seconds], ...],
  "interactions": [[id, frame, parsed, started, callback, answered], ...]}``
  when the bot has closed (SIGTERM, as a service manager stops it): how late a 10 ms sleep
  woke, sampled all along; every garbage collection's pause (wall clock, and the CPU the
  collecting thread spent: a pause much longer than its CPU is the machine taking the core
  away, not the collector's work); and for each interaction, on the monotonic clock the
  loopback Discord's loop also reads: its gateway frame read by discord.py, the interaction
  parsed, its handler started (the command tree's task, or ``on_interaction`` for a
  component), the first callback's POST begun, and Discord's answer to it received.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.discord.client import Broadside, run  # noqa: E402
from bot.settings import load_settings  # noqa: E402

LAG_TICK = 0.010
REPORT = Path(os.environ["BENCH_REPORT"])


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


class InteractionTimes:
    """Where an interaction's time goes inside the bot, from its gateway frame to its first
    callback, by wrapping the few discord.py functions on that path (before the client is
    made: the gateway's parsers are bound when its state is)."""

    def __init__(self) -> None:
        self.times: dict[int, list[float]] = {}  # id -> [frame, parsed, started, callback, answered]
        self._frame = 0.0

    def install(self) -> None:
        from discord import gateway, state
        from discord.app_commands import tree
        from discord.webhook import async_

        times = self
        received, parse, call = (gateway.DiscordWebSocket.received_message, state.ConnectionState.parse_interaction_create,
                                 tree.CommandTree._call)
        respond = async_.AsyncWebhookAdapter.create_interaction_response

        async def received_message(ws: Any, msg: Any, /) -> None:
            times._frame = time.monotonic()
            await received(ws, msg)

        def parse_interaction_create(st: Any, data: dict[str, Any]) -> None:
            times.times[int(data["id"])] = [times._frame, time.monotonic(), 0.0, 0.0, 0.0]
            parse(st, data)

        async def _call(tr: Any, interaction: Any) -> None:
            times.started(interaction.id)
            await call(tr, interaction)

        def create_interaction_response(adapter: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
            entry = times.times.get(int(interaction_id))
            if entry is not None and not entry[3]:
                entry[3] = time.monotonic()
            sent = respond(adapter, interaction_id, *args, **kwargs)

            async def answered() -> Any:
                try:
                    return await sent
                finally:
                    if entry is not None and not entry[4]:
                        entry[4] = time.monotonic()
            return answered()

        gateway.DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]
        state.ConnectionState.parse_interaction_create = parse_interaction_create  # type: ignore[method-assign]
        tree.CommandTree._call = _call  # type: ignore[method-assign]
        async_.AsyncWebhookAdapter.create_interaction_response = create_interaction_response  # type: ignore

    def started(self, interaction_id: int) -> None:
        entry = self.times.get(interaction_id)
        if entry is not None and not entry[2]:
            entry[2] = time.monotonic()


TIMES = InteractionTimes()


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
        assert self.loops is not None and self.resumed is not None
        await self.resumed  # the games resume beside the gateway's connection
        running = time.time()
        games = len(self.loops.running())
        write({"event": "running", "setup_start": setup_start, "loops_running": running, "games": games})
        # A restart that resolves every game at once (the benchmark's burst) takes a while.
        await self.loops.settle(timeout=900)
        write({"event": "settled", "process_start": PROCESS_START, "setup_start": setup_start,
               "loops_running": running, "settled": time.time(), "games": games,
               "cpu_setup_start": self._cpu_setup_start, "cpu_settled": time.process_time()})

    async def _watch_lag(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_TICK)
            self.lag.append((time.time(), max(0.0, loop.time() - start - LAG_TICK)))

    async def on_interaction(self, interaction: Any) -> None:
        if interaction.type.value == 3:  # a component: its handler is this event
            TIMES.started(interaction.id)
        await super().on_interaction(interaction)

    async def close(self) -> None:
        await super().close()
        if not self._reported:  # closed by SIGTERM, then again as run() ends
            self._reported = True
            write({"event": "exit", "lag": self.lag, "gc": self.pauses.pauses,
                   "interactions": [[k, *v] for k, v in TIMES.times.items()], "calls": CALLS.calls})


def main() -> int:
    """``BENCH_PROFILE=file``: profile the event loop's thread (where the bot's own Python
    work runs; the render workers and database threads are not in it) into ``file``."""
    TIMES.install()
    if os.environ.get("BENCH_CALLS"):
        CALLS.install()
    target = os.environ.get("BENCH_PROFILE")
    if not target:
        return run(load_settings(), MeasuredBroadside)
    import cProfile

    profile = cProfile.Profile()
    profile.enable()
    try:
        return run(load_settings(), MeasuredBroadside)
    finally:
        profile.disable()
        profile.dump_stats(f"{target}.{os.getpid()}")


if __name__ == "__main__":
    raise SystemExit(main())
