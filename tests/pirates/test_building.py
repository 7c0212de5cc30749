"""Costruire, and Imbarcare e sbarcare (with the crew that already helped one ship)."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import building, movement, steps, turns
from rules.pirates.movement import Plan
from rules.pirates.state import Slot, Treasure
from tests.pirates.helpers import dice, new_state, put


def _banked(state, *values):
    for i, v in enumerate(values):
        state.treasures.append(Treasure(id=f"b{i}", value=v, place="red-home", public=True))


def test_costruire_with_home_coins_no_change_next_turn():
    """"Altre navi ed equipaggio possono essere costruiti nella propria isola base spendendo
    soldi dalla propria isola base. Non sono previsti resti. Essi appaiono immediatamente, ma
    manovrano dal turno seguente.\""""
    state = new_state()
    state.order = [Slot(side="red", count=3)]
    _banked(state, 3, 2, 1)
    sloop = state.ship("red-sloop-3")
    assert "sloop" in building.buildable(state, sloop) and "black-tide" not in building.buildable(state, sloop)
    turns.act(state, {"action": "build", "ship": sloop.id, "construct": "sloop"}, dice())
    new = state.ships[-1]
    assert new.key == "sloop" and new.docked == "red-home" and new.acted  # she acts from next turn
    assert sorted(t.value for t in building.bank_of(state, "red")) == [2]  # 3 + 1 pays the 4
    assert new.id not in turns.objects_to_act(state, "red")
    _banked(state, 9)
    assert "gull" not in building.buildable(state, sloop)  # the blue fleet has her


def test_costruire_no_named_object_destroyed_or_in_play():
    """"Non possono essere costruiti navi o equipaggio con nome proprio che siano stati
    distrutti durante il gioco.\""""
    state = new_state()
    _banked(state, 20)
    sloop = state.ship("red-sloop-3")
    assert "calico-cat-ii" not in building.buildable(state, sloop)  # Calico Cat is in play
    assert "doc-ansel" not in building.buildable(state, sloop)
    state.ship("red-heron").status = "sunk"
    assert "red-heron" not in building.buildable(state, sloop)
    assert "salt-widow" in building.buildable(state, sloop)


def test_imbarcare_crew_to_a_ship_alongside_once_a_turn():
    """"Ogni equipaggio può essere trasferito su un'isola dove la nave è attraccata, o da
    un'isola dove la nave è attraccata, o su un'altra nave in un quadretto contiguo.\""""
    state = new_state()
    state.order = [Slot(side="red", count=3)]
    helmsman = next(c for c in state.crews if c.key == "helmsman")
    assert set(building.destinations(state, helmsman)) >= {"red-home"}
    turns.act(state, {"action": "embark", "crew": helmsman.id, "to": "red-home"}, dice())
    assert helmsman.place == "red-home" and state.order[0].count == 3  # free: the slot is not spent
    assert building.destinations(state, helmsman) == []  # once a turn
    decision = Decision(id="x", kind="act", player="p1")
    problems = steps.manoeuvre_check(state, decision, {"action": "embark", "crew": helmsman.id, "to": "red-heron"},
                                     None)
    assert [p.code for p in problems] == ["pirates-no-embark"]


def test_sbarcare_crew_that_helped_one_ship_helps_no_other():
    """"Un equipaggio che sbarca da una nave dove ha già contribuito alla manovra, non può più
    contribuire alla manovra su altre navi per quel turno\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 5, 1, 2)
    wasp = put(state.ship("sea-wasp"), 4, 3, 2)
    movement.move(state, heron, Plan([(0, 0), (0, 0), (0, 1)]), dice())  # the helmsman's S is sailed
    helmsman = next(c for c in state.crews if c.key == "helmsman")
    assert helmsman.helped == heron.id
    assert movement.segments_of(state, wasp) == "LS"
    helmsman.place = wasp.id
    assert movement.segments_of(state, wasp) == "LS"  # she helped the heron this turn
    helmsman.helped = None  # the next turn
    assert movement.segments_of(state, wasp) == "LSS"
