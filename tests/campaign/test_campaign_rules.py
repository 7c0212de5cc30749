"""The campaign hooks of Cannoni and Nauta, rulebook-style: a ship's condition at the end
of a battle, what carries into the next one, repairs, crews and prizes."""
from __future__ import annotations

import random

import pytest

from rules.core import game as engine
from rules.core.campaign import Box, Fate, Roster, RosterShip, after_battle, campaign_rules
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat


def _start(name, setup, seed=1):
    rules = get_ruleset(name)
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(seed))
    return rules, state


def _play_out(rules, state, seed):
    rng, dice = random.Random(seed), SeededDice(seed)
    for _ in range(3000):
        if rules.outcome(state) is not None:
            return state
        orders = [random_order(rules, state, d, rng, prefer=("fire", "board", "load", "move")) for d in rules.pending(state)]
        state, _ = engine.resolve(rules, state, orders, dice)
    raise AssertionError("no end")


# -- Cannoni ------------------------------------------------------------------------------------
def test_cannoni_rosters_are_the_log_books_fresh():
    rules = get_ruleset("cannoni")
    setup = rules.scenarios()["frigate-duel"]
    rosters = campaign_rules(rules).campaign_rosters(setup)
    assert [r.side for r in rosters] == ["britain", "france"]
    indefatigable = rosters[0].ships[0]
    log = setup.ships[0].logbook()
    assert indefatigable.tracks["hull-starboard"] == Box(boxes=log.hull_per_side)
    assert indefatigable.tracks["crew"] == Box(boxes=log.crew_boxes)
    assert {k for k in indefatigable.tracks if k.startswith("mast-")} == {f"mast-{m.name}" for m in log.masts}
    assert indefatigable.grade == 0


def test_cannoni_damage_carries_into_the_next_setup_and_the_state():
    rules = get_ruleset("cannoni")
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(rules.scenarios()["frigate-duel"])
    ship = rosters[1].ships[0]
    ship.tracks["hull-port"] = Box(boxes=10, lost=7)
    ship.tracks["mast-main"] = Box(boxes=6, lost=6)  # shot away
    ship.tracks["crew"] = Box(boxes=8, lost=3)
    setup = hooks.campaign_setup(rosters, "meeting", "campaign-1-2", "x")
    _, state = _start("cannoni", setup)
    virginie = next(s for s in state.ships if s.id == ship.id)
    assert virginie.hull["port"].lost == 7 and virginie.hull["starboard"].lost == 0
    main = next(m for m in virginie.masts if m.name == "main")
    assert main.down and main.fell == "sea"  # cut away in port: it obstructs nothing
    assert virginie.crew.remaining == 5
    # the sides face each other from the west and east edges
    assert {s.side: s.heading for s in state.ships} == {"britain": 90.0, "france": 270.0}


def test_cannoni_a_ship_without_a_hull_side_stays_in_port():
    rules = get_ruleset("cannoni")
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(rules.scenarios()["frigate-duel"])
    rosters[1].ships[0].tracks["hull-starboard"] = Box(boxes=10, lost=10)
    with pytest.raises(ValueError, match="france has no ship fit to sail"):
        hooks.campaign_setup(rosters, "meeting", "c", "x")
    assert "refitting" in hooks.roster_lines(rosters[1])[0].render("en")


def test_cannoni_refit_mends_two_hull_boxes_one_mast_box_and_one_crew_box_a_day():
    rules = get_ruleset("cannoni")
    hooks = campaign_rules(rules)
    ship = RosterShip(id="a", name="A", tracks={"hull-port": Box(boxes=10, lost=9), "mast-fore": Box(boxes=6, lost=6),
                                                 "crew": Box(boxes=8, lost=5)}, grade=0)
    after = hooks.refit(Roster(side="x", ships=[ship]), 3).ships[0]
    assert after.tracks == {"hull-port": Box(boxes=10, lost=3), "mast-fore": Box(boxes=6, lost=3),
                            "crew": Box(boxes=8, lost=2)}
    assert hooks.refit(Roster(side="x", ships=[ship]), 30).ships[0].tracks["hull-port"].lost == 0


def test_cannoni_crews_step_one_grade_within_appendix_b_adjustment():
    rules = get_ruleset("cannoni")
    hooks = campaign_rules(rules)
    roster = hooks.campaign_rosters(rules.scenarios()["frigate-duel"])[0]
    sid = roster.ships[0].id
    won = hooks.regrade(hooks.regrade(roster, "won", {sid}), "won", {sid})
    assert won.ships[0].grade == 1  # "aumentare di uno ... ma non oltre"
    assert hooks.regrade(roster, "lost", set()).ships[0].grade == 0  # in port: not in the fight
    lost = hooks.regrade(hooks.regrade(roster, "lost", {sid}), "lost", {sid})
    assert lost.ships[0].grade == -1
    from rules.cannoni.campaign import graded_log
    from rules.cannoni.logbook import LogBook
    base = LogBook.model_validate(roster.ships[0].build["log"])
    vet = graded_log(base, 1)
    assert (vet.combat, vet.gunnery) == (base.combat + 1, base.gunnery + 1)
    assert vet.manoeuvre == min(base.manoeuvre + 1, 8)
    assert [None if m is None else m - 1 for m in vet.fire] == base.fire


