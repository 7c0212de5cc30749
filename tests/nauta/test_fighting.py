"""§14 Fighting aboard, §15 Captured ships, §16 Admirals, with the Classis worked
example, archer towers (18 b / Classis 18), cataphract triremes (18 c / Classis 19),
saving the admiral (18 l / Classis 25) and the medieval fight (Classis §26)."""
from __future__ import annotations

import pytest

from rules.nauta import fighting, sequence
from rules.nauta.speeds import max_speed, writers
from tests.nauta.helpers import grapple, lines, make_state, of, quiet, roller, ship, touch


def fight(*ships, pairs=(("A", "B"),), admirals=("fa", "fb"), far="hexeris", **kw):
    state = make_state(*ships, ship("fa", far, "a", 2, 25, 0), ship("fb", far, "b", 28, 25, 180),
                       admirals=admirals, **kw)
    for a, b in pairs:
        touch(state, a, b)
        grapple(state, a, b)
    return state


def run(state, *dice):
    r, forced = roller(*dice)
    fighting.fight(state, r)
    assert forced.remaining == 0, f"{forced.remaining} dice not thrown"
    lines(r.log.events)
    return r.log.events


@pytest.mark.parametrize("edition", ["nauta", "classis"])
def test_combattimento_a_bordo_esempio(edition):
    """"Una nave con 4 unità di soldati a bordo (A) è impegnata in combattimento con una
    nave con 3 soldati a bordo (B). 1° fase: (A) 5+4 = 9; (B) 2+3 = 5; (B) perde 1 unità.
    2° fase: (A) 2+4 = 6; (B) 4+2 = 6; nessuna unità eliminata. 3° fase: (A) 3+4 = 7;
    (B) 3+2 = 5; (B) perde 1 unità. Dal momento che (B) è rimasto con 1 unità (meno del
    50%), lancia un dado per vedere se i superstiti si arrendono: ottiene 3 e quindi il
    combattimento a bordo proseguirà nel turno successivo.\""""
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "quadriremis", "b", 10, 5.75, 90, extra=1),
                  options={"edition": edition})
    events = run(state, 5, 2, 2, 4, 3, 3, 3)
    assert [(r["name"], r["total"]) for r in of(events, "assault_roll")] == [
        ("Quinqueremis A", 9), ("Quadriremis B", 5), ("Quinqueremis A", 6), ("Quadriremis B", 6),
        ("Quinqueremis A", 7), ("Quadriremis B", 5)]
    assert state.ship("B").soldiers == 1 and state.ship("A").soldiers == 4
    assert of(events, "surrender_test")[0]["surrenders"] is False
    assert state.engaged("A") and state.ship("B").afloat


def test_captured_ships_surrender_on_1_2():
    """§15: "When losses to soldiers are over 50%, roll a die: 1-2 = the ship surrenders,
    otherwhise it continues fighting to the last man.\""""
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "quadriremis", "b", 10, 5.75, 90, extra=1))
    events = run(state, 5, 2, 2, 4, 3, 3, 2)
    assert of(events, "surrender_test")[0]["surrenders"]
    assert state.ship("B").status == "captured" and state.ship("B").captured_by == "A"
    assert not state.engaged("A")


def test_captured_ships_one_test_then_to_the_last_man():
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "quadriremis", "b", 10, 5.75, 90, extra=1))
    state.ship("B").soldiers, state.ship("B").surrender_tested = 1, True
    events = run(state, 6, 1)  # B loses her last unit: the fight is over
    assert not of(events, "surrender_test")
    assert state.ship("B").status == "captured"
    assert of(events, "surrenders")[0]["why"] == "no soldiers"


@pytest.mark.parametrize("edition, tested", [("nauta", False), ("classis", True)])
def test_captured_ships_threshold_over_or_at_half(edition, tested):
    """Nauta: "When losses to soldiers are over 50%"; Classis: "Quando le perdite in
    soldati raggiungono il 50%" — a ship of 4 that has lost 2."""
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "quinqueremis", "b", 10, 5.75, 90),
                  options={"edition": edition})
    dice = [6, 1, 6, 1, 1, 3] + ([3] if tested else [])  # B loses two, then a tie
    events = run(state, *dice)
    assert state.ship("B").soldiers == 2
    assert bool(of(events, "surrender_test")) is tested


def test_captured_ships_no_soldiers_surrenders_at_once():
    """"A ship with no soldiers automatically surrenders" — a biremis has none."""
    state = fight(ship("A", "triremis", "a", 10, 5, 90), ship("B", "biremis", "b", 10, 5.75, 90))
    events = run(state)
    assert state.ship("B").status == "captured" and not of(events, "assault_roll")


