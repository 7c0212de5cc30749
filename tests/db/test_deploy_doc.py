"""docs/deploy.md, followed literally: its migrate command (with the test server's URL
for the example one) copies a SQLite database into PostgreSQL and refuses to copy twice,
its shard settings mean what its options mean, and the compose example starts the bot
with the shards it names, reaching its database and stopping cleanly. (The two `broadside
run` commands themselves start the processes of tests/e2e/test_scenarios_shards.py.)"""
from __future__ import annotations

import asyncio
import re
import shlex
import subprocess
import sys
from pathlib import Path

from db import Database, NewGame, NewOrder, NewStep, StartRow

DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
EXAMPLE_URL = "postgresql://broadside:secret@localhost/broadside"


def _commands(word: str) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if word in line]


def _migrate(command: str, postgres_url: str, cwd: Path) -> subprocess.CompletedProcess:
    args = shlex.split(command.replace(EXAMPLE_URL, postgres_url))
    assert args[0] == ".venv/bin/broadside"
    return subprocess.run([sys.executable, "-m", "bot.cli", *args[1:]], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


async def test_the_migrate_command_of_the_doc_copies_the_database(tmp_path, postgres_url):
    [command] = _commands("broadside migrate")
    db = await Database.open(tmp_path / "broadside.sqlite3")
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={}, host_id=100, language="en", pacing="live", phase_seconds=300,
                                        created_at=1000.0))
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[],
                                 state={"turn": 1}, started_at=1001.0))
    await db.add_order(NewOrder(game_id=game.id, step_idx=1, decision_id="d", seat_id="p1", payload={"chit": 4},
                                source="player", submitted_at=1002.0, user_id=200, idempotency_key="k"))
    await db.record_step(game.id, NewStep(idx=1, orders=[{"chit": 4}], rolls=[], events=[{"e": 1}],
                                          state={"turn": 2}, resolved_at=1003.0, consumed=[1]))
    await db.close()
    done = await asyncio.to_thread(_migrate, command, postgres_url, tmp_path)
    assert done.returncode == 0, done.stderr
    copied_counts = dict(part.rsplit(" ", 1) for part in done.stdout.strip().removeprefix("copied: ").split(", "))
    assert {t: copied_counts[t] for t in ("games", "orders", "steps")} == {"games": "1", "orders": "1", "steps": "1"}
    # The doc: "refuses a database that is not empty". Run again: refused, nothing doubled.
    again = await asyncio.to_thread(_migrate, command, postgres_url, tmp_path)
    assert again.returncode == 2 and "not empty" in again.stderr, (again.stdout, again.stderr)
    copied = await Database.open(postgres_url)
    try:
        assert (await copied.game(game.id)).channel_id == 10
        assert [s.events for s in await copied.steps(game.id)] == [[{"e": 1}]]
        assert (await copied.last_step(game.id)).state == {"turn": 2}
        assert [(o.payload, o.status) for o in await copied.orders(game.id)] == [({"chit": 4}, "consumed")]
        # Then the bot goes on in PostgreSQL: a new game takes a new id.
        later = await copied.create_game(NewGame(guild_id=1, channel_id=11, ruleset="cannoni", scenario="s",
                                                 options={}, setup={}, host_id=100, language="en", pacing="live",
                                                 phase_seconds=300, created_at=2000.0))
        assert later.id > game.id
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


def _compose() -> str:
    [yaml] = re.findall(r"```yaml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return yaml


def test_the_compose_example_s_bots_reach_its_database_and_stop_cleanly():
    """What of the compose file can be checked without Docker: the bots' database URL names
    the database service and its credentials; each bot installs from a copy of the
    read-only mounted project (pip builds in the source folder, which a read-only mount
    refuses) and runs, by ``exec``, one of the doc's own ``broadside run`` commands, so
    the SIGTERM of ``docker compose stop`` reaches the bot and it gives its leases up."""
    yaml = _compose()
    env = dict(re.findall(r"^\s+(POSTGRES_\w+): (\S+)$", yaml, re.M))
    urls = re.findall(r"BROADSIDE_DATABASE: (\S+)", yaml)
    assert urls == [f"postgresql://{env['POSTGRES_USER']}:{env['POSTGRES_PASSWORD']}@db/{env['POSTGRES_DB']}"]
    assert re.search(r"^  db:$", yaml, re.M) and "condition: service_healthy" in yaml
    assert re.search(r"^\s+stop_signal: SIGTERM$", yaml, re.M)
    [(mounted, mode)] = re.findall(r'volumes: \["\.:(/\w+):?(\w*)"\]', yaml)
    runs = {" ".join(shlex.split(c.rstrip("&").strip())[1:]) for c in _commands("broadside run --shards")}
    commands = re.findall(r'command: (sh -c ".*")$', yaml, re.M)
    assert len(commands) == len(runs) == 2
    for command in commands:
        shell, flag, script = shlex.split(command)
        assert (shell, flag) == ("sh", "-c")
        steps = [shlex.split(step) for step in script.split("&&")]
        install = next(step for step in steps if step[:2] == ["pip", "install"])
        if mode == "ro":
            assert not install[-1].startswith((".", mounted)), "pip cannot build in a read-only mount"
            assert ["cp", "-r", mounted, install[-1]] in steps, "the project is copied where pip installs it"
        assert steps[-1][:3] == ["exec", "broadside", "run"], "without exec, sh takes the SIGTERM, not the bot"
        runs.discard(" ".join(steps[-1][2:]))
    assert runs == set(), "each bot runs one of the doc's commands"


def test_the_shard_settings_say_what_the_options_say(monkeypatch):
    """"``BROADSIDE_SHARDS=0-1`` and ``BROADSIDE_SHARD_COUNT=4`` say the same in .env"."""
    from bot.leases import parse_shards
    from bot.settings import Settings

    text = DOC.read_text(encoding="utf-8")
    shards, count = re.search(r"`BROADSIDE_SHARDS=(\S+)` and `BROADSIDE_SHARD_COUNT=(\d+)`", text).groups()
    assert f".venv/bin/broadside run --shards {shards} --shard-count {count} &" in _commands("--shards")
    monkeypatch.setenv("BROADSIDE_SHARDS", shards)
    monkeypatch.setenv("BROADSIDE_SHARD_COUNT", count)
    settings = Settings(_env_file=None, token="x")
    assert parse_shards(settings.shards, settings.shard_count) == parse_shards(shards, int(count))
