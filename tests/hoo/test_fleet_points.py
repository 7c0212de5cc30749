"""Hearts of Oak's fleets by points: ship cards at their points, placed on hexes."""
from __future__ import annotations

from rules.core.fleets import Battle
from rules.hoo.fleet_points import FLEETS


def test_a_74_costs_the_castiglione_cards_92_points():
    """1.0: a ship's points are the sum of her boxes; the box's card, the Castiglione, a
    74, is worth 92."""
    bought = FLEETS.price("italy", "74", {})
    assert (bought.points, FLEETS.terms().design("74").points) == (92, 92)


def test_lines_ahead_face_across_and_abeam_faces_the_enemy():
    fleets = {"italy": [FLEETS.price("italy", "74", {})] * 3, "britain": [FLEETS.price("britain", "32", {})] * 2}
    ahead = FLEETS.setup(fleets, Battle(pattern="line_ahead"))
    assert [s.facing for s in ahead.ships] == [2, 2, 2, 4, 4]  # 90° and 270°: the nearest hex sides
    abeam = FLEETS.setup(fleets, Battle(pattern="abeam"))
    assert [s.facing for s in abeam.ships] == [0, 0, 0, 3, 3]
    assert len({(s.q, s.r) for s in abeam.ships}) == 5 and abeam.title == "hoo.scenario.points-battle"
