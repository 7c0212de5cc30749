"""§13 Boarding, with the corvus (18 e / Classis 21), the harpax (18 h / Classis 23),
the pyrophoros (18 i / Classis 24) and the medieval boarding (Classis §26)."""
from __future__ import annotations

import pytest

from rules.nauta import boarding
from tests.nauta.helpers import (
    A, B, RULES, decision, grapple, make_state, move, moving, of, order, resolve, roller, rolls, ship, touch,
)


def alongside(a_type="quinqueremis", b_type="quinqueremis", a_kw=None, b_kw=None, rammer=None, far="triremis",
              **kw):
    """A and B side by side, touching, heading east; far ships keep both fleets afloat."""
    state = make_state(ship("A", a_type, "a", 10, 5, 90, **(a_kw or {})),
                       ship("B", b_type, "b", 10, 5.75, 90, **(b_kw or {})),
                       ship("fa", far, "a", 2, 25, 0), ship("fb", far, "b", 28, 25, 180),
                       admirals=("fa", "fb"), **kw)
    touch(state, "A", "B", rammer=rammer)
    state.step = "boarding"
    return state


def test_boarding_declarations_are_secret_and_simultaneous():
    """"If both players declare their intention to board one enemy ship in contact,
    boarding happens automatically" — both declare at once, in secret."""
    state = alongside()
    pending = RULES.pending(state)
    assert [(d.kind, d.player, d.secret) for d in pending] == [("boarding", A, True), ("boarding", B, True)]
    assert RULES.spec(state, pending[0]).action("declare").param("A").values() == ["none", "B"]


def test_boarding_both_declare_happens_automatically():
    state = alongside()
    orders = [order(state, {"action": "declare", "A": "B"}, A), order(state, {"action": "declare", "B": "A"}, B)]
    # No boarding die; then the fight: three assaults of two dice, no losses (ties).
    state, events = resolve(state, orders, dice=[3, 3, 3, 3, 3, 3])
    assert of(events, "boarding")[0]["mutual"] is True
    assert [r for r, _ in rolls(events)] == ["fighting aboard"] * 6
    assert state.engaged("A") and state.engaged("B")


@pytest.mark.parametrize("die, success", [(1, False), (3, False), (4, True), (6, True)])
def test_boarding_one_side_rolls_4_to_6(die, success):
    """"If only one player wants to make a boarding action, he makes a die roll: 1-3 =
    fails; 4-6 = succeeds.\""""
    state = alongside()
    r, dice = roller(die)
    boarding.resolve(state, r, {"A": "B"}, {})
    assert state.engaged("A") is success and dice.remaining == 0


def test_boarding_engaged_ship_cannot_board_another_one_attempt_a_turn():
    """"Each ship can do only one boarding attempt each turn. A ship already engaged in
    fighting aboard, can't board other ships." The form offers one target per ship, and
    none to a ship already fighting aboard."""
    state = alongside()
    state.ships.append(state.ship("B").model_copy(update={"id": "C", "name": "C", "y": 4.25}))
    touch(state, "A", "C")
    spec = RULES.spec(state, decision(state, A))
    assert spec.action("declare").param("A").values() == ["none", "B", "C"]
    grapple(state, "A", "B")
    assert [d.player for d in RULES.pending(state)] == [B]  # A is fighting aboard: nothing to declare
    assert RULES.spec(state, decision(state, B)).action("declare").param("C").values() == ["none", "A"]


@pytest.mark.parametrize("on", [True, False])
def test_corvus_adds_one_to_boarding(on):
    """18 e: "Roman Size 3, 4 or 5 ships can be provided of Corvus ... They add +1 to
    their die roll during the Boarding Phase, at the cost of 3 points.\""""
    state = alongside(a_kw={"equipment": ["corvus"]}, nations=("roman_punic", "carthaginian"), options={"corvus": on})
    assert state.ship("A").value == (68 if on else 65)
    r, _ = roller(3)
    boarding.resolve(state, r, {"A": "B"}, {})
    assert state.engaged("A") is on


def test_corvus_eligibility_by_edition():
    """Nauta: "Roman Size 3, 4 or 5 ships"; Classis: "Navi Romane della 1° Guerra Punica
    di Classe 3-5" (+2.5 points)."""
    with pytest.raises(ValueError, match="corvus is not allowed"):
        alongside(a_kw={"equipment": ["corvus"]}, b_type="quinqueremis", nations=("roman_imperial", "roman_imperial"),
                  options={"corvus": True, "edition": "classis"})
    state = alongside(a_kw={"equipment": ["corvus"]}, nations=("roman_imperial", "roman_imperial"),
                      options={"corvus": True})
    assert state.ship("A").value == 68
    state = alongside(a_kw={"equipment": ["corvus"]}, nations=("roman_punic", "carthaginian"),
                      options={"corvus": True, "edition": "classis"})
    assert state.ship("A").value == 67.5


