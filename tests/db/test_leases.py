"""Game leases (db/leases.py) on both backends, and two processes claiming at once."""
from __future__ import annotations

import asyncio

import pytest

from db import Database, NewGame, NewStep, StartRow
from db.results import NewResult


@pytest.fixture
async def db(database_url):
    database = await Database.open(database_url)
    yield database
    await database.close()


async def _running_game(db: Database, guild: int = 1) -> int:
    game = await db.create_game(NewGame(guild_id=guild, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={}, host_id=100, language="en", pacing="live", phase_seconds=300,
                                        created_at=1000.0))
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    return game.id


async def test_a_lease_is_held_until_it_expires_then_anyone_may_take_it(db: Database):
    game_id = await _running_game(db)
    assert [g for g, *_ in await db.unleased_games(100.0)] == [game_id]
    assert await db.claim_lease(game_id, "a", 100.0, 8.0)
    assert await db.claim_lease(game_id, "a", 101.0, 8.0)  # one's own again
    assert not await db.claim_lease(game_id, "b", 105.0, 8.0)
    assert await db.unleased_games(105.0) == []
    assert await db.renew_leases("a", 107.0, 8.0) == {game_id}
    assert not await db.claim_lease(game_id, "b", 114.0, 8.0)  # renewed: good until 115
    assert [g for g, *_ in await db.unleased_games(116.0)] == [game_id]
    assert await db.claim_lease(game_id, "b", 116.0, 8.0)
    assert await db.renew_leases("a", 117.0, 8.0) == set()  # a learns it lost the game
    assert (await db.lease_owner(game_id))[0] == "b"


async def test_released_and_finished_games_need_no_lease(db: Database):
    game_id = await _running_game(db)
    over_id = await _running_game(db)
    await db.end_game(over_id, 50.0)
    assert await db.claim_lease(game_id, "a", 100.0, 8.0)
    await db.release_leases("a")
    assert [g for g, *_ in await db.unleased_games(100.0)] == [game_id]
    assert await db.claim_lease(game_id, "b", 100.0, 8.0)


async def _ended_by_rules(db: Database, kind: str = "win") -> int:
    """A game whose last step the rules ended (a result stored), not yet announced."""
    game_id = await _running_game(db)
    await db.record_step(game_id, NewStep(idx=1, orders=[], rolls=[], events=[], state={}, resolved_at=1002.0,
                                          consumed=[], over=True))
    await db.record_result(NewResult(game_id=game_id, guild_id=1, ruleset="cannoni", kind=kind, winner=None,
                                     rated=False, turns=1, summary={}, ended_at=1002.0, players=[]))
    return game_id


async def test_a_game_over_but_untold_needs_a_lease_until_its_last_step_is_announced(db: Database):
    """Whoever takes a game over must also tell an ending stored but not yet posted."""
    untold = await _ended_by_rules(db)
    abandoned = await _ended_by_rules(db, kind="abandoned")  # the host ended it: no last post to tell
    assert (await db.game(untold)).status == "over"
    assert [g for g, *_ in await db.unleased_games(100.0)] == [untold]
    assert await db.claim_lease(untold, "a", 100.0, 8.0)
    assert await db.unleased_games(100.0) == []
    assert [g for g, *_ in await db.unleased_games(109.0)] == [untold]  # its holder died
    await db.mark_announced(untold, 1)
    assert await db.unleased_games(109.0) == []
    assert abandoned not in [g for g, *_ in await db.unleased_games(109.0)]


async def test_of_two_processes_claiming_at_once_exactly_one_wins(postgres_url):
    first, second = await Database.open(postgres_url), await Database.open(postgres_url)
    try:
        games = [await _running_game(first) for _ in range(10)]
        for game_id in games:
            won = await asyncio.gather(first.claim_lease(game_id, "a", 100.0, 8.0),
                                       second.claim_lease(game_id, "b", 100.0, 8.0))
            assert sorted(won) == [False, True]
    finally:
        await first.close()
        await second.close()
