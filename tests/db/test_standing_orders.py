"""Standing orders in the database (migration 0005): one live order per subject and
moment, each change a row of its own, and a seat handed on leaves none behind."""
from __future__ import annotations

import sqlite3

import pytest

from db import NewStanding


def _new(game_id: int, kind: str, moment: str = "", subject: str = "ship", at: float = 1002.0) -> NewStanding:
    return NewStanding(game_id=game_id, seat_id="p1", subject=subject, kind=kind, moment=moment, given_at=at,
                       user_id=200)


async def test_a_new_standing_order_replaces_the_live_one_for_its_ship_and_moment(db, started_game: int):
    game = started_game
    await db.add_standing(_new(game, "hold"))
    await db.add_standing(_new(game, "t1.p3-only", moment="t1.p3"))
    await db.add_standing(_new(game, "keep", at=1003.0))
    live = await db.standing_orders(game)
    assert [(r.kind, r.moment) for r in live] == [("t1.p3-only", "t1.p3"), ("keep", "")]
    assert await db.cancel_standing(game, "p1", "ship", "", 1004.0) == 1
    assert await db.cancel_standing(game, "p1", "ship", "", 1005.0) == 0
    assert await db.cancel_standing(game, "p2", "ship", "t1.p3", 1005.0) == 0  # not that seat's
    await db.spend_standing(game, [live[0].id], 1006.0)
    assert await db.standing_orders(game) == []
    statuses = [r[0] for r in await db._read("SELECT status FROM standing_orders ORDER BY id")]
    assert statuses == ["replaced", "spent", "cancelled"]


async def test_two_live_orders_for_one_ship_and_moment_are_refused(db, started_game: int):
    game = started_game
    await db.add_standing(_new(game, "hold"))
    with pytest.raises(sqlite3.IntegrityError):
        async with db._write(game) as conn:
            await conn.execute("INSERT INTO standing_orders (game_id, seat_id, subject, kind, moment, given_at)"
                               " VALUES (?, 'p1', 'ship', 'keep', '', 1.0)", (game,))


async def test_a_seat_handed_on_drops_its_standing_orders(db, started_game: int):
    game = started_game
    await db.add_standing(_new(game, "hold"))
    await db.hand_over_seat(game, "p1", user_id=400, name="Carl", at=1010.0, actor_id=100, detail={})
    assert await db.standing_orders(game) == []