@pytest.mark.parametrize("rammer, on, success", [(None, True, True), ("A", True, False), (None, False, False)])
def test_harpax_only_in_frontal_contact(rammer, on, success):
    """18 h: "ships with Balistae, can be additionally provided of Harpax ... They add +1 to
    their die roll during the Boarding Phase, but only if they rammed the enemy ships (i.e
    only in case of frontal contact).\""""
    state = alongside(a_kw={"equipment": ["balistae", "harpax"]}, rammer=rammer,
                      options={"harpax": on, "balistae": True})
    r, _ = roller(3)
    boarding.resolve(state, r, {"A": "B"}, {})
    assert state.engaged("A") is success


def test_harpax_needs_balistae():
    with pytest.raises(ValueError, match="harpax needs balistae"):
        alongside(a_kw={"equipment": ["harpax"]}, options={"harpax": True})


@pytest.mark.parametrize("die, success", [(2, False), (3, True)])
def test_medioevo_boarding_fails_only_on_1_2(die, success):
    """Classis §26: "Un tentativo di abbordaggio fallisce solo con 1,2.\""""
    state = alongside("galea_trireme", "galea_trireme", far="galea_bireme", nations=("venetian", "genoese"),
                      options={"medieval": True})
    r, _ = roller(die)
    boarding.resolve(state, r, {"A": "B"}, {})
    assert state.engaged("A") is success


# --- the pyrophoros ----------------------------------------------------------------------

def lateral_ram(edition="nauta", on=True):
    """A (Hellenistic quinqueremis with pyrophoros) rams B's side and loses the roll."""
    state = make_state(ship("A", "quinqueremis", "a", 10, 5, 0, equipment=["pyrophoros"]),
                       ship("B", "quinqueremis", "b", 10, 9, 90), ship("fa", "hexeris", "a", 2, 25, 0),
                       ship("fb", "triremis", "b", 28, 25, 180), nations=("hellenistic", "roman_imperial"),
                       admirals=("fa", "fb"), options={"pyrophoros": on, "edition": edition})
    state = moving(state, {"A": 4, "B": 2})
    state, _ = move(state, "A", dice=[1, 6])  # A 1+4+1 = 6 against B 6+4 = 10: nothing happens
    return state


def test_pyrophoros_after_ramming_sets_fire_on_5_6():
    """18 i: "After they rammed one enemy ship, and before the Boarding Phase, they can try
    to set fire to the enemy ship. With a die roll = 5,6 the ship is burning; it counts as
    sunk, but remains in place as an obstacle. Only one attack with Pirophoros is possible
    during the game.\""""
    state = lateral_ram()
    for unit in ("fb", "fa", "B"):
        state, _ = move(state, unit)
    spec = RULES.spec(state, decision(state, A))
    assert spec.action("declare").param("fire_A").values() == ["none", "B"]
    orders = [order(state, {"action": "declare", "fire_A": "B", "A": "none"}, A),
              order(state, {"action": "declare", "B": "none"}, B)]
    state, events = resolve(state, orders, dice=[5])
    b = state.ship("B")
    assert b.status == "burning" and b.lost and b.on_table
    assert state.ship("A").pyrophoros_used
    assert of(events, "fire_attempt")[0]["success"]


def test_pyrophoros_off_means_no_fire():
    state = lateral_ram(on=False)
    assert state.ship("A").equipment == [] and state.ship("A").value == 65
    assert boarding.fire_targets(state, state.ship("A")) == []


@pytest.mark.parametrize("edition, offered", [("nauta", True), ("classis", False)])
def test_pyrophoros_classis_only_in_frontal_contact(edition, offered):
    """Classis 24: "solo in caso di contatto frontale, dopo lo speronamento e prima
    dell'abbordaggio"; Nauta: after it rammed one enemy ship."""
    state = lateral_ram(edition)
    assert bool(boarding.fire_targets(state, state.ship("A"))) is offered


def test_pyrophoros_burning_ship_is_an_obstacle_not_a_ramming():
    """A burning ship "remains in place as an obstacle": a ship running into it stops
    there, with no ramming roll."""
    state = make_state(ship("A", "triremis", "a", 10, 5, 0), ship("B", "triremis", "b", 10, 9, 90),
                       ship("fb", "triremis", "b", 28, 25, 180))
    state.ship("B").status = "burning"
    state = moving(state, {"A": 5})
    state, events = move(state, "A")
    assert of(events, "contact") and not of(events, "ram") and state.ship("A").stopped
