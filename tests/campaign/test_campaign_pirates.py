"""The campaign hooks of Pirates: masts lost carried and mended a mast a day, crews lost
staying lost, a derelict towed to the enemy's home island joining his roster, a sunk
ship leaving hers, treasure banked kept in the fleet's chest, and the next battle docked
at home on the skirmish's sea."""
from __future__ import annotations

import pytest

from rules.core import game as engine
from rules.core.campaign import Box, after_battle, campaign_rules
from rules.core.dice import Roller, SeededDice
from rules.core.events import EventLog
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.pirates import towing
from rules.pirates.damage import weakest_gun


def _start(setup, seed=1):
    rules = get_ruleset("pirates")
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(rules.sides(setup))]
    state, _ = engine.start(rules, setup, rules.options_model(), seats, SeededDice(seed))
    return rules, state


def _hooks():
    rules = get_ruleset("pirates")
    return rules, campaign_rules(rules)


def test_rosters_are_the_fleets_ships_masts_and_crews_fresh():
    rules, hooks = _hooks()
    red, blue = hooks.campaign_rosters(rules.scenarios()["skirmish"])
    assert (red.side, blue.side) == ("red", "blue") and red.build == {"treasure": 0}
    heron = red.ships[0]
    assert heron.id == "red-heron" and heron.build == {"key": "red-heron", "crews": ["helmsman", "gunner"]}
    assert heron.tracks == {"masts": Box(boxes=3)} and heron.grade is None  # the rulebook grades no crew
    assert [s.id for s in red.ships] == ["red-heron", "sea-wasp", "red-sloop-3"]
    assert hooks.regrade(red, "won", {heron.id}) == red


def _first_battle():
    rules, hooks = _hooks()
    setup = rules.scenarios()["skirmish"]
    rosters = hooks.campaign_rosters(setup)
    _, state = _start(setup)
    heron, wasp, calico, gull = (state.ship(i) for i in ("red-heron", "sea-wasp", "calico-cat", "gull"))
    heron.guns.pop(weakest_gun(heron))  # a mast shot away
    calico.guns, calico.status = [], "derelict"
    calico.docked = "red-home"
    state.ship("red-sloop-3").towing, calico.towed_by = calico.id, "red-sloop-3"
    state.ship("red-sloop-3").docked = "red-home"
    towing.arrive(state, state.ship("red-sloop-3"), Roller(SeededDice(1), EventLog()))  # towed to Red's home: his prize
    gull.status = "sunk"
    next(c for c in state.crews if c.place == wasp.id).alive = False  # Sea Wasp's bosun killed
    state.treasures[1].place, state.treasures[1].public = "red-home", True  # 5 banked by Red
    fates = {f.ship: f for f in hooks.battle_fates(state)}
    return hooks, rosters, fates


def test_a_battle_carries_masts_a_prize_a_sinking_and_a_lost_crew_into_the_rosters():
    hooks, rosters, fates = _first_battle()
    assert fates["calico-cat"].fate == "captured" and fates["calico-cat"].captor == "red"
    assert fates["gull"].fate == "sunk" and fates["red-heron"].fate == "afloat"
    (red, blue), tally = after_battle(hooks, rosters, list(fates.values()), "red", True, days=0)
    assert tally.sunk == {"blue": ["Grey Gull"]} and tally.prizes == {"red": ["Calico Cat"]}
    assert [s.id for s in red.ships] == ["red-heron", "sea-wasp", "red-sloop-3", "calico-cat"]
    assert [s.id for s in blue.ships] == ["salt-widow"]
    heron, wasp, _, calico = red.ships
    assert heron.tracks["masts"] == Box(boxes=3, lost=1) and calico.tracks["masts"] == Box(boxes=2, lost=2)
    assert calico.prize_of == "blue" and calico.build["crews"] == ["bosun"]  # "compreso equipaggio"
    assert wasp.build["crews"] == []  # her killed bosun stays lost
    assert red.build["treasure"] == 5 and blue.build["treasure"] == 0
    assert all("banked" not in s.build for s in red.ships + blue.ships)
    lines = [t.render("en") for t in hooks.roster_lines(red)]
    assert lines[0].endswith(": 5") and "not fit to sail" in lines[4]
    assert "a prize taken from the Blue fleet" in lines[4]
    assert all(t.render("it") != t.render("en") for t in hooks.roster_lines(red)[1:])


def test_the_next_battle_starts_docked_with_the_damage_and_the_prize_when_refitted():
    hooks, rosters, fates = _first_battle()
    (red, blue), _ = after_battle(hooks, rosters, list(fates.values()), "red", True, days=0)
    setup = hooks.campaign_setup([red, blue], "docked", "c-2", "x")
    assert "calico-cat" not in {s.id for f in setup.fleets for s in f.ships}  # no mast: stays in port
    _, state = _start(setup)
    assert len(state.ship("red-heron").guns) == 2 and all(s.docked for s in state.ships)
    # a day in port: one mast mended, and the prize sails for Red with her bosun aboard
    (red, blue), _ = after_battle(hooks, rosters, list(fates.values()), "red", True, days=1)
    assert red.ships[0].tracks["masts"].lost == 0 and red.ships[3].tracks["masts"].lost == 1
    _, state = _start(hooks.campaign_setup([red, blue], "docked", "c-2", "x"))
    calico = state.ship("calico-cat")
    assert calico.side == "red" and len(calico.guns) == 1 and calico.status == "afloat"
    assert calico.docked == "red-home" and len(state.ship("red-heron").guns) == 3
    assert [(c.key, c.side) for c in state.crew_on("calico-cat")] == [("bosun", "red")]
    assert "gull" not in {s.id for s in state.ships} and not [c for c in state.crews if c.key == "bosun"
                                                                and c.side == "red" and c.place == "sea-wasp"]


def test_refit_mends_a_mast_a_day_and_the_setup_refuses_what_it_cannot_build():
    rules, hooks = _hooks()
    red, blue = hooks.campaign_rosters(rules.scenarios()["skirmish"])
    red.ships[0].tracks["masts"] = Box(boxes=3, lost=3)
    assert hooks.refit(red, 2).ships[0].tracks["masts"] == Box(boxes=3, lost=1)
    assert hooks.campaign_patterns() == ["docked"]
    with pytest.raises(ValueError):
        hooks.campaign_setup([red, blue], "abeam", "c", "x")
    for s in blue.ships:
        s.tracks["masts"] = Box(boxes=s.tracks["masts"].boxes, lost=s.tracks["masts"].boxes)
    with pytest.raises(ValueError, match="no ship fit to sail"):
        hooks.campaign_setup([red, blue], "docked", "c", "x")
