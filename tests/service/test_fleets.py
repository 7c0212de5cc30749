"""Fleets by points through the service: a points lobby, purchases within the budget,
the refusals in plain words, the start from the fleets bought, custom scenarios."""
from __future__ import annotations

import asyncio
import json

import pytest

from bot.service import ServiceError
from bot.service.models import Pacing

CLASS3 = {"nation": "britain", "guns": "74", "crew": "600"}


async def points_game(table, ruleset="cannoni", **terms):
    svc = table.service
    game = await svc.create_points_game(1, 10, table.HOST, ruleset, pacing=Pacing(style="live", phase_seconds=300),
                                        thread_id=11, **terms)
    sides = await svc.sides(game.id)
    await svc.join(game.id, table.ANNE, sides[0], "Anne")
    await svc.join(game.id, table.BOB, sides[1], "Bob")
    return game, sides


async def test_buy_within_the_budget_and_start(table):
    svc = table.service
    game, (britain, france) = await points_game(table, budget=60, pattern="abeam", wind=4)
    ship, view = await svc.buy_ship(game.id, table.ANNE, "class3", CLASS3)
    assert (ship.name, ship.points, view.left) == ("British 74", 29.0, 31.0)
    await svc.buy_ship(game.id, table.ANNE, "hms_surprise")
    await svc.buy_ship(game.id, table.BOB, "virginie")
    view = await svc.fleet(game.id, table.ANNE)
    assert [s.name for s in view.ships] == ["British 74", "HMS Surprise"] and view.left == 8
    await svc.start(game.id, table.HOST)
    await table.settle()
    start = await table.db.start_record(game.id)
    assert start.setup["wind"] == 4 and [s["side"] for s in start.setup["ships"]] == [britain, britain, france]
    assert all(s["heading"] in (0, 180) for s in start.setup["ships"])  # abeam: bows to the enemy


async def test_refusals_in_plain_words(table):
    svc = table.service
    game, (britain, france) = await points_game(table, budget=40)
    await svc.buy_ship(game.id, table.ANNE, "hms_indefatigable")
    with pytest.raises(ServiceError) as over:
        await svc.buy_ship(game.id, table.ANNE, "hms_surprise")
    assert over.value.code == "fleet-over-budget"
    assert "HMS Surprise costs 23 points; britain has 11 of its 40 left" in over.value.message("en")
    assert "costa 23 punti" in over.value.message("it")
    with pytest.raises(ServiceError) as unknown:
        await svc.buy_ship(game.id, table.ANNE, "flying_dutchman")
    assert unknown.value.code == "fleet-unknown-ship"
    with pytest.raises(ServiceError) as wrong:  # a French ship is not on sale to Britain
        await svc.buy_ship(game.id, table.ANNE, "virginie")
    assert wrong.value.code == "fleet-unknown-ship"
    with pytest.raises(ServiceError) as other:
        await svc.buy_ship(game.id, table.ANNE, "virginie", side=france)
    assert other.value.code == "fleet-not-your-side"
    with pytest.raises(ServiceError) as empty:
        await svc.start(game.id, table.HOST)
    assert empty.value.code == "fleet-empty"


async def test_a_named_ship_once(table):
    svc = table.service
    game, _ = await points_game(table, budget=200)
    await svc.buy_ship(game.id, table.ANNE, "hms_speedy")
    with pytest.raises(ServiceError) as twice:
        await svc.buy_ship(game.id, table.ANNE, "hms_speedy")
    assert twice.value.code == "fleet-rules"
    assert "HMS Speedy is one ship" in twice.value.message("en")
    assert "è una nave sola" in twice.value.message("it")


async def test_nauta_design_limit_and_extra_soldiers(table):
    svc = table.service
    game, (rome, carthage) = await points_game(table, "nauta")
    ship, view = await svc.buy_ship(game.id, table.ANNE, "quinqueremis", {"extra": "2"})
    assert ship.points == 75 and view.left == 225
    await svc.buy_ship(game.id, table.ANNE, "hexeris", {"extra": "0"})
    with pytest.raises(ServiceError) as limit:
        await svc.buy_ship(game.id, table.ANNE, "hexeris", {"extra": "0"})
    assert "at most 1" in limit.value.message("en") and "al massimo 1" in limit.value.message("it")
    await svc.buy_ship(game.id, table.BOB, "quadriremis", {"extra": "1"})
    await svc.start(game.id, table.HOST)
    start = await table.db.start_record(game.id)
    assert [f["side"] for f in start.setup["fleets"]] == [rome, carthage]


