"""Game leases: which process runs a game's loop (table ``leases``, migration 0010).

A process *claims* a game before it starts the game's loop, *renews* all its leases in one
statement every few seconds, and *releases* them when it stops. A claim succeeds when the
game has no lease, the lease is the claimer's own, or it has expired; it is one upsert
(under the game's write lock), so of two processes claiming at once exactly one wins. A
process's lease round claims all the games it takes in one upsert (:meth:`LeaseRows.claim_leases`):
claimed one transaction at a time, a process starting with a thousand games spent a
round trip on each while its loops already ran, and the other process took over the
games it had not reached yet. A
renewal returns the games the process still holds: a game missing from it was taken over
(its owner stalled past the expiry), and the loop must stop.

Nothing here trusts memory: every answer is read from the database in the transaction
that decides it.
"""
from __future__ import annotations

from typing import Iterable
_UNFINISHED = ("running", "paused")
#: Games claimed by one statement at most (four parameters each, well inside both
#: databases' limits on a statement's parameters).
CLAIM_CHUNK = 200
_UPSERT = ("INSERT INTO leases (game_id, owner, heartbeat, expires_at) VALUES {rows}"
           " ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner,"
           " heartbeat = excluded.heartbeat, expires_at = excluded.expires_at"
           " WHERE leases.owner = excluded.owner OR leases.expires_at < excluded.heartbeat")

#: A game ``g`` the rules ended (a result that is not 'abandoned') with live steps not yet
#: announced: its last post (and card) is still to go out, so it still needs a loop.
UNTOLD_ENDING = ("g.status = 'over'"
                 " AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.kind != 'abandoned')"
                 " AND EXISTS (SELECT 1 FROM steps s WHERE s.game_id = g.id AND s.undone_at IS NULL"
                 " AND s.announced = 0)")


class LeaseRows:
    """Mixed into :class:`db.Database` (which owns ``_write`` and ``_read``)."""

    async def claim_lease(self, game_id: int, owner: str, now: float, ttl: float) -> bool:
        async with self._write(game_id) as tx:  # type: ignore[attr-defined]
            await tx.execute(_UPSERT.format(rows="(?,?,?,?)"), (game_id, owner, now, now + ttl))
            row = await tx.one("SELECT owner FROM leases WHERE game_id = ?", (game_id,))
        return row is not None and row["owner"] == owner

    async def claim_leases(self, game_ids: Iterable[int], owner: str, now: float, ttl: float) -> set[int]:
        """:meth:`claim_lease` for many games: one upsert for up to CLAIM_CHUNK of them, in
        the order of their ids (two processes claiming the same games lock their rows in
        the same order, so they wait for each other and never deadlock). The ids won:
        those the upsert inserted or took over (an upsert's RETURNING leaves out the rows
        its WHERE kept as they were: another's live lease)."""
        ids = sorted(set(game_ids))
        won: set[int] = set()
        for first in range(0, len(ids), CLAIM_CHUNK):
            chunk = ids[first:first + CLAIM_CHUNK]
            params = [value for game_id in chunk for value in (game_id, owner, now, now + ttl)]
            async with self._write(None) as tx:  # type: ignore[attr-defined]
                rows = await tx.fetch(_UPSERT.format(rows=",".join(["(?,?,?,?)"] * len(chunk))) + " RETURNING game_id",
                                      params)
            won.update(int(r[0]) for r in rows)
        return won

    async def renew_leases(self, owner: str, now: float, ttl: float) -> set[int]:
        """Renew every lease ``owner`` still holds; the ids of those games."""
        rows = await self._backend.beat(  # type: ignore[attr-defined]
            "UPDATE leases SET heartbeat = ?, expires_at = ? WHERE owner = ? RETURNING game_id", (now, now + ttl, owner))
        return {int(r["game_id"]) for r in rows}

    async def release_lease(self, game_id: int, owner: str) -> None:
        async with self._write(game_id) as tx:  # type: ignore[attr-defined]
            await tx.execute("DELETE FROM leases WHERE game_id = ? AND owner = ?", (game_id, owner))

    async def release_leases(self, owner: str, game_ids: Iterable[int] | None = None) -> None:
        """Give up the leases of ``game_ids`` (all of them when None): a clean stop, so
        another process takes the games over at once instead of after the expiry."""
        async with self._write(None) as tx:  # type: ignore[attr-defined]
            if game_ids is None:
                await tx.execute("DELETE FROM leases WHERE owner = ?", (owner,))
            else:
                for game_id in game_ids:
                    await tx.execute("DELETE FROM leases WHERE game_id = ? AND owner = ?", (game_id, owner))

    async def unleased_games(self, now: float) -> list[tuple[int, int, float | None]]:
        """Games that need a loop and that nobody holds (no lease, or an expired one):
        unfinished games, and games the rules ended whose last steps are not yet announced
        (their last post and card are still to go out, as ``over_and_untold`` finds them
        for a single process). (id, guild id, when the lease expired or None)."""
        rows = await self._read(  # type: ignore[attr-defined]
            "SELECT g.id, g.guild_id, l.expires_at FROM games g LEFT JOIN leases l ON l.game_id = g.id"
            f" WHERE (g.status IN (?, ?) OR ({UNTOLD_ENDING})) AND (l.game_id IS NULL OR l.expires_at < ?)"
            " ORDER BY g.id",
            (*_UNFINISHED, now))
        return [(int(r[0]), int(r[1]), r[2]) for r in rows]

    async def lease_owner(self, game_id: int) -> tuple[str, float] | None:
        rows = await self._read("SELECT owner, expires_at FROM leases WHERE game_id = ?",  # type: ignore[attr-defined]
                                (game_id,))
        return (rows[0]["owner"], float(rows[0]["expires_at"])) if rows else None
