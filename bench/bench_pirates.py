"""Pirates figures (not a test): the map's render time, the engine's time per step, and
the captains' time per decision, on seeded games of every Pirates scenario.

    .venv/bin/python bench/bench_pirates.py [--runs 20]

Each scenario is played by two captain-level computer seats (a third and fourth too
where the scenario has them) with dice seed 1; the map is drawn from the public view
at the middle of the game (PNG bytes, as the bot sends them, at 1280 px), ``runs``
times; every step of the game is timed through ``rules.core.game.resolve``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from renderer import render_map_bytes  # noqa: E402
from rules.ai import ai_orders, get_captain  # noqa: E402
from rules.core import game  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402
from rules.core.registry import get_ruleset  # noqa: E402
from rules.core.ruleset import Seat  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    rules = get_ruleset("pirates")
    print("| scenario | players | steps | turns | engine ms / step (median, max) | AI ms / decision (median) "
          "| map ms (median) | PNG KB |")
    print("|---|---|---|---|---|---|---|---|")
    for name, setup in rules.scenarios().items():
        seats = [Seat(id=f"p{i + 1}", side=side, ai="captain") for i, side in enumerate(rules.sides(setup))]
        captains = {s.id: get_captain("captain") for s in seats}
        dice = SeededDice(1)
        state, _ = game.start(rules, setup, rules.options_model(), seats, dice)
        steps, deciding, views = [], [], []
        while rules.outcome(state) is None and len(steps) < 3000:
            t0 = time.perf_counter()
            orders = ai_orders(rules, state, captains, seed=1)
            deciding.append((time.perf_counter() - t0) / max(len(orders), 1))
            t0 = time.perf_counter()
            state, _ = game.resolve(rules, state, orders, dice)
            steps.append(time.perf_counter() - t0)
            views.append(rules.view(state, None))
        middle = views[len(views) // 2]
        render_map_bytes(middle)  # the background and fonts are cached after the first frame
        times, size = [], 0
        for _ in range(args.runs):
            t0 = time.perf_counter()
            size = len(render_map_bytes(middle))
            times.append(time.perf_counter() - t0)
        print(f"| {name} | {len(seats)} | {len(steps)} | {state.turn} | {1000 * statistics.median(steps):.1f}, "
              f"{1000 * max(steps):.1f} | {1000 * statistics.median(deciding):.0f} | "
              f"{1000 * statistics.median(times):.0f} | {size // 1024} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