async def test_racing_clicks_cannot_overspend(table):
    svc = table.service
    game, _ = await points_game(table, budget=40)
    results = await asyncio.gather(svc.buy_ship(game.id, table.ANNE, "hms_indefatigable"),
                                   svc.buy_ship(game.id, table.ANNE, "hms_bellerophon"), return_exceptions=True)
    assert sorted(type(r).__name__ for r in results) == ["ServiceError", "tuple"]
    assert sum(s.points for s in await table.db.fleet_ships(game.id)) <= 40


async def test_custom_scenario_saved_exported_and_played(table):
    svc = table.service
    game, (britain, france) = await points_game(table, budget=70, pattern="scattered", wind=2, width=60, height=40)
    await svc.buy_ship(game.id, table.HOST, "hms_sophie", side=britain)
    await svc.buy_ship(game.id, table.HOST, "bayonnaise", side=france)
    with pytest.raises(ServiceError):
        await svc.save_scenario(game.id, table.ANNE, "sophie")  # only the host
    await svc.save_scenario(game.id, table.HOST, "Sophie")
    name, text = await svc.export_scenario(1, "sophie")
    body = json.loads(text)
    assert name == "sophie.json" and body["pattern"] == "scattered" and body["width"] == 60
    assert [s["design"] for s in body["fleets"][britain]] == ["hms_sophie"]
    await svc.end_game(game.id, table.HOST)
    again = await svc.create_points_game(1, 10, table.HOST, "nauta", saved="sophie", thread_id=12)
    assert again.ruleset == "cannoni"
    ships = await table.db.fleet_ships(again.id)
    assert [(s.side, s.design) for s in ships] == [(britain, "hms_sophie"), (france, "bayonnaise")]
    with pytest.raises(ServiceError) as unknown:
        await svc.create_points_game(1, 10, table.HOST, "cannoni", saved="nothing", thread_id=13)
    assert unknown.value.code == "scenario-unknown"


async def test_no_purchase_after_the_start(table):
    svc = table.service
    game, _ = await points_game(table, budget=60)
    await svc.buy_ship(game.id, table.ANNE, "hms_indefatigable")
    await svc.buy_ship(game.id, table.BOB, "virginie")
    await svc.start(game.id, table.HOST)
    with pytest.raises(ServiceError) as late:
        await svc.buy_ship(game.id, table.ANNE, "hms_surprise")
    assert late.value.code == "not-lobby"


async def test_a_restart_keeps_the_fleets_bought(table):
    game, (britain, france) = await points_game(table, budget=60, pattern="line_ahead")
    await table.service.buy_ship(game.id, table.ANNE, "class5", {"nation": "britain", "guns": "36", "crew": "250"})
    await table.close()
    await table.open()
    view = await table.service.fleet(game.id, table.ANNE)
    assert [(s.name, s.seat_id) for s in view.ships] == [("British 36", "p1")] and view.left == 60 - view.spent
    await table.service.buy_ship(game.id, table.BOB, "bayonnaise")
    await table.service.start(game.id, table.HOST)
    start = await table.db.start_record(game.id)
    assert [s["heading"] for s in start.setup["ships"]] == [90, 270]  # line ahead, abeam of each other


async def test_a_ruleset_without_fleets_and_bad_terms_are_refused(table):
    svc = table.service
    with pytest.raises(ServiceError) as budget:
        await svc.create_points_game(1, 10, table.HOST, "cannoni", budget=-5, thread_id=11)
    assert budget.value.code == "fleet-bad-budget"
    with pytest.raises(ServiceError) as pattern:
        await svc.create_points_game(1, 10, table.HOST, "cannoni", pattern="wedge", thread_id=11)
    assert "Choose: line_ahead, abeam, scattered" in pattern.value.message("en")
    with pytest.raises(ServiceError) as size:
        await svc.create_points_game(1, 10, table.HOST, "nauta", width=500, thread_id=11)
    assert "between 7.5 and 120 segments" in size.value.message("en")
    assert await table.db.games_with_status("lobby") == []


async def test_the_buyer_commands_her(table):
    svc = table.service
    game, (britain, france) = await points_game(table, budget=80)
    await svc.join(game.id, table.CARL, britain, "Carl")
    await svc.buy_ship(game.id, table.CARL, "hms_speedy")
    await svc.buy_ship(game.id, table.ANNE, "hms_sophie")
    await svc.buy_ship(game.id, table.HOST, "hms_entreprenante", side=britain)  # the host's: shared out
    await svc.buy_ship(game.id, table.BOB, "virginie")
    await svc.start(game.id, table.HOST)
    _, state = await table.state(game.id)
    owners = {s.name: s.player for s in state.ships.values()} if isinstance(state.ships, dict) else \
        {s.name: s.player for s in state.ships}
    assert owners["HMS Speedy"] == "p3" and owners["HMS Sophie"] == "p1" and owners["Virginie"] == "p2"


