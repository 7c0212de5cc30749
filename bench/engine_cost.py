"""The engine's cost, the same work on any version of the code (not a test).

`bench_engine.py`'s two workloads, made to compare two checkouts with one interpreter:
the action phase of twenty ships (ten a side all acting, orders collected together)
resolved N times with fixed seeds, and the replay of one fixed 30-turn record.

    .venv/bin/python bench/engine_cost.py --code /path/to/checkout phase 20
    .venv/bin/python bench/engine_cost.py --code /path/to/checkout replay 1 --record /tmp/r.json
    .venv/bin/python bench/engine_cost.py --code /path/to/checkout make-record /tmp/r.json

`--code` puts that checkout's packages first on the path, so the old code runs on the
same Python and the same pydantic as the new (its own environment may hold other
versions). Wall-clock figures are noisy on a shared machine; instruction counts are not:

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python bench/engine_cost.py --code X phase 20

less the same with `phase 0` is the instructions of 20 phases (the imports and the
setup are the same in both runs). `time` mode prints medians instead.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path


def use_code(code: str) -> None:
    root = str(Path(code).resolve())
    sys.path.insert(0, root)
    import rules
    if not str(Path(rules.__file__).resolve()).startswith(root + "/"):
        raise SystemExit(f"rules imported from {rules.__file__}, not {root}")


def seats():
    from rules.core.ruleset import Seat
    return [Seat(id="p1", side="britain", name="Britain"), Seat(id="p2", side="france", name="France")]


def fleet_setup(turns: int, gap: float):
    from rules.core.registry import get_ruleset
    ruleset = get_ruleset("cannoni")
    setup = ruleset.scenarios()["fleet-action"].model_copy(deep=True)
    setup.turns = turns
    setup.wind = 4
    for side in setup.sides:
        west = side == setup.sides[0]
        for i, ship in enumerate(s for s in setup.ships if s.side == side):
            ship.x, ship.y = (40.0 if west else 40.0 + gap), 6.0 + i * 5.2
            ship.heading = 0.0 if west else 180.0
    return ruleset, setup


def phase_orders(ruleset, state):
    from rules.core.decisions import Order
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


def phase_work():
    """`bench_engine.py`'s phase: returns a function resolving it with seed i."""
    from rules.cannoni.options import CannoniOptions
    from rules.core import game
    from rules.core.decisions import Order
    from rules.core.dice import SeededDice
    ruleset, setup = fleet_setup(turns=12, gap=10)
    dice = SeededDice(1)
    state, _ = game.start(ruleset, setup, CannoniOptions(order_mode="simultaneous"), seats(), dice)
    chits = [Order(decision=d.id, player=d.player,
                   payload={"action": "chits", **{s.id: 5 for s in state.ships if s.player == d.player}})
             for d in ruleset.pending(state)]
    state, _ = game.resolve(ruleset, state, chits, dice)
    state, _ = game.resolve(ruleset, state, phase_orders(ruleset, state), dice)
    orders = phase_orders(ruleset, state)
    assert len(orders) == 20, len(orders)

    def run(i: int):
        return game.resolve(ruleset, state, orders, SeededDice(i))
    run.parts = phase_parts(ruleset, state, orders)  # type: ignore[attr-defined]
    return run


def phase_parts(ruleset, state, orders):
    """The phase's resolution in its parts, to find which one costs more in a version."""
    from rules.core.dice import Roller, SeededDice
    from rules.core.events import EventLog
    pending = ruleset.pending(state)
    accepted = [ruleset.accept(state, o, pending)[0] for o in orders]
    done = ruleset.resolve(state, accepted, Roller(SeededDice(0), EventLog()))
    clone = getattr(__import__("rules.core.copying", fromlist=["clone_model"]), "clone_model", None)
    return {
        "pending": lambda i: ruleset.pending(state),
        "accept": lambda i: [ruleset.accept(state, o, pending) for o in orders],
        "resolve": lambda i: ruleset.resolve(state, accepted, Roller(SeededDice(i), EventLog())),
        "clone": lambda i: clone(state),
        "dump": lambda i: done.model_dump(mode="json"),
    }


def make_record(path: str) -> None:
    """`bench_engine.py`'s 30-turn record, written once so every version replays the same one."""
    import random
    from rules.cannoni.options import CannoniOptions
    from rules.core import game
    from rules.core.dice import SeededDice
    from rules.core.randomplay import random_order
    from rules.core.record import GameRecord, RecordStep
    ruleset, setup = fleet_setup(turns=30, gap=16)
    options, dice, rng = CannoniOptions(), SeededDice(11), random.Random(11)
    state, start = game.start(ruleset, setup, options, seats(), dice)
    record = GameRecord(ruleset="cannoni", options=options.model_dump(), scenario=setup.name,
                        setup=setup.model_dump(mode="json"), seats=seats(), start_rolls=start.rolls)
    while ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "move"), avoid=("strike", "stay_out"))
                  for d in ruleset.pending(state)]
        state, step = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        record.steps.append(RecordStep(orders=step.orders, rolls=step.rolls))
    Path(path).write_text(record.model_dump_json(), encoding="utf-8")
    print(f"{len(record.steps)} steps, {state.turn} turns: {path}")


def replay_work(path: str):
    from rules.core.record import GameRecord, replay
    record = GameRecord.model_validate_json(Path(path).read_text(encoding="utf-8"))

    def run(_: int):
        result, _ = replay(record)
        assert result.final_state["turn"] >= 30
        return result
    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--code", required=True, help="the checkout whose rules/ to run")
    parser.add_argument("work", choices=["phase", "replay", "make-record", "pending", "accept", "resolve",
                                         "clone", "dump"])
    parser.add_argument("n", nargs="?", default="1", help="runs (or the record's path for make-record)")
    parser.add_argument("--record", default="/tmp/engine_cost_record.json")
    parser.add_argument("--time", action="store_true", help="print the median wall-clock time of a run")
    args = parser.parse_args()
    use_code(args.code)
    if args.work == "make-record":
        make_record(args.n)
        return
    if args.work == "replay":
        run = replay_work(args.record)
    else:
        run = phase_work()
        if args.work != "phase":
            run = run.parts[args.work]  # type: ignore[attr-defined]
    times = []
    for i in range(int(args.n)):
        t0 = time.perf_counter()
        run(i)
        times.append(time.perf_counter() - t0)
    if args.time and times:
        print(json.dumps({"work": args.work, "runs": len(times), "median_ms": statistics.median(times) * 1000}))


if __name__ == "__main__":
    main()
