"""Where a game is played, who may sit at it, how many games there may be, and what a
seat handed on carries: the service's side of the lobby and seat attacks (the end-to-end
ones are in tests/e2e/test_attacks_lobby.py)."""
from __future__ import annotations

from bot.service.posting import frames_with_action, public_weights

import asyncio

import pytest

from bot.markup import plain
from bot.service import GameService, Limits, ServiceError
from db import GameRow, NewGame


async def _refused(coro) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        await coro
    return caught.value


async def test_a_thread_holds_one_unfinished_game_and_answers_with_it(table):
    svc = table.service
    game = await table.duel()  # thread 11 of channel 10
    err = await _refused(svc.create_game(1, 10, table.CARL, "cannoni", "frigate-duel", thread_id=11))
    assert err.code == "thread-has-game" and f"#{game.id}" in err.message()
    assert (await _refused(svc.check_new_game(1, table.CARL, 11))).code == "thread-has-game"
    # A newer game of the channel, in its own thread, does not take the thread's place...
    newer = await svc.create_game(1, 10, table.CARL, "cannoni", "frigate-duel", thread_id=12)
    assert (await svc.find_game(11)).id == game.id
    assert (await svc.find_game(12)).id == newer.id
    # ...though in the channel itself the newest unfinished game answers.
    assert (await svc.find_game(10)).id == newer.id
    # Once over, the thread answers only when asked for finished games, and may hold the next one.
    await svc.end_game(game.id, table.HOST)
    assert (await _refused(svc.find_game(11))).code == "no-game"
    assert (await svc.find_game(11, finished=True)).id == game.id
    rematch = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=11)
    assert (await svc.find_game(11)).id == rematch.id
    assert (await svc.find_game(11, finished=True)).id == rematch.id


async def test_in_an_old_database_the_thread_answers_with_its_started_game(table):
    # Two unfinished games in one thread, as the bot let happen before: the game that was
    # being played wins over the lobby opened in front of it, whatever their ids.
    game = await table.duel()
    intruder = await table.db.create_game(NewGame(
        guild_id=1, channel_id=10, thread_id=None, ruleset="cannoni", scenario="frigate-duel", options=game.options,
        setup=game.setup, host_id=table.CARL, language="en", pacing="live", phase_seconds=300, created_at=1.0))
    await table.db.set_thread(intruder.id, 11)  # what create_game now refuses
    assert intruder.id > game.id
    assert (await table.service.find_game(11)).id == game.id


async def test_two_games_opened_at_once_in_one_thread_make_one(table):
    svc = table.service
    results = await asyncio.gather(*(svc.create_game(1, 10, user, "cannoni", "frigate-duel", thread_id=50)
                                     for user in (table.ANNE, table.BOB, table.CARL)), return_exceptions=True)
    made = [r for r in results if isinstance(r, GameRow)]
    assert len(made) == 1
    assert all(isinstance(r, ServiceError) and r.code == "thread-has-game" for r in results if r not in made)


async def test_limits_on_lobbies_per_member_and_games_per_server(tmp_path, table):
    svc = GameService(table.db, table.transport, clock=table.clock, limits=Limits(lobbies_per_member=2,
                                                                                  games_per_server=4))
    for thread in (21, 22):
        await svc.create_game(1, 10, table.ANNE, "cannoni", "frigate-duel", thread_id=thread)
    err = await _refused(svc.create_game(1, 10, table.ANNE, "cannoni", "frigate-duel", thread_id=23))
    assert err.code == "too-many-lobbies" and "2" in err.message()
    assert (await _refused(svc.check_new_game(1, table.ANNE))).code == "too-many-lobbies"
    # Another server is another count; another member has their own.
    await svc.create_game(2, 30, table.ANNE, "cannoni", "frigate-duel", thread_id=31)
    await svc.create_game(1, 10, table.BOB, "cannoni", "frigate-duel", thread_id=24)
    await svc.create_game(1, 10, table.CARL, "cannoni", "frigate-duel", thread_id=25)
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=26))
    assert err.code == "too-many-games" and "4" in err.message()
    assert (await _refused(svc.check_new_game(1, table.HOST))).code == "too-many-games"
    # A finished game frees its place.
    games, _, _ = await svc.unfinished_games(1, 0, 10)
    await svc.end_game(games[0].id, games[0].host_id)
    await svc.check_new_game(1, table.HOST)
    await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=26)


async def test_the_list_of_games_comes_a_page_at_a_time(table):
    svc = table.service
    made = [await svc.create_game(1, 10, 1000 + n, "cannoni", "frigate-duel", thread_id=100 + n) for n in range(7)]
    await svc.create_game(2, 20, 999, "cannoni", "frigate-duel", thread_id=99)  # another server's
    pages = [await svc.unfinished_games(1, n, 3) for n in range(3)]
    assert [[g.id for g in games] for games, _, _ in pages] == [[g.id for g in made[i:i + 3]] for i in (0, 3, 6)]
    assert [(page, total) for _, page, total in pages] == [(0, 3), (1, 3), (2, 3)]
    games, page, total = await svc.unfinished_games(1, 10**9, 3)  # past the end: the last page
    assert (page, total, [g.id for g in games]) == (2, 3, [made[6].id])
    games, page, total = await svc.unfinished_games(3, 0, 3)
    assert (games, page, total) == ([], 0, 1)


