"""§1-5: the ship table, bases, crew quality, extra soldiers, fleet composition by
nation, and the cost of every fitting in each edition (§18 / Classis 18-24, 26)."""
from __future__ import annotations

import pytest

from rules.nauta.fleets import budget, fleet_problems, initiative_modifier, ship_points
from rules.nauta.options import NautaOptions, resolve_rules
from rules.nauta.ships import CLASSES, base_segments, max_extra, ship_class
from rules.nauta.speeds import max_speed
from tests.nauta.helpers import make_state, ship


def rules(**kw):
    return resolve_rules(NautaOptions(**kw), {})


def problems(nation, crew, ships, points=None, **kw):
    return fleet_problems(nation, crew, ships, rules(**kw), points)


@pytest.mark.parametrize("key, size, soldiers, speed, accel, decel, points", [
    ("moneris", 0, 0, 6, 3, 4, 15), ("biremis", 1, 0, 5, 2, 3, 20), ("triremis", 2, 1, 5, 2, 3, 30),
    ("quadriremis", 3, 2, 5, 2, 3, 45), ("quinqueremis", 4, 4, 5, 1, 2, 65), ("hexeris", 5, 6, 4, 1, 2, 80),
    ("deceris", 6, 8, 4, 1, 2, 100),
    ("galeotta", 0, 1, 6, 3, 4, 20), ("galea_bireme", 1, 2, 5, 2, 3, 25), ("galea_trireme", 2, 4, 5, 2, 3, 40),
])
def test_ships_data(key, size, soldiers, speed, accel, decel, points):
    """§2 "Ships Data" (and Classis §26's medieval list): Size, soldiers, speed, the
    acceleration / deceleration per turn ("3/4 max"), points."""
    c = ship_class(key)
    assert (c.size, c.soldiers, c.max_speed, c.accel, c.decel, c.points) == (size, soldiers, speed, accel, decel, points)


def test_game_preparation_bases_in_segments():
    """§1: "Size 0: 15mm x 20mm ... Size 6: 20mm x 40mm", distances in 20 mm segments."""
    assert base_segments(0) == (0.75, 1.0)
    assert base_segments(2) == (0.75, 1.25)
    assert base_segments(5) == (0.75, 1.75)
    assert base_segments(6) == (1.0, 2.0)


def test_crew_quality_points_and_initiative():
    """§3: "A fleet with Skilled crews adds +1 to the initiative die roll, but subtracts
    - 10% to the fleet's total points. A Fleet with Green crews subtracts -1 ... but adds
    +10%." Classis: "con 300 punti ... Esperti 270 punti ... Inesperti 330 punti.\""""
    assert (budget(300, "skilled"), budget(300, "average"), budget(300, "green")) == (270, 300, 330)
    assert (initiative_modifier("skilled"), initiative_modifier("average"), initiative_modifier("green")) == (1, 0, -1)
    assert problems("roman_imperial", "skilled", [("hexeris", 0, [])] * 3, points=267) == []
    assert "more than the 234" in problems("roman_imperial", "skilled", [("hexeris", 0, [])] * 3, points=260)[0]


def test_extra_soldiers():
    """§4: "Size 1-3 ships can add one soldiers unit ... Size 4-6 ships can add one or two
    ... Each extra unit costs 5 pts." Medieval: "max. 1 unità di Balestrieri extra (5 punti)\""""
    assert [max_extra(c) for c in CLASSES.values() if not c.medieval] == [0, 1, 1, 1, 2, 2, 2]
    assert [max_extra(c) for c in CLASSES.values() if c.medieval] == [1, 1, 1]
    assert ship_points(ship_class("quinqueremis"), 2, [], rules()) == 75
    assert problems("roman_imperial", "average", [("triremis", 2, [])]) == [
        "a Triremis may add at most 1 extra unit(s), not 2"]
    state = make_state(ship("A", "quinqueremis", "a", 10, 5, 0, extra=2), ship("B", "triremis", "b", 10, 25, 180))
    assert state.ship("A").soldiers == 6 and state.ship("A").value == 75


