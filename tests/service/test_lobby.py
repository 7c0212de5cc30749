"""The lobby: creating a game, seats, ship picks, the start."""
from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameService, Pacing, ScenarioShips, ServiceError, ShipOption


async def _refused(coro) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        await coro
    return refused.value


async def test_creating_a_game_checks_everything_in_plain_words(table):
    svc = table.service
    err = await _refused(svc.create_game(1, 10, table.HOST, "chess", "x"))
    assert err.code == "unknown-ruleset" and "cannoni" in err.message()
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "trafalgar"))
    assert err.code == "unknown-scenario" and "frigate-duel" in err.message()
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", language="fr"))
    assert err.code == "bad-language"
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                         pacing=Pacing(style="live", phase_seconds=5)))
    assert err.message() == "A live play phase must last between 30 s and 3 h."
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", options={"gunpowder": "wet"}))
    assert err.code == "bad-options" and "gunpowder" in err.message()
    assert await table.db.games_with_status("lobby") == []


async def test_the_shortest_live_phase_is_30_s_unless_the_settings_say_otherwise(table):
    svc = table.service
    err = await _refused(svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                         pacing=Pacing(style="live", phase_seconds=20)))
    assert err.message() == "A live play phase must last between 30 s and 3 h."
    svc.shortest_live_phase = 20
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel",
                                 pacing=Pacing(style="live", phase_seconds=20))
    assert game.phase_seconds == 20
    err = await _refused(svc.create_game(1, 11, table.HOST, "cannoni", "frigate-duel",
                                         pacing=Pacing(style="live", phase_seconds=19)))
    assert err.message() == "A live play phase must last between 20 s and 3 h."
    # A campaign's limits are its own.
    err = await _refused(svc.create_game(1, 12, table.HOST, "cannoni", "frigate-duel",
                                         pacing=Pacing(style="campaign", phase_seconds=20)))
    assert err.code == "bad-pacing"


async def test_a_campaign_collects_orders_together_unless_told_otherwise(table):
    svc = table.service
    campaign = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel", pacing=Pacing(style="campaign"))
    assert campaign.options["order_mode"] == "simultaneous" and campaign.pacing == "campaign"
    live = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel")
    assert live.options["order_mode"] == "sequential" and live.phase_seconds == 180


async def test_seats_sides_and_leaving(table):
    svc = table.service
    game = await table.duel(start=False)
    assert (await _refused(svc.join(game.id, table.ANNE, "france", "Anne"))).code == "already-seated"
    err = await _refused(svc.join(game.id, table.CARL, "spain", "Carl"))
    assert err.code == "unknown-side" and "britain, france" in err.message()
    # One frigate a side: France's one seat is Bob's.
    full = await _refused(svc.join(game.id, table.CARL, "FRANCE", "Carl"))
    assert full.code == "side-full" and "France" in full.message()
    await svc.leave(game.id, table.ANNE)
    seat = await svc.join(game.id, table.CARL, "BRITAIN", "Carl")
    assert (seat.seat_id, seat.side) == ("p1", "britain")  # the lowest free seat
    await svc.leave(game.id, table.BOB)
    again = await svc.join(game.id, table.ANNE, "france", "Anne")
    assert again.seat_id == "p2"
    assert (await svc.find_game(11)).id == game.id
    assert (await svc.find_game(10)).id == game.id
    assert (await _refused(svc.find_game(999))).code == "no-game"


async def test_starting_needs_the_host_and_every_side(table):
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "frigate-duel")
    await svc.join(game.id, table.ANNE, "britain", "Anne")
    assert (await _refused(svc.start(game.id, table.ANNE))).code == "not-host"
    err = await _refused(svc.start(game.id, table.HOST))
    assert err.code == "side-empty" and "France" in err.message()
    await svc.join(game.id, table.BOB, "france", "Bob")
    started = await svc.start(game.id, table.ANNE, manager=True)
    assert started.status == "running"
    assert (await _refused(svc.start(game.id, table.HOST))).code == "not-lobby"
    assert (await _refused(svc.join(game.id, table.CARL, "france", "Carl"))).code == "not-lobby"


async def test_ship_picks_decide_who_commands_what(table):
    svc = table.service
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "squadron-action")
    await svc.join(game.id, table.ANNE, "britain", "Anne")
    await svc.join(game.id, table.CARL, "britain", "Carl")
    await svc.join(game.id, table.BOB, "france", "Bob")
    choices = await svc.ship_choices(game.id)
    british = [c.ship_id for c in choices if c.side == "britain"]
    assert len(british) == 3
    err = await _refused(svc.pick_ship(game.id, table.ANNE, "redoutable"))
    assert err.code == "ship-wrong-side"
    assert (await _refused(svc.pick_ship(game.id, table.ANNE, "nonsuch"))).code == "unknown-ship"
    await svc.pick_ship(game.id, table.CARL, british[0])
    await svc.pick_ship(game.id, table.CARL, british[1])
    assert (await _refused(svc.pick_ship(game.id, table.ANNE, british[0]))).code == "ship-taken"
    await svc.release_ship(game.id, table.CARL, british[1])
    assert (await _refused(svc.release_ship(game.id, table.CARL, british[1]))).code == "not-your-pick"
    await svc.start(game.id, table.HOST)
    await table.settle()
    _, state = await table.state(game.id)
    owner = {s.id: s.player for s in state.ships}
    assert owner[british[0]] == "p2"  # Carl's pick
    assert {owner[british[1]], owner[british[2]]} <= {"p1", "p2"}  # the rest: shared out by the rules
    start = await table.db.start_record(game.id)
    assert next(s for s in start.setup["ships"] if s["id"] == british[0])["player"] == "p2"


class PricedShips(ScenarioShips):
    """A points-buy stand-in: every ship costs 10, a seat may spend 15."""

    def options(self, ruleset, setup: dict[str, Any]) -> list[ShipOption]:
        return [ShipOption(o.ship_id, o.label, o.side, 10.0) for o in super().options(ruleset, setup)]

    def budget(self, ruleset, setup: dict[str, Any], side: str) -> float | None:
        return 15.0


async def test_picks_stay_within_the_points(table):
    svc = GameService(table.db, table.transport, clock=table.clock, picks=PricedShips())
    game = await svc.create_game(1, 10, table.HOST, "cannoni", "squadron-action")
    await svc.join(game.id, table.ANNE, "britain", "Anne")
    british = [c.ship_id for c in await svc.ship_choices(game.id) if c.side == "britain"]
    await svc.pick_ship(game.id, table.ANNE, british[0])
    err = await _refused(svc.pick_ship(game.id, table.ANNE, british[1]))
    assert err.code == "over-budget" and err.message().endswith("costs 10 points; you have 5 of 15 left.")
    assert [p.points for p in await table.db.picks(game.id)] == [10.0]


async def test_the_lobby_is_announced_publicly(table):
    await table.duel(start=False)
    texts = table.transport.public_texts()
    assert texts[0].startswith("@user 100 opens a game of Cannoni in batteria!")
    assert "Live play: 5 min per phase" in texts[0]
    assert "@user 200 joins Britain." in texts
