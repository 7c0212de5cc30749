"""Shooting: balistae (18 f / Classis 22) and the medieval crossbowmen (Classis §26)."""
from __future__ import annotations

import pytest

from rules.nauta.speeds import max_speed
from tests.nauta.helpers import codes, make_state, move, moving, of, ship

FAR = ship("fb", "triremis", "b", 28, 28, 180)


def engines(*targets, on=True, shooter="hexeris", edition="nauta", **kw):
    return make_state(ship("A", shooter, "a", 10, 5, 0, equipment=["balistae"]), *targets, FAR,
                      options={"balistae": on, "edition": edition}, **kw)


@pytest.mark.parametrize("die, hit", [(4, False), (5, True), (6, True)])
def test_balistae_hit_on_5_6(die, hit):
    """18 f: "At the start or at the end of their movement, they can shoot to a maximum
    distance of 4 segment, with a shooting arc of +/- 45° forward, to the nearest target
    ... With a die roll = 5,6 the target permanently subtracts -1 segment to its maximum
    speed, and it can't perform Dash movements for the rest of the game.\""""
    state = moving(engines(ship("B", "triremis", "b", 10, 9, 90)), {"A": 0, "B": 0})
    state, events = move(state, "A", shoot="before", dice=[die])
    b = state.ship("B")
    assert of(events, "shot")[0]["target"] == "B"
    assert (max_speed(b), b.no_dash) == ((4, True) if hit else (5, False))


def test_balistae_off_cannot_shoot():
    state = moving(engines(ship("B", "triremis", "b", 10, 9, 90), on=False), {"A": 0})
    assert codes(state, {"action": "move", "unit": "A", "shoot": "before"}) == ["unexpected-param"]


def test_balistae_nearest_in_arc_and_range_not_over_ships():
    """"... to the nearest target. It is not possible to shoot over other ships.\""""
    near = ship("N", "triremis", "b", 12.5, 7.5, 90)
    far = ship("F", "triremis", "b", 10, 9.5, 90)
    state = moving(engines(near, far), {"A": 0})
    state, events = move(state, "A", shoot="after", dice=[1])
    assert of(events, "shot")[0]["target"] == "N"
    # Out of the arc (abeam) and beyond 4 segments: no target.
    state = moving(engines(ship("S", "triremis", "b", 13, 5, 0), ship("L", "triremis", "b", 10, 11, 90)), {"A": 0})
    state, events = move(state, "A", shoot="before")
    assert of(events, "no_target")
    # A friendly ship across the line hides the enemy behind it.
    state = moving(engines(ship("f", "triremis", "a", 10, 7.5, 90), ship("B", "triremis", "b", 10, 9, 90)), {"A": 0})
    state, events = move(state, "A", shoot="before")
    assert of(events, "no_target")


def test_balistae_sizes_by_edition():
    """Nauta: "Size 4, 5 or 6 ships"; Classis: "di Classe 5 o 6\""""
    engines(ship("B", "triremis", "b", 10, 9, 90), shooter="quinqueremis")
    with pytest.raises(ValueError, match="balistae is not allowed"):
        engines(ship("B", "triremis", "b", 10, 9, 90), shooter="quinqueremis", edition="classis")


def crossbows(*targets):
    return make_state(ship("A", "galea_trireme", "a", 10, 5, 0), *targets, ship("fb", "galea_bireme", "b", 28, 28, 180),
                      nations=("venetian", "genoese"), options={"medieval": True})


def test_medioevo_crossbows_each_unit_a_die_six_kills():
    """Classis §26: "All'inizio o alla fine del proprio movimento, una nave può tirare con i
    propri Balestrieri a una distanza max. di 2 segmenti (raggio di tiro 360°). E'
    obbligatorio tirare alla nave più vicina. Non è possibile tirare attraverso altre
    navi. Ogni unità di Balestrieri a bordo tira lanciando un dado ed elimina 1 unità di
    Balestrieri nemici con un risultato uguale a 6.\""""
    state = moving(crossbows(ship("B", "galea_bireme", "b", 10, 3, 90)), {"A": 0})  # astern: 360°
    state, events = move(state, "A", shoot="before", dice=[6, 1, 6, 5])
    assert of(events, "shot")[0]["hits"] == 2 and state.ship("B").soldiers == 0


def test_medioevo_crossbows_range_two_segments():
    state = moving(crossbows(ship("B", "galea_bireme", "b", 10, 8.5, 90)), {"A": 0})
    state, events = move(state, "A", shoot="after")
    assert of(events, "no_target")
