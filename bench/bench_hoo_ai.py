"""Hearts of Oak's AI evaluation (not a test): seeded games between its levels, the
way bench/bench_ai.py plays Cannoni's and Nauta's (game ``i`` uses dice seed ``i``, the
levels swap sides every game, the scenario turns over every two games).

Run: .venv/bin/python bench/bench_hoo_ai.py [--games 20] [--pair captain:random]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ai.common import play  # noqa: E402

SCENARIOS = ["castiglione", "squadrons", "fleet-action"]
PAIRS = [("deckhand", "random"), ("captain", "random"), ("captain", "deckhand")]


def run_pair(a: str, b: str, games: int) -> dict:
    tally = {"a": 0, "b": 0, "tie": 0, "seconds": 0.0, "decisions": 0, "by_scenario": {}}
    for seed in range(games):
        scenario = SCENARIOS[(seed // 2) % len(SCENARIOS)]
        levels = [a, b] if seed % 2 == 0 else [b, a]
        t0 = time.perf_counter()
        played = play(scenario, levels, seed, ruleset="hoo")
        tally["seconds"] += time.perf_counter() - t0
        tally["decisions"] += played.decisions
        winner = played.winner_level()
        key = "a" if winner == a else "b" if winner == b else "tie"
        tally[key] += 1
        tally["by_scenario"].setdefault(scenario, {"a": 0, "tie": 0, "b": 0})[key] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--pair", action="append", help="levels as a:b, e.g. captain:random")
    args = parser.parse_args(argv)
    pairs = [tuple(p.split(":")) for p in args.pair] if args.pair else PAIRS
    print("| pairing | games | first wins | draws | second wins | s/game |")
    print("|---|---|---|---|---|---|")
    for a, b in pairs:
        t = run_pair(a, b, args.games)
        print(f"| {a} v {b} | {args.games} | {t['a']} ({100 * t['a'] // args.games}%) | {t['tie']} | {t['b']} | "
              f"{t['seconds'] / args.games:.2f} |")
        print("  by scenario:", t["by_scenario"], file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
