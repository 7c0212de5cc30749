"""Standing orders through the service: stored as they arrive, answering a phase without
a tap, checked by the rules, cancelled, kept across a restart, and refused for a ship
that is not the player's."""
from __future__ import annotations

import pytest

from bot.markup import plain
from bot.service import Pacing, ServiceError


async def _place_chits(table, game_id: int, user: int, chit: int) -> None:
    (item,) = await table.service.my_pending(game_id, user)
    payload = {"action": "chits", **{p.name: chit for p in item.spec.actions[0].params if p.required}}
    result = await table.service.submit_order(game_id, user, item.decision.id, payload, f"chits-{user}-{chit}")
    assert result.stored, result.message


async def _ship_of(table, game_id: int, user: int) -> str:
    board = await table.service.standing_board(game_id, user)
    (offer,) = board.offers
    return offer.subject


async def test_a_standing_order_answers_every_phase_of_its_ship(table):
    game = await table.duel()
    anne_ship = await _ship_of(table, game.id, table.ANNE)
    said = await table.service.give_standing(game.id, table.ANNE, anne_ship, "hold-course")
    assert plain(said).startswith("Standing order recorded: HMS Indefatigable — Hold course")
    await _place_chits(table, game.id, table.ANNE, 5)
    await _place_chits(table, game.id, table.BOB, 1)
    await table.settle()
    # Phases 5 to 1: her standing order answers every one of her ship's actions, without a tap.
    steps = await table.db.steps(game.id)
    moves = [o for s in steps for o in s.orders if o["decision"].endswith(anne_ship)]
    assert [o["decision"] for o in moves] == [f"t1.p{p}.indefatigable" for p in (5, 4, 3, 2, 1)]
    assert all(o["payload"]["action"] == "move" for o in moves)
    # Bob's ship acts after hers in phase 1, and Bob has no standing order: it waits for him.
    assert [p.decision.id for p in await table.service.my_pending(game.id, table.BOB)] == ["t1.p1.virginie"]
    assert await table.service.my_pending(game.id, table.ANNE) == []
    status = await table.service.phase_status(game.id)
    assert [s.user_id for s in status.owing] == [table.BOB]


async def test_a_cancelled_standing_order_does_not_apply(table):
    game = await table.duel()
    ship = await _ship_of(table, game.id, table.ANNE)
    await table.service.give_standing(game.id, table.ANNE, ship, "hold-course")
    cancelled = await table.service.cancel_standing(game.id, table.ANNE, ship)
    assert "cancelled" in plain(cancelled)
    await _place_chits(table, game.id, table.ANNE, 5)
    await _place_chits(table, game.id, table.BOB, 1)
    await table.settle()
    # Phase 5 waits for Anne: nothing answers for her ship.
    assert [p.decision.id for p in await table.service.my_pending(game.id, table.ANNE)] == ["t1.p5.indefatigable"]
    assert len(await table.db.steps(game.id)) == 1
    with pytest.raises(ServiceError) as refused:
        await table.service.cancel_standing(game.id, table.ANNE, ship)
    assert refused.value.code == "standing-none"


async def test_nobody_gives_standing_orders_to_another_players_ship(table):
    game = await table.duel()
    bobs = await _ship_of(table, game.id, table.BOB)
    with pytest.raises(ServiceError) as refused:
        await table.service.give_standing(game.id, table.ANNE, bobs, "hold-course")
    assert refused.value.code == "standing-not-yours"
    assert await table.db.standing_orders(game.id) == []
    with pytest.raises(ServiceError) as refused:
        await table.service.give_standing(game.id, table.ANNE, await _ship_of(table, game.id, table.ANNE), "sink-her")
    assert refused.value.code == "standing-unknown"


