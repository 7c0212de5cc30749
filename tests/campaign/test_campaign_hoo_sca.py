"""The campaign hooks of Hearts of Oak and Signal Close Action, rulebook-style: what a
battle's last state carries into the rosters, the next setup and the state it starts,
repairs, crews and prizes."""
from __future__ import annotations

import pytest

from rules.core import game as engine
from rules.core.campaign import Box, after_battle, campaign_rules
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat


def _start(name, setup, seed=1):
    rules = get_ruleset(name)
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(seed))
    return rules, state


# -- Hearts of Oak ------------------------------------------------------------------------------
def test_hoo_rosters_are_the_cards_rows_fresh():
    rules = get_ruleset("hoo")
    rosters = campaign_rules(rules).campaign_rosters(rules.scenarios()["squadrons"])
    assert [r.side for r in rosters] == ["italy", "britain"]
    castiglione = rosters[0].ships[0]
    assert castiglione.build == {"card": "74"}
    assert castiglione.tracks == {"sails": Box(boxes=10), "guns": Box(boxes=10), "hull": Box(boxes=10),
                                  "crew": Box(boxes=10)}
    assert castiglione.grade is None  # the rulebook grades no crew


def test_hoo_a_battle_carries_damage_a_prize_and_a_sinking_into_the_next_state():
    rules, state = _start("hoo", get_ruleset("hoo").scenarios()["squadrons"])
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(rules.scenarios()["squadrons"])
    castiglione, corona, bellona, amphion = (state.ship(s.id) for s in state.ships)
    castiglione.lost.update(sails=3, hull=4, crew=2)
    # 3.6.1: Amphion struck and was taken by Italy's boarders: she sails for her captor
    amphion.status, amphion.taken_from, amphion.side, amphion.struck_by = "afloat", "britain", "italy", "italy"
    amphion.lost.update(hull=5, crew=6)
    corona.status = "sunk"
    fates = {f.ship: f for f in hooks.battle_fates(state)}
    assert fates[amphion.id].fate == "captured" and fates[amphion.id].captor == "italy"
    assert fates[corona.id].fate == "sunk" and fates[castiglione.id].fate == "afloat"
    after, tally = after_battle(hooks, rosters, list(fates.values()), "italy", True, days=0)
    italy, britain = after
    assert [s.name for s in italy.ships] == ["Castiglione", "Amphion"] and italy.ships[1].prize_of == "britain"
    assert [s.name for s in britain.ships] == ["Bellona"]
    assert tally.sunk == {"italy": ["Corona"]} and tally.prizes == {"italy": ["Amphion"]}
    assert italy.ships[1].tracks["crew"] == Box(boxes=10, lost=9)  # a prize crew of one box
    setup = hooks.campaign_setup(after, "abeam", "c-2", "x")
    _, state2 = _start("hoo", setup)
    c2, a2 = state2.ship(castiglione.id), state2.ship(amphion.id)
    assert c2.lost == {"sails": 3, "guns": 0, "hull": 4, "crew": 2}
    assert c2.max_speed == c2.speed == 3  # the fourth sails box: her speed is what her sails have left
    assert a2.side == "italy" and a2.lost["hull"] == 5 and a2.crew == 1


def test_hoo_refit_mends_a_box_of_every_row_a_day_and_a_dismasted_ship_stays_in_port():
    rules = get_ruleset("hoo")
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(rules.scenarios()["squadrons"])
    ship = rosters[0].ships[0]
    ship.tracks.update(sails=Box(boxes=10, lost=10), hull=Box(boxes=10, lost=4), crew=Box(boxes=10, lost=1))
    with_crews = hooks.regrade(rosters[0], "won", {ship.id})
    assert with_crews == rosters[0]  # no crew quality to change
    setup = hooks.campaign_setup(rosters, "line_ahead", "c", "x")
    assert ship.id not in {s.id for s in setup.ships}
    lines = [t.render("en") for t in hooks.roster_lines(rosters[0])]
    assert "not fit to sail" in lines[0] and "sails 0/10" in lines[0]
    mended = hooks.refit(rosters[0], 2).ships[0].tracks
    assert (mended["sails"].lost, mended["hull"].lost, mended["crew"].lost) == (8, 2, 0)


