"""How many statements (database round trips) a game's round costs on PostgreSQL.

Every statement is a round trip to the server, and on a busy machine each one waits for
a core: the benchmark's 500 games made about 160 a game a round. This counts them for one
duel's round, as one bot process under leases runs it: both players' orders taken, the
phase resolved, told and the next one prompted.
"""
from __future__ import annotations

import contextlib
from collections import Counter
from typing import Iterator

import asyncpg

from bot.service import FakeClock
from bot.transport import InProcessTransport
from tests.service.test_two_processes import Process

#: Round trips a round may take at most (both orders, the resolution, the post, the
#: prompts, the loop's passes). Measured: 113 before the savings, 79 after (BEGIN, the lock and
#: COMMIT each their own, the loop's reads made again on every pass), 71 once the notes of
#: what went out ride with the step's mark, the mark knows the step's row, and a resolution
#: updates the seats in one statement and does not read its step back; 68 once a resolution
#: counts the live steps and finds the keyframe in one statement, consumes and discards the
#: orders in one, and a new phase's deadline is set without reading the old one first.
#: Those counts let the second order race the loop's pass after the first, which then often
#: ran once for both; the table now lets the loops settle before each player looks, so that
#: pass (4 reads) is always counted: 72, with the same margin as before; 69 once the open
#: orders a resolution leaves (none) and the deadline it leaves or opens are remembered.
MOST = 73


@contextlib.contextmanager
def counted() -> Iterator[Counter]:
    """Every query a connection sends (BEGIN and COMMIT included), by its first words."""
    seen: Counter = Counter()
    patched = {}
    for name in ("execute", "fetch", "fetchrow", "fetchval", "executemany"):
        original = getattr(asyncpg.connection.Connection, name)
        patched[name] = original

        def wrapper(self, query, *args, __original=original, **kwargs):
            seen[" ".join(str(query).split()[:4])] += 1
            return __original(self, query, *args, **kwargs)
        setattr(asyncpg.connection.Connection, name, wrapper)
    try:
        yield seen
    finally:
        for name, original in patched.items():
            setattr(asyncpg.connection.Connection, name, original)


async def test_a_round_of_a_duel_takes_few_round_trips(postgres_url):
    clock = FakeClock()
    p = Process(path=postgres_url, clock=clock, transport=InProcessTransport(now=clock.now))
    p.shards = frozenset({0, 1})
    await p.open()
    try:
        game = await p.duel()
        await p.settle()
        with counted() as seen:
            await p.order_for(game.id, p.ANNE)
            await p.order_for(game.id, p.BOB)
            await p.settle()
            assert await p.db.step_count(game.id) >= 1
        total = sum(seen.values())
        print(f"\n{total} round trips:", *(f"{n:4} {q}" for q, n in seen.most_common()), sep="\n")
        assert total <= MOST, seen.most_common()
    finally:
        await p.close()