def test_captured_ships_held_a_whole_turn_then_removed():
    """"The winning ship must remain one whole turn in contact with the captured ship. At
    the end of the following turn, the captured ship is removed and in the next turn,
    the winning ship can move normally.\""""
    state = fight(ship("A", "triremis", "a", 10, 5, 90), ship("B", "biremis", "b", 10, 5.75, 90))
    run(state)
    sequence.end_turn(state, quiet())  # end of turn 1: B taken
    assert state.turn == 2 and state.ship("B").status == "captured"
    assert "A" not in [s.id for s in writers(state)]
    sequence.end_turn(state, quiet())  # end of turn 2: the prize goes
    assert state.ship("B").status == "taken" and state.contacts == []
    assert "A" in [s.id for s in writers(state)]


def test_fighting_aboard_multiple_boardings_one_die_one_victim_per_turn():
    """"In the case of multiple boardings, each ship can throw only 1 die and fights with
    the same result against all enemy ships. It is possible to inflict causalties to only
    one ship per turn." (Nauta) A beats B and C in every assault but strikes only B."""
    state = fight(ship("A", "hexeris", "a", 10, 5, 90), ship("B", "quadriremis", "b", 10, 5.75, 90),
                  ship("C", "quinqueremis", "b", 10, 4.25, 90), pairs=(("A", "B"), ("A", "C")))
    # 1: A 12, B 3, C 5 -> B (fewest soldiers) loses one; 2: the same, B has none and
    # surrenders; 3: A 12 against C 5 -> A already struck B this turn: no loss.
    events = run(state, 6, 1, 1, 6, 1, 1, 6, 1)
    assert [r["ship"] for r in of(events, "assault_roll")][:3] == ["A", "B", "C"]
    assert state.ship("B").status == "captured"
    assert state.ship("C").soldiers == 4


def test_fighting_aboard_classis_one_victim_per_assault():
    """Classis: "E' possibile infliggere perdite solo a una nave per assalto" — the target
    may change from one assault to the next."""
    state = fight(ship("A", "hexeris", "a", 10, 5, 90), ship("B", "triremis", "b", 10, 5.75, 90, extra=1),
                  ship("C", "triremis", "b", 10, 4.25, 90, extra=1), pairs=(("A", "B"), ("A", "C")),
                  options={"edition": "classis"})
    # 1: A 12, B 3, C 4 -> B (the larger margin) loses one. 2: A 7, B 7, C 3 -> C loses one.
    # 3: A 12, B 2, C 2 -> B loses her last. Then C (1 of 2 lost: 50%) tests: 3, fights on.
    events = run(state, 6, 1, 2, 1, 6, 1, 6, 1, 1, 3)
    assert [d["ship"] for d in of(events, "soldiers_lost")] == ["B", "C", "B"]
    assert state.ship("B").status == "captured" and state.ship("C").soldiers == 1


def test_admirals_bonus_and_death_on_a_six():
    """§16: "The admiral's ship adds + 1 to its die roll for fighting aboard and +1 during
    the surrender test. Every time that it receives losses during the fighting aboard
    phase roll a die: with a 6 the Admiral is killed and the Admiral's ships looses both
    these bonuses.\""""
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "quinqueremis", "b", 10, 5.75, 90),
                  admirals=("A", "fb"))
    # 1: A 1+4+1 = 6 vs B 6+4: A loses a unit, admiral's fate 6: killed.
    # 2: A 3+3 = 6 (no bonus now) vs B 2+4 = 6. 3: A 4+3 = 7 vs B 3+4 = 7.
    events = run(state, 1, 6, 6, 3, 2, 4, 3)
    first = dict(of(events, "assault_roll")[0]["mods"])
    assert first["admiral"] == 1
    assert "admiral" not in dict(of(events, "assault_roll")[2]["mods"])
    assert state.fleet("a").admiral_fate == "killed" and not state.ship("A").admiral


def test_admirals_plus_one_to_the_surrender_test():
    state = fight(ship("A", "hexeris", "a", 10, 5, 90), ship("B", "quadriremis", "b", 10, 5.75, 90),
                  admirals=("fa", "B"), options={"edition": "classis"})
    # 1: A 12 vs B 1+2+1 = 4: B loses one, the admiral lives (1). 2: A 7 vs B 6+1+1 = 8: A
    # loses one. 3: A 7 vs B 5+1+1 = 7. B has lost half: her test is 2 +1 = 3, no surrender.
    events = run(state, 6, 1, 1, 1, 6, 1, 5, 2)
    test = of(events, "surrender_test")[0]
    assert test["total"] == 3 and not test["surrenders"] and test["admiral"]


