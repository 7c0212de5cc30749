"""The database's guards for places, limits and seats: each refusal comes from the
transaction that would have made the change, so nothing is half done."""
from __future__ import annotations

import pytest

from db import AlreadySeated, Database, LimitReached, NewGame, NewOrder, StartRow, ThreadTaken


@pytest.fixture
async def db(database_url):
    database = await Database.open(database_url)
    yield database
    await database.close()


def _new(host: int = 100, thread: int | None = None, guild: int = 1) -> NewGame:
    return NewGame(guild_id=guild, channel_id=10, thread_id=thread, ruleset="cannoni", scenario="s", options={},
                   setup={}, host_id=host, language="en", pacing="live", phase_seconds=300, created_at=1000.0)


async def test_a_thread_with_an_unfinished_game_takes_no_other(db: Database):
    first = await db.create_game(_new(thread=11))
    with pytest.raises(ThreadTaken) as taken:
        await db.create_game(_new(host=200, thread=11))
    assert taken.value.game_id == first.id
    assert [g.id for g in await db.games_of_thread(11)] == [first.id]
    await db.end_game(first.id, 2000.0)
    second = await db.create_game(_new(host=200, thread=11))
    assert [g.id for g in await db.games_of_thread(11)] == [second.id, first.id]


async def test_limits_count_lobbies_per_host_and_unfinished_games_per_server(db: Database):
    for thread in (1, 2):
        await db.create_game(_new(thread=thread), lobbies_per_host=2)
    with pytest.raises(LimitReached) as reached:
        await db.create_game(_new(thread=3), lobbies_per_host=2)
    assert (reached.value.kind, reached.value.limit) == ("lobbies", 2)
    await db.create_game(_new(thread=3, guild=2), lobbies_per_host=2)  # another server
    await db.create_game(_new(host=200, thread=4), games_per_guild=3)
    with pytest.raises(LimitReached) as reached:
        await db.create_game(_new(host=300, thread=5), games_per_guild=3)
    assert reached.value.kind == "games"
    games, total = await db.games_of_guild(1, ("lobby", "running", "paused"), offset=1, limit=1)
    assert total == 3 and len(games) == 1


async def test_a_side_takes_seats_up_to_its_limit(db: Database):
    game = await db.create_game(_new())
    await db.add_seat(game.id, "a", "Anne", 1.0, user_id=200, side_limit=1)
    with pytest.raises(LimitReached):
        await db.add_seat(game.id, "a", "Carl", 1.0, user_id=400, side_limit=1)
    with pytest.raises(AlreadySeated):  # a member who has a seat hears that first
        await db.add_seat(game.id, "b", "Anne", 1.0, user_id=200, side_limit=1)
    await db.add_seat(game.id, "b", "Bob", 1.0, user_id=300, side_limit=1)
    assert [(s.seat_id, s.side) for s in await db.seats(game.id)] == [("p1", "a"), ("p2", "b")]


async def test_handing_a_seat_over_discards_its_open_orders_in_one_transaction(db: Database):
    game = await db.create_game(_new())
    await db.add_seat(game.id, "a", "Anne", 1.0, user_id=200)
    await db.add_seat(game.id, "b", "Bob", 1.0, user_id=300)
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    for seat, user in (("p1", 200), ("p2", 300)):
        await db.add_order(NewOrder(game_id=game.id, step_idx=1, decision_id=f"chits.{seat}", seat_id=seat,
                                    payload={"chit": 3}, source="player", submitted_at=1002.0, user_id=user))
    await db.note_prompt(game.id, 1, "p2", "dm", 1002.0)
    # Refused (Anne has a seat): nothing at all changes, not even the audit.
    with pytest.raises(AlreadySeated):
        await db.hand_over_seat(game.id, "p2", user_id=200, name="Anne", at=1003.0, actor_id=100, detail={})
    assert len(await db.open_orders(game.id)) == 2 and await db.audit_log(game.id) == []
    assert await db.prompted(game.id, 1) == {"p2": "dm"}
    seat, discarded = await db.hand_over_seat(game.id, "p2", user_id=400, name="Carl", at=1003.0, actor_id=100,
                                              detail={"seat": "p2"})
    assert (seat.user_id, seat.display_name, discarded) == (400, "Carl", 1)
    assert [o.seat_id for o in await db.open_orders(game.id)] == ["p1"]
    assert await db.prompted(game.id, 1) == {}
    (audit,) = await db.audit_log(game.id)
    assert (audit.action, audit.actor_id, audit.detail) == ("replace", 100, {"seat": "p2", "discarded": 1})
