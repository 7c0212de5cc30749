"""Imbarcare e sbarcare: treasure moved by hand, a free action."""
from __future__ import annotations

from rules.core.decisions import Decision, Order
from rules.pirates import cargo, steps
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, event, new_state, put


def test_imbarcare_treasure_to_a_ship_alongside_ashore_and_from_home():
    """"Ogni tesoro può essere trasferito su un'isola dove la nave è attraccata, o dall'isola
    base a cui la nave è attraccata, o da un'isola già esplorata (anche in passato) o su
    un'altra nave in un quadretto contiguo.\""""
    state = new_state()
    heron = put(state.ship("red-heron"), 5, 5, 2)  # cells F6, E6
    wasp = put(state.ship("sea-wasp"), 5, 6, 2)  # alongside, one row up
    gold = state.treasures[0]
    gold.place = heron.id
    assert wasp.id in cargo.destinations(state, "red", gold)
    assert cargo.destinations(state, "blue", gold) == []  # not blue's to move
    decision = Decision(id="t1.a1", kind="act", player="p1")
    state.order = [Slot(side="red", count=1)]
    assert steps.manoeuvre_check(state, decision, {"action": "cargo", "treasure": gold.id, "to": wasp.id}, None) == []
    roller = dice()
    payload = {"action": "cargo", "treasure": gold.id, "to": wasp.id}
    steps.manoeuvre_resolve(state, {decision.id: Order(decision=decision.id, player="p1", payload=payload)}, roller)
    assert gold.place == wasp.id and event(roller, "treasure_moved")["end"] == wasp.id
    assert state.order[0].count == 1  # a free action: her slot is still to play
    # "solo una volta per ogni insieme di oggetti coinvolti": not back again this turn
    problems = steps.manoeuvre_check(state, decision, {"action": "cargo", "treasure": gold.id, "to": heron.id}, None)
    assert [p.code for p in problems] == ["pirates-no-cargo"]
    # from the home island where she is docked; not from an unexplored wild island
    sloop = state.ship("red-sloop-3")
    coin = state.treasures[1]
    coin.place, coin.public, coin.moved = "red-home", True, False
    assert sloop.id in cargo.destinations(state, "red", coin)
    coin.place = "rock"
    assert cargo.destinations(state, "red", coin) == []


def test_forte_its_owner_takes_treasure_leaving_the_fort_its_value():
    """"Una nave attraccata all'isola può imbarcare e sbarcare equipaggio e tesori dal forte
    [...] come se fosse la propria isola base. Come minimo un valore di monete pari al valore
    del forte deve restare nel forte.\""""
    from rules.pirates.state import Fort, Gun

    state = new_state()
    heron = put(state.ship("red-heron"), 5, 5, 2)
    heron.docked = "rock"
    state.forts.append(Fort(id="fort-rock", key="stockade", name="stockade", side="red", island="rock", value=5,
                            squares=[(6, 6)], flags=[(6, 6)], guns=[Gun(range="S", score=3)]))
    small, big = state.treasures[0], state.treasures[1]  # 2 and 5
    small.place = big.place = "fort-rock"
    assert cargo.destinations(state, "red", small) == [heron.id]  # 5 stays in
    assert cargo.destinations(state, "red", big) == []  # 2 would be less than the fort's 5
    assert cargo.destinations(state, "blue", small) == []  # not blue's fort
