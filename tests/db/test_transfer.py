"""`broadside migrate --from sqlite:... --to postgresql://...` (db/transfer.py): a SQLite
database with compressed steps, deltas, undone steps, orders and audit rows reads back the
same from PostgreSQL, and ids continue where they stopped."""
from __future__ import annotations

import asyncio
import subprocess
import sys

from db import Database, NewGame, NewOrder, NewStep, StartRow, compact

TABLES = ("games", "seats", "picks", "starts", "steps", "orders", "deadlines", "prompts", "audit", "announce_parts")


async def broadside(*args: str) -> subprocess.CompletedProcess:
    """The command, as a person runs it."""
    return await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot.cli", *args], capture_output=True,
                                   text=True, timeout=120)


async def _filled(path, fleet) -> list[int]:
    start, steps = fleet(20)
    db = await Database.open(path)
    games = []
    for n in range(2):
        game = await db.create_game(NewGame(guild_id=(n + 1) << 22, channel_id=10 + n, thread_id=20 + n,
                                            ruleset="cannoni", scenario="s", options={"o": n},
                                            setup={"big": [start]}, host_id=100, language="it", pacing="live",
                                            phase_seconds=300, created_at=1000.5))
        await db.add_seat(game.id, "a", "Anne", 1000.0, user_id=2 ** 62 + n)  # a Discord-sized id
        await db.add_seat(game.id, "b", "Bob", 1000.0, ai_level="captain")
        await db.add_pick(game.id, "p1", "ship-1", 12.5, 1000.0)
        await db.start_game(StartRow(game_id=game.id, seed=5, setup={"big": [start]}, seats=[], rolls=[],
                                     events=[{"kind": "start"}], state=start, started_at=1001.25))
        for idx, step in enumerate(steps, start=1):
            order = await db.add_order(NewOrder(game_id=game.id, step_idx=idx, decision_id="d", seat_id="p1",
                                                payload={"x": idx}, source="player", submitted_at=1002.0,
                                                user_id=2 ** 62 + n, idempotency_key=f"k{idx}"))
            await db.record_step(game.id, NewStep(idx=idx, orders=step["orders"], rolls=step["rolls"],
                                                  events=step["events"], state=step["state"],
                                                  resolved_at=2000.0 + idx, consumed=[order.order.seq]))
        await db.undo_last_step(game.id, 3000.0)
        await db.open_deadline(game.id, len(steps), 3000.0, 3300.0)
        await db.note_prompt(game.id, len(steps), "p1", "dm", 3001.0)
        await db.note_announce_part(game.id, 0, "public", pieces=2, done=False)
        await db.audit(game.id, 3002.0, 100, "undo", {"why": "è"})
        games.append(game.id)
    await db.close()
    return games


async def _everything(db: Database, games: list[int]) -> list:
    out = []
    for game_id in games:
        out += [await db.game(game_id), await db.seats(game_id), await db.picks(game_id),
                await db.start_record(game_id), await db.steps(game_id, with_state=True), await db.orders(game_id),
                await db.deadline(game_id), await db.prompted(game_id, 20), await db.audit_log(game_id),
                await db.announce_parts(game_id, 0), await db.unannounced(game_id)]
    return [compact.dump(repr(x)) for x in out]


async def test_a_sqlite_database_reads_back_the_same_from_postgresql(tmp_path, postgres_url, fleet):
    path = tmp_path / "old.sqlite3"
    games = await _filled(path, fleet)
    done = await broadside("migrate", "--from", f"sqlite:{path}", "--to", postgres_url)
    assert done.returncode == 0, done.stderr
    assert "games 2" in done.stdout
    before, after = await Database.open(path), await Database.open(postgres_url)
    try:
        assert await _everything(after, games) == await _everything(before, games)
        for table in TABLES:
            assert (await after._read(f"SELECT COUNT(*) FROM {table}"))[0][0] == \
                (await before._read(f"SELECT COUNT(*) FROM {table}"))[0][0], table
        # New rows take new ids: none is reused.
        game = await after.create_game(NewGame(guild_id=1, channel_id=99, ruleset="cannoni", scenario="s",
                                               options={}, setup={}, host_id=1, language="en", pacing="live",
                                               phase_seconds=300, created_at=5000.0))
        assert game.id == max(games) + 1
        top_seq = max([o.seq for o in await before.orders(games[0])] + [o.seq for o in await before.orders(games[1])])
        await after.add_seat(games[0], "b", "Carl", 1.0, user_id=7)
        stored = await after.add_order(NewOrder(game_id=games[0], step_idx=20, decision_id="e", seat_id="p1",
                                                payload={}, source="player", submitted_at=5000.0))
        assert stored.order.seq == top_seq + 1
    finally:
        await before.close()
        await after.close()


async def test_migrate_refuses_a_database_that_is_not_empty(tmp_path, postgres_url, fleet):
    path = tmp_path / "old.sqlite3"
    await _filled(path, fleet)
    assert (await broadside("migrate", "--from", f"sqlite:{path}", "--to", postgres_url)).returncode == 0
    again = await broadside("migrate", "--from", f"sqlite:{path}", "--to", postgres_url)
    assert again.returncode == 2 and "not empty" in again.stderr
    backwards = await broadside("migrate", "--from", postgres_url, "--to", f"sqlite:{path}")
    assert backwards.returncode == 2 and "copies a SQLite database" in backwards.stderr