@pytest.mark.parametrize("nation, crew, sizes, ok", [
    ("athenian", "average", [2, 2, 1, 0], True),
    ("athenian", "average", [3], False),  # "Greeks and Persians can't buy ships bigger than Size 2"
    ("persian", "average", [4], False),
    ("syracusan", "average", [3, 2], True),  # "Only the Siracusans can buy one Size 3 ship"
    ("syracusan", "average", [3, 3], False),
    ("athenian", "green", [2], False),  # "Athenians can't have Green crews"
    ("spartan", "skilled", [2], False),  # "Spartans and Suracusans can't have Skilled Crews"
    ("syracusan", "skilled", [2], False),
    ("roman_punic", "average", [1, 1, 2, 2, 5, 3, 3, 4, 4], True),
    ("roman_punic", "average", [1, 1, 1], False),  # "max. two Size 1"
    ("carthaginian", "average", [5, 5], False),  # "one Size 5"
    ("carthaginian", "average", [0], False),  # "can't buy Size 0 and Size 6"
    ("carthaginian", "skilled", [6], False),
    ("carthaginian", "green", [2], False),  # "Carthaginians can't have Green crews"
    ("roman_punic", "skilled", [2], False),  # "Romans can't have Skilled crews"
    ("hellenistic", "average", [4, 3, 2], False),  # "at least one must be a Size 5 or 6"
    ("hellenistic", "average", [6, 0], True),
    ("roman_imperial", "green", [0, 1, 2, 3, 4, 5, 6], True),  # "can buy ships of every Size"
    ("pirate", "skilled", [0, 4], True),
    ("pirate", "skilled", [5], False),  # "Pirates can't buy Size 5 or 6 ships"
    ("pirate", "average", [2], False),  # "Crews are always Skilled"
])
def test_fleets_composition(nation, crew, sizes, ok):
    """§5 "Fleets Composition", each nation's limits on Sizes and crews."""
    types = {c.size: c.key for c in CLASSES.values() if not c.medieval}
    assert (problems(nation, crew, [(types[s], 0, []) for s in sizes]) == []) is ok


def test_fleets_composition_illyrians_are_a_classis_list():
    """Classis §5: "Illiri possono acquistare solo navi di Classe 0. Non possono avere
    equipaggi Inesperti" — a list Nauta does not have."""
    assert problems("illyrian", "average", [("moneris", 0, [])], edition="classis") == []
    assert problems("illyrian", "average", [("biremis", 0, [])], edition="classis")
    assert problems("illyrian", "green", [("moneris", 0, [])], edition="classis")
    assert problems("illyrian", "average", [("moneris", 0, [])], edition="nauta")


def test_medioevo_fleets_need_the_medieval_option():
    assert problems("venetian", "skilled", [("galea_trireme", 1, [])], medieval=True) == []
    assert problems("venetian", "skilled", [("galea_trireme", 0, [])])
    assert problems("venetian", "skilled", [("triremis", 0, [])], medieval=True)


@pytest.mark.parametrize("on", [True, False])
def test_fast_triremes(on):
    """18 a: "Size 2 ships can have a maximum speed of 6, instead of 5, at a cost of +5
    points.\""""
    state = make_state(ship("A", "triremis", "a", 10, 5, 0, equipment=["fast"]), ship("B", "triremis", "b", 10, 25, 180),
                       options={"fast_triremes": on})
    assert max_speed(state.ship("A")) == (6 if on else 5)
    assert state.ship("A").value == (35 if on else 30)
    with pytest.raises(ValueError, match="fast is not allowed"):
        make_state(ship("A", "quadriremis", "a", 10, 5, 0, equipment=["fast"]),
                   ship("B", "triremis", "b", 10, 25, 180), options={"fast_triremes": True})


@pytest.mark.parametrize("key, edition, cost", [
    ("prow", "nauta", 3), ("prow", "classis", 2.5), ("corvus", "nauta", 3), ("corvus", "classis", 2.5),
    ("balistae", "nauta", 3), ("balistae", "classis", 2.5), ("harpax", "nauta", 1), ("harpax", "classis", 0.5),
    ("pyrophoros", "nauta", 3), ("pyrophoros", "classis", 2.5), ("towers", "nauta", 0), ("cataphract", "classis", 1),
])
def test_optional_rules_costs_by_edition(key, edition, cost):
    from rules.nauta.equipment import fitting
    assert fitting(key).cost(rules(edition=edition)) == cost


def test_optional_rules_scenario_and_player_options():
    """A scenario switches on what its fleets were bought for; the players' word wins."""
    from rules.nauta.ruleset import NautaRuleset
    mylae = NautaRuleset().scenarios()["mylae"]
    assert resolve_rules(NautaOptions(), mylae.options).corvus is True
    assert resolve_rules(NautaOptions(corvus=False), mylae.options).corvus is False
    fire = NautaRuleset().scenarios()["greek-fire"]
    assert resolve_rules(NautaOptions(), fire.options).edition == "classis"
    assert resolve_rules(NautaOptions(edition="nauta"), fire.options).edition == "nauta"


def test_fleets_composition_scenarios_are_legal():
    from rules.nauta.ruleset import NautaRuleset
    from rules.core.ruleset import Seat
    rs = NautaRuleset()
    for name, setup in rs.scenarios().items():
        for edition in ("nauta", "classis"):
            seats = [Seat(id=f"p{i}", side=s) for i, s in enumerate(setup.sides)]
            from rules.nauta.setup import initial_state
            state = initial_state(setup, NautaOptions(edition=edition), seats)
            assert all(f.initial_points > 0 for f in state.fleets), name
