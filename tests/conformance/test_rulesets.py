"""The conformance suite every ruleset must pass.

Random seeded playthroughs of every built-in scenario: nothing crashes, every state
round-trips through JSON exactly, the public view never changes when a hidden value
does and keeps the shared view contract (rules.core.view.PublicView) for the public and
every seat's view, private events stay private, and the game's record replays to the
same end.
"""
from __future__ import annotations

import json
import random

import pytest

from rules.core import game
from rules.core.copying import undeclared_mutables
from rules.core.dice import SeededDice
from rules.core.record import GameRecord, RecordStep, replay
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset, ruleset_names
from rules.core.ruleset import Seat
from rules.core.view import PublicView

MAX_STEPS = 400
CASES = [(name, scenario) for name in ruleset_names() for scenario in get_ruleset(name).scenarios()]


def seats_for(ruleset, setup) -> list[Seat]:
    # The ruleset says what its sides are (a setup need not keep them in `sides`).
    return [Seat(id=f"p{i + 1}", side=side, name=f"Player {i + 1}") for i, side in enumerate(ruleset.sides(setup))]


def play(name: str, scenario: str, seed: int, options: dict | None = None, checks: bool = True):
    ruleset = get_ruleset(name)
    setup = ruleset.scenarios()[scenario]
    opts = ruleset.options_model.model_validate(options or {})
    seats = seats_for(ruleset, setup)
    dice = SeededDice(seed)
    rng = random.Random(seed)
    state, start = game.start(ruleset, setup, opts, seats, dice)
    record = GameRecord(ruleset=name, options=opts.model_dump(mode="json"), scenario=scenario,
                        setup=setup.model_dump(mode="json"), seats=seats, start_rolls=start.rolls)
    for _ in range(MAX_STEPS):
        if ruleset.outcome(state) is not None:
            break
        pending = ruleset.pending(state)
        assert pending, "a game that is not over must be waiting for someone"
        orders = []
        for decision in pending:
            # Leave some decisions unanswered: the published default must apply.
            if rng.random() < 0.1:
                continue
            order = random_order(ruleset, state, decision, rng, prefer=("fire", "load", "turn", "move"))
            assert order is not None, f"no legal order found for {decision.id}"
            orders.append(order)
        state, step = game.resolve(ruleset, state, orders, dice)
        record.steps.append(RecordStep(orders=step.orders, rolls=step.rolls))
        if checks:
            check_state(ruleset, state, step, rng)
    return ruleset, state, record


def check_state(ruleset, state, step, rng) -> None:
    # The state copy trusts the declared field types (rules.core.copying).
    assert not undeclared_mutables(state)
    again = ruleset.load_state(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again == state
    assert again.model_dump(mode="json") == state.model_dump(mode="json")
    public = ruleset.view(state, None)
    assert ruleset.view(ruleset.perturb_secrets(state, rng), None) == public
    seats = {s.id for s in state.seats}
    for viewer in [None, *sorted(seats)]:
        head = PublicView.read(ruleset.view(state, viewer))
        assert head.ruleset == ruleset.name and head.viewer == viewer
    for event in step.events:
        if event.to is not None:
            assert set(event.to) <= seats and event.to
            assert not event.visible_to(None)
        ruleset.describe(event, "en")
        ruleset.describe(event, "it")


@pytest.mark.parametrize("name,scenario", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playthrough_is_sound(name, scenario, seed):
    ruleset, state, record = play(name, scenario, seed)
    assert ruleset.outcome(state) is not None or len(record.steps) == MAX_STEPS


@pytest.mark.parametrize("name,scenario", CASES)
def test_record_round_trips_and_replays_without_seed(name, scenario):
    ruleset, state, record = play(name, scenario, seed=5, checks=False)
    loaded = GameRecord.model_validate_json(record.dumps())
    assert loaded == record
    result, _ = replay(loaded)
    assert result.final_state == state.model_dump(mode="json")
    again, _ = replay(GameRecord.model_validate_json(loaded.dumps()))
    assert again == result


@pytest.mark.parametrize("name", ruleset_names())
def test_simultaneous_orders_play_through(name):
    ruleset = get_ruleset(name)
    if "order_mode" not in ruleset.options_model.model_fields:
        pytest.skip("this ruleset has no order modes")
    scenario = next(iter(ruleset.scenarios()))
    ruleset, state, record = play(name, scenario, seed=3, options={"order_mode": "simultaneous"})
    assert record.steps


def every_option_on(name: str) -> dict:
    """Every boolean switch of the ruleset's options turned on."""
    model = get_ruleset(name).options_model
    return {field: True for field, info in model.model_fields.items() if info.annotation is bool}


@pytest.mark.parametrize("name,scenario", CASES)
def test_every_optional_rule_on_plays_through(name, scenario):
    ruleset, state, record = play(name, scenario, seed=9, options=every_option_on(name))
    assert ruleset.outcome(state) is not None or len(record.steps) == MAX_STEPS
    result, _ = replay(GameRecord.model_validate_json(record.dumps()))
    assert result.final_state == state.model_dump(mode="json")
