""""Same speeds as last turn" (rules/nauta/orders.py, repeat_speeds): each ship writes the
speed she sailed last turn, offered only while every one of them may still write it."""
from __future__ import annotations

from rules.nauta.speeds import legal_speeds
from tests.nauta.helpers import RULES, decision, make_state, problems, ship


def galleys():
    return make_state(ship("a1", "triremis", "a", 10, 5, 0), ship("a2", "triremis", "a", 14, 5, 0),
                      ship("b1", "triremis", "b", 10, 25, 180))


def test_last_turns_speeds_are_offered_and_legal():
    state = galleys()
    state.turn = 2
    state.ship("a1").last_speed, state.ship("a2").last_speed = 2, 1
    d = decision(state, "pa")
    repeat = RULES.repeat_payload(state, d, [])
    assert repeat == {"action": "speeds", "a1": 2, "a2": 1}
    assert problems(state, repeat, "pa") == []


def test_nothing_to_repeat_in_the_first_turn_or_when_a_speed_is_no_longer_legal():
    state = galleys()
    assert RULES.repeat_payload(state, decision(state, "pa"), []) is None  # turn 1
    state.turn = 2
    state.ship("a1").last_speed = 2
    state.ship("a1").damage = 9  # she can no longer make that speed
    assert 2 not in legal_speeds(state, state.ship("a1"))
    assert RULES.repeat_payload(state, decision(state, "pa"), []) is None
