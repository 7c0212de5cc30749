"""Any seat of any ruleset can be filled: the form-filler, and the Cannoni levels on a
ruleset they do not know, give legal orders from the form alone."""
from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import BaseModel

from rules.ai import FormFiller, NoLegalOrder, captain_levels, decide, get_captain
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec, Problem
from rules.core.dice import Roller, SeededDice
from rules.core.events import Event, EventLog
from rules.core.registry import get_ruleset, ruleset_names
from rules.core.ruleset import Outcome, Ruleset, Seat, ShipEntry


class TallyOptions(BaseModel):
    pass


class TallySetup(BaseModel):
    target: int = 20


class TallyState(BaseModel):
    seats: list[Seat]
    total: int = 0
    target: int = 20
    words: list[str] = []
    secret: int = 0  # a hidden value, for perturb_secrets


class Tally(Ruleset):
    """A toy game unknown to the AI: add odd numbers (even ones are refused by a check
    the form does not show) until the total reaches the target."""

    name = "tally"
    title = "Tally"
    options_model = TallyOptions
    setup_model = TallySetup
    state_model = TallyState

    def scenarios(self) -> dict[str, BaseModel]:
        return {"short": TallySetup(target=12)}

    def sides(self, setup) -> list[str]:
        return ["x", "y"]

    def ship_entries(self, setup) -> list[ShipEntry]:
        return []

    def assign_ships(self, setup, picks):
        return setup

    def new_game(self, setup, options, seats, roller):
        return TallyState(seats=seats, target=setup.target)

    def pending(self, state):
        if self.outcome(state) is not None:
            return []
        return [Decision(id=f"t{state.total}.{s.id}", kind="pick", player=s.id) for s in state.seats]

    def spec(self, state, decision, only=None):
        return DecisionSpec(decision=decision, actions=[
            ActionSpec(action="add", label="add", params=[
                ParamSpec(name="amount", label="amount", kind="number", min=1, max=5, step=1)]),
            ActionSpec(action="say", label="say", params=[
                ParamSpec(name="word", label="word", choices=[Choice(value=w, label=w) for w in ("ahoy", "avast")])]),
        ], default={"action": "add", "amount": 2})  # a default the check refuses

    def check(self, state, decision, payload: dict[str, Any]) -> list[Problem]:
        if payload["action"] == "add" and payload["amount"] % 2 == 0:
            return [Problem(code="even", message="only odd amounts", field="amount")]
        return []

    def resolve(self, state, orders, roller):
        state = state.model_copy(deep=True)
        for order in orders:
            if order.payload["action"] == "add":
                state.total += int(order.payload["amount"])
            else:
                state.words.append(order.payload["word"])
        return state

    def outcome(self, state):
        return Outcome(winner=None, kind="done") if state.total >= state.target else None

    def view(self, state, viewer):
        return state.model_dump(exclude={"secret"}) | {"viewer": viewer}

    def perturb_secrets(self, state, rng: random.Random):
        return state.model_copy(update={"secret": rng.randint(0, 9)})

    def describe(self, event: Event, lang: str = "en") -> str:
        return event.kind


@pytest.mark.parametrize("level", captain_levels())
def test_every_level_plays_an_unknown_ruleset_legally(level):
    rules = Tally()
    seats = [Seat(id="a", side="x"), Seat(id="b", side="y")]
    state = rules.new_game(TallySetup(), TallyOptions(), seats, Roller(SeededDice(1), EventLog()))
    captain = get_captain(level)
    rng = random.Random(4)
    for _ in range(50):
        if rules.outcome(state) is not None:
            break
        orders = [decide(rules, state, d, captain, rng) for d in rules.pending(state)]
        for order in orders:
            assert rules.validate(state, order) == []
        state = rules.resolve(state, orders, Roller(SeededDice(1), EventLog()))
    assert rules.outcome(state) is not None


def test_without_a_check_the_form_filler_still_keeps_to_the_form():
    rules = Tally()
    seats = [Seat(id="a", side="x")]
    state = rules.new_game(TallySetup(), TallyOptions(), seats, Roller(SeededDice(1), EventLog()))
    decision = rules.pending(state)[0]
    spec = rules.spec(state, decision)
    payload = FormFiller().choose(rules, rules.view(state, "a"), decision, spec, random.Random(0))
    assert payload == {"action": "add", "amount": 2}  # the published default, as the form shows it


def test_nothing_legal_is_reported_not_papered_over():
    rules = Tally()
    seats = [Seat(id="a", side="x")]
    state = rules.new_game(TallySetup(), TallyOptions(), seats, Roller(SeededDice(1), EventLog()))
    decision = rules.pending(state)[0]
    spec = rules.spec(state, decision)
    with pytest.raises(NoLegalOrder):
        FormFiller().choose(rules, rules.view(state, "a"), decision, spec, random.Random(0),
                            check=lambda payload: [Problem(code="no", message="never")])


def test_unknown_level_names_the_known_ones():
    with pytest.raises(KeyError, match="captain"):
        get_captain("admiral")


@pytest.mark.parametrize("name", ruleset_names())
def test_every_registered_ruleset_can_be_filled_with_ai_seats(name):
    """Whatever ruleset the bot offers, AI seats can fill it: one of its scenarios,
    played to the end by AIs alone, every order legal."""
    from tests.ai.common import play

    scenario = sorted(get_ruleset(name).scenarios())[0]
    played = play(scenario, ["captain", "form-filler"], 4, ruleset=name)
    assert played.outcome is not None
