"""Property tests: random legal play (rules.core.randomplay) under any edition and
options never crashes, never makes a value negative or out of bounds, and every state
round-trips through JSON exactly."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.nauta.options import OPTIONAL_RULES
from rules.nauta.speeds import max_speed

RULESET = get_ruleset("nauta")
SCENARIOS = sorted(RULESET.scenarios())


def check_sound(state) -> None:
    for ship in state.ships:
        assert 0 <= ship.soldiers <= ship.soldiers_start, ship.id
        assert 0 <= ship.damage <= 2 and ship.dashes <= 2 and ship.speed_lost >= 0
        assert max_speed(ship) >= 0 and ship.value > 0
        assert -2 <= ship.last_speed <= 8
        if ship.damage >= 2:
            assert ship.lost
    for fleet in state.fleets:
        assert fleet.initial_points > 0
    ids = {s.id for s in state.ships if s.on_table}
    for c in state.contacts:
        assert c.a in ids and c.b in ids
    for e in state.engagements:
        assert state.ship(e.a).afloat and state.ship(e.b).afloat


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(SCENARIOS),
       edition=st.sampled_from(["nauta", "classis"]), limits=st.booleans(),
       extras=st.booleans(), deployment=st.sampled_from(["fixed", "screen", "roll", "alternate"]),
       steps=st.integers(20, 150))
def test_random_legal_play_stays_sound(seed, scenario, edition, limits, extras, deployment, steps):
    setup = RULESET.scenarios()[scenario]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(setup.sides)]
    options = {"edition": edition, "acceleration_limits": limits, "deployment": deployment}
    if extras:
        options.update({name: True for name in OPTIONAL_RULES})
    dice, rng = SeededDice(seed), random.Random(seed)
    state, _ = game.start(RULESET, setup, RULESET.options_model(**options), seats, dice)
    for _ in range(steps):
        if RULESET.outcome(state) is not None:
            break
        orders = []
        for decision in RULESET.pending(state):
            order = random_order(RULESET, state, decision, rng, prefer=("move",))
            assert order is not None, decision.id
            if rng.random() > 0.1:
                orders.append(order)
        state, _ = game.resolve(RULESET, state, orders, dice)
        check_sound(state)
        again = RULESET.load_state(json.loads(json.dumps(state.model_dump(mode="json"))))
        assert again == state


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_public_view_never_shows_unrevealed_speeds(seed):
    setup = RULESET.scenarios()["artemisium"]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(setup.sides)]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, _ = game.start(RULESET, setup, RULESET.options_model(), seats, dice)
    for _ in range(30):
        if RULESET.outcome(state) is not None:
            break
        orders = [o for d in RULESET.pending(state) if (o := random_order(RULESET, state, d, rng)) is not None]
        state, _ = game.resolve(RULESET, state, orders, dice)
        for ship in RULESET.view(state, None)["ships"]:
            original = state.ship(ship["id"])
            assert ship["written"] is None or original.revealed
