"""Derelitta: towing, and a derelict brought to a home island changing hands."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import sea, shooting, steps, treasure, turns
from rules.pirates.state import Slot
from tests.pirates.helpers import dice, new_state, put


def _rig():
    state = new_state()
    state.order = [Slot(side="red", count=3), Slot(side="blue", count=3)]
    heron = put(state.ship("red-heron"), 6, 3, 4)  # G4, facing south: cells G4, G5
    cat = put(state.ship("calico-cat"), 7, 4, 0)  # H5, alongside
    cat.guns, cat.status = [], "derelict"
    state.treasures[1].place = cat.id
    return state, heron, cat


def _check(state, ship, **payload):
    decision = Decision(id="x", kind="act", player=state.seat_of(ship.side))
    return [p.code for p in steps.manoeuvre_check(state, decision, {"action": "move", "ship": ship.id, **payload},
                                                  None)]


def test_derelitta_towed_at_most_s_on_the_stern_square():
    """"Una nave derelitta può essere trainata da una nave che la tocca e che ha diritto a
    muovere, la quale si muoverà di massimo S. [...] Una nave trainata occupa il quadretto di
    poppa della nave trainante e non può essere esplorata o trainata da altre navi, né
    effettuare alcuna manovra o azione gratuita, ma può essere bersagliata da spari.\""""
    state, heron, cat = _rig()
    assert _check(state, heron, tow=cat.id, go1=3) == []
    assert _check(state, heron, tow=cat.id, go1=3, go2=1) == ["out-of-range"]  # one S segment only
    assert _check(state, heron, tow="gull", go1=1) == ["pirates-no-tow"]
    turns.act(state, {"action": "move", "ship": heron.id, "tow": cat.id, "go1": 2}, dice())
    assert heron.cells() == [(6, 1), (6, 2)] and cat.towed_by == heron.id
    assert cat.cells() == [(6, 2)]  # on the heron's stern square
    assert cat.id not in turns.objects_to_act(state, "blue")
    assert treasure.explorable(state, put(state.ship("gull"), 7, 2, 0)) is None
    abbot = put(state.ship("iron-abbot"), 8, 4, 2)
    abbot.side = "green"  # an enemy of both, two squares off her beam... (8,3) active, target G3 abeam
    assert cat.id in shooting.reach(state, abbot, abbot.guns[0])


def test_derelitta_brought_home_changes_hands():
    """"Una nave derelitta che arriva trainata in un'isola base diventa di proprietà del
    giocatore proprietario dell'isola base compreso equipaggio e tesori trasportati\""""
    state, heron, cat = _rig()
    put(heron, 5, 4, 4)  # F5 south, her stern F6; the cat at G6 touches her
    put(cat, 6, 5, 0)
    put(state.ship("red-sloop-3"), 9, 9, 0)  # out of the way of the berth at D3
    turns.act(state, {"action": "move", "ship": heron.id, "tow": cat.id, "turn1": 1, "go1": 2, "dock": "yes"},
              dice())
    assert heron.docked == "red-home"
    assert cat.side == "red" and state.treasure_at(cat.id)[0].id == "t2"
    assert treasure.scores(state)["red"] > treasure.scores(state)["blue"]


def test_derelitta_cast_off_lies_on_her_own_squares():
    state, heron, cat = _rig()
    turns.act(state, {"action": "move", "ship": heron.id, "tow": cat.id, "go1": 2}, dice())
    heron.acted = False
    turns.act(state, {"action": "move", "ship": heron.id, "tow": "no", "turn1": 2, "go1": 3}, dice())
    assert cat.towed_by is None and heron.towing is None
    assert len(cat.cells()) == 2 and not set(cat.cells()) & set(heron.cells())
    assert all(c not in sea.land(state) for c in cat.cells())
