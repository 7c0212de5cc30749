"""A menu field with more legal values than a select lists (25): it pages within its own
menu. A galley's wheel (Nauta: 90° to port to 90° to starboard in fives, 37 angles) and a
ship of the line's courses (Hearts of Oak: up to some 50) were cut to 25 before, so a
player on a phone could not give most of them without typing /order."""
from __future__ import annotations

from typing import Any

from bot.discord import forms, legal
from bot.transport import PendingDecision
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec

ANGLES = list(range(-90, 95, 5))


def wheel_spec() -> DecisionSpec:
    """Nauta's move form as rules/nauta/orders.py builds it: the unit, the wheel, the dash."""
    decision = Decision(id="t2.m1.p1", kind="move", player="p1", label="Move")
    params = [ParamSpec(name="unit", label="unit", choices=[Choice(value="u1", label="Dromon")]),
              ParamSpec(name="turn", label="wheel", kind="number", min=-90, max=90, step=5, required=False),
              ParamSpec(name="dash", label="dash", required=False,
                        choices=[Choice(value="no", label="no"), Choice(value="dash", label="dash")])]
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="move", label="Move", params=params)],
                        default={"action": "move", "unit": "u1", "turn": 0, "dash": "no"})


def courses_spec(count: int) -> DecisionSpec:
    decision = Decision(id="t1.victory.move", kind="move", player="p1", label="Move")
    course = ParamSpec(name="course", label="course", choices=[Choice(value=f"c{i}", label=f"C{i}")
                                                               for i in range(count)])
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="sail", label="Sail", params=[course])],
                        default={"action": "sail", "course": "c0"})


def menu(spec: DecisionSpec, form: forms.Form, label: str, windows: dict[int, int] | None = None) -> dict[str, Any]:
    item = PendingDecision(decision=spec.decision, spec=spec, due_at=None)
    _, view = forms.message(7, item, "en", form=form, windows=windows)
    assert view is not None
    selects = [c for row in view.to_components() for c in row["components"] if c["type"] == 3]
    (found,) = [s for s in selects if s["placeholder"] == label]
    assert len(found["options"]) <= legal.LIMIT and len(found["custom_id"]) <= forms.CUSTOM_ID_LIMIT
    return found


def shown(select: dict[str, Any]) -> list[str]:
    return [o["label"] for o in select["options"] if not o["value"].startswith(forms.WINDOW_PREFIX)]


def paging(select: dict[str, Any]) -> dict[str, str]:
    return {o["label"]: o["value"] for o in select["options"] if o["value"].startswith(forms.WINDOW_PREFIX)}


def test_the_wheel_shows_the_angles_around_the_default_and_options_for_the_rest():
    spec = wheel_spec()
    form = forms.Form.from_state(spec, "")
    wheel = menu(spec, form, "wheel")
    assert shown(wheel) == [str(a) for a in range(-55, 60, 5)], "23 angles around the default, 0°"
    assert list(paging(wheel)) == ["◂ Show -90 … -60", "Show 60 … 90 ▸"]
    assert all(o.get("description") for o in wheel["options"] if o["value"].startswith(forms.WINDOW_PREFIX))
    # The option after shows the last angles, 90° to starboard among them.
    later = menu(spec, form, "wheel", {1: int(paging(wheel)["Show 60 … 90 ▸"][1:])})
    assert shown(later)[-1] == "90" and "60" in shown(later)
    assert list(paging(later)) == ["◂ Show -90 … -25"]


def test_every_angle_can_be_chosen_and_is_the_one_the_order_carries():
    spec = wheel_spec()
    form = forms.Form.from_state(spec, "")
    reached: dict[str, Any] = {}
    todo, seen = [None], set()
    while todo:
        start = todo.pop()
        if start in seen:
            continue
        seen.add(start)
        wheel = menu(spec, form, "wheel", None if start is None else {1: start})
        for option in wheel["options"]:
            if option["value"].startswith(forms.WINDOW_PREFIX):
                todo.append(int(option["value"][1:]))
                continue
            chosen = form.choose(1, forms.DIGITS.index(option["value"]))
            again = forms.Form.from_state(spec, chosen.state)  # what a click on the next menu reads
            assert again.payload()["turn"] == int(option["label"])
            reached[option["label"]] = again.state
    assert sorted(map(int, reached)) == ANGLES
    assert all(state.startswith(forms.PAGED) for state in reached.values())
    # Once chosen, the menu opens around the angle chosen, and shows it as chosen.
    ninety = forms.Form.from_state(spec, reached["90"])
    wheel = menu(spec, ninety, "wheel")
    assert [o["label"] for o in wheel["options"] if o.get("default")] == ["90"]


def test_a_menu_made_before_fields_paged_still_means_what_it_showed():
    """Its positions counted among the 25 angles it listed (spread over the 37): a Confirm
    pressed on it after the bot was updated sends the angle the player saw."""
    spec = wheel_spec()
    listed, total = legal.menu_offers(spec.actions[0].params[1])
    assert total == 37 and len(listed) == legal.LIMIT
    for i, offer in enumerate(listed):
        old_state = "0" + "0" + forms.DIGITS[i] + "0"  # the action, the unit, the wheel, the dash
        form = forms.Form.from_state(spec, old_state)
        assert form.payload() == {"action": "move", "unit": "u1", "turn": offer.value, "dash": "no"}
    assert "turn" not in forms.Form.from_state(spec, "00z0").payload(), "a position past what it listed"


def test_courses_past_the_twenty_fifth_are_offered_and_encoded_in_one_character():
    spec = courses_spec(47)
    form = forms.Form.from_state(spec, "")
    course = menu(spec, form, "course")
    assert shown(course) == [f"C{i}" for i in range(23)], "around the default, the first course"
    assert list(paging(course)) == ["Show C23 … C45 ▸"]
    last = form.choose(0, 46)
    assert last.state == ".0K" and forms.Form.from_state(spec, last.state).payload() == {"action": "sail",
                                                                                        "course": "c46"}
    # A form whose fields all fit one menu keeps the ids it always had.
    assert forms.Form.from_state(courses_spec(25), "").choose(0, 24).state == "0o"


def test_past_the_most_a_menu_pages_through_it_says_so():
    decision = Decision(id="t1.d", kind="move", player="p1", label="Move")
    far = ParamSpec(name="distance", label="distance", kind="number", min=0, max=20, step=0.1)
    spec = DecisionSpec(decision=decision, actions=[ActionSpec(action="go", label="Go", params=[far])])
    item = PendingDecision(decision=spec.decision, spec=spec, due_at=None)
    content, _ = forms.message(7, item, "en")
    assert f"the menu lists {forms.MOST_VALUES} of 201 legal values" in content
    values = [o.value for o in forms.Form.from_state(spec, "").param_fields()[0].offers]
    assert values[0] == 0 and values[-1] == 20 and len(values) == forms.MOST_VALUES


def test_a_forged_choice_or_window_changes_nothing():
    spec = wheel_spec()
    form = forms.Form.from_state(spec, "").choose(1, 18)
    assert form.choose(1, forms.MOST_VALUES - 1).state == form.state, "no such angle: the choice stays"
    assert forms.parse(f"bs1:s:7:t2.m1.p1:{form.state}:1") is not None
    assert forms.parse("bs1:s:7:t2.m1.p1:..0:1") is None
    # A window asked for past the end shows the last angles.
    assert shown(menu(spec, form, "wheel", {1: 9999}))[-1] == "90"
