"""How many trips to SQLite's thread the game loops make for a phase.

Each trip is a hand-over to a connection's thread and back, and a turn of the event loop
that the interactions queued behind it wait for: under load, the loops' trips were half as
many again as the old code's (bench/README.md). Counted here for a duel's phases as its
loop makes them (the players' orders are not the loop's): the pass that resolves the phase
and stores its step, the one that tells it (its notes of what went out, its mark), the
one that opens the next phase's deadline and prompts its players.
"""
from __future__ import annotations

import asyncio

from tests.sqlite_trips import sqlite_trips

#: Trips a phase's passes may take at most, on average over the phases of three rounds.
#: Measured: 48 before (a write transaction was BEGIN, each statement, each fetch of its
#: rows and close of its cursor, and COMMIT, each a trip: 16 to store a step, 6 to open a
#: deadline, 5 to mark a step told, 3 to note a prompt), 13.5 after: a write transaction
#: is one trip; the seats, open orders and deadline a resolution leaves are known from its
#: trip, not read again by the next pass; what of the backlog went out comes with it.
PHASE_MOST = 14


def loop_trips():
    """Every function the game loops' tasks hand to a SQLite connection's thread, by name."""
    def in_a_loop() -> bool:
        task = asyncio.current_task()
        return task is not None and task.get_name().startswith("broadside-game-")
    return sqlite_trips(in_a_loop)


async def test_a_phase_takes_few_trips_of_the_game_loop(table):
    game = await table.duel()
    before = await table.db.step_count(game.id)
    with loop_trips() as seen:
        for _ in range(3):
            await table.play_round(game.id)
    phases = await table.db.step_count(game.id) - before
    assert phases >= 3
    print(f"\n{sum(seen.values())} trips for {phases} phases:", dict(seen.most_common()))
    assert sum(seen.values()) / phases <= PHASE_MOST, seen.most_common()
