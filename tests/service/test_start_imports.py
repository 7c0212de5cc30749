"""A restart imports what its own work needs, not what it might need later.

A bot's start is the client's setup on its database and every stored game's first pass.
On SQLite it never needs the PostgreSQL driver (``db/backend.py`` imports it with the
first PostgreSQL backend), and with games of one ruleset it needs that ruleset's
packages only (``rules.core.registry`` finds a ruleset asked for by name in its own
package; the others are found when the rulesets are listed). Nor does it draw: the
renderer's drawing modules and Pillow are imported by the render workers, or at the
first picture drawn in the process (``renderer.pool.Drawing``, ``renderer/__init__.py``
naming its names lazily). Each is checked in a new
interpreter, whose ``sys.modules`` holds what that start imported and nothing of the test
run's.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.service import Pacing
from rules.core.registry import manifests

ROOT = Path(__file__).resolve().parents[2]

# The bot's start as ``broadside run`` makes it (bot/discord/client.py), without the
# gateway: the setup (database, service, loops resumed), then every loop's first pass.
# A script's ``start(client)`` returns what it prints (with the modules imported).
_CLIENT = r"""
import asyncio, json, sys
from bot.discord.client import Broadside
from bot.service import FakeClock
from bot.settings import load_settings

async def run(client):
    found = await start(client)
    await client.loops.stop()
    await client.render_pool.close()
    await client.db.close()
    return found

settings = load_settings(token="x", database=sys.argv[1], render_processes=0)
client = Broadside(settings, sync_commands=False, clock=FakeClock(start=float(sys.argv[2])))
"""
_PRINT = r"""
print(json.dumps(asyncio.run(run(client)) | {"modules": sorted(sys.modules)}))
"""

START = _CLIENT + r"""
async def start(client):
    await client.setup_hook()
    client._warming.cancel()  # the rulesets loaded after the start, in a thread: not the start's own work
    await client.loops.settle(timeout=60)
    return {"games": len(client.loops.running())}
""" + _PRINT


def run_bot(script: str, database: Path, now: float, folder: Path) -> dict:
    """``script`` run in a new interpreter on ``database`` at ``now``: what it printed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BROADSIDE_")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", script, str(database), repr(now)], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def started(database: Path, now: float, folder: Path) -> tuple[int, set[str]]:
    """A new bot process's start on ``database`` at ``now``: its resumed games and its modules."""
    found = run_bot(START, database, now, folder)
    return found["games"], set(found["modules"])


def package_of(dotted: str) -> str:
    """``rules.<r>`` of a manifest's ``rules.<r>.ruleset:Class``."""
    return ".".join(dotted.split(":")[0].split(".")[:2])


async def running_duel(table) -> None:
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                 pacing=Pacing(style="live", phase_seconds=300), language="en", thread_id=11)
    sides = game.setup["sides"]
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    await svc.start(game.id, table.HOST)
    await table.settle()
    await table.close()


async def test_a_sqlite_bot_starts_without_the_postgresql_driver(table, tmp_path):
    await running_duel(table)
    games, modules = started(table.path, table.clock.now(), tmp_path)
    assert games == 1
    assert not {m for m in modules if m == "asyncpg" or m.startswith("asyncpg.")}


async def test_a_restart_imports_the_rulesets_of_its_games_only(table, tmp_path):
    await running_duel(table)
    games, modules = started(table.path, table.clock.now(), tmp_path)
    assert games == 1
    assert "rules.cannoni.ruleset" in modules  # its one game's
    others = {package_of(m.ruleset) for m in manifests() if m.name != "cannoni"}
    assert others  # the project has other rulesets, or this test says nothing
    assert not {m for m in modules for other in others if m == other or m.startswith(other + ".")}


async def test_a_restart_imports_no_drawing_module(table, tmp_path):
    await running_duel(table)
    games, modules = started(table.path, table.clock.now(), tmp_path)
    assert games == 1
    assert "renderer.pool" in modules and "renderer.viewport" in modules  # the pool, each game's map memory
    drawing = {m for m in modules if m == "PIL" or m.startswith("PIL.")
               or m in ("renderer.api", "renderer.posts", "renderer.board", "renderer.summary")}
    assert not drawing


WARMED = _CLIENT + r"""
async def start(client):
    await client.setup_hook()
    await client._warming  # once the games have made their first passes
    return {"policies": sorted(client.service._policies or {})}
""" + _PRINT


async def test_once_its_games_have_resumed_the_bot_loads_the_other_rulesets_in_a_thread(table, tmp_path):
    """What the start leaves for later is loaded once the games have made their first
    passes, off the event loop: else the first listing of the rulesets or the first
    computer seat would import every ruleset on the loop, in the middle of play."""
    await running_duel(table)
    found = run_bot(WARMED, table.path, table.clock.now(), tmp_path)
    others = {package_of(m.ruleset) for m in manifests() if m.name != "cannoni"}
    assert {f"{other}.manifest" for other in others} <= set(found["modules"])
    assert "random" in found["policies"] and len(found["policies"]) > 1
