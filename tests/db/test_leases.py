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


async def test_many_games_are_claimed_in_one_round_and_only_the_free_ones_are_won(db: Database):
    from db.leases import CLAIM_CHUNK

    games = [await _running_game(db) for _ in range(CLAIM_CHUNK + 5)]  # two statements' worth
    others, mine, expired = games[:3], games[3:5], games[5:7]
    for game_id in others:
        assert await db.claim_lease(game_id, "b", 100.0, 8.0)  # b's, live
    for game_id in mine:
        assert await db.claim_lease(game_id, "a", 95.0, 8.0)  # a's own: renewed by the claim
    for game_id in expired:
        assert await db.claim_lease(game_id, "b", 90.0, 8.0)  # b's, expired at 98
    assert await db.claim_leases(games + games[:1], "a", 100.0, 8.0) == set(games) - set(others)
    assert [(await db.lease_owner(g))[0] for g in games] == ["b"] * 3 + ["a"] * (len(games) - 3)
    assert (await db.lease_owner(mine[0]))[1] == 108.0
    assert await db.claim_leases([], "a", 100.0, 8.0) == set()


async def test_of_two_processes_claiming_the_same_games_at_once_each_game_goes_to_one(postgres_url):
    first, second = await Database.open(postgres_url), await Database.open(postgres_url)
    try:
        games = [await _running_game(first) for _ in range(30)]
        won = await asyncio.gather(first.claim_leases(games, "a", 100.0, 8.0),
                                   second.claim_leases(reversed(games), "b", 100.0, 8.0))
        assert won[0] | won[1] == set(games) and not won[0] & won[1]
        assert {g: (await first.lease_owner(g))[0] for g in games} == {
            g: "a" if g in won[0] else "b" for g in games}
    finally:
        await first.close()
        await second.close()
