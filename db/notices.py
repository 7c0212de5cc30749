"""What other processes wrote, told through PostgreSQL's LISTEN/NOTIFY.

Every write transaction on PostgreSQL that changes rows the memo keeps (or that another
process must act on: an order for a game it runs) sends one notice on the ``broadside``
channel, inside the transaction: PostgreSQL delivers it only if the transaction commits,
after the commit, to every listening session, in the order the transactions committed.
Each process listens on a connection of its own and, for every notice from another
process, forgets what the write changed (:meth:`db.memo.RowMemo.remote_write`) before it
tells anyone else (the loop manager, which wakes the game's loop): so a loop woken by an
order never reads the rows from before it.

If the listening connection is lost, notices may be lost with it: the memo forgets
everything and keeps nothing more until a new connection listens again.
"""
from __future__ import annotations

import asyncio
import json
import logging
import uuid
from typing import Any, Callable

from db.memo import RowMemo, Rows

log = logging.getLogger("broadside.db")

CHANNEL = "broadside"


class Notice:
    """One committed write of another process."""

    __slots__ = ("game_id", "changes", "places")

    def __init__(self, game_id: int | None, changes: tuple[Rows, ...], places: tuple[int, ...]) -> None:
        self.game_id = game_id
        self.changes = changes
        self.places = places


class Notices:
    def __init__(self, url: str, memo: RowMemo) -> None:
        self.url = url
        self.memo = memo
        self.origin = uuid.uuid4().hex[:16]  # this process's (this Database's) own notices are skipped
        self.listeners: list[Callable[[Notice], None]] = []
        self._conn: Any = None
        self._closing = False
        self._syncs: dict[str, asyncio.Future] = {}
        self._reconnect: asyncio.Task | None = None

    def payload(self, game_id: int | None, changes: tuple[Rows, ...], places: set[int]) -> str:
        return json.dumps({"o": self.origin, "g": game_id, "k": [c.value for c in changes], "p": sorted(places)},
                          separators=(",", ":"))

    async def start(self) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url)
        await conn.add_listener(CHANNEL, self._received)
        conn.add_termination_listener(self._lost)
        self._conn = conn
        # Nothing kept from before this connection listened can be trusted.
        self.memo.clear()
        self.memo.deaf = False

    async def close(self) -> None:
        self._closing = True
        if self._reconnect is not None:
            self._reconnect.cancel()
        if self._conn is not None and not self._conn.is_closed():
            await self._conn.close()

    async def sync(self, timeout: float = 10.0) -> None:
        """Return once every notice committed before this call has been handled here (a
        marker sent now comes back after them: notices arrive in commit order)."""
        if self._conn is None:
            return
        marker = uuid.uuid4().hex
        done = asyncio.get_running_loop().create_future()
        self._syncs[marker] = done
        try:
            await self._conn.execute("SELECT pg_notify($1, $2)", CHANNEL, json.dumps({"sync": marker}))
            await asyncio.wait_for(done, timeout)
        finally:
            self._syncs.pop(marker, None)

    # -- asyncpg's callbacks (run on the event loop) -------------------------------------
    def _received(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            log.warning("an unreadable notice on %s: %.80r", channel, payload)
            return
        if "sync" in data:
            waiting = self._syncs.get(data["sync"])
            if waiting is not None and not waiting.done():
                waiting.set_result(None)
            return
        if data.get("o") == self.origin:
            return
        try:
            changes = tuple(Rows(k) for k in data.get("k", ()))
        except ValueError:  # a kind this version does not know (a newer process): forget it all
            changes = tuple(Rows)
        notice = Notice(data.get("g"), changes, tuple(data.get("p", ())))
        self.memo.remote_write(notice.game_id, notice.changes, set(notice.places))
        for listener in list(self.listeners):
            try:
                listener(notice)
            except Exception:  # one listener's bug must not stop the memo's invalidation
                log.exception("a notice listener failed")

    def _lost(self, conn: Any) -> None:
        if self._closing:
            return
        log.warning("the PostgreSQL notice connection was lost: nothing is remembered until it is back")
        self.memo.deaf = True
        self.memo.clear()
        self._reconnect = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        delay = 0.5
        while not self._closing:
            try:
                await self.start()
                return
            except Exception as exc:  # the server is down: try again, a little later each time
                log.warning("listening again failed (%s); retrying in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)
