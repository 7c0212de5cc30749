"""Hearts of Oak's render and phase figures beside Cannoni's, measured in the same run
(not a test): each figure is given as a ratio to Cannoni's, so the machine's speed and
load cancel out.

- render: a map drawn and encoded as the bot sends it (PNG bytes): Hearts of Oak's
  fleet action at a fire step (seven ships, the arcs of the ship to act) against
  bench/bench_render.py's Cannoni phase (twenty ships, ranges and reach);
- phase: one resolution through rules.core.game: a Hearts of Oak broadside (every die
  thrown and every hit located) against bench/bench_engine.py's Cannoni action phase
  (twenty ships acting together);
- turn: every resolution of one whole Hearts of Oak turn of the fleet action (the
  speed markers and initiative, then each of the seven ships' movement and fire, the
  forms and checks of every order included) against the same Cannoni phase.

Each figure is the median of CPU seconds of this process (``time.process_time``) by
default, which other processes' load does not move the way it moves wall-clock time;
``--clock wall`` measures wall-clock time instead.

Run: .venv/bin/python bench/bench_hoo.py [--runs N] [--clock cpu|wall]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_engine import phase_orders, phase_state  # noqa: E402
from renderer import ViewportMemory, render_map_bytes  # noqa: E402
from renderer.cannoni.board import to_act  # noqa: E402
from renderer.cannoni.samples import fleet_action, play  # noqa: E402
from rules.core import game  # noqa: E402
from rules.core.decisions import Order  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402
from rules.core.randomplay import random_order  # noqa: E402
from rules.core.registry import get_ruleset  # noqa: E402
from rules.core.ruleset import Seat  # noqa: E402


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = clock()
        fn()
        times.append((clock() - t) * 1000)
    return statistics.median(times)


def hoo_order(rules, state, decision, rng: random.Random, prefer: tuple[str, ...]) -> Order:
    """A random legal order; the ships' numbers (3.1.1) kept as they stand, without a draw
    from ``rng``, so the seed plays the same game as before the numbers were asked for."""
    if decision.kind == "numbers":
        return Order(decision=decision.id, player=decision.player, payload=rules.spec(state, decision).default)
    return random_order(rules, state, decision, rng, prefer=prefer)


def hoo_fire_state():
    """A Hearts of Oak fleet action played at random until a ship stands at her fire
    step with a target (seed-fixed)."""
    rules = get_ruleset("hoo")
    setup = rules.scenarios()["fleet-action"]
    seats = [Seat(id=f"p{i + 1}", side=s) for i, s in enumerate(rules.sides(setup))]
    dice, rng = SeededDice(5), random.Random(5)
    state, _ = game.start(rules, setup, rules.options_model(), seats, dice)
    while True:
        if state.step == "fire":
            spec = rules.spec(state, rules.pending(state)[0])
            fire = spec.action("fire")
            if fire is not None:
                decision = rules.pending(state)[0]
                order = Order(decision=decision.id, player=decision.player,
                              payload={"action": "fire", "target": fire.param("target").values()[0], "aim": "none"})
                return rules, state, order
        orders = [hoo_order(rules, state, d, rng, ("sail",)) for d in rules.pending(state)]
        state, _ = game.resolve(rules, state, orders, dice)


def hoo_turn():
    """The steps of one turn of the fleet action (from its speeds step), each as the state
    before it and the orders given, so the turn can be resolved again and again."""
    rules = get_ruleset("hoo")
    setup = rules.scenarios()["fleet-action"]
    seats = [Seat(id=f"p{i + 1}", side=s) for i, s in enumerate(rules.sides(setup))]
    dice, rng = SeededDice(6), random.Random(6)
    state, _ = game.start(rules, setup, rules.options_model(), seats, dice)
    steps = []
    while not (state.step == "speeds" and state.turn == 3):
        orders = [hoo_order(rules, state, d, rng, ("fire", "sail")) for d in rules.pending(state)]
        if state.turn == 2:
            steps.append((state, orders))
        state, _ = game.resolve(rules, state, orders, dice)
    return rules, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="CPU seconds of this process (default) or wall-clock time")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]

    views, _ = play(fleet_action(), seed=3, max_steps=40)
    cannoni_view = max((v for v in views if sum(s["status"] == "afloat" for s in v["ships"]) == 20),
                       key=lambda v: len(to_act(v)))
    hoo_rules, hoo_state, hoo_order = hoo_fire_state()
    hoo_view = hoo_rules.view(hoo_state, None)
    memories = {"cannoni": ViewportMemory(), "hoo": ViewportMemory()}
    render = {"cannoni": lambda: render_map_bytes(cannoni_view, previous_frame=memories["cannoni"]),
              "hoo": lambda: render_map_bytes(hoo_view, previous_frame=memories["hoo"])}
    c_rules, c_state = phase_state()
    c_orders = phase_orders(c_rules, c_state)
    resolve = {"cannoni": lambda: game.resolve(c_rules, c_state, c_orders, SeededDice(1)),
               "hoo": lambda: game.resolve(hoo_rules, hoo_state, [hoo_order], SeededDice(1))}
    turn_rules, turn_steps = hoo_turn()

    def whole_turn() -> None:
        dice = SeededDice(6)
        for state, orders in turn_steps:
            game.resolve(turn_rules, state, orders, dice)

    turn = {"cannoni": resolve["cannoni"], "hoo": whole_turn}
    for fn in (*render.values(), *resolve.values(), whole_turn):
        fn()  # warm the caches
    results = {}
    for what, fns in (("render", render), ("phase", resolve), ("turn", turn)):
        rounds = {"cannoni": [], "hoo": []}
        for _ in range(3):  # interleaved, so both see the same machine load
            for name, fn in fns.items():
                rounds[name].append(median_ms(fn, max(args.runs // 3, 1)))
        results[what] = {name: statistics.median(ms) for name, ms in rounds.items()}
    print(f"(a Hearts of Oak turn here: {len(turn_steps)} resolutions; clock: {args.clock})")
    for what, figures in results.items():
        ratio = figures["hoo"] / figures["cannoni"]
        print(f"{what}: hoo {figures['hoo']:.2f} ms, cannoni {figures['cannoni']:.2f} ms, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
