"""Standing orders and "same as last turn" in Pirates' terms (rules/pirates/standing.py):
a ship left to "hold" or "as last turn" takes her manoeuvre and aims her guns without her
player, and every order they give is one the rules accept."""
from __future__ import annotations

from rules.core.decisions import Order
from rules.core.registry import get_ruleset
from rules.core.standing import Standing
from rules.pirates import steps
from rules.pirates.state import Slot
from tests.pirates.helpers import new_state, put

RULES = get_ruleset("pirates")


def _acting(state, side="red"):
    state.step, state.order = "manoeuvre", [Slot(side=side, count=3)]
    return next(d for d in RULES.pending(state) if d.kind == "act")


def _accepted(state, decision, payload) -> bool:
    return RULES.validate(state, Order(decision=decision.id, player=decision.player, payload=payload)) == []


def test_every_ship_of_the_seat_is_offered_hold_and_as_last_turn_in_both_languages():
    state = new_state()
    offers = {o.subject: o for o in RULES.standing_offers(state, "p1")}
    assert set(offers) == {s.id for s in state.ships if s.side == "red"}
    sloop = offers["red-sloop-3"]
    assert [k.kind for k in sloop.kinds] == ["hold", "as-last"]
    assert [k.label_in("it") for k in sloop.kinds] == ["Resta", "Come nel turno scorso"]
    assert sloop.label_in("it") == "sloop rosso 3"
    assert [m.label_in("en") for m in sloop.moments] == [f"turn {state.turn} only"]


def test_the_act_form_is_answered_only_when_every_ship_still_to_act_has_an_order():
    state = new_state()
    d = _acting(state)
    ships = RULES.standing_subjects(state, d)
    assert ships == ["red-heron", "sea-wasp", "red-sloop-3"]
    assert RULES.moment_of(state, d) == f"t{state.turn}"
    some = [Standing(subject="red-heron", kind="hold")]
    assert RULES.standing_payload_all(state, d, some, []) is None
    every = [Standing(subject=s, kind="hold") for s in ships]
    payload = RULES.standing_payload_all(state, d, every, [])
    assert payload == {"action": "fire", "ship": "red-heron"}  # she holds
    assert _accepted(state, d, payload)


def test_as_last_turn_repeats_her_manoeuvre_when_the_rules_allow_it_else_she_holds():
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 0)
    state.turn = 2
    d = _acting(state)
    move = {"action": "move", "ship": "red-heron", "turn1": 0, "go1": 2, "dock": "no", "grapple": "yes",
            "double": "no"}
    history = [Order(decision="t1.a2", player="p1", payload=move),
               Order(decision="t1.a1", player="p1", payload={"action": "cargo", "treasure": "t1", "to": "x"})]
    every = [Standing(subject=s, kind="as-last") for s in RULES.standing_subjects(state, d)]
    payload = RULES.standing_payload_all(state, d, every, history)
    assert payload == {k: v for k, v in move.items() if k != "double"}
    assert _accepted(state, d, payload)
    # the same move would now run her aground on the island: she holds instead
    put(heron, 6, 4, 0)
    state.ship("sea-wasp").col, state.ship("sea-wasp").row = 6, 6
    state.ship("sea-wasp").docked = None
    payload = RULES.standing_payload_all(state, d, every, history)
    assert payload == {"action": "fire", "ship": "red-heron"}
    # and the repeat of the form ("same as last turn") gives nothing that would be refused
    again = RULES.repeat_payload(state, d, history)
    assert again is None or _accepted(state, d, again)


def test_her_guns_keep_last_turns_target_while_it_is_in_reach():
    state = new_state()
    heron = put(state.ship("red-heron"), 6, 3, 0)
    put(state.ship("calico-cat"), 7, 3, 0)
    put(state.ship("gull"), 8, 3, 0)
    heron.firing, state.step, state.turn = True, "fire", 2
    d = next(x for x in steps.fire_pending(state) if x.subject == "red-heron")
    guns = {p.name: p.values() for p in RULES.spec(state, d).action("fire").params if p.name.startswith("gun")}
    assert all("gull" in v and "calico-cat" in v for v in guns.values() if len(v) > 2), guns
    last = {"action": "fire", **{g: "gull" for g in guns}}
    history = [Order(decision="t1.f.red-heron", player="p1", payload=last)]
    held = RULES.standing_payload_all(state, d, [Standing(subject="red-heron", kind="hold")], history)
    assert held == RULES.spec(state, d).default  # the first target in reach, as the default
    kept = RULES.standing_payload_all(state, d, [Standing(subject="red-heron", kind="as-last")], history)
    assert all(kept[g] == "gull" for g, v in guns.items() if "gull" in v)
    assert _accepted(state, d, kept) and _accepted(state, d, held)
    assert RULES.repeat_payload(state, d, history) == kept
