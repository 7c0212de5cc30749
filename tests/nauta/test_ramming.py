"""§11 Ramming and §12 Damage, with the Classis worked examples, the medieval effects
(Classis §26) and the reinforced prow (18 d / Classis 20)."""
from __future__ import annotations

import pytest

from rules.nauta.speeds import max_speed
from tests.nauta.helpers import make_state, move, moving, of, rolls, ship

FAR = ship("far", "triremis", "b", 28, 28, 180)
FAR_A = ship("fara", "triremis", "a", 2, 28, 180)


def head_on(a_type="biremis", b_type="triremis", b_y=9.0, **kw):
    """A (side a) at (10, 5) heading north; B (side b) ahead of her heading south."""
    return make_state(ship("A", a_type, "a", 10, 5, 0), ship("B", b_type, "b", 10, b_y, 180), FAR, FAR_A, **kw)


def broadside(a_type="quadriremis", b_type="quadriremis", **kw):
    """A heading north into B's port side (B heads east)."""
    return make_state(ship("A", a_type, "a", 10, 5, 0), ship("B", b_type, "b", 10, 9, 90), FAR, FAR_A, **kw)


@pytest.mark.parametrize("edition", ["nauta", "classis"])
def test_speronamento_esempio_frontale(edition):
    """"Una nave di Classe 1 e velocità 5 (A) sperona frontalmente una nave di Classe 2 e
    velocità 3 (B). La nave A lancia un dado e ottiene 3 (+1, +1) = 5; la nave (B) lancia
    un dado e ottiene 4 (+2) = 6. (B) ha vinto lo speronamento, lancia un dado per
    l'effetto e ottiene 2, quindi la nave (A) è danneggiata.\""""
    state = moving(head_on(options={"edition": edition}), {"A": 5, "B": 3})
    state, events = move(state, "A", dice=[3, 4, 2])
    assert of(events, "ram")[0]["kind"] == "frontal"
    assert [(r["name"], r["total"]) for r in of(events, "ram_roll")] == [("Biremis A", 5), ("Triremis B", 6)]
    assert of(events, "ram_effect")[0]["target"] == "A"
    assert state.ship("A").damage == 1 and state.ship("B").damage == 0


@pytest.mark.parametrize("edition", ["nauta", "classis"])
def test_speronamento_esempio_laterale(edition):
    """"Una nave di Classe 3 e velocità 4 (A) sperona lateralmente una nave di Classe 3 e
    velocità 3 (B). La nave A lancia un dado e ottiene 1 (+1) = 2. La Nave (B) lancia un
    dado e ottiene 4. La Nave (A) ha perso lo speronamento, ma non essendo a sua volta
    speronata dalla nave (B), non subisce a sua volta alcun danno." (The example leaves
    out the equal Sizes: 1+3+1 = 5 against 4+3 = 7.)"""
    state = moving(broadside(options={"edition": edition}), {"A": 4, "B": 3})
    state, events = move(state, "A", dice=[1, 4])
    ram = of(events, "ram")[0]
    assert ram["kind"] == "lateral" and ram["rammer"] == "A"
    assert [r["total"] for r in of(events, "ram_roll")] == [5, 7]
    assert not of(events, "ram_effect")
    assert state.ship("A").damage == state.ship("B").damage == 0
    assert state.ship("A").stopped and state.ship("B").stopped


def test_ramming_lateral_rammer_ignores_ties():
    """"Ships that ram the enemy laterally or to the rear, ignore ties or negative results.\""""
    state = moving(broadside(), {"A": 4, "B": 5})  # B faster: no +1 for A
    state, events = move(state, "A", dice=[2, 2])  # 2+3 against 2+3+1? no: B is faster
    assert [r["total"] for r in of(events, "ram_roll")] == [5, 6]
    assert not of(events, "ram_effect")
    state = moving(broadside(), {"A": 4, "B": 4})
    state, events = move(state, "A", dice=[3, 3])
    assert [r["total"] for r in of(events, "ram_roll")] == [6, 6] and not of(events, "ram_effect")


