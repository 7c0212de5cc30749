"""Parole chiave: ghost ship (nave fantasma), a crew's ability."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import fighting, movement, steps
from rules.pirates.movement import Plan
from rules.pirates.state import Crew
from tests.pirates.helpers import dice, kinds, new_state, put


def _ghost_aboard(state, ship):
    state.crews.append(Crew(id="red-c9", key="pale-mariner", side=ship.side, place=ship.id))


def test_nave_fantasma_sails_through_islands_and_ships_and_frees_herself():
    """"Ghost ship – nave fantasma. [...] Se la usa, ignora isole, navi e terreni per il
    movimento, eventualmente si disincastra, ma non può terminare il movimento su altre navi
    o isole, non può attraccare, speronare, essere speronato o tenere incastrate altre navi.\""""
    state = new_state()
    wasp = put(state.ship("sea-wasp"), 5, 7, 2)  # F8 east, Rock ahead at G-I 7-9
    decision = Decision(id="d", kind="act", player="p1")
    across = {"action": "move", "ship": wasp.id, "go1": 4, "ghost": "yes"}
    assert [p.code for p in steps.manoeuvre_check(state, decision, across, None)] == ["pirates-no-ghost"]
    _ghost_aboard(state, wasp)
    assert steps.manoeuvre_check(state, decision, {**across, "ghost": "no"}, None) != []  # the island
    assert steps.manoeuvre_check(state, decision, across, None) == []
    onto = {"action": "move", "ship": wasp.id, "go1": 2, "ghost": "yes"}
    assert [p.code for p in steps.manoeuvre_check(state, decision, onto, None)] == ["pirates-ghost-end"]
    docking = {**across, "dock": "yes"}
    assert [p.code for p in steps.manoeuvre_check(state, decision, docking, None)] == ["pirates-no-ghost"]
    cat = state.ship("calico-cat")
    wasp.stuck_to = cat.id
    roller = dice()
    movement.move(state, wasp, Plan([(0, 4)], ghost=True), roller)
    assert wasp.cells()[0] == (9, 7) and wasp.stuck_to is None and "unstuck" in kinds(roller)
    heron = put(state.ship("red-heron"), 9, 5, 0)
    problems = movement.check_move(state, heron.model_copy(update={"side": "blue"}), Plan([(0, 2)]))
    assert [p.code for p in problems] == ["pirates-untouchable"]  # she cannot be rammed this turn
    assert not fighting.may_board(state, wasp)

