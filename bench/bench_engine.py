"""Engine benchmarks (not a test): one action phase with ten ships a side all
acting, and the replay of a 30-turn game of that size.

Targets on the project's 2-core machine: <= 5 ms a phase, <= 2 s for the replay.
Run: .venv/bin/python bench/bench_engine.py [--runs N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from rules.cannoni.options import CannoniOptions
from rules.core import game
from rules.core.decisions import Order
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.record import GameRecord, RecordStep, replay
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

SEATS = [Seat(id="p1", side="britain", name="Britain"), Seat(id="p2", side="france", name="France")]


def fleet_setup(turns: int, gap: float):
    ruleset = get_ruleset("cannoni")
    setup = ruleset.scenarios()["fleet-action"].model_copy(deep=True)
    setup.turns = turns
    setup.wind = 4  # from the east: both lines on a beam reach
    for side in setup.sides:
        # Two lines ahead, `gap` inches apart, broadsides facing: every ship has a target.
        west = side == setup.sides[0]
        for i, ship in enumerate(s for s in setup.ships if s.side == side):
            ship.x, ship.y = (40.0 if west else 40.0 + gap), 6.0 + i * 5.2
            ship.heading = 0.0 if west else 180.0
    return ruleset, setup


def phase_state():
    """A state at phase 4 with all twenty ships active (phase 5 spent on the
    obligatory first move), orders collected together."""
    ruleset, setup = fleet_setup(turns=12, gap=10)
    options = CannoniOptions(order_mode="simultaneous")
    dice = SeededDice(1)
    state, _ = game.start(ruleset, setup, options, SEATS, dice)
    chits = [Order(decision=d.id, player=d.player,
                   payload={"action": "chits", **{s.id: 5 for s in state.ships if s.player == d.player}})
             for d in ruleset.pending(state)]
    state, _ = game.resolve(ruleset, state, chits, dice)
    state, _ = game.resolve(ruleset, state, phase_orders(ruleset, state), dice)
    return ruleset, state


def phase_orders(ruleset, state) -> list[Order]:
    orders = []
    for i, d in enumerate(ruleset.pending(state)):
        spec = ruleset.spec(state, d)
        fire = spec.action("fire")
        if fire is not None and i % 2 == 0:
            payload = {"action": "fire", "side": fire.param("side").values()[0],
                       "target": fire.param("target").values()[0], "aim": fire.param("aim").values()[0]}
        else:
            move = spec.action("move")
            payload = {"action": "move", "distance": move.param("distance").min} if move else {"action": "pass"}
        orders.append(Order(decision=d.id, player=d.player, payload=payload))
    return orders


def bench_phase(runs: int) -> float:
    ruleset, state = phase_state()
    orders = phase_orders(ruleset, state)
    assert len(orders) == 20, len(orders)
    times = []
    for i in range(runs):
        t0 = time.perf_counter()
        game.resolve(ruleset, state, orders, SeededDice(i))
        times.append(time.perf_counter() - t0)
    fired = sum(1 for o in orders if o.payload["action"] == "fire")
    med = statistics.median(times) * 1000
    print(f"action phase, 20 ships acting ({fired} broadsides, {20 - fired} moves): "
          f"median {med:.2f} ms over {runs} runs (target <= 5 ms)")
    return med


def make_record(turns: int, seed: int) -> GameRecord:
    ruleset, setup = fleet_setup(turns=turns, gap=16)
    options = CannoniOptions()
    dice = SeededDice(seed)
    rng = random.Random(seed)
    state, start = game.start(ruleset, setup, options, SEATS, dice)
    record = GameRecord(ruleset="cannoni", options=options.model_dump(), scenario=setup.name,
                        setup=setup.model_dump(mode="json"), seats=SEATS, start_rolls=start.rolls)
    while ruleset.outcome(state) is None:
        # No striking: the benchmark wants the whole 30 turns.
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "move"), avoid=("strike", "stay_out"))
                  for d in ruleset.pending(state)]
        state, step = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        record.steps.append(RecordStep(orders=step.orders, rolls=step.rolls))
    return record


def bench_replay(runs: int) -> float:
    t0 = time.perf_counter()
    record = make_record(turns=30, seed=11)
    made = time.perf_counter() - t0
    turns_played = None
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        result, _ = replay(record)
        times.append(time.perf_counter() - t0)
        turns_played = result.final_state["turn"]
    med = statistics.median(times)
    print(f"replay of a {turns_played}-turn game, 20 ships, {len(record.steps)} steps "
          f"(record made in {made:.1f} s): median {med:.3f} s over {runs} runs (target <= 2 s)")
    return med


def bench_reference(runs: int) -> float:
    """A fixed pure-Python workload, to read the other figures against the machine's
    load at the time (the same run on a busy machine is slower for both)."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        sum(i * i for i in range(100_000))
        times.append(time.perf_counter() - t0)
    med = statistics.median(times) * 1000
    print(f"reference workload (sum of 100k squares): median {med:.2f} ms")
    return med


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--replay-runs", type=int, default=5)
    args = parser.parse_args()
    ref = bench_reference(args.runs)
    phase = bench_phase(args.runs)
    print(f"phase / reference ratio: {phase / ref:.2f}")
    bench_replay(args.replay_runs)


if __name__ == "__main__":
    main()
