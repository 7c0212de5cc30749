"""Rulebook examples: *Pescaggio e profondità* and *Modificatori opzionali al test per
disincagliare* (option ``depth``). Readings: docs/rules/cannoni-batteries-notes.md.

HMS Surprise (draught 2, Manovra 7) at (10, 20) heading east, wind from the north (beam
reach, battle sails 3-2"); her bow is at x = 11.28. A zone of depth ``d`` starts at
x = 13, so a 3" move touches it after 1.72".
"""
from __future__ import annotations

from typing import Any

import pytest
from shapely.geometry import Polygon

from rules.core.tables import open_table as g
from rules.cannoni.drift import drift
from rules.cannoni.options import CannoniOptions
from rules.cannoni.setup import CannoniSetup, ShipSetup, initial_state
from rules.cannoni.state import DepthZone, LandArea, Table
from tests.cannoni.conftest import SEATS, act, in_phase, of, offered, roller, ship

SHOAL = [(13.0, 10.0), (30.0, 10.0), (30.0, 30.0), (13.0, 30.0)]
MOVE = {"action": "move", "distance": 3}
ENEMY = ship("bayo", "bayonnaise", "france", 60, 40, 0)


def table(*ships: dict[str, Any], depth: int = 1, zone=SHOAL, land=(), wind: int = 0, rule: bool = True):
    setup = CannoniSetup(
        name="example", title="Rulebook example", wind=wind, sides=["britain", "france"],
        table=Table(width=72, height=48, land=[LandArea(points=list(p)) for p in land],
                    depth=[DepthZone(name="shoal", points=list(zone), depth=depth)]),
        ships=[ShipSetup(**s) for s in ships])
    state = initial_state(setup, CannoniOptions(depth=rule), SEATS)
    state.wind = wind
    state.initiative = [s.id for s in state.ships]
    return state


def sailing(catalogue: str = "hms_surprise", **kw):
    state = table(ship("s", catalogue, "britain", 10, 20, 90), ENEMY, **kw)
    return in_phase(state, 5, {"s": 5, "bayo": 1})


def test_pescaggio_shallower_than_the_draught_passed_test_backs_off_one_inch():
    """"Quando una nave arriva a contatto con una zona dalla profondità inferiore al
    proprio pescaggio potrebbe incagliarsi: applicare le regole base Linee di costa" —
    stopped at contact, the grounding test (-1 for the inch run straight): 5 + 6 passes,
    and she goes back one inch."""
    state, events = act(sailing(), "s", MOVE, dice=[5])
    [test] = of(events, "test")
    assert (test["purpose"], test["mods"], test["passed"]) == (
        "avoid grounding", [["inches moved straight this turn", -1]], True)
    assert of(events, "move")[0]["stopped_by"] == "the shallows"
    s = state.ship("s")
    assert s.x + s.log.base_length / 2 == pytest.approx(12, abs=1e-5) and not s.aground


def test_pescaggio_shallower_than_the_draught_failed_test_aground():
    state, events = act(sailing(), "s", MOVE, dice=[4])
    s = state.ship("s")
    assert s.aground and s.x + s.log.base_length / 2 == pytest.approx(13, abs=1e-5)
    assert of(events, "aground")


def test_pescaggio_rule_off_the_shallows_are_only_water():
    state, events = act(sailing(rule=False), "s", MOVE)
    assert not of(events, "test") and state.ship("s").x == pytest.approx(13)


@pytest.mark.parametrize("catalogue, depth", [("hms_surprise", 2), ("hms_sophie", 1), ("hms_surprise", 3)])
def test_pescaggio_depth_equal_or_greater_is_navigable(catalogue, depth):
    """"Ogni nave può navigare in una zona di mare che abbia una profondità pari o
    superiore al proprio pescaggio": Surprise (2) over depth 2 and 3, the brig Sophie (1)
    over depth 1."""
    state, events = act(sailing(catalogue, depth=depth), "s", MOVE)
    assert not of(events, "test") and state.ship("s").x == pytest.approx(13)


# Bellerophon (draught 3, Manovra 7) at (10, 20) heading east has her bow at x = 11.476.
AT_HER_BOW = [(11.476378, 10.0), (30.0, 10.0), (30.0, 30.0), (11.476378, 30.0)]


def aground_on(depth_rule: bool = True, zone=AT_HER_BOW, land=()):
    state = table(ship("s", "hms_bellerophon", "britain", 10, 20, 90), ENEMY, rule=depth_rule, zone=zone,
                  land=land)
    state = in_phase(state, 4, {"s": 5, "bayo": 1})
    state.ship("s").aground = True
    return state


def test_disincagliare_penalty_equal_to_the_difference_of_depth_and_draught():
    """"Il valore di manovra dell'equipaggio della nave ha una penalità alla differenza tra
    la profondità della zona in cui si è incagliata e il pescaggio della nave": depth 1,
    draught 3, -2; 6 + 5 = 11 passes and she is moved an inch clear of the shoal."""
    state = aground_on()
    assert "refloat" in offered(state, "s")
    state, events = act(state, "s", {"action": "refloat"}, dice=[6])
    [test] = of(events, "test")
    assert test["mods"] == [["shallows: depth below the draught", -2]] and test["passed"]
    s = state.ship("s")
    base = g.base_polygon(g.Pose(s.x, s.y, s.heading), s.log.base_length, s.log.base_width)
    assert not s.aground and Polygon(AT_HER_BOW).distance(base) >= 1 - 1e-6


def test_disincagliare_no_penalty_aground_on_the_coast():
    """The penalty is for a zone of sea: land has no depth."""
    state = aground_on(zone=[(50, 0), (52, 0), (52, 2)], land=[AT_HER_BOW])
    _, events = act(state, "s", {"action": "refloat"}, dice=[4])
    assert of(events, "test")[0]["mods"] == []


def test_disincagliare_rule_off_no_penalty():
    state = aground_on(depth_rule=False)
    _, events = act(state, "s", {"action": "refloat"}, dice=[4])
    assert of(events, "test")[0]["mods"] == []


@pytest.mark.parametrize("rule", [True, False])
def test_deriva_stops_at_shallows_too_shallow(rule):
    """Drifting ships stop at the coast; with the rule, at shallows too shallow for them
    (two fouled frigates drifting 1" south, the shoal half an inch below them)."""
    zone = [(0.0, 0.0), (72.0, 0.0), (72.0, 18.7), (0.0, 18.7)]
    state = table(ship("a", "hms_surprise", "britain", 20, 20, 90), ship("b", "virginie", "france", 22.6, 20, 90),
                  zone=zone, rule=rule)
    state.ship("a").fouled_with, state.ship("b").fouled_with = ["b"], ["a"]
    r, _ = roller()
    drift(state, r)
    moved = 20 - state.ship("a").y
    assert (moved <= 0.52) if rule else moved == pytest.approx(1.0)  # the gap is 0.513"
