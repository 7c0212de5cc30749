"""Parole chiave: schooner (goletta), turtle ship (nave corazzata), broadside (bordata)."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import fighting, movement, shooting, steps
from rules.pirates.movement import Plan
from tests.pirates.helpers import dice, event, new_state, put


def test_goletta_turns_on_her_stern_at_the_end_of_a_move():
    """"Shooner – goletta. La nave può ruotare sulla propria poppa alla fine della sua manovra
    di movimento (se non ha speronato e se non è incastrata) come azione gratuita.\""""
    state = new_state()
    wasp = put(state.ship("sea-wasp"), 5, 3, 2)  # F4, east: cells F4, E4
    movement.move(state, wasp, Plan([(0, 2)], pivot=-2), dice())
    assert wasp.cells() == [(6, 4), (6, 3)] and wasp.facing == 0  # stern G4 kept, bow swung north
    heron = put(state.ship("red-heron"), 5, 6, 2)
    decision = Decision(id="x", kind="act", player="p1")
    problems = steps.manoeuvre_check(state, decision, {"action": "move", "ship": heron.id, "go1": 1, "pivot": 1},
                                     None)
    assert [p.code for p in problems] == ["pirates-not-schooner"]


def test_nave_corazzata_plates_take_hits_and_bar_boarding():
    """"Turtle ship – nave corazzata. Se sono rimaste corazze, non può essere abbordata e per
    ogni colpo subito, il proprietario ne rimuove una al posto di ogni albero da rimuovere.\""""
    state = new_state()
    abbot = put(state.ship("iron-abbot"), 8, 4, 0)  # I5 north: cells I5, I4, I3; active I4
    heron = put(state.ship("red-heron"), 10, 3, 0)  # K4, two squares off her beam
    assert abbot.armour == 2
    heron.stuck_to = abbot.id
    assert not fighting.may_board(state, heron)
    shooting.shoot(state, {heron.id: [abbot.id, abbot.id, abbot.id]}, dice(6, 6, 6))
    assert abbot.armour == 0 and abbot.masts_left == 3
    assert fighting.may_board(state, heron)


def test_bordata_one_die_all_guns_plus_one():
    """"Broadside attack – bordata. [...] tutti i cannoni rimasti devono mirare al medesimo
    quadrato e vengono ridotti a raggio S. Il proprietario tira un dado solo e se il risultato
    è maggiore di tutti i punteggi dei cannoni, colpisce con tutti i cannoni più uno.\""""
    state = new_state()
    state.ships.append(state.ship("iron-abbot").model_copy(update={
        "id": "black-tide", "key": "black-tide", "name": "Black Tide", "keywords": ["broadside"], "armour": 0}))
    tide = put(state.ship("black-tide"), 6, 3, 0)  # G4 north, cells G4..G2; active G3
    tide.guns = tide.guns[:3]  # scores 3, 3, 2
    target = put(state.ship("red-heron"), 8, 2, 0)  # I3: two squares abeam
    target.guns.append(target.guns[0].model_copy())
    target.guns.append(target.guns[0].model_copy())  # five masts, to count the hits
    roller = dice(4)
    shooting.shoot(state, {tide.id: [target.id] * 3}, roller, {tide.id})
    assert event(roller, "broadside")["hits"] == 4 and target.masts_left == 1
    decision = Decision(id="d", kind="fire", player="p2", subject=tide.id)
    far = put(state.ship("sea-wasp"), 9, 2, 0)  # J3: three squares, beyond S
    target.status = "sunk"
    problems = steps.fire_check(state, decision, {"action": "fire", "gun1": far.id, "salvo": "yes"}, None)
    assert [p.code for p in problems] == ["pirates-broadside"]
