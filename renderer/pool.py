"""Drawing in worker processes, so that many games resolving at once use every core.

A map takes tens of milliseconds of CPU and holds the GIL while Pillow composes it:
drawn in threads, one bot process draws on one core however many it has. A
:class:`RenderPool` sends each drawing to a :class:`~concurrent.futures.ProcessPoolExecutor`
instead. What crosses to a worker is pickled, so it must be the public view (or data
built only from public views, such as a summary card's), never engine state: the
functions sent are the ones of :mod:`renderer.api`, which take view dicts.

* Started lazily: a bot that never draws starts no process.
* Workers are forked from a server process that imported the renderer once
  (``forkserver``), never from the bot itself: forking a process with running threads
  (the database's, the event loop's workers) can copy a held lock into the child.
* A worker that dies (killed, out of memory) breaks the whole executor: it is replaced
  by a new one and the drawing tried once more; if that fails too, :class:`RenderFailed`
  is raised, and the caller posts without the picture rather than stall a game.
* A bot killed outright takes its workers with it: each watches the bot's process and
  exits when it is gone (and the server they were forked from then exits too).
* Workers run at a lower CPU priority (``niceness``, 10 by default): an interaction's
  acknowledgement is due within 3 s and a member waits on it, while a map is posted a
  few milliseconds later unseen. With the workers drawing on every core, the bot's event
  loop otherwise waits for a core at the moments maps are drawn; lowered, they still use
  every idle cycle, so a burst of resolutions draws as fast when nothing else runs.
* ``workers`` 0 or 1 draws in a thread of this process (tests, small servers).
"""
from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
import os
import select
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any, Callable, Sequence, TypeVar

log = logging.getLogger("broadside.render")

T = TypeVar("T")

#: How far below the bot's CPU priority the workers draw (``nice``; 0 to 19).
WORKER_NICENESS = 10

#: Imported once by the server the workers are forked from: the renderer, its fonts and
#: tables, so a new worker (also a replacement) draws at once; and the main module, which
#: multiprocessing otherwise runs again in every worker (its ``__main__`` guard keeps it
#: from starting a bot there). See :func:`main_imports` for what that takes on Python 3.11.
PRELOAD = ("__main__", "renderer.api", "renderer.posts", "renderer.summary")


def main_imports() -> list[str]:
    """The modules the main module imported, or imported names from.

    Each worker runs the main module again (as ``__mp_main__``) unless the server it is
    forked from ran it first, and on Python 3.11 that server never does: it looks for the
    main module's path under a key the preparation data does not use, so ``"__main__"``
    in the preload is dropped silently. Every worker then imported the whole bot anew, 0.3-
    0.5 s of CPU each (measured), and every replacement again. Imported in the server
    instead, once, the main module's run in a worker finds them all loaded and only
    defines its own names."""
    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__file__", None) is None:
        return []
    found = set()
    for value in list(vars(main).values()):
        name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
        if isinstance(name, str) and name not in ("__main__", "__mp_main__", "builtins") and not name.startswith("_"):
            found.add(name)
    return sorted(found)


def _follow(parent: int, niceness: int = 0) -> None:
    """A worker's initializer: the worker runs ``niceness`` steps below the bot's CPU
    priority, and exits when the bot process is gone. A bot killed
    outright (SIGKILL, out of memory) cannot stop its workers, and they would not notice
    by themselves: each holds both ends of its task queue, so it never reads an end of
    file; and while one lives, the server they were forked from lives too."""
    if niceness:
        try:
            os.nice(niceness)
        except OSError:  # not allowed here: draw at the bot's priority
            log.warning("render worker %d: could not lower its priority", os.getpid())
    def watch() -> None:
        try:
            handle = os.pidfd_open(parent)
        except ProcessLookupError:
            os._exit(0)
        except (AttributeError, OSError):  # no pidfd (not Linux 5.3+): look every second
            while _alive(parent):
                time.sleep(1.0)
            os._exit(0)
        select.select([handle], [], [])  # readable once the process has exited
        os._exit(0)
    threading.Thread(target=watch, name="broadside-render-parent", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Drawing:
    """A module-level drawing function named by its path (``"renderer.posts:map_frame"``),
    for :meth:`RenderPool.run`: pickled as that name, and imported where it is called. The
    workers have it preloaded; the bot's process, which only hands drawings to them, then
    never imports the renderer, Pillow and numpy for them (a restart is quicker without)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.__name__ = path.rpartition(":")[2]

    def __call__(self, *args: Any) -> Any:
        module, _, name = self.path.partition(":")
        return getattr(importlib.import_module(module), name)(*args)

    def __repr__(self) -> str:
        return f"Drawing({self.path!r})"


class RenderFailed(RuntimeError):
    """The drawing could not be made: its worker died twice, or the pool is closed."""


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class RenderPool:
    def __init__(self, workers: int | None = None, *, preload: Sequence[str] = PRELOAD,
                 niceness: int = WORKER_NICENESS) -> None:
        self.workers = default_workers() if workers is None else max(0, workers)
        self.niceness = max(0, niceness)
        self.preload = tuple(preload)
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self.replaced = 0  # executors replaced after a worker died (for the logs and tests)

    @property
    def in_thread(self) -> bool:
        return self.workers <= 1

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (in a thread with 0 or 1 workers). ``fn`` and
        ``args`` are pickled: module-level functions and public data only."""
        if self._closed:
            raise RenderFailed("the render pool is closed")
        if self.in_thread:
            return await asyncio.to_thread(fn, *args)
        for attempt in (1, 2):
            executor = self._current()
            try:
                if self._starting(executor):
                    # The first submit starts a worker and waits for the forkserver to
                    # fork it, and so for the server to start and import first: half a
                    # second of CPU. Not on the event loop, which it held that long (a
                    # later worker is forked by the server already running, at once).
                    future = await asyncio.to_thread(executor.submit, fn, *args)
                else:
                    future = executor.submit(fn, *args)
                return await asyncio.wrap_future(future)
            except BrokenProcessPool as exc:
                self._replace(executor)
                if attempt == 2 or self._closed:
                    raise RenderFailed(f"a render worker died twice drawing with {fn.__name__}") from exc
                log.warning("a render worker died; drawing again in a new one")
        raise AssertionError("unreachable")

    def _current(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RenderFailed("the render pool is closed")
        if self._executor is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(list(self.preload) + main_imports())
            self._executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                                 initializer=_follow, initargs=(os.getpid(), self.niceness))
        return self._executor

    @staticmethod
    def _starting(executor: ProcessPoolExecutor) -> bool:
        """Whether the executor has no worker yet (it starts them as submits find none idle)."""
        return not getattr(executor, "_processes", None)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop a broken executor (once, however many drawings it failed); the next
        drawing starts a new one."""
        if self._executor is broken:
            self._executor = None
            self.replaced += 1
            broken.shutdown(wait=False, cancel_futures=True)

    def worker_pids(self) -> list[int]:
        """The live workers' process ids (for tests and the logs)."""
        executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.pid is not None]

    async def close(self) -> None:
        """Stop the workers and wait until they have exited; drawings still queued fail."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)