# -- Signal Close Action ------------------------------------------------------------------------
def test_sca_rosters_keep_the_dcs_and_the_crews_quality():
    rules = get_ruleset("sca")
    setup = rules.scenarios()["squadrons"]
    rosters = campaign_rules(rules).campaign_rosters(setup)
    ocean = rosters[0].ships[0]
    assert ocean.build["type"] == "98S" and ocean.grade == 1  # a good crew
    assert ocean.tracks == {"hull-starboard": Box(boxes=10), "hull-port": Box(boxes=10), "rigging": Box(boxes=6)}
    harbour = campaign_rules(rules).campaign_rosters(rules.scenarios()["harbour"])
    assert all("battery" not in s.build["type"] and "citadel" not in s.build["type"]
               for r in harbour for s in r.ships)  # shore defences are not carried


def test_sca_a_battle_carries_lost_dcs_a_prize_and_crews_stepped_by_the_result():
    rules = get_ruleset("sca")
    setup = rules.scenarios()["squadrons"]
    hooks = campaign_rules(rules)
    rosters = hooks.campaign_rosters(setup)
    _, state = _start("sca", setup)
    british = [s for s in state.ships if s.side == "british"]
    french = [s for s in state.ships if s.side == "french"]
    british[1].hull_lost["port"], british[1].rigging_lost, british[1].hull_points["port"] = 3, 2, 40.0
    french[0].status, french[0].owner = "captured", "british"  # taken by boarding (Sezione 7)
    french[0].hull_lost["starboard"] = 2
    french[1].status = "exploded"
    after, tally = after_battle(hooks, rosters, hooks.battle_fates(state), "british", True, days=0)
    brit, fr = after
    assert tally.prizes == {"british": [french[0].name]} and tally.sunk == {"french": [french[1].name]}
    prize = brit.ships[-1]
    assert prize.id == french[0].id and prize.prize_of == "french" and prize.grade == 0  # an average crew of hers
    assert brit.ships[1].grade == min(rosters[0].ships[1].grade + 1, 2)  # won: one step up
    assert fr.ships[0].grade == max(rosters[1].ships[2].grade - 1, -1)
    setup2 = hooks.campaign_setup(after, "abeam", "c-2", "x")
    _, state2 = _start("sca", setup2)
    m = state2.ship(british[1].id)
    assert m.hull_lost == {"starboard": 0, "port": 3} and m.rigging_lost == 2 and m.hull_points["port"] == 0
    assert m.dcs_lost == 5  # each a -1 to her Ability, as the rulebook's lost DCs are
    p = state2.ship(french[0].id)
    assert p.side == "british" and p.crew == "average" and p.hull_lost["starboard"] == 2
    assert m.crew == ["poor", "average", "good", "elite"][brit.ships[1].grade + 1]


def test_sca_refit_mends_one_dc_of_rigging_and_of_each_hull_side_a_day():
    rules = get_ruleset("sca")
    hooks = campaign_rules(rules)
    roster = hooks.campaign_rosters(rules.scenarios()["duel"])[0]
    ship = roster.ships[0]
    ship.tracks.update({"hull-port": Box(boxes=4, lost=4), "rigging": Box(boxes=6, lost=3)})
    assert "not fit to sail" in hooks.roster_lines(roster)[0].render("en")
    assert "non può salpare" in hooks.roster_lines(roster)[0].render("it")
    mended = hooks.refit(roster, 2).ships[0].tracks
    assert (mended["hull-port"].lost, mended["rigging"].lost) == (2, 1)


@pytest.mark.parametrize("name", ["hoo", "sca"])
def test_every_pattern_of_every_scenario_starts(name):
    rules = get_ruleset(name)
    hooks = campaign_rules(rules)
    for scenario, setup in rules.scenarios().items():
        rosters = hooks.campaign_rosters(setup)
        for pattern in hooks.campaign_patterns():
            _start(name, hooks.campaign_setup(rosters, pattern, f"{scenario}-{pattern}", "x"))