async def test_a_side_takes_no_more_seats_than_it_has_ships(table):
    svc = table.service
    duel = await table.duel(start=False)
    assert (await _refused(svc.join(duel.id, table.CARL, "britain", "Carl"))).code == "side-full"
    err = await _refused(svc.add_ai_seat(duel.id, table.HOST, "france", "random"))
    assert err.code == "side-full" and "1" in err.message()
    assert [s.seat_id for s in await table.db.seats(duel.id)] == ["p1", "p2"]
    # A squadron action has several ships a side: as many seats.
    squadron = await svc.create_game(1, 10, table.HOST, "cannoni", "squadron-action", thread_id=60)
    rules_ships = {}
    for entry in squadron.setup["ships"]:
        rules_ships[entry["side"]] = rules_ships.get(entry["side"], 0) + 1
    side, ships = next(iter(rules_ships.items()))
    for n in range(ships):
        await svc.add_ai_seat(squadron.id, table.HOST, side, "random")
    assert (await _refused(svc.join(squadron.id, table.CARL, side, "Carl"))).code == "side-full"


async def _chit_given(table, game_id: int, user_id: int) -> None:
    assert await table.order_for(game_id, user_id) == 1
    assert [o.seat_id for o in await table.db.open_orders(game_id)] == ["p2"]


async def test_handing_on_a_present_players_seat_needs_confirming_and_discards_their_order(table):
    svc = table.service
    game = await table.duel()
    await _chit_given(table, game.id, table.BOB)
    err = await _refused(svc.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl"))
    assert err.code == "replace-present" and "@user 300" in plain(err.message()) and "confirm" in err.message()
    assert err.message("it") != err.message("en") and "conferma" in err.message("it")
    assert (await table.db.seats(game.id))[1].user_id == table.BOB
    assert len(await table.db.open_orders(game.id)) == 1

    await svc.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl", confirm=True)
    assert await table.db.open_orders(game.id) == []
    (pending,) = await svc.my_pending(game.id, table.CARL)
    assert pending.submitted is None
    audit = (await table.db.audit_log(game.id))[-1]
    assert audit.action == "replace" and audit.detail == {
        "seat": "p2", "old": table.BOB, "old_ai": None, "new": table.CARL, "confirmed": True, "discarded": 1}
    # Handed back, Bob's order does not come back with the seat.
    await svc.replace_player(game.id, table.HOST, "p2", table.BOB, "Bob", confirm=True)
    (pending,) = await svc.my_pending(game.id, table.BOB)
    assert pending.submitted is None
    assert [o.status for o in await table.db.orders(game.id)] == ["discarded"]


async def test_vacant_absent_and_computer_seats_are_handed_on_without_confirming(table):
    svc = table.service
    game = await table.duel()
    await svc.leave(game.id, table.BOB)  # vacant
    await svc.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl")
    await svc.hand_to_ai(game.id, table.HOST, "p2", "random", confirm=True)  # Carl is playing; then a computer's
    await svc.replace_player(game.id, table.HOST, "p2", table.BOB, "Bob")
    # Absent: two missed turns in a row.
    await table.play_round(game.id, (table.ANNE,))
    for _ in range(4):
        if (await table.db.seats(game.id))[1].flagged:
            break
        await table.advance(10_000)
        await table.play_round(game.id, (table.ANNE,))
    assert (await table.db.seats(game.id))[1].flagged
    await svc.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl")
    assert (await table.db.seats(game.id))[1].user_id == table.CARL
    assert [a.detail["confirmed"] for a in await table.db.audit_log(game.id) if a.action == "replace"] == [
        False, False, False]


async def test_a_replay_is_built_from_public_views_sampled_evenly(table):
    svc = table.service
    game = await table.duel()
    for _ in range(6):
        await table.play_round(game.id)
    steps = await table.db.steps(game.id, with_state=True)
    assert len(steps) >= 4
    views = await svc.replay_views(game.id)
    ruleset, _ = await table.state(game.id)
    # A frame per phase with action, the start and the last step: fewer than the steps.
    start = await table.db.start_record(game.id)
    kept = frames_with_action([public_weights(ruleset, start.events)]
                              + [public_weights(ruleset, s.events) for s in steps])
    states = [start.state] + [s.state for s in steps]
    assert views == [ruleset.view(ruleset.load_state(states[i]), None) for i in sorted({0, *kept, len(steps)})]
    assert 2 < len(views) < len(steps) + 1
    sampled = await svc.replay_views(game.id, most=3)
    assert len(sampled) == 3 and sampled[0] == views[0] and sampled[-1] == views[-1]
    await svc.end_game(game.id, table.HOST)
    assert await svc.replay_views(game.id) == views


async def test_a_thread_found_once_is_found_again_without_reading_its_place(table):
    # A change to a game's row (a start, each resolution) makes the database forget the
    # list of games of the places it is in; the game's own row is read again at once (the
    # loop's next pass). The thread's next look-up, an autocomplete's above all, needs no
    # read of its own.
    svc = table.service
    game = await table.duel()  # thread 11
    assert (await svc.find_game(11)).id == game.id
    await table.db.set_posting(game.id, "turn")
    assert (await svc.game(game.id)).posting == "turn"  # the loop's pass
    read = table.db._read
    reads: list[str] = []

    async def counted(sql, *args, **kwargs):
        reads.append(sql)
        return await read(sql, *args, **kwargs)

    table.db._read = counted
    try:
        found = await svc.find_game(11)
    finally:
        table.db._read = read
    assert found.id == game.id and found.posting == "turn"
    assert not reads, reads
    # Over, it is no longer the thread's unfinished game; the next one opened there is.
    await svc.end_game(game.id, table.HOST)
    assert (await _refused(svc.find_game(11))).code == "no-game"
    rematch = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", thread_id=11)
    assert (await svc.find_game(11)).id == rematch.id
