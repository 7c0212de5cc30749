"""Nauta's fleets by points: the ship table's costs, extra soldiers, §5's limits for Rome
and Carthage."""
from __future__ import annotations

import pytest

from rules.core.fleets import Battle, PriceError
from rules.nauta.fleet_points import FLEETS


def test_extra_soldiers_cost_five_points_each():
    """"Navi di Classe 4-6 possono acquistare fino a 2 unità di soldati extra
    (Quinquiremi Romane ...). Ogni unità di soldati extra costa 5 punti": a
    quinqueremis ("4 4 5 1 / 2 max 65") with two units costs 75."""
    assert FLEETS.price("rome", "quinqueremis", {"extra": "2"}).points == 75
    assert FLEETS.price("rome", "triremis", {"extra": "1"}).points == 35  # "Classe 1-3 ... 1 unità"
    with pytest.raises(PriceError):
        FLEETS.price("rome", "triremis", {"extra": "2"})


def test_the_punic_war_limits():
    """§5 for Carthaginians and Romans of the First Punic War: at most two ships of Size 1
    and two of Size 2, one of Size 5, none of Size 0 or 6 (the rules' own limits, each
    design's most)."""
    terms = FLEETS.terms()
    assert {d.id: d.most for d in terms.designs} == {"biremis": 2, "triremis": 2, "quadriremis": None,
                                                     "quinqueremis": None, "hexeris": 1}
    hexeris = FLEETS.price("carthage", "hexeris", {"extra": "0"})
    (problem,) = FLEETS.problems("carthage", [hexeris, hexeris])
    assert problem.code == "fleet.design-limit" and "at most 1" in problem.render("en")


def test_the_setup_passes_the_rulebooks_own_fleet_check():
    """The table of §1 ("60 x 60 cm ... segmenti di 2 cm": 30 x 30) for 300 points; the
    setup's fleets carry the budget, so the game's start checks the spending again."""
    fleets = {"rome": [FLEETS.price("rome", "quinqueremis", {"extra": "2"})] * 4,
              "carthage": [FLEETS.price("carthage", "quadriremis", {"extra": "0"})]}
    setup = FLEETS.setup(fleets, Battle(pattern="abeam", budget=300))
    assert (setup.table.width, setup.table.height) == (30, 30)
    assert [f.points for f in setup.fleets] == [300, 300] and len(setup.fleets[0].ships) == 4