def test_ramming_winner_rolls_effect_4_6_sinks():
    """"The winner throws a die for the effect of its ramming ... 4-6 the ship sinks.\""""
    state = moving(broadside(), {"A": 4, "B": 3})
    state, events = move(state, "A", dice=[5, 1, 4])
    assert state.ship("B").status == "sunk"
    assert of(events, "ram_effect")[0]["result"] == "sunk"


def test_ramming_rear_is_lateral():
    """"A lateral or rear ramming happens when a ship contacts with any point of the front
    edge of its base, corners included, the lateral or rear edge of another ship.\""""
    state = moving(make_state(ship("A", "triremis", "a", 10, 5, 0), ship("B", "triremis", "b", 10, 9, 0), FAR, FAR_A),
                   {"A": 5, "B": 1})
    state, events = move(state, "A", dice=[1, 3])
    assert of(events, "ram")[0]["kind"] == "lateral"


def test_ramming_frontal_tie_both_roll_effect():
    """"In case of ties, both ships throw a die (i.e. in case of frontal ramming, both ships
    can damage and even sink each other).\""""
    state = moving(head_on("triremis", "triremis"), {"A": 3, "B": 3})
    state, events = move(state, "A", dice=[4, 4, 2, 6])
    assert [e["target"] for e in of(events, "ram_effect")] == ["B", "A"]
    assert state.ship("B").damage == 1 and state.ship("A").status == "sunk"


def test_ramming_faster_plus_one_zero_speed_minus_one():
    """"+1 for the ship with the higher speed in that moment. If a ship is rammed while at
    zero speed, it subtracts another -1 from its die roll.\""""
    state = moving(broadside("triremis", "triremis"), {"A": 3, "B": 0})
    state, events = move(state, "A", dice=[3, 3, 1])
    mods = [dict(r["mods"]) for r in of(events, "ram_roll")]
    assert mods[0] == {"size": 2, "faster": 1}
    assert mods[1] == {"size": 2, "rammed at zero speed": -1}


def test_damage_minus_two_when_ramming_or_rammed():
    """§12: "A damaged ship has its speed reduced by 2 segment for the rest of the game and
    subtracts -2 to its die roll if rammed or ramming.\""""
    state = moving(broadside("triremis", "triremis"), {"A": 3, "B": 3})
    state.ship("B").damage = 1
    assert max_speed(state.ship("B")) == 3
    state, events = move(state, "A", dice=[2, 6])
    assert dict(of(events, "ram_roll")[1]["mods"])["damaged"] == -2
    assert [r["total"] for r in of(events, "ram_roll")] == [4, 6]  # 2+2 vs 6+2-2: B wins, but A is the rammer
    assert not of(events, "ram_effect")


def test_damage_twice_is_sunk():
    """§12: "If damaged two times, a ship is automatically sunk.\""""
    state = moving(broadside("triremis", "triremis"), {"A": 3, "B": 3})
    state.ship("B").damage = 1
    state, events = move(state, "A", dice=[6, 1, 2])
    assert state.ship("B").status == "sunk"
    assert of(events, "sunk")[0]["cause"] == "damaged twice"


@pytest.mark.parametrize("drag, sunk", [(1, True), (2, False)])
def test_ramming_big_ship_drags_the_rammer_down(drag, sunk):
    """"After rolling a 4-6, if the sinking ship has a size of 3 or more than the size of
    the ramming ship, roll another die; 1 = the ramming ship sinks too.\""""
    state = moving(broadside("biremis", "hexeris"), {"A": 5, "B": 0})
    # A: 6+1+1 = 8; B: 1+5-1 = 5; effect 5: sunk; then the drag-down die.
    state, events = move(state, "A", dice=[6, 1, 5, drag])
    assert state.ship("B").status == "sunk"
    assert (state.ship("A").status == "sunk") is sunk
    assert rolls(events)[-1] == ("dragged down", drag)