def test_cannoni_a_prize_joins_her_captor_and_a_sunk_ship_leaves():
    rules = get_ruleset("cannoni")
    hooks = campaign_rules(rules)
    setup = rules.scenarios()["brig-action"]
    rosters = hooks.campaign_rosters(setup)
    a, b = rosters
    fates = [Fate(ship=b.ships[0].id, name=b.ships[0].name, side=b.side, fate="captured", captor=a.side,
                  tracks={k: Box(boxes=v.boxes, lost=v.boxes - 1 if k == "crew" else 0) for k, v in b.ships[0].tracks.items()}),
             Fate(ship=a.ships[0].id, name=a.ships[0].name, side=a.side, fate="sunk", tracks=a.ships[0].tracks)]
    after, tally = after_battle(hooks, rosters, fates, a.side, True, days=0)
    ids = {r.side: [s.id for s in r.ships] for r in after}
    assert b.ships[0].id in ids[a.side] and b.ships[0].id not in ids[b.side]
    assert a.ships[0].id not in ids[a.side]
    prize = next(s for s in after[0].ships if s.id == b.ships[0].id)
    assert prize.prize_of == b.side and prize.grade == 0 and prize.tracks["crew"].remaining == 1
    assert tally.taken(a.side) == 1 and tally.lost(a.side) == 1 and tally.taken(b.side) == 1


def test_cannoni_a_battle_played_out_gives_every_ship_a_fate_from_its_last_state():
    rules, state = _start("cannoni", get_ruleset("cannoni").scenarios()["frigate-duel"])
    state = _play_out(rules, state, 3)
    fates = {f.ship: f for f in campaign_rules(rules).battle_fates(state)}
    for ship in state.ships:
        fate = fates[ship.id]
        home = ship.original.side if ship.original is not None else ship.side
        assert fate.side == home
        if ship.status == "sunk":
            assert fate.fate == "sunk"
        elif ship.captured_by:
            assert fate.fate == "captured" and fate.captor == ship.captured_by and fate.build is not None
        else:
            assert fate.fate == "afloat"
            assert fate.tracks["hull-port"].lost == ship.hull["port"].lost
            assert fate.tracks["crew"].remaining == ship.crew.remaining


# -- Nauta -------------------------------------------------------------------------------------
def test_nauta_rosters_grade_the_fleet_and_carry_damage_and_soldiers():
    rules = get_ruleset("nauta")
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(rules.scenarios()["artemisium"])
    athens = rosters[0]
    assert athens.grade == 0 and athens.build["nation"] == "athenian"
    paralos = athens.ships[0]
    assert paralos.tracks["soldiers"].boxes >= 1 and paralos.tracks["hull"] == Box(boxes=1)
    paralos.tracks["hull"] = Box(boxes=1, lost=1)
    paralos.tracks["soldiers"] = Box(boxes=paralos.tracks["soldiers"].boxes, lost=1)
    setup = hooks.campaign_setup(rosters, "meeting", "c", "x")
    _, state = _start("nauta", setup)
    ship = state.ship(paralos.id)
    assert ship.damage == 1 and ship.soldiers == ship.soldiers_start - 1


def test_nauta_crews_never_leave_what_the_nation_may_have():
    rules = get_ruleset("nauta")
    hooks = campaign_rules(rules)
    athens = hooks.campaign_rosters(rules.scenarios()["artemisium"])[0]
    fought = {athens.ships[0].id}
    assert hooks.regrade(athens, "won", fought).grade == 1
    # §3: Athenian crews are never green
    assert hooks.regrade(athens, "lost", fought).grade == 0
    assert hooks.regrade(athens, "won", set()).grade == 0  # a fleet that stayed in port learns nothing


def test_nauta_refit_mends_a_hull_in_three_days_and_a_soldier_a_day():
    rules = get_ruleset("nauta")
    hooks = campaign_rules(rules)
    ship = RosterShip(id="a", name="A", build={"type": "triremis"},
                      tracks={"hull": Box(boxes=1, lost=1), "soldiers": Box(boxes=3, lost=3)})
    two = hooks.refit(Roster(side="x", ships=[ship]), 2).ships[0]
    assert two.tracks == {"hull": Box(boxes=1, lost=1), "soldiers": Box(boxes=3, lost=1)}
    three = hooks.refit(Roster(side="x", ships=[ship]), 3).ships[0]
    assert three.tracks["hull"].lost == 0


def test_nauta_a_battle_played_out_counts_prizes_for_the_captor_side():
    rules, state = _start("nauta", get_ruleset("nauta").scenarios()["artemisium"], seed=2)
    state = _play_out(rules, state, 5)
    fates = campaign_rules(rules).battle_fates(state)
    for fate in fates:
        ship = state.ship(fate.ship)
        if fate.fate == "captured":
            assert fate.captor == state.ship(ship.captured_by).side != ship.side
            assert fate.tracks["soldiers"].remaining == 0  # empty until her captor mans her
        elif fate.fate == "sunk":
            assert ship.status in ("sunk", "burning", "wrecked")


def test_every_pattern_of_every_scenario_gives_a_setup_that_starts():
    for name in ("cannoni", "nauta"):
        rules = get_ruleset(name)
        hooks = campaign_rules(rules)
        for scenario, setup in rules.scenarios().items():
            rosters = hooks.campaign_rosters(setup)
            if len(rosters) != 2:
                continue
            for pattern in hooks.campaign_patterns():
                _start(name, hooks.campaign_setup(rosters, pattern, f"c-{scenario}", setup.title))
