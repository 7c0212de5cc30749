"""A restart's own work, in one process and without Discord (not a test).

What ``broadside run`` does before its games' first passes, on a copy of a database of
running games (``bench_load.py`` leaves its ``bench.sqlite3`` in its work folder): the
imports the bot's start makes, the client (its command tree), the client's setup with
the database opened and every stored game resumed, until each game's loop has made its
first pass; no gateway, no login. The bot's clock stands still at the database file's
last change (or ``--at``): a ``bench_load.py`` database after its run has every player
prompted and nothing due then, so the first passes post nothing, however long after
the run this is measured.

    .venv/bin/python bench/start_cost.py --database /tmp/x/bench.sqlite3            # CPU seconds
    .venv/bin/python bench/start_cost.py --database X --until imports                # stop after the imports
    .venv/bin/python bench/start_cost.py --database X --code /path/to/checkout       # another checkout

CPU seconds move with the load on a shared machine; instruction counts do not:

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python bench/start_cost.py --database X [--until imports]

``--modules`` lists the modules imported by the end (one a line), to see what a start
loads. ``--code`` puts that checkout first on the path (its ``db``, ``bot``, ``rules``,
``renderer``), with this interpreter and its packages.
"""
from __future__ import annotations

import time

CPU_AT_START = time.process_time()

import argparse  # noqa: E402
import asyncio  # noqa: E402
import logging  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402

STAGES = ("imports", "client", "resume")


def use_code(code: str) -> None:
    root = str(Path(code).resolve())
    sys.path.insert(0, root)
    import bot
    if not str(Path(bot.__file__).resolve()).startswith(root + "/"):
        raise SystemExit(f"bot imported from {bot.__file__}, not {root}")


def copied(database: str) -> str:
    """A copy of the database (its WAL too): a start may write."""
    folder = Path(tempfile.mkdtemp(prefix="start-cost-"))
    for suffix in ("", "-wal", "-shm"):
        source = Path(database + suffix)
        if source.exists():
            shutil.copy(source, folder / (Path(database).name + suffix))
    return str(folder / Path(database).name)


async def resume(client) -> int:
    """The client's setup (the database opened, the games resumed), then every loop's
    first pass; then the loops and the database closed."""
    await client.setup_hook()
    await client.loops.settle(timeout=120)
    games = len(client.loops.running())
    await client.loops.stop()
    await client.render_pool.close()
    await client.db.close()
    return games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database", required=True, help="a SQLite database of running games (copied first)")
    parser.add_argument("--code", default=None, metavar="CHECKOUT")
    parser.add_argument("--until", choices=STAGES, default="resume")
    parser.add_argument("--at", type=float, default=None, help="the bot's clock (default: the database's mtime)")
    parser.add_argument("--modules", default=None, metavar="FILE", help="write the imported modules' names here")
    args = parser.parse_args()
    if args.code:
        use_code(args.code)
    at = args.at if args.at is not None else os.path.getmtime(args.database)
    database = copied(args.database)
    marks = {"start": CPU_AT_START}

    from bot.discord.client import Broadside  # what a start imports (bench/load_bot.py's import)
    from bot.service import FakeClock
    from bot.settings import load_settings
    marks["imports"] = time.process_time()
    games = None
    if args.until != "imports":
        settings = load_settings(token="x", database=database, render_processes=0, log_level="WARNING")
        logging.basicConfig(level=logging.WARNING)
        client = Broadside(settings, sync_commands=False, clock=FakeClock(start=at))
        marks["client"] = time.process_time()
        if args.until == "resume":
            games = asyncio.run(resume(client))
            marks["resume"] = time.process_time()
    if args.modules:
        Path(args.modules).write_text("".join(f"{name}\n" for name in sorted(sys.modules)))
    shutil.rmtree(Path(database).parent, ignore_errors=True)
    last = "start"
    parts = []
    for stage in ("imports", "client", "resume"):
        if stage in marks:
            parts.append(f"{stage} {marks[stage] - marks[last]:.3f}")
            last = stage
    print(f"CPU s: {', '.join(parts)}; all {marks[last]:.3f} (from the interpreter's start, all threads)"
          + (f"; {games} games resumed" if games is not None else "") + f"; {len(sys.modules)} modules;"
          f" PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