async def test_a_standing_order_that_does_not_fit_leaves_the_default_and_says_why(table):
    game = await table.duel()
    ship = await _ship_of(table, game.id, table.ANNE)
    # "As last phase" with no last phase to repeat: nothing it could do.
    await table.service.give_standing(game.id, table.ANNE, ship, "as-last", "t1.p5")
    await _place_chits(table, game.id, table.ANNE, 5)
    await _place_chits(table, game.id, table.BOB, 1)
    await table.settle()
    first = (await table.db.steps(game.id))[1]
    assert first.orders == [] or all(not o["decision"].endswith(ship) for o in first.orders)
    told = [line for user, lines in table.transport.privates if user == table.ANNE for line in lines]
    assert any("did not fit Phase 5: action of HMS Indefatigable" in plain(line) and "took the default" in plain(line)
               for line in told), told
    # The conditional order was for phase 5 only: spent, phase 4 waits for Anne.
    assert await table.db.standing_orders(game.id) == []
    assert [p.decision.id for p in await table.service.my_pending(game.id, table.ANNE)] == ["t1.p4.indefatigable"]


async def test_standing_orders_survive_a_restart(table):
    game = await table.duel()
    ship = await _ship_of(table, game.id, table.ANNE)
    await table.service.give_standing(game.id, table.ANNE, ship, "keep-station")
    await _place_chits(table, game.id, table.ANNE, 5)
    await table.close()
    await table.open()
    await _place_chits(table, game.id, table.BOB, 1)
    await table.settle()
    steps = await table.db.steps(game.id)
    assert any(o["decision"] == "t1.p5.indefatigable" for s in steps for o in s.orders)
    assert [p.decision.id for p in await table.service.my_pending(game.id, table.BOB)] == ["t1.p1.virginie"]


async def test_a_seat_handed_on_leaves_its_standing_orders_behind(table):
    game = await table.duel()
    ship = await _ship_of(table, game.id, table.ANNE)
    await table.service.give_standing(game.id, table.ANNE, ship, "hold-course")
    await table.service.replace_player(game.id, table.HOST, "p1", table.CARL, "Carl", confirm=True)
    assert await table.db.standing_orders(game.id) == []
    board = await table.service.standing_board(game.id, table.CARL)
    assert board.given == [] and [o.subject for o in board.offers] == [ship]


async def test_the_call_for_orders_mentions_standing_orders_until_some_are_given(table):
    game = await table.duel()
    await _place_chits(table, game.id, table.ANNE, 5)
    await _place_chits(table, game.id, table.BOB, 1)
    await table.settle()
    status = await table.service.phase_status(game.id)
    seat = status.seats["p1"]
    prompt = await table.service.prompt_for(status, seat)
    assert any("/standing" in plain(line) for line in prompt.lines)
    ship = await _ship_of(table, game.id, table.ANNE)
    await table.service.give_standing(game.id, table.ANNE, ship, "keep-station", "t1.p1")
    status = await table.service.phase_status(game.id)
    prompt = await table.service.prompt_for(status, seat)
    assert not any("/standing" in plain(line) for line in prompt.lines)


async def test_galleys_on_orders_for_this_turn_only_sail_it_and_are_asked_the_next(table):
    """Nauta: Anne leaves every galley "hold water" for turn 1 only, Bob his "hold course"
    for every turn; turn 1 goes by without a tap, and in turn 2 only Anne is asked."""
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "nauta", "greek-fire",
                                 pacing=Pacing(style="campaign", phase_seconds=86400), thread_id=11)
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    await svc.start(game.id, table.HOST)
    await table.settle()
    for user, kind, moment in ((table.ANNE, "hold-water", "t1"), (table.BOB, "hold-course", "")):
        board = await svc.standing_board(game.id, user)
        assert len(board.offers) == 4
        for offer in board.offers:
            assert [str(m.value) for m in offer.moments] == ["t1"]
            said = plain(await svc.give_standing(game.id, user, offer.subject, kind, moment))
            # Honest: a galley's order alone does not answer her fleet's speeds.
            assert "only when every galley they concern has one" in said, said
    await table.settle()
    steps = await table.db.steps(game.id)
    anne = [o for s in steps for o in s.orders if o["player"] == "p1"]
    assert [o["decision"] for o in anne][:1] == ["t1.speeds.p1"]
    assert set(anne[0]["payload"].values()) == {"speeds", 0}, "held water: speed 0"
    assert any(o["decision"].startswith("t1.m") for o in anne)
    # Her orders were for turn 1: spent. Bob's stand; only Anne is asked for turn 2.
    assert [p.decision.id for p in await svc.my_pending(game.id, table.ANNE)] == ["t2.speeds.p1"]
    status = await svc.phase_status(game.id)
    assert [s.user_id for s in status.owing] == [table.ANNE], "Bob's galleys are answered for"
    left = await table.db.standing_orders(game.id)
    assert {r.seat_id for r in left} == {"p2"} and len(left) == 4


