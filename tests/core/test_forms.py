"""Validation collects every problem with an order, in plain words."""
from hypothesis import given, strategies as st

from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec
from rules.core.forms import check_form

SPEC = DecisionSpec(
    decision=Decision(id="d", kind="action", player="p1"),
    actions=[
        ActionSpec(action="move", label="sail straight ahead", params=[
            ParamSpec(name="distance", label="distance", kind="number", min=1, max=4, step=0.5)]),
        ActionSpec(action="load", label="load", params=[
            ParamSpec(name="side", label="side", choices=[Choice(value="port", label="port")])]),
        ActionSpec(action="pass", label="no action"),
    ],
)


def test_a_legal_order_is_coerced():
    action, clean, problems = check_form(SPEC, {"action": "move", "distance": "2.5"})
    assert problems == [] and action.action == "move" and clean == {"action": "move", "distance": 2.5}


def test_every_problem_is_reported_at_once():
    _a, _c, problems = check_form(SPEC, {"action": "move", "distance": 9, "speed": 3})
    codes = sorted(p.code for p in problems)
    assert codes == ["out-of-range", "unexpected-param"]
    assert "between 1 and 4" in next(p.message for p in problems if p.code == "out-of-range")


def test_off_step_distance_is_refused():
    _a, _c, problems = check_form(SPEC, {"action": "move", "distance": 2.3})
    assert [p.code for p in problems] == ["out-of-range"]


def test_unknown_action_lists_the_legal_ones():
    _a, _c, problems = check_form(SPEC, {"action": "ram"})
    assert problems[0].code == "unknown-action"
    assert "sail straight ahead" not in problems[0].message and "move, load, pass" in problems[0].message


def test_missing_parameter_says_what_is_legal():
    _a, _c, problems = check_form(SPEC, {"action": "load"})
    assert problems[0].code == "missing-param" and "port" in problems[0].message


@given(st.dictionaries(st.text(max_size=20), st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=50),
                                                      st.lists(st.integers(), max_size=3)), max_size=5))
def test_hostile_payloads_never_raise(payload):
    action, clean, problems = check_form(SPEC, payload)
    assert isinstance(problems, list)
    if not problems:
        assert action is not None
    for p in problems:
        assert p.message and len(p.message) < 400