async def test_a_nauta_scenario_saved_when_the_sides_were_rome_and_carthage_still_loads(table):
    """Before every nation of the fleet lists was sold, Nauta's sides were ``rome`` and
    ``carthage``; a server's saved scenario of then loads with each fleet's nation."""
    from db.fleets import SavedScenario
    body = {"format": "broadside-scenario/1", "ruleset": "nauta", "budget": 300, "pattern": "line_ahead", "wind": None,
            "fleets": {"rome": [{"design": "quinqueremis", "params": {"extra": "2"}, "name": "", "points": 75}],
                       "carthage": [{"design": "quadriremis", "params": {"extra": "0"}, "name": "", "points": 50}]}}
    await table.db.save_scenario(SavedScenario(1, "mylae-old", "nauta", body, table.HOST, 1.0))
    game = await table.service.create_points_game(1, 10, table.HOST, "nauta", saved="mylae-old", thread_id=12)
    ships = await table.db.fleet_ships(game.id)
    assert [(s.side, s.design, s.params["nation"]) for s in ships] == [
        ("south", "quinqueremis", "roman_punic"), ("north", "quadriremis", "carthaginian")]


async def test_a_pirates_points_game_bought_started_and_played(table):
    """Pirates sells ships and crews; a named crew in one fleet is refused to the other
    when bought; the fleets start docked at home and the game plays on."""
    svc = table.service
    game, (red, blue) = await points_game(table, "pirates", budget=30)
    assert (red, blue) == ("red", "blue")
    await svc.buy_ship(game.id, table.ANNE, "red-heron")
    await svc.buy_ship(game.id, table.ANNE, "mara-quill", {"aboard": "1"})
    _, view = await svc.buy_ship(game.id, table.ANNE, "sloop")
    assert view.left == 30 - 11 - 5 - 4
    await svc.buy_ship(game.id, table.BOB, "salt-widow")
    with pytest.raises(ServiceError) as named:
        await svc.buy_ship(game.id, table.BOB, "mara-quill")
    assert named.value.code == "fleet-rules"
    assert "Mara Quill is in the Red fleet already" in named.value.message("en")
    assert "Mara Quill è già nella flotta Rossa" in named.value.message("it")
    await svc.buy_ship(game.id, table.BOB, "gunner", {"aboard": "1"})
    await svc.start(game.id, table.HOST)
    await table.settle()
    start = await table.db.start_record(game.id)
    assert [s["key"] for f in start.setup["fleets"] for s in f["ships"]] == ["red-heron", "sloop", "salt-widow"]
    _, state = await table.state(game.id)
    assert all(s.docked == state.home(s.side).id for s in state.ships)
    assert {c.key: c.place for c in state.crews} == {"mara-quill": "red-heron", "gunner": "salt-widow"}
    played = 0
    for _ in range(6):
        played += await table.play_round(game.id)
    assert played > 0 and (await svc.game(game.id)).status in ("running", "over")
    _, later = await table.state(game.id)
    assert later.turn > state.turn or any(s.acted or s.moved for s in later.ships)


async def test_a_pirates_fleet_that_does_not_fit_at_home_does_not_start(table):
    """Calico Cat's refit is refused to the other fleet when the host buys it; a fleet
    whose ships do not all fit docked along its home coast is refused at the start."""
    svc = table.service
    game, (red, blue) = await points_game(table, "pirates", budget=80)
    await svc.buy_ship(game.id, table.HOST, "calico-cat", side=red)
    with pytest.raises(ServiceError) as twice:
        await svc.buy_ship(game.id, table.HOST, "calico-cat-ii", side=blue)
    assert "Calico Cat (refit) is in the Red fleet already" in twice.value.message("en")
    for _ in range(11):
        await svc.buy_ship(game.id, table.HOST, "sloop", side=blue)
    with pytest.raises(ServiceError) as full:
        await svc.start(game.id, table.HOST)
    assert full.value.code == "fleet-cannot-start"
    assert full.value.message("en") == (
        "The fleets break a rule, so the game cannot start yet: The Blue fleet's ships do not all fit along the "
        "coast of Cobalt Bay, where every ship starts docked: buy fewer or smaller ships.")
    assert "la partita non può ancora cominciare" in full.value.message("it")
    await svc.sell_ship(game.id, table.HOST, (await svc.fleet(game.id, table.HOST, blue)).ships[-1].n, blue)
    await svc.start(game.id, table.HOST)
    assert (await svc.game(game.id)).status == "running"