async def test_pirates_ships_left_to_hold_sail_a_turn_without_a_tap(table):
    """Pirates: both players leave every ship "hold" for every turn; every manoeuvre and
    every shot is answered without a tap, so the whole game sails to its turn limit, its
    manoeuvres the rules' own holds."""
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "pirates", "skirmish",
                                 pacing=Pacing(style="campaign", phase_seconds=86400), thread_id=12)
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    await svc.start(game.id, table.HOST)
    await table.settle()
    for user in (table.ANNE, table.BOB):
        board = await svc.standing_board(game.id, user)
        assert board.offers and all([k.kind for k in o.kinds] == ["hold", "as-last"] for o in board.offers)
        for offer in board.offers:
            said = plain(await svc.give_standing(game.id, user, offer.subject, "hold"))
            assert "every ship of yours still to act" in said, said
    await table.settle()
    steps = await table.db.steps(game.id)
    acts = [o for s in steps for o in s.orders if ".a" in o["decision"]]
    assert len(acts) >= 6 * 12 and all(o["payload"]["action"] == "fire" for o in acts), acts[:3]
    fires = [o for s in steps for o in s.orders if ".f." in o["decision"]]
    assert all(set(o["payload"]) >= {"action", "gun1"} for o in fires)
    assert (await table.db.game(game.id)).status == "over"


async def test_galleys_on_standing_orders_leave_her_the_boarding_and_ask_her_again_once_one_is_cancelled(table):
    """The galleys' e2e game without Discord and without its timing: every galley of
    Anne's holds course, a computer captain sails against her; with the tables' seed the
    galleys first touch at the end of turn 5, and the game stops there for her boarding
    declaration (standing orders leave boarding to her). She cancels her dromon's order
    there, as the e2e game's late pause did. A declaration confirmed empty is refused
    (every menu is a choice the rules require: the e2e test once pressed Confirm so and
    waited for a phase that waited for her); one with "none" in each is taken, and once
    the boardings are past she is asked a decision her dromon's order used to answer."""
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "nauta", "greek-fire",
                                 pacing=Pacing(style="live", phase_seconds=1800), thread_id=13)
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.add_ai_seat(game.id, table.HOST, sides[1], "captain")
    await svc.start(game.id, table.HOST)
    await table.settle()
    board = await svc.standing_board(game.id, table.ANNE)
    for offer in board.offers:
        await svc.give_standing(game.id, table.ANNE, offer.subject, "hold-course")
    await table.settle()
    (boarding,) = await svc.my_pending(game.id, table.ANNE)
    assert boarding.decision.id == "t5.boarding.p1", boarding.decision.id
    dromon = board.offers[0].subject
    moved = [o for s in await table.db.steps(game.id) for o in s.orders
             if o["decision"].startswith("t5.m") and o["payload"].get("unit") == dromon]
    assert moved, "her dromon sailed turn 5 on its standing order"
    await svc.cancel_standing(game.id, table.ANNE, dromon)

    empty = await svc.submit_order(game.id, table.ANNE, boarding.decision.id, {"action": "declare"}, "empty")
    assert not empty.stored and {p.code for p in empty.problems} == {"missing-param"}, empty.message
    # While her dromon is locked with the enemy it writes no speed and makes no move: the
    # other galleys' orders answer those, and each turn's boarding is asked of her.
    for n in range(8):
        nothing = {"action": "declare", **{p.name: "none" for p in boarding.spec.actions[0].params}}
        declared = await svc.submit_order(game.id, table.ANNE, boarding.decision.id, nothing, f"none-{n}")
        assert declared.stored, declared.message
        await table.settle()
        (boarding,) = await svc.my_pending(game.id, table.ANNE)
        if boarding.decision.kind != "boarding":
            break
    # Asked again (the initiative's choice, with this seed): a decision her dromon's order
    # answered before it was cancelled.
    asked = boarding.decision
    assert asked.kind != "boarding", "asked only for boarding declarations"
    runtime = svc._runtimes[game.id]
    assert dromon in runtime.ruleset.standing_subjects(runtime.state, asked), asked.id
