"""Standing orders in Nauta's terms (rules/nauta/standing.py): a galley left to "hold
course", "hold water", "shoot at the nearest" or "as last turn" writes her speed and
makes her move without her commander, and every order they give is legal."""
from __future__ import annotations

from rules.core.decisions import Order
from rules.core.standing import Standing
from rules.nauta.speeds import legal_speeds
from tests.nauta.test_boarding import alongside
from tests.nauta.helpers import A, RULES, decision, make_state, moving, problems, ship


def galleys(**kw):
    return make_state(ship("a1", "triremis", "a", 10, 5, 0, **kw), ship("a2", "triremis", "a", 14, 5, 0),
                      ship("b1", "triremis", "b", 10, 25, 180))


def orders(**kinds: str) -> list[Standing]:
    return [Standing(subject=ship_id, kind=kind) for ship_id, kind in kinds.items()]


def test_every_galley_is_offered_the_orders_in_nauta_words_shoot_only_when_armed():
    state = make_state(ship("a1", "hexeris", "a", 10, 5, 0, equipment=["balistae"]),
                       ship("a2", "triremis", "a", 14, 5, 0), ship("b1", "triremis", "b", 10, 25, 180),
                       options={"balistae": True})
    offers = {o.subject: o for o in RULES.standing_offers(state, A)}
    assert set(offers) == {"a1", "a2"}
    assert [k.kind for k in offers["a1"].kinds] == ["hold-course", "hold-water", "shoot-nearest", "as-last"]
    assert [k.kind for k in offers["a2"].kinds] == ["hold-course", "hold-water", "as-last"]
    assert [k.label_in("en") for k in offers["a2"].kinds] == ["Hold course", "Hold water", "As last turn"]
    assert [k.label_in("it") for k in offers["a2"].kinds] == ["Mantieni la rotta", "Ferma i remi",
                                                             "Come nel turno scorso"]
    assert [m.label_in("en") for m in offers["a1"].moments] == ["turn 1 only"]


def test_the_speeds_are_answered_only_when_every_galley_writing_one_has_an_order():
    state = galleys()
    state.turn = 2
    state.ship("a1").last_speed, state.ship("a2").last_speed = 3, 2
    d = decision(state, A)
    assert RULES.standing_subjects(state, d) == ["a1", "a2"]
    assert RULES.moment_of(state, d) == "t2"
    assert RULES.standing_payload_all(state, d, orders(a1="hold-course"), []) is None
    payload = RULES.standing_payload_all(state, d, orders(a1="hold-course", a2="hold-water"), [])
    # Hold water: a galley slows by her deceleration only, so as near 0 as she may.
    slowest = min(legal_speeds(state, state.ship("a2")), key=abs)
    assert payload == {"action": "speeds", "a1": 3, "a2": slowest}
    assert problems(state, payload, A) == []


def test_a_move_is_answered_when_every_galley_still_to_move_has_an_order():
    state = moving(galleys(), {"a1": 3, "a2": 2, "b1": 2})
    d = decision(state, A)
    assert d.kind == "move" and RULES.standing_subjects(state, d) == ["a1", "a2"]
    payload = RULES.standing_payload_all(state, d, orders(a1="hold-course", a2="as-last"), [])
    assert payload == {"action": "move", "unit": "a1", "turn": 0, "dash": "no"}
    assert problems(state, payload, A) == []


def test_as_last_turn_repeats_the_wheel_of_her_last_move_when_she_may_make_it():
    state = moving(galleys(), {"a1": 3, "a2": 2, "b1": 2})
    history = [Order(decision="t1.m1", player=A, payload={"action": "move", "unit": "a1", "turn": 45, "dash": "extra"})]
    d = decision(state, A)
    payload = RULES.standing_payload_all(state, d, orders(a1="as-last", a2="as-last"), history)
    assert payload == {"action": "move", "unit": "a1", "turn": 45, "dash": "no"}  # no dash by a standing order
    assert problems(state, payload, A) == []
    state.ship("a1").written = 0  # she may not wheel at speed 0: straight on instead
    payload = RULES.standing_payload_all(state, d, orders(a1="as-last", a2="as-last"), history)
    assert payload["turn"] == 0 and problems(state, payload, A) == []


def test_shoot_at_the_nearest_shoots_after_the_move():
    state = make_state(ship("a1", "hexeris", "a", 10, 5, 0, equipment=["balistae"]),
                       ship("b1", "triremis", "b", 10, 25, 180), options={"balistae": True})
    moving(state, {"a1": 2, "b1": 2})
    d = decision(state, A)
    payload = RULES.standing_payload_all(state, d, orders(a1="shoot-nearest"), [])
    assert payload == {"action": "move", "unit": "a1", "turn": 0, "dash": "no", "shoot": "after"}
    assert problems(state, payload, A) == []
    hold = RULES.standing_payload_all(state, d, orders(a1="hold-course"), [])
    assert hold["shoot"] == "no"


def test_a_fleet_wholly_on_standing_orders_moves_second():
    state = galleys()
    state.step, state.initiative_side = "initiative", "a"
    d = decision(state)
    assert RULES.standing_subjects(state, d) == ["a1", "a2"]
    assert RULES.standing_payload_all(state, d, orders(a1="hold-course"), []) is None
    assert RULES.standing_payload_all(state, d, orders(a1="hold-course", a2="as-last"), []) == {"action": "second"}


def test_boarding_stays_with_the_commander():
    state = alongside()
    found = [d for d in RULES.pending(state) if d.kind == "boarding"]
    assert found, RULES.pending(state)
    assert RULES.moment_of(state, found[0]) is None and RULES.standing_subjects(state, found[0]) == []
