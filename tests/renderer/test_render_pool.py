"""The render pool: the loop's pictures drawn in worker processes are the same bytes as
drawn in a thread, a worker that dies is replaced (the picture drawn again), a picture
that cannot be drawn fails rather than hangs, and closing leaves no process behind."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.discord.pictures import LoopPictures
from renderer.pool import RenderFailed, RenderPool

ROOT = Path(__file__).resolve().parents[2]


def _alive(pid: int) -> bool:
    """Running (a zombie, exited but not yet reaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone before or while its file was read
        return False


async def _frames(pictures: LoopPictures, views: list[dict]) -> list[bytes]:
    draw = pictures.map_maker()
    return [(await draw(view, "it"))[0] for view in views]


@pytest.fixture
async def pool():
    made = RenderPool(2)
    yield made
    await made.close()


async def test_maps_drawn_in_the_pool_are_the_bytes_drawn_in_a_thread(pool, squadron_views):
    views = squadron_views[:12:4]  # the map's scale is carried from frame to frame
    pooled = await _frames(LoopPictures(pool), views)
    assert pool.worker_pids() and os.getpid() not in pool.worker_pids()
    assert await pool.run(os.getpid) in pool.worker_pids()
    in_thread = await _frames(LoopPictures(RenderPool(0)), views)
    assert pooled == in_thread and len(set(pooled)) == len(views)


async def test_a_killed_worker_is_replaced_and_the_picture_drawn_again(pool, squadron_views):
    pictures = LoopPictures(pool)
    expected = await LoopPictures(RenderPool(0)).replay(squadron_views[:40])
    await pool.run(os.getpid)  # the workers are up
    drawing = asyncio.ensure_future(pictures.replay(squadron_views[:40]))
    await asyncio.sleep(0.3)  # the replay is being drawn
    assert not drawing.done()
    victims = pool.worker_pids()
    for pid in victims:
        os.kill(pid, signal.SIGKILL)
    assert await asyncio.wait_for(drawing, 120) == expected
    assert pool.replaced == 1 and not set(victims) & set(pool.worker_pids())


async def test_a_picture_whose_worker_dies_twice_fails_and_the_pool_goes_on(pool, squadron_views):
    with pytest.raises(RenderFailed):
        await asyncio.wait_for(pool.run(os._exit, 3), 60)
    assert pool.replaced == 2
    png, alt = await LoopPictures(pool).map_maker()(squadron_views[0], "en")
    assert png.startswith(b"\x89PNG") and alt


async def test_closing_stops_every_worker(squadron_views):
    pool = RenderPool(2)
    await asyncio.gather(*(LoopPictures(pool).map_maker()(view, "en") for view in squadron_views[:4]))
    workers = pool.worker_pids()
    assert workers
    await pool.close()
    assert not [pid for pid in workers if _alive(pid)]
    with pytest.raises(RenderFailed):
        await pool.run(os.getpid)


@pytest.mark.parametrize("end", ["closed", "killed"])
def test_a_bot_process_leaves_no_process_behind(end):
    """Every process the pool started (workers, and the server they are forked from) is
    gone once the bot's process has exited: after closing the pool, or killed (SIGKILL)
    with the pool running."""
    script = textwrap.dedent("""
        import asyncio, os, sys, time
        from renderer.pool import RenderPool

        async def main():
            pool = RenderPool(2)
            await asyncio.gather(*(pool.run(os.getpid) for _ in range(8)))
            print(*pool.worker_pids(), flush=True)
            if sys.argv[1] == "closed":
                await pool.close()
            mine = [d for d in os.listdir("/proc") if d.isdigit() and _parent(d) == os.getpid()]
            print(*mine, flush=True)
            if sys.argv[1] == "killed":
                time.sleep(60)

        def _parent(pid):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    return int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                return None

        if __name__ == "__main__":
            asyncio.run(main())
    """)
    bot = subprocess.Popen([sys.executable, "-c", script, end], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert bot.stdout is not None
    workers = [int(p) for p in bot.stdout.readline().split()]
    helpers = [int(p) for p in bot.stdout.readline().split()]
    if end == "killed":
        assert all(_alive(p) for p in workers + helpers)
        bot.kill()
    assert bot.wait(60) == (0 if end == "closed" else -signal.SIGKILL), bot.stderr.read() if bot.stderr else ""
    assert workers and helpers
    limit = time.monotonic() + 10
    while [p for p in workers + helpers if _alive(p)] and time.monotonic() < limit:
        time.sleep(0.1)
    assert not [p for p in workers + helpers if _alive(p)]


async def test_maps_and_replays_asked_for_are_drawn_in_the_pool_as_in_a_thread(pool, squadron_views):
    """/map and /replay draw in the bot's pool: the same pictures as in a thread."""
    from bot.discord.pictures import map_png, replay_gif

    view = squadron_views[5]
    ship = str(view["ships"][0]["id"])
    assert await map_png(view, focus=ship, lang="it", pool=pool) == await map_png(view, focus=ship, lang="it")
    assert await replay_gif(squadron_views[:6], 10 * 2**20, pool=pool) == await replay_gif(squadron_views[:6], 10 * 2**20)
    assert pool.worker_pids()


def test_the_workers_do_not_import_the_main_modules_imports_again(tmp_path):
    """Each worker runs the bot's main module again; what that module imports must come
    from the server the workers are forked from, imported there once, not anew in every
    worker (the whole bot, 0.3-0.5 s of CPU each, on Python 3.11)."""
    (tmp_path / "heavy.py").write_text(textwrap.dedent("""
        import os
        with open(os.environ["IMPORTED_BY"], "a") as f:
            f.write(f"{os.getpid()}\\n")
    """))
    script = tmp_path / "bot_main.py"
    script.write_text(textwrap.dedent(f"""
        import asyncio, os, sys
        sys.path[:0] = [{str(tmp_path)!r}, {str(ROOT)!r}]
        import heavy
        from renderer.pool import RenderPool

        async def main():
            pool = RenderPool(2)
            pids = set(await asyncio.gather(*(pool.run(os.getpid) for _ in range(8))))
            await pool.close()
            print(" ".join(map(str, sorted(pids))))

        if __name__ == "__main__":
            asyncio.run(main())
    """))
    imported_by = tmp_path / "imported_by"
    # Importable as an installed package is (the server the workers are forked from does
    # not take the main process's sys.path on Python 3.11).
    env = {**os.environ, "IMPORTED_BY": str(imported_by),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    workers = {int(p) for p in done.stdout.split()}
    importers = {int(p) for p in imported_by.read_text().split()}
    assert workers and not workers & importers, (workers, importers)


async def test_starting_the_workers_does_not_hold_the_event_loop(monkeypatch):
    """The first submit starts a worker and waits until the forkserver has forked it, so
    until the server has started and imported the renderer and the main module's imports
    (half a second of CPU); made on the event loop, it held every interaction that long in
    a burst. Once a worker runs, a submit is made on the loop (the server forks at once)."""
    import threading
    from concurrent.futures import ProcessPoolExecutor

    seen = []
    real = ProcessPoolExecutor.submit

    def submit(self, *args, **kwargs):
        seen.append((threading.current_thread() is threading.main_thread(), len(self._processes)))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    made = RenderPool(2)
    try:
        for _ in range(4):
            await made.run(os.getpid)
    finally:
        await made.close()
    assert threading.current_thread() is threading.main_thread()
    assert seen[0] == (False, 0), seen
    assert all(on_loop and started for on_loop, started in seen[1:]), seen


def _niceness() -> int:
    return os.nice(0)


async def test_workers_draw_below_the_bots_priority():
    """A member waiting on an acknowledgement goes before a map being drawn: the workers
    run ``niceness`` steps of ``nice`` below the bot's process (capped at 19), and at its
    priority with 0."""
    base = os.nice(0)
    lowered, level = RenderPool(2, niceness=7), RenderPool(2, niceness=0)
    try:
        assert await lowered.run(_niceness) == min(19, base + 7)
        assert await level.run(_niceness) == base
        assert await lowered.run(os.getpid) != os.getpid()  # drawn in a worker, not here
    finally:
        await lowered.close()
        await level.close()


def test_the_bot_lowers_its_workers_by_default(monkeypatch):
    from bot.settings import Settings
    from renderer.pool import WORKER_NICENESS
    monkeypatch.delenv("BROADSIDE_RENDER_NICENESS", raising=False)
    assert Settings(token="x").render_niceness == WORKER_NICENESS == RenderPool().niceness == 10
    monkeypatch.setenv("BROADSIDE_RENDER_NICENESS", "0")
    assert Settings(token="x").render_niceness == 0