@pytest.mark.parametrize("on, roll, saved", [(True, 5, True), (True, 4, False), (False, None, False)])
def test_saving_the_admiral(on, roll, saved):
    """18 l: "when the Admiral's ship is captured, with a die roll = 5,6 the Admiral himself
    can escape to another friendly ship, within 4 segments. From the next turn, that ship
    will become the new Admiral's ship. This saving roll can be done only one time.\""""
    state = fight(ship("A", "quinqueremis", "a", 10, 5, 90), ship("B", "biremis", "b", 10, 5.75, 90),
                  ship("C", "triremis", "b", 12, 8, 90), admirals=("fa", "B"), options={"saving_admiral": on})
    events = run(state, *([roll] if roll else []))
    assert bool(of(events, "admiral_escape")) is on
    assert state.ship("B").status == "captured"
    assert state.ship("C").admiral is saved
    assert state.fleet("b").admiral_fate == ("aboard" if saved else "captured")
    assert state.fleet("b").admiral_saved is on


@pytest.mark.parametrize("on", [True, False])
def test_archer_towers(on):
    """18 b: "Persian Size 2 ships can be provided of Archer Towers, with no additional cost.
    They add +1 to the first die roll during the Fighting Aboard phase, but subtract - 1
    segment to their maximum speed.\""""
    state = fight(ship("A", "triremis", "a", 10, 5, 90, equipment=["towers"]),
                  ship("B", "triremis", "b", 10, 5.75, 90), nations=("persian", "athenian"), far="triremis",
                  options={"archer_towers": on})
    assert max_speed(state.ship("A")) == (4 if on else 5) and state.ship("A").value == 30
    # With towers: 3+1+1 = 5 beats 3+1 and B, left without soldiers, surrenders at once.
    events = run(state, 3, 3) if on else run(state, 3, 3, 3, 3, 3, 3)
    assert [r["total"] for r in of(events, "assault_roll")][:2] == ([5, 4] if on else [4, 4])
    assert (state.ship("B").status == "captured") is on


@pytest.mark.parametrize("on", [True, False])
def test_cataphract_triremes(on):
    """18 c: "Greek, Roman, Carthaginian and Hellenistic Size 2 ships can be provided of
    additional protection for the rowers. They subtract - 1 to the first enemy die roll
    during the Fighting Aboard phase, at the cost of +1 point.\""""
    state = fight(ship("A", "triremis", "a", 10, 5, 90, equipment=["cataphract"]),
                  ship("B", "triremis", "b", 10, 5.75, 90), nations=("athenian", "persian"), far="triremis",
                  options={"cataphract": on})
    assert state.ship("A").value == (31 if on else 30)
    # B 4+1 = 5 beats A 3+1 = 4, unless the cataphract takes B's first roll down to 4.
    events = run(state, 3, 4, 3, 3, 3, 3) if on else run(state, 3, 4)
    assert [r["total"] for r in of(events, "assault_roll")][:2] == [4, 5]
    assert (state.ship("A").status == "captured") is not on


def test_fast_triremes_cannot_have_towers_or_cataphract():
    """"Note that ships with Archer Towers [Cataphract Triremis], can't be considered also
    Fast Triremis.\""""
    with pytest.raises(ValueError, match="cannot be combined"):
        make_state(ship("A", "triremis", "a", 10, 5, 0, equipment=["fast", "cataphract"]),
                   ship("B", "triremis", "b", 20, 25, 180), nations=("athenian", "persian"),
                   options={"fast_triremes": True, "cataphract": True})


def test_medioevo_fighting_aboard_adds_two_for_the_rowers():
    """Classis §26: "Risolvere il combattimento a bordo come per le regole normali,
    lanciando 1 dado + nr. di Balestrieri a bordo +2.\""""
    state = fight(ship("A", "galea_trireme", "a", 10, 5, 90), ship("B", "galea_bireme", "b", 10, 5.75, 90),
                  far="galea_bireme", nations=("venetian", "genoese"), options={"medieval": True})
    events = run(state, 1, 1, 1, 1)  # 1+4+2 = 7 against 1+2+2 = 5, then 7 against 4
    assert [r["total"] for r in of(events, "assault_roll")] == [7, 5, 7, 4]
    assert state.ship("B").status == "captured"
