"""Property tests: random legal play never crashes, never strikes a box that is not
there, never lets a ship reuse a chit before its five are spent."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

RULESET = get_ruleset("cannoni")
SCENARIOS = sorted(RULESET.scenarios())
# The optional rules of *Regole opzionali* that change fire, damage and the crew.
OPTIONAL = {"optional_capture": True, "ammunition": True, "critical_damage": True, "disorder": True,
            "repairs": True}


def check_boxes(state) -> None:
    for ship in state.ships:
        for track in [*ship.hull.values(), *ship.masts, ship.crew, *([ship.prisoners] if ship.prisoners else [])]:
            assert 0 <= track.lost <= track.boxes, (ship.id, track)
        assert set(ship.loaded.values()) <= {None, "ball", "chain", "double", "grape"}
        if not state.options.ammunition:
            assert set(ship.loaded.values()) <= {None, "ball"}
        # A gravely damaged ship has no hull left and never sinks; repairs stop at five.
        assert not ship.gravely_damaged or (ship.hull_remaining == 0 and not ship.sinking)
        assert ship.repair is None or len(ship.repair.turns) <= 5


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), scenario=st.sampled_from(SCENARIOS),
       mode=st.sampled_from(["sequential", "simultaneous"]), steps=st.integers(20, 120),
       optional=st.booleans())
def test_random_legal_play_keeps_the_log_books_sound(seed, scenario, mode, steps, optional):
    setup = RULESET.scenarios()[scenario]
    seats = [Seat(id=f"p{i}", side=side) for i, side in enumerate(setup.sides)]
    dice, rng = SeededDice(seed), random.Random(seed)
    options = RULESET.options_model(order_mode=mode, **(OPTIONAL if optional else {}))
    state, _ = game.start(RULESET, setup, options, seats, dice)
    for _ in range(steps):
        if RULESET.outcome(state) is not None:
            break
        before = {s.id: list(s.chits_used) for s in state.ships}
        was_chits = state.step == "chits"
        orders = [o for d in RULESET.pending(state)
                  if (o := random_order(RULESET, state, d, rng, prefer=("fire", "load", "move", "repair"))) is not None]
        state, _ = game.resolve(RULESET, state, orders, dice)
        check_boxes(state)
        if was_chits:
            for ship in state.ships:
                if ship.chit is not None:
                    assert ship.chit not in before[ship.id], (ship.id, ship.chit, before[ship.id])
        for ship in state.ships:
            assert len(set(ship.chits_used)) == len(ship.chits_used) < 5
