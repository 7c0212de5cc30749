"""Nauta's fleets by points: the ship table's costs, extra soldiers, each side a nation
of the fleet lists under §5's limits for it."""
from __future__ import annotations

import random

import pytest

from rules.core import game as engine
from rules.core.dice import SeededDice
from rules.core.fleets import Battle, PriceError
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.nauta.fleet_points import FLEETS, NATIONS
from rules.nauta.fleets import NATIONS as RULEBOOK_NATIONS
from rules.nauta.fleets import fleet_problems
from rules.nauta.options import NautaOptions, resolve_rules


def test_extra_soldiers_cost_five_points_each():
    """"Navi di Classe 4-6 possono acquistare fino a 2 unità di soldati extra
    (Quinquiremi Romane ...). Ogni unità di soldati extra costa 5 punti": a
    quinqueremis ("4 4 5 1 / 2 max 65") with two units costs 75."""
    assert FLEETS.price("south", "quinqueremis", {"extra": "2"}).points == 75
    assert FLEETS.price("south", "triremis", {"extra": "1"}).points == 35  # "Classe 1-3 ... 1 unità"
    with pytest.raises(PriceError):
        FLEETS.price("south", "triremis", {"extra": "2"})


def test_every_nation_of_the_fleet_lists_is_on_sale():
    assert set(NATIONS) == RULEBOOK_NATIONS
    offered = {v for d in FLEETS.terms().designs for v, _ in d.params[0].choices}
    assert offered == RULEBOOK_NATIONS
    trireme = FLEETS.price("north", "triremis", {})
    assert trireme.params["nation"] == "roman_punic"  # the form's first choice
    athens = FLEETS.price("north", "triremis", {"nation": "athenian"})
    assert athens.params == {"nation": "athenian", "extra": "0"}
    with pytest.raises(PriceError):  # a medieval nation has no ancient galley
        FLEETS.price("north", "triremis", {"nation": "venetian"})


def test_the_punic_war_limits():
    """§5 for Carthaginians and Romans of the First Punic War: at most two ships of Size 1
    and two of Size 2, one of Size 5, none of Size 0 or 6."""
    hexeris = FLEETS.price("south", "hexeris", {"nation": "carthaginian"})
    (problem,) = FLEETS.problems("south", [hexeris, hexeris])
    assert problem.code == "nauta.fleet.size-most" and "at most 1 ships of Size 5" in problem.render("en")
    assert "Cartaginesi" in problem.render("it")


def test_a_fleet_is_of_one_nation_and_pirates_pay_for_their_skill():
    rome = FLEETS.price("south", "triremis", {"nation": "roman_punic"})
    greek = FLEETS.price("south", "triremis", {"nation": "greek"})
    (problem,) = FLEETS.problems("south", [rome, greek])
    assert problem.code == "nauta.fleet.one-nation"
    # A skilled fleet has 10% fewer points: 270 of 300 is 300 of 333.3.
    pirate = FLEETS.price("south", "triremis", {"nation": "pirate"})
    assert pirate.points == pytest.approx(rome.points / 0.9)


def test_the_builders_limits_are_the_rulebooks():
    """A fleet the builder lets through is one the rulebook's own check (§3-5, at the
    game's start) lets through, and the other way round, over many random fleets."""
    rng = random.Random(5)
    for _ in range(1500):
        nation = rng.choice(NATIONS)
        designs = [d.id for d in FLEETS.terms().designs if nation in {v for v, _ in d.params[0].choices}]
        fleet = [FLEETS.price("south", rng.choice(designs), {"nation": nation}) for _ in range(rng.randint(1, 6))]
        setup = FLEETS.setup({"south": fleet, "north": [FLEETS.price("north", "triremis", {})]}, Battle())
        south = setup.fleets[0]
        rulebook = fleet_problems(south.nation, south.crew, [(s.type, s.extra, []) for s in south.ships],
                                  resolve_rules(NautaOptions(), setup.options))
        assert bool(FLEETS.problems("south", fleet)) == bool(rulebook), (nation, [b.design for b in fleet], rulebook)


@pytest.mark.parametrize("south,north,kinds", [
    ("roman_punic", "carthaginian", ("quinqueremis", "quadriremis")), ("athenian", "persian", ("triremis", "triremis")),
    ("venetian", "byzantine", ("galea_bireme", "galea_trireme")), ("pirate", "illyrian", ("triremis", "moneris"))])
def test_the_setup_starts_a_game_under_the_rulebooks_own_check(south, north, kinds):
    """The table of §1 ("60 x 60 cm ... segmenti di 2 cm": 30 x 30) for 300 points; the
    setup's fleets carry the budget, so the game's start checks the spending again (a
    pirate fleet's too: its skilled crews' 270 points)."""
    fleets = {"south": [FLEETS.price("south", kinds[0], {"nation": south})] * 3,
              "north": [FLEETS.price("north", kinds[1], {"nation": north})] * 2}
    assert not FLEETS.problems("south", fleets["south"]) and not FLEETS.problems("north", fleets["north"])
    setup = FLEETS.setup(fleets, Battle(pattern="abeam", budget=300))
    assert (setup.table.width, setup.table.height) == (30, 30)
    assert [(f.side, f.nation) for f in setup.fleets] == [("south", south), ("north", north)]
    rules = get_ruleset("nauta")
    seats = [Seat(id="a", side="south"), Seat(id="b", side="north")]
    engine.start(rules, setup, rules.options_model(), seats, SeededDice(1))
