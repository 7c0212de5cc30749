"""Turni: extra manoeuvres ("doppie manovre"), declared with the first manoeuvre and played
before the shots or after the damage."""
from __future__ import annotations

import copy

from rules.core.decisions import Decision, Order
from rules.pirates import extra_steps, steps, turns
from rules.pirates.setup import PiratesSetup, initial_state
from rules.pirates.state import PiratesOptions, Slot
from tests.pirates.helpers import SEATS, SETUP, dice, kinds, put


def _state():
    """The test sea with red's Sea Wasp swapped for the Twin Serpent (a double ship), and
    one slot left for red: her next manoeuvre is the turn's last."""
    setup = copy.deepcopy(SETUP)
    setup["fleets"][0]["ships"][1]["key"] = "twin-serpent"
    state = initial_state(PiratesSetup.model_validate(setup), PiratesOptions(), SEATS)
    state.order = [Slot(side="red", count=1)]
    return state


def _extra_order(state, payload):
    decision = extra_steps.pending(state)[0]
    return {decision.id: Order(decision=decision.id, player=decision.player, payload=payload)}


def test_turni_extra_manoeuvre_before_the_shots():
    """Turni: "[le ulteriori manovre] vanno dichiarate immediatamente appena l'oggetto fa la sua prima
    manovra e il proprietario può scegliere di svolgerle prima degli spari": declared with the
    first move, a second move after every first manoeuvre and before the shots."""
    state = _state()
    twin = put(state.ship("twin-serpent"), 5, 5, 2)
    roller = dice(then=7)
    turns.act(state, {"action": "move", "ship": twin.id, "go1": 2, "double": "move", "double_when": "before"}, roller)
    assert state.step == "extra" and twin.cells()[0] == (7, 5)
    [decision] = extra_steps.pending(state)
    assert decision.kind == "extra" and decision.player == "p1"
    extra_steps.resolve(state, _extra_order(state, {"action": "move", "go1": 3}), roller)
    seen = kinds(roller)
    assert seen.index("extra_declared") < seen.index("moved")
    assert seen.count("moved") >= 2 and seen.index("turn_end") > [i for i, k in enumerate(seen) if k == "moved"][1]
    assert state.turn == 2 and state.ship("twin-serpent").cells()[0] == (10, 5)


def test_turni_extra_shot_after_the_damage():
    """Turni: "[...] prima degli spari, se non sono sparare, oppure dopo aver subito i danni": an
    extra shot comes after the volley's damage, on its own."""
    state = _state()
    twin = put(state.ship("twin-serpent"), 10, 3, 0)
    cat = put(state.ship("calico-cat"), 8, 4, 0)
    roller = dice(6, 1, 6, 1, then=7)
    turns.act(state, {"action": "fire", "ship": twin.id, "double": "fire", "double_when": "after"}, roller)
    assert state.step == "fire"
    steps.fire_resolve(state, {}, roller)  # each gun at the first target in reach: the Calico Cat
    assert state.step == "extra" and cat.masts_left == 1
    extra_steps.resolve(state, _extra_order(state, {"action": "fire", "gun1": cat.id, "gun2": "none"}), roller)
    assert state.ship("calico-cat").status == "derelict" and state.turn == 2
    shots = [e.data for e in roller.log.events if e.kind == "shot"]
    assert len(shots) == 3 and shots[-1]["ship"] == twin.id


def test_turni_extra_manoeuvre_lapses_when_the_ship_cannot_play_it():
    """Turni: "dopo aver subito i danni": a ship the volley leaves without masts cannot play the
    extra manoeuvre she declared; it lapses."""
    state = _state()
    twin = put(state.ship("twin-serpent"), 10, 3, 0)
    abbot = put(state.ship("iron-abbot"), 8, 4, 0)
    abbot.firing, abbot.acted, abbot.armour = True, True, 0
    twin.guns = twin.guns[:1]
    roller = dice(6, 6, 6, 6, 6, 6, then=7)
    turns.act(state, {"action": "fire", "ship": twin.id, "double": "move", "double_when": "after"}, roller)
    steps.fire_resolve(state, {}, roller)
    assert twin.status != "afloat" and "extra_lapsed" in kinds(roller) and state.turn == 2


def test_turni_extra_is_declared_by_a_double_ship_and_a_shot_comes_after():
    """Turni: "Alcuni oggetti possono avere diritto a ulteriori manovre (dovute ad esempio a doppie
    manovre)": only a double ship declares one, and an extra shot is never before the shots."""
    state = _state()
    decision = Decision(id="d", kind="act", player="p1")
    twin = state.ship("twin-serpent")
    heron = state.ship("red-heron")
    bad = steps.manoeuvre_check(state, decision, {"action": "fire", "ship": twin.id, "double": "fire",
                                                  "double_when": "before"}, None)
    assert [p.code for p in bad] == ["pirates-extra-fire-after"]
    bad = steps.manoeuvre_check(state, decision, {"action": "fire", "ship": heron.id, "double": "move"}, None)
    assert [p.code for p in bad] == ["pirates-no-extra"]
    spec = steps.manoeuvre_spec(state, decision, None, None)
    assert any(p.name == "double" for a in spec.actions for p in a.params)
    assert steps.manoeuvre_check(state, decision, {"action": "fire", "ship": twin.id, "double": "move"}, None) == []