async def test_a_pirates_points_game_for_three_fleets_each_bought_by_its_player(table):
    """The host opens a points game for three fleets (Terms.more_sides): each player buys
    her own fleet and no other, a named object is unique across the three, and the game
    starts only when every fleet has bought, on the three-fleet sea."""
    svc = table.service
    game = await svc.create_points_game(1, 10, table.HOST, "pirates", budget=30, sides=3, thread_id=11,
                                        pacing=Pacing(style="live", phase_seconds=300))
    assert await svc.sides(game.id) == ["red", "blue", "green"]
    for user, side, name in ((table.ANNE, "red", "Anne"), (table.BOB, "blue", "Bob"), (table.CARL, "green", "Carl")):
        await svc.join(game.id, user, side, name)
    await svc.buy_ship(game.id, table.ANNE, "red-heron")
    await svc.buy_ship(game.id, table.ANNE, "mara-quill", {"aboard": "1"})
    await svc.buy_ship(game.id, table.BOB, "salt-widow")
    with pytest.raises(ServiceError) as other:  # Bob buys for Carl's fleet
        await svc.buy_ship(game.id, table.BOB, "sloop", side="green")
    assert other.value.code == "fleet-not-your-side"
    with pytest.raises(ServiceError) as empty:
        await svc.start(game.id, table.HOST)
    assert empty.value.code == "fleet-empty" and "green" in empty.value.message("en")
    with pytest.raises(ServiceError) as named:
        await svc.buy_ship(game.id, table.CARL, "mara-quill")
    assert "is in the Red fleet already" in named.value.message("en")
    assert "la flotta Verde non può averlo" in named.value.message("it")
    _, view = await svc.buy_ship(game.id, table.CARL, "sloop")
    assert view.side == "green" and view.sides == ("red", "blue", "green")
    # Saved and played again: three fleets still, each with what it bought.
    await svc.save_scenario(game.id, table.HOST, "three-fleets")
    again = await svc.create_points_game(1, 10, table.HOST, "pirates", saved="three-fleets", thread_id=12)
    assert await svc.sides(again.id) == ["red", "blue", "green"]
    assert [(s.side, s.design) for s in await table.db.fleet_ships(again.id)] == [
        ("red", "red-heron"), ("red", "mara-quill"), ("blue", "salt-widow"), ("green", "sloop")]
    await svc.start(game.id, table.HOST)
    await table.settle()
    start = await table.db.start_record(game.id)
    assert [f["side"] for f in start.setup["fleets"]] == ["red", "blue", "green"] and start.setup["cols"] == 16
    _, state = await table.state(game.id)
    assert state.sides == ["red", "blue", "green"]
    assert all(s.docked == state.home(s.side).id for s in state.ships)


async def test_the_host_chooses_only_what_the_rules_leave_open(table):
    """A points game's sides within the ruleset's counts; Pirates sets its ships up docked
    at home, has no wind and sails on a scenario's sea: those choices are refused in words,
    not ignored; a ruleset of two sides refuses a third."""
    svc = table.service
    for terms, code in (({"sides": 5}, "fleet-bad-sides"), ({"pattern": "abeam"}, "fleet-fixed-layout"),
                        ({"wind": 3}, "fleet-fixed-wind"), ({"width": 20.0, "height": 16.0}, "fleet-fixed-table")):
        with pytest.raises(ServiceError) as refused:
            await svc.create_points_game(1, 10, table.HOST, "pirates", thread_id=11, **terms)
        assert refused.value.code == code
        assert refused.value.message("en") != refused.value.message("it")
    with pytest.raises(ServiceError) as two:
        await svc.create_points_game(1, 10, table.HOST, "cannoni", sides=3, thread_id=11)
    assert two.value.message("en") == "These rules play a battle by points between 2 sides, not 3."
    game = await svc.create_points_game(1, 10, table.HOST, "pirates", sides=4, thread_id=11)
    assert await svc.sides(game.id) == ["red", "blue", "green", "gold"]


async def test_a_pirates_fleet_is_one_players(table):
    """Terms.seats_per_side: a Pirates fleet is one player's (the order of manoeuvre is by
    player), so a second seat on Red is refused; other rulesets' sides seat one a ship."""
    svc = table.service
    game, (red, blue) = await points_game(table, "pirates")
    with pytest.raises(ServiceError) as full:
        await svc.join(game.id, table.CARL, red, "Carl")
    assert full.value.code == "side-full"
    game = await svc.create_points_game(1, 10, table.HOST, "cannoni", thread_id=12)
    britain = (await svc.sides(game.id))[0]
    await svc.join(game.id, table.ANNE, britain, "Anne")
    await svc.join(game.id, table.CARL, britain, "Carl")
