"""Data conversions a numbered migration needs beyond its SQL.

The runner (:meth:`db.database.Database._migrate`) runs ``HOOKS[version]`` right after
that version's SQL, in the same transaction: a failure leaves the previous version intact.
"""
from __future__ import annotations

import json
import marshal
from typing import Awaitable, Callable

from db import compact
from db.backend import Tx


async def compact_steps(conn: Tx) -> None:
    """0002: compress every stored JSON column, and store each game's live states as
    keyframes and deltas, as :meth:`Database.record_step` now does. Undone steps stay
    whole (compressed): nothing is ever taken against them again. Each row is rewritten
    once, all its columns together (an old row is some 45 KB)."""
    await _pack_starts(conn)
    # One pass in the order of the games and their steps; a row's columns are read when
    # it is converted, so memory holds one state and one keyframe at a time.
    order = list(await conn.fetch(
        "SELECT id, game_id, idx, undone_at IS NULL FROM steps ORDER BY game_id, idx, id"))
    keyframe: tuple[int, int, int, bytes] | None = None  # game, index, row id, its state (marshal)
    for step_id, game_id, idx, live in order:
        row = list(await conn.fetch("SELECT orders, rolls, events, state FROM steps WHERE id = ?",
                                               (step_id,)))[0]
        text = compact.unpack(row["state"])
        state, base_id = conn.pack(text), None
        if live:
            doc = json.loads(text)
            delta = None
            if keyframe is not None and keyframe[0] == game_id and not compact.needs_keyframe(idx, keyframe[1]):
                delta = compact.delta_for(marshal.loads(keyframe[3]), doc, text, conn.pack)
            if delta is None:
                keyframe = (game_id, idx, step_id, marshal.dumps(doc))
            else:
                state, base_id = delta, keyframe[2]
        await conn.execute("UPDATE steps SET orders = ?, rolls = ?, events = ?, state = ?, state_base = ? WHERE id = ?",
                           (*(_repack(row[c], conn.pack) for c in ("orders", "rolls", "events")), state, base_id,
                            step_id))


async def _pack_starts(conn: Tx) -> None:
    columns = ("setup", "seats", "rolls", "events", "state")
    for (game_id,) in list(await conn.fetch("SELECT game_id FROM starts")):
        row = list(await conn.fetch(f"SELECT {', '.join(columns)} FROM starts WHERE game_id = ?",
                                               (game_id,)))[0]
        await conn.execute(f"UPDATE starts SET {', '.join(c + ' = ?' for c in columns)} WHERE game_id = ?",
                           (*(_repack(row[c], conn.pack) for c in columns), game_id))


def _repack(value: compact.Packed, pack: Callable[[str], compact.Packed]) -> compact.Packed:
    return pack(compact.unpack(value))


HOOKS: dict[int, Callable[[Tx], Awaitable[None]]] = {2: compact_steps}
