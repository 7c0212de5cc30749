"""Signal Close Action benchmarks (not a test): one player's part with ten ships
acting (every ship moving and firing both broadsides), measured beside Cannoni's
twenty-ship action phase in the same run, and the replay of a 30-turn game with
twenty ships.

Targets: an SCA part <= 1.5x the Cannoni phase; the 30-turn replay <= 2 s.
Run: .venv/bin/python bench/bench_sca.py [--runs N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import bench_phase as cannoni_phase  # noqa: E402
from bench_engine import bench_reference  # noqa: E402

from rules.core import game  # noqa: E402
from rules.core.decisions import Order  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402
from rules.core.randomplay import random_order  # noqa: E402
from rules.core.record import GameRecord, RecordStep, replay  # noqa: E402
from rules.core.registry import get_ruleset  # noqa: E402
from rules.core.ruleset import Seat  # noqa: E402

SEATS = [Seat(id="p1", side="british", name="Britain"), Seat(id="p2", side="french", name="France")]


def fleet(turns: int, gap: float):
    """The fleet action's two lines abreast, ``gap`` mm apart, on a beam reach."""
    ruleset = get_ruleset("sca")
    setup = ruleset.scenarios()["fleet-action"].model_copy(deep=True)
    setup.turns = turns
    for side in setup.sides:
        ships = [s for s in setup.ships if s.side == side]
        for i, s in enumerate(ships):
            s.x, s.y, s.heading = 400.0 + i * 110.0, (600.0 if side == "british" else 600.0 + gap), 4
    return ruleset, setup


def bench_part(runs: int) -> float:
    ruleset, setup = fleet(turns=12, gap=250)
    state, _ = game.start(ruleset, setup, ruleset.options_model(), SEATS, SeededDice(1))
    orders = []
    for d in ruleset.pending(state):
        orders.append(Order(decision=d.id, player=d.player, payload={
            "action": "sail", "course": "E", "sail": "hold", "fire": "both", "aim": "hull", "boarders": "no"}))
    assert len(orders) == 10
    times = []
    for i in range(runs):
        t0 = time.perf_counter()
        game.resolve(ruleset, state, orders, SeededDice(i))
        times.append(time.perf_counter() - t0)
    med = statistics.median(times) * 1000
    print(f"SCA part, 10 ships moving and firing both broadsides: median {med:.2f} ms over {runs} runs")
    return med


def make_record(turns: int, seed: int) -> GameRecord:
    ruleset, setup = fleet(turns=turns, gap=900)
    options = ruleset.options_model()
    dice = SeededDice(seed)
    rng = random.Random(seed)
    state, start = game.start(ruleset, setup, options, SEATS, dice)
    record = GameRecord(ruleset="sca", options=options.model_dump(), scenario=setup.name,
                        setup=setup.model_dump(mode="json"), seats=SEATS, start_rolls=start.rolls)
    while ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=("sail",)) for d in ruleset.pending(state)]
        state, step = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        record.steps.append(RecordStep(orders=step.orders, rolls=step.rolls))
    return record


def bench_replay(runs: int) -> float:
    t0 = time.perf_counter()
    # The first seed from 11 whose random game lasts all thirty turns (random play often
    # loses a whole side sooner).
    for seed in range(11, 60):
        record = make_record(turns=30, seed=seed)
        if replay(record)[0].final_state["turn"] == 30:
            break
    made = time.perf_counter() - t0
    times, turns = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result, _ = replay(record)
        times.append(time.perf_counter() - t0)
        turns = result.final_state["turn"]
    med = statistics.median(times)
    print(f"SCA replay of a {turns}-turn game, 20 ships, {len(record.steps)} steps (record made in {made:.1f} s): "
          f"median {med:.3f} s over {runs} runs (target <= 2 s)")
    return med


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--replay-runs", type=int, default=3)
    args = parser.parse_args()
    bench_reference(args.runs)
    cannoni = cannoni_phase(args.runs)
    sca = bench_part(args.runs)
    print(f"SCA part / Cannoni phase: {sca / cannoni:.2f} (target <= 1.5)")
    bench_replay(args.replay_runs)


if __name__ == "__main__":
    main()
