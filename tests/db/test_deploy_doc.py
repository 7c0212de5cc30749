"""docs/deploy.md, followed literally: its migrate command (with the test server's URL
for the example one) copies a SQLite database into PostgreSQL, and the compose example
starts the bot with the shards it names."""
from __future__ import annotations

import asyncio
import re
import shlex
import subprocess
import sys
from pathlib import Path

from db import Database, NewGame

DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
EXAMPLE_URL = "postgresql://broadside:secret@localhost/broadside"


def _commands(word: str) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if word in line]


async def test_the_migrate_command_of_the_doc_copies_the_database(tmp_path, postgres_url):
    [command] = _commands("broadside migrate")
    db = await Database.open(tmp_path / "broadside.sqlite3")
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={}, host_id=100, language="en", pacing="live", phase_seconds=300,
                                        created_at=1000.0))
    await db.close()
    args = shlex.split(command.replace(EXAMPLE_URL, postgres_url))
    assert args[0] == ".venv/bin/broadside"
    done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", *args[1:]], cwd=tmp_path,
                                   capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    copied = await Database.open(postgres_url)
    try:
        assert (await copied.game(game.id)).channel_id == 10
    finally:
        await copied.close()


def test_the_doc_s_processes_cover_every_shard_once():
    from bot.leases import parse_shards

    runs = [shlex.split(c.rstrip("&").strip()) for c in _commands("broadside run --shards")]
    [yaml] = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    compose = re.findall(r"broadside run (--shards \S+ --shard-count \d+)", yaml)
    for group in (runs, [["x", "run", *c.split()] for c in compose]):
        shards = []
        for args in group:
            sharding = parse_shards(args[args.index("--shards") + 1], int(args[args.index("--shard-count") + 1]))
            shards += sorted(sharding.shard_ids)
        assert sorted(shards) == list(range(sharding.shard_count)), group
