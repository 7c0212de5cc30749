"""Host tools: only for the host (or a server manager), audited, announced."""
from __future__ import annotations

import pytest

from bot.service import ServiceError
from rules.core.record import replay

PHASE = 300


@pytest.mark.parametrize("tool, args", [
    ("pause", ()), ("extend_deadline", (600,)), ("undo_last", ()), ("end_game", ()),
    ("replace_player", ("p2", 400, "Carl")), ("hand_to_ai", ("p2", "random")),
])
async def test_host_tools_refuse_other_players(table, tool: str, args: tuple):
    game = await table.duel()
    with pytest.raises(ServiceError) as refused:
        await getattr(table.service, tool)(game.id, table.ANNE, *args)
    assert refused.value.code == "not-host"
    assert refused.value.message() == "Only the host of the game or a server manager can do that."
    assert await table.db.audit_log(game.id) == []


async def test_a_server_manager_may_use_host_tools(table):
    game = await table.duel()
    await table.service.pause(game.id, table.CARL, manager=True)
    assert (await table.service.game(game.id)).status == "paused"
    assert [a.action for a in await table.db.audit_log(game.id)] == ["pause"]


async def test_undo_reopens_the_phase_publicly_with_the_same_dice(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    first = (await table.db.steps(game.id))[0]
    idx = await table.service.undo_last(game.id, table.HOST)
    await table.settle()
    assert idx == 1 and await table.db.step_count(game.id) == 0
    assert any("undoes the last resolution (step 1)" in t for t in table.transport.public_texts())
    assert (await table.db.audit_log(game.id))[-1].action == "undo"
    # The phase is open again and everybody is asked anew.
    assert (await table.service.my_pending(game.id, table.ANNE))[0].submitted is None
    for order in first.orders:
        user = table.ANNE if order["player"] == "p1" else table.BOB
        await table.service.submit_order(game.id, user, order["decision"], order["payload"], f"again-{user}")
    await table.settle()
    again = (await table.db.steps(game.id))[0]
    assert again.events == first.events and again.idx == 1
    with pytest.raises(ServiceError) as refused:
        await table.service.export_record(game.id)
    assert refused.value.code == "export-running"


async def test_undo_of_a_finished_game_is_refused_by_the_service(table):
    # Once over, the record (every chit, the dice seed) may have been exported: reopening
    # the game would let the host play on knowing them. The service refuses, whoever asks.
    game = await table.duel()
    await table.play_out(game.id)
    record = await table.service.export_record(game.id)
    steps = await table.db.steps(game.id)
    for actor, manager in ((table.HOST, False), (table.ANNE, True)):
        with pytest.raises(ServiceError) as refused:
            await table.service.undo_last(game.id, actor, manager=manager)
        assert refused.value.code == "game-over"
    assert (await table.service.game(game.id)).status == "over"
    assert await table.db.steps(game.id) == steps
    assert [a.action for a in await table.db.audit_log(game.id)].count("undo") == 0
    assert replay(record)[0].final_state == (await table.db.last_step(game.id)).state


async def test_nothing_to_undo_before_the_first_resolution(table):
    game = await table.duel()
    with pytest.raises(ServiceError) as refused:
        await table.service.undo_last(game.id, table.HOST)
    assert refused.value.code == "nothing-to-undo"


async def test_replacing_a_player_hands_over_the_seat_and_the_prompt(table):
    game = await table.duel()
    with pytest.raises(ServiceError) as refused:
        await table.service.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl")
    assert refused.value.code == "replace-present"  # Bob is playing: the host must confirm
    seat = await table.service.replace_player(game.id, table.HOST, "p2", table.CARL, "Carl", confirm=True)
    await table.settle()
    assert seat.user_id == table.CARL and seat.display_name == "Carl"
    assert any(uid == table.CARL for uid, _ in table.transport.prompts)
    assert await table.service.my_pending(game.id, table.CARL)
    with pytest.raises(ServiceError) as refused:
        await table.service.my_pending(game.id, table.BOB)
    assert refused.value.code == "not-seated"
    with pytest.raises(ServiceError) as refused:
        await table.service.replace_player(game.id, table.HOST, "p1", table.CARL, "Carl", confirm=True)
    assert refused.value.code == "user-seated"


async def test_handing_a_present_players_seat_to_the_computer_needs_confirming(table):
    game = await table.duel()
    await table.order_for(game.id, table.BOB)
    with pytest.raises(ServiceError) as refused:
        await table.service.hand_to_ai(game.id, table.HOST, "p2", "random")
    assert refused.value.code == "hand-present-to-ai"  # Bob is playing
    assert [o.seat_id for o in await table.db.open_orders(game.id)] == ["p2"]
    seat = await table.service.hand_to_ai(game.id, table.HOST, "p2", "random", confirm=True)
    assert seat.ai_level == "random" and seat.user_id is None
    # Bob's order does not bind the computer, which answers for the seat on its own.
    assert not [o for o in await table.db.orders(game.id) if o.source == "player" and o.status == "open"]


async def test_a_player_who_leaves_a_running_game_leaves_a_vacant_seat(table):
    game = await table.duel()
    await table.service.leave(game.id, table.BOB)
    seat = (await table.db.seats(game.id))[1]
    assert seat.vacant
    await table.order_for(game.id, table.ANNE)
    await table.advance(PHASE)
    assert await table.db.step_count(game.id) == 1


async def test_ending_the_game_stops_its_loop(table):
    game = await table.duel()
    await table.service.end_game(game.id, table.HOST)
    await table.settle()
    assert (await table.service.game(game.id)).status == "over"
    assert table.loops.running() == []
    await table.advance(10 * PHASE)
    assert await table.db.step_count(game.id) == 0
    texts = table.transport.public_texts()
    assert "@user 100 ends the game." in texts
    record = await table.service.export_record(game.id)
    assert record.steps == []


async def test_unknown_computer_levels_are_refused(table):
    game = await table.duel()
    with pytest.raises(ServiceError) as refused:
        await table.service.hand_to_ai(game.id, table.HOST, "p2", "nelson")
    assert refused.value.code == "unknown-ai" and "random" in refused.value.message()
