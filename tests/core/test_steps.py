"""The one dispatch shape (rules/core/steps.py): a ruleset is its table of steps, and
one check of one order shares its answers through a value made for that check only."""
from __future__ import annotations

import pytest

from rules.core import game
from rules.core.decisions import Decision, Order
from rules.core.dice import SeededDice
from rules.core.ruleset import Seat
from rules.core.steps import Checking
from tests.core import toy_race
from tests.core.toy_race import Race, RaceOptions, RaceSetup

SEATS = [Seat(id="a", side="red"), Seat(id="b", side="blue")]


@pytest.fixture
def race():
    rules = Race()
    state, _ = game.start(rules, RaceSetup(), RaceOptions(), SEATS, SeededDice(1))
    toy_race.ASKED.clear()
    return rules, state


def order(seat: str, squares: int, turn: int = 1) -> Order:
    return Order(decision=f"t{turn}.{seat}", player=seat, payload={"action": "advance", "squares": squares})


def test_pending_forms_checks_and_resolution_come_from_the_table(race):
    rules, state = race
    assert [d.id for d in rules.pending(state)] == ["t1.a", "t1.b"]
    spec = rules.spec(state, rules.pending(state)[0])
    assert spec.action("advance").param("squares").values() == [1, 2, 3]
    assert [p.code for p in rules.validate(state, order("a", 3))] == ["slow-start"]
    assert rules.validate(state, order("a", 2)) == []
    after, result = game.resolve(rules, state, [order("a", 2)], SeededDice(1))
    assert after.squares == {"a": 2, "b": 1}  # b took the published default
    assert state.squares == {"a": 0, "b": 0}, "resolved on a copy"
    assert [e.kind for e in result.events] == ["advanced", "advanced"]


def test_a_step_missing_from_the_table_asks_for_nothing_and_changes_nothing(race):
    rules, state = race
    for _ in range(6):
        if rules.outcome(state) is not None:
            break
        state, _ = game.resolve(rules, state, [order("a", 2, state.turn)], SeededDice(1))
    assert state.step == "over" and rules.outcome(state).winner == "a"
    assert rules.pending(state) == []
    assert rules.resolve(state, [], None) == state  # nothing to resolve, nothing rolled


def test_a_decision_of_a_kind_its_step_does_not_know_is_named(race):
    rules, state = race
    with pytest.raises(KeyError, match="'shout'.*'move'"):
        rules.spec(state, Decision(id="x", kind="shout", player="a"))


def test_one_check_shares_its_answers_and_the_next_check_asks_again(race):
    rules, state = race
    assert rules.validate(state, order("a", 2)) == []
    assert toy_race.ASKED == ["a"], "the form and the check of one order share one answer"
    assert rules.validate(state, order("a", 1)) == []
    assert toy_race.ASKED == ["a", "a"], "nothing is remembered from one check to the next"
    rules.spec(state, rules.pending(state)[0])
    rules.spec(state, rules.pending(state)[0])
    assert toy_race.ASKED == ["a"] * 4, "a form to show remembers nothing"


def test_a_checking_answers_only_for_its_own_state(race):
    rules, state = race
    checking = Checking(state)
    asked = []
    assert checking.remember(state, "k", lambda: asked.append(1) or 1) == 1
    assert checking.remember(state, "k", lambda: asked.append(2) or 2) == 1
    other = state.model_copy(deep=True)
    assert checking.remember(other, "k", lambda: asked.append(3) or 3) == 3
    assert asked == [1, 3]
