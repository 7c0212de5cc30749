"""Regole speciali: the firepot specialist."""
from __future__ import annotations

from rules.core.decisions import Decision
from rules.pirates import firepot, shooting, steps, turns
from rules.pirates.state import Crew
from tests.pirates.helpers import dice, kinds, new_state, put


def _armed(state):
    heron = put(state.ship("red-heron"), 5, 5, 0)  # F6 north: cells F6, F5; active F5 (both beams)
    state.crews.append(Crew(id="red-c9", key="firepot", side="red", place=heron.id))
    return heron


def test_firepot_one_square_sets_a_mast_on_fire_and_its_gun_is_useless():
    """"Firepot specialist. Utilizza un cannone funzionante della nave riducendolo a raggio 1
    (solo 6 quadretti). Se colpisce, un albero della nave bersaglio prende fuoco ed è
    inutilizzabile.\""""
    state = new_state()
    heron = _armed(state)
    cat = put(state.ship("calico-cat"), 6, 5, 0)  # alongside, one square off
    far = put(state.ship("gull"), 7, 4, 0)  # two squares off
    decision = Decision(id="t1.f.red-heron", kind="fire", player="p1", subject=heron.id)
    spec = steps.fire_spec(state, decision, None, None)
    assert spec.action("fire").param("firepot") is not None
    bad = steps.fire_check(state, decision, {"action": "fire", "gun1": far.id, "firepot": "gun1"}, None)
    assert [p.code for p in bad] == ["pirates-firepot"]
    assert steps.fire_check(state, decision, {"action": "fire", "gun1": cat.id, "firepot": "gun1"}, None) == []
    roller = dice(6)
    shooting.shoot(state, {heron.id: [cat.id, "none", "none"]}, roller, firepots={heron.id: 0})
    assert cat.masts_left == 2 and "fire_set" in kinds(roller)  # no mast lost: one on fire
    assert cat.usable_guns == 1
    gun_params, _ = steps.gun_params(state, cat)
    assert [c.value for c in gun_params[1].choices] == ["none"]  # her burning mast's gun


def test_firepot_fire_spreads_goes_out_and_home_puts_it_out():
    """"Ogni inizio proprio turno in cui ha almeno un albero a fuoco, il proprietario della
    nave tira un dado: con 6 gli alberi a fuoco sono eliminati, con 1-3 un altro albero
    prende fuoco. Se la nave arriva alla propria isola base o su un'isola con un proprio
    forte, tutti gli alberi infuocati sono eliminati. La nave con solo alberi infuocati ogni
    inizio proprio turno tira per tentare l'affondamento.\""""
    state = new_state()
    cat = put(state.ship("calico-cat"), 6, 5, 0)
    cat.burning = 1
    roller = dice(4)
    firepot.smoulder(state, cat, roller)
    assert cat.burning == 1  # 4: neither out nor spreading
    roller = dice(2, 6)
    firepot.smoulder(state, cat, roller)  # spreads to her last mast, then she tries to scuttle
    assert cat.burning == 2 and cat.status == "sunk"
    heron = put(state.ship("red-heron"), 5, 5, 0)
    heron.burning = 2
    firepot.smoulder(state, heron, dice(6))
    assert heron.burning == 0
    heron.burning, heron.docked = 1, "red-home"
    turns.perform(state, heron, {"action": "fire"}, dice())
    assert heron.burning == 0


def test_firepot_in_an_extra_shot_after_the_damage():
    """"Utilizza un cannone funzionante della nave riducendolo a raggio 1": also in an extra
    shot ("dopo aver subito i danni") of a double ship."""
    from rules.core.decisions import Order
    from rules.pirates import extra_steps
    from rules.pirates.state import Extra

    state = new_state()
    heron = _armed(state)
    heron.keywords = ["double"]
    cat = put(state.ship("calico-cat"), 6, 5, 0)
    state.extras = [Extra(ship=heron.id, action="fire", when="after")]
    state.step, state.order = "extra", []
    [decision] = extra_steps.pending(state)
    payload = {"action": "fire", "gun1": cat.id, "gun2": "none", "gun3": "none", "firepot": "gun1"}
    assert extra_steps.check(state, decision, payload, None) == []
    roller = dice(6, then=3)
    extra_steps.resolve(state, {decision.id: Order(decision=decision.id, player="p1", payload=payload)}, roller)
    assert "fire_set" in kinds(roller) and cat.masts_left == 2
