"""Data conversions a numbered migration needs beyond its SQL.

The runner (:meth:`db.database.Database._migrate`) runs ``HOOKS[version]`` right after
that version's SQL, in the same transaction: a failure leaves the previous version intact.
"""
from __future__ import annotations

import json
from typing import Awaitable, Callable

import aiosqlite

from db import compact

_BATCH = 200


async def compact_steps(conn: aiosqlite.Connection) -> None:
    """0002: compress every stored JSON column, and store each game's live states as
    keyframes and deltas, as :meth:`Database.record_step` now does. Undone steps stay
    whole (compressed): nothing is ever taken against them again."""
    await _pack_starts(conn)
    last = 0
    while True:
        rows = list(await conn.execute_fetchall(
            "SELECT id, orders, rolls, events FROM steps WHERE id > ? ORDER BY id LIMIT ?", (last, _BATCH)))
        if not rows:
            break
        for row in rows:
            await conn.execute("UPDATE steps SET orders = ?, rolls = ?, events = ? WHERE id = ?",
                               (*(_repack(row[c]) for c in ("orders", "rolls", "events")), row["id"]))
        last = rows[-1]["id"]
    for (game_id,) in list(await conn.execute_fetchall("SELECT DISTINCT game_id FROM steps")):
        await _key_states(conn, game_id)


async def _pack_starts(conn: aiosqlite.Connection) -> None:
    columns = ("setup", "seats", "rolls", "events", "state")
    for row in list(await conn.execute_fetchall(f"SELECT game_id, {', '.join(columns)} FROM starts")):
        await conn.execute(f"UPDATE starts SET {', '.join(c + ' = ?' for c in columns)} WHERE game_id = ?",
                           (*(_repack(row[c]) for c in columns), row["game_id"]))


async def _key_states(conn: aiosqlite.Connection, game_id: int) -> None:
    """One game's states, by index: live ones as keyframes and deltas, undone ones whole."""
    steps = [(r[0], r[1], r[2]) for r in await conn.execute_fetchall(
        "SELECT id, idx, undone_at IS NULL FROM steps WHERE game_id = ? ORDER BY idx, id", (game_id,))]
    keyframe: tuple[int, int, str] | None = None  # (row id, index, state text)
    for step_id, idx, live in steps:
        rows = list(await conn.execute_fetchall("SELECT state FROM steps WHERE id = ?", (step_id,)))
        text = compact.unpack(rows[0][0])
        value, base = compact.pack(text), None
        if live:
            delta = None
            if keyframe is not None and not compact.needs_keyframe(idx, keyframe[1]):
                delta = compact.delta_for(keyframe[2], json.loads(text), text)
            if delta is None:
                keyframe = (step_id, idx, text)
            else:
                value, base = delta, keyframe[0]
        await conn.execute("UPDATE steps SET state = ?, state_base = ? WHERE id = ?", (value, base, step_id))


def _repack(value: compact.Packed) -> compact.Packed:
    return compact.pack(compact.unpack(value))


HOOKS: dict[int, Callable[[aiosqlite.Connection], Awaitable[None]]] = {2: compact_steps}