def test_ramming_no_drag_down_when_sizes_are_close():
    state = moving(broadside("triremis", "quinqueremis"), {"A": 5, "B": 0})
    state, events = move(state, "A", dice=[6, 1, 5])
    assert state.ship("B").status == "sunk" and state.ship("A").afloat


def test_ramming_friendly_contact_minus_one_on_effect():
    """"Friendly ships that contact each other by mistake, roll a die as per normal ramming,
    but subtract -1 from the die roll for the effect.\""""
    state = moving(make_state(ship("A", "triremis", "a", 10, 5, 0), ship("B", "triremis", "a", 10, 9, 90), FAR),
                   {"A": 5, "B": 0})
    state, events = move(state, "A", dice=[5, 1, 4])
    effect = of(events, "ram_effect")[0]
    assert effect["friendly"] and effect["value"] == 3 and effect["result"] == "damaged"


@pytest.mark.parametrize("die, result", [(1, "none"), (2, "none"), (3, "damaged"), (5, "damaged"), (6, "sunk")])
def test_medioevo_ramming_effects(die, result):
    """Classis §26: "Gli effetti dello speronamento sono così modificati: 1-2 = nessun
    effetto, 3-5 = la nave è danneggiata, 6 = la nave è affondata. Notare che in ogni
    caso, la velocità delle navi in contatto diventa zero.\""""
    state = moving(make_state(ship("A", "galea_trireme", "a", 10, 5, 0), ship("B", "galea_trireme", "b", 10, 9, 90),
                              ship("far", "galea_trireme", "b", 28, 28, 180), nations=("venetian", "genoese"),
                              options={"medieval": True}), {"A": 4, "B": 0})
    state, events = move(state, "A", dice=[6, 1, die])
    assert of(events, "ram_effect")[0]["result"] == result
    b = state.ship("B")
    assert {"none": b.damage == 0 and b.afloat, "damaged": b.damage == 1, "sunk": b.status == "sunk"}[result]
    assert state.ship("A").stopped and b.stopped


@pytest.mark.parametrize("on", [True, False])
def test_reinforced_prow(on):
    """18 d: "Syracusan Size 2 or 3 ships can be provided with reinforced prow. They add
    + 1 to their die roll when ramming another ship, at the cost of 3 points.\""""
    state = moving(make_state(ship("A", "triremis", "a", 10, 5, 0, equipment=["prow"]),
                              ship("B", "triremis", "b", 10, 9, 90), ship("far", "triremis", "b", 28, 28, 180),
                              nations=("syracusan", "athenian"), options={"reinforced_prow": on}), {"A": 3, "B": 3})
    assert state.ship("A").value == (33 if on else 30)
    state, events = move(state, "A", dice=[4, 4] + ([1] if on else []))
    assert (("reinforced prow", 1) in [tuple(m) for m in of(events, "ram_roll")[0]["mods"]]) is on
    assert bool(of(events, "ram_effect")) is on  # 4+2+1 = 7 beats 4+2 = 6; without it a tie


def test_reinforced_prow_classis_enemies_only():
    """Classis 20: "Quando speronano una nave nemica, aggiungono +1 al dado" — not when
    running into a friend; Nauta says "another ship"."""
    for edition, has in (("classis", False), ("nauta", True)):
        state = moving(make_state(ship("A", "triremis", "a", 10, 5, 0, equipment=["prow"]),
                                  ship("B", "triremis", "a", 10, 9, 90), ship("far", "triremis", "b", 28, 28, 180),
                                  nations=("syracusan", "athenian"),
                                  options={"reinforced_prow": True, "edition": edition}), {"A": 3, "B": 3})
        state, events = move(state, "A", dice=[1, 6])
        assert any(m[0] == "reinforced prow" for m in of(events, "ram_roll")[0]["mods"]) is has
