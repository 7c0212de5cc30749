"""Orders: stored on arrival, duplicates harmless, resubmissions replace, refusals plain."""
from __future__ import annotations

import asyncio

import pytest

from bot.markup import plain
from bot.service import ServiceError


async def _chits(table, game_id: int, user: int) -> tuple[str, dict]:
    pending = (await table.service.my_pending(game_id, user))[0]
    payload = {"action": "chits"}
    for param in pending.spec.actions[0].params:
        payload[param.name] = param.choices[0].value
    return pending.decision.id, payload


async def test_a_redelivered_order_is_harmless(table):
    game = await table.duel()
    decision, payload = await _chits(table, game.id, table.ANNE)
    first = await table.service.submit_order(game.id, table.ANNE, decision, payload, "interaction-1")
    again = await table.service.submit_order(game.id, table.ANNE, decision, payload, "interaction-1")
    assert (first.status, again.status) == ("accepted", "duplicate")
    assert len(await table.db.orders(game.id)) == 1
    # Even once the phase has moved on, the same delivery is still just a duplicate.
    await table.order_for(game.id, table.BOB)
    await table.settle()
    late = await table.service.submit_order(game.id, table.ANNE, decision, payload, "interaction-1")
    assert late.status == "duplicate"


async def test_a_new_order_for_the_same_decision_replaces_the_first(table):
    game = await table.duel()
    decision, payload = await _chits(table, game.id, table.ANNE)
    await table.service.submit_order(game.id, table.ANNE, decision, payload, "a")
    changed = dict(payload)
    ship = next(k for k in payload if k != "action")
    changed[ship] = 2
    result = await table.service.submit_order(game.id, table.ANNE, decision, changed, "b")
    assert result.status == "replaced"
    orders = await table.db.orders(game.id)
    assert [o.status for o in orders] == ["replaced", "open"]
    assert orders[1].seq > orders[0].seq and orders[1].payload[ship] == 2
    assert (await table.service.my_pending(game.id, table.ANNE))[0].submitted[ship] == 2
    await table.order_for(game.id, table.BOB)
    await table.settle()
    step = (await table.db.steps(game.id))[0]
    # Orders go to the engine in the order they were last submitted.
    assert [o["player"] for o in step.orders] == ["p1", "p2"]
    assert next(o for o in step.orders if o["player"] == "p1")["payload"][ship] == 2


async def test_the_last_to_submit_is_known_from_the_sequence(table):
    game = await table.duel()
    await table.order_for(game.id, table.BOB)
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    step = (await table.db.steps(game.id))[0]
    assert [o["player"] for o in step.orders] == ["p2", "p1"]


async def test_ordering_another_players_ship_is_refused(table):
    game = await table.duel()
    bobs = (await table.service.my_pending(game.id, table.BOB))[0].decision.id
    result = await table.service.submit_order(game.id, table.ANNE, bobs, {"action": "chits"}, "x")
    assert result.status == "rejected"
    assert result.problems[0].code == "not-your-decision"
    assert "belongs to p2, not to you" in result.message
    assert await table.db.orders(game.id) == []


async def test_every_problem_comes_back_in_plain_words(table):
    game = await table.duel()
    decision, payload = await _chits(table, game.id, table.ANNE)
    ship = next(k for k in payload if k != "action")
    wrong = {"action": "chits", ship: 9, "rum": 1}
    result = await table.service.submit_order(game.id, table.ANNE, decision, wrong, "x")
    assert result.status == "rejected"
    assert {p.code for p in result.problems} == {"bad-choice", "unexpected-param"}
    assert result.message.startswith("Order not recorded:\n• ")
    garbage = await table.service.submit_order(game.id, table.ANNE, decision, "junk", "y")  # type: ignore[arg-type]
    assert garbage.status == "rejected" and garbage.problems


async def test_orders_need_a_seat_and_a_running_game(table):
    game = await table.duel(start=False)
    with pytest.raises(ServiceError) as refused:
        await table.service.submit_order(game.id, table.ANNE, "t1.chits.p1", {}, "x")
    assert refused.value.code == "game-not-started"
    await table.service.start(game.id, table.HOST)
    with pytest.raises(ServiceError) as refused:
        await table.service.submit_order(game.id, table.CARL, "t1.chits.p1", {}, "y")
    assert refused.value.code == "not-seated"
    assert plain(refused.value.message("it")) == "Non hai un posto in questa partita. Unisciti con /game join."
    with pytest.raises(ServiceError) as refused:
        await table.service.my_pending(game.id, table.CARL)
    assert refused.value.code == "not-seated"


async def test_views_show_a_player_their_own_secrets_only(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    _, state = await table.state(game.id)
    anne = await table.service.view_for(game.id, table.ANNE)
    public = await table.service.public_view(game.id)
    onlooker = await table.service.view_for(game.id, table.CARL)
    assert onlooker == public
    for ship, mine, seen in zip(state.ships, anne["ships"], public["ships"]):
        if ship.player == "p1":
            assert mine["chit"] == ship.chit
        if seen["chit_hidden"]:
            assert seen["chit"] is None


async def test_a_look_at_the_forms_does_not_wait_for_the_game_and_follows_each_resolution(table):
    """Autocomplete asks on every keystroke and cannot be deferred: a player's forms come
    from a committed snapshot, computed once per state, without the game's lock."""
    game = await table.duel()
    svc = table.service
    ruleset = svc._runtimes[game.id].ruleset
    calls = []
    spec = ruleset.spec

    def counting_spec(state, decision, only=None):
        calls.append(decision.id)
        return spec(state, decision, only)

    ruleset_type = type(ruleset)
    original = ruleset_type.spec
    ruleset_type.spec = lambda self, state, decision, only=None: counting_spec(state, decision, only)
    try:
        first = await svc.my_pending(game.id, table.ANNE)
        seen = len(calls)
        async with svc._lock(game.id):  # a resolution or another order in progress
            again = await asyncio.wait_for(svc.my_pending(game.id, table.ANNE), 5)
        assert [p.decision.id for p in again] == [p.decision.id for p in first]
        assert first and len(calls) == seen  # the second look computed nothing
        await table.play_round(game.id)
        after = await svc.my_pending(game.id, table.ANNE)
        assert {p.decision.id for p in after} != {p.decision.id for p in first}
        assert len(calls) > seen  # a new state, new forms
    finally:
        ruleset_type.spec = original
