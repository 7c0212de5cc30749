"""The AI evaluation (not a test): seeded games between every pairing of levels —
random legal play (as the bot plays a "random" seat), deckhand and captain — for
each ruleset, and a table of who won.

Game ``i`` of a pairing uses dice seed ``i``; the two levels swap sides every game,
and the scenario turns over the ruleset's list every two games (Cannoni: the
frigate duel only, the one the captains are tuned on). Galleys that never moved in
a whole game (speed 0 every turn, or no change of place) are counted too.

Run: .venv/bin/python bench/bench_ai.py [--games 20] [--ruleset nauta] [--pair captain:random]
     [--scenario corsair-straits]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ai.common import play  # noqa: E402

LEVELS = ["random", "deckhand", "captain"]
PAIRS = [("deckhand", "random"), ("captain", "random"), ("captain", "deckhand")]
SCENARIOS = {"nauta": ["mylae", "artemisium", "greek-fire"], "cannoni": ["frigate-duel"], "sca": ["duel", "squadrons"],
             "pirates": ["skirmish"]}


def idle_galleys(played, level: str) -> int:
    """Galleys of ``level`` afloat at the end that never left the place they started from."""
    state = played.states[0] if played.states else None
    final = played.final_state
    if state is None:
        return 0
    sides = {side for side, lv in played.sides.items() if lv == level}
    start = {s.id: (s.x, s.y) for s in state.ships}
    return sum(1 for s in final.ships
               if s.side in sides and s.status == "afloat" and start.get(s.id) == (s.x, s.y))


def gone_galleys(played, level: str) -> int:
    """Galleys of ``level`` lost by their own rowing: off the table or on the coast."""
    sides = {side for side, lv in played.sides.items() if lv == level}
    return sum(1 for s in played.final_state.ships if s.side in sides and s.status in ("left", "wrecked"))


def run_pair(ruleset: str, a: str, b: str, games: int, scenarios: list[str] | None = None) -> dict:
    tally = {"a": 0, "b": 0, "tie": 0, "idle_a": 0, "idle_b": 0, "gone_a": 0, "gone_b": 0, "seconds": 0.0,
             "turns": 0,
             "by_scenario": {}}
    names = scenarios or SCENARIOS[ruleset]
    for seed in range(games):
        scenario = names[(seed // 2) % len(names)]
        levels = [a, b] if seed % 2 == 0 else [b, a]
        t0 = time.perf_counter()
        played = play(scenario, levels, seed, ruleset=ruleset, keep_states=1)
        tally["seconds"] += time.perf_counter() - t0
        winner = played.winner_level()
        key = "a" if winner == a else "b" if winner == b else "tie"
        tally[key] += 1
        tally["by_scenario"].setdefault(scenario, {"a": 0, "tie": 0, "b": 0})[key] += 1
        if ruleset == "nauta":
            tally["idle_a"] += idle_galleys(played, a)
            tally["idle_b"] += idle_galleys(played, b) if b != a else 0
            tally["gone_a"] += gone_galleys(played, a)
            tally["gone_b"] += gone_galleys(played, b) if b != a else 0
            tally["turns"] += played.final_state.turn
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--ruleset", choices=sorted(SCENARIOS), action="append")
    parser.add_argument("--pair", action="append", help="levels as a:b, e.g. captain:random")
    parser.add_argument("--scenario", action="append", help="play these scenarios instead of the ruleset's list")
    args = parser.parse_args(argv)
    rulesets = args.ruleset or ["nauta", "cannoni"]
    pairs = [tuple(p.split(":", 1)) for p in args.pair] if args.pair else PAIRS
    notes = []
    print("| ruleset | pairing | games | first won | tie / doubtful | second won | idle galleys (first / second) "
          "| off the table or aground (first / second) | s / game |")
    print("|---|---|---|---|---|---|---|---|---|")
    for ruleset in rulesets:
        for a, b in pairs:
            t = run_pair(ruleset, a, b, args.games, args.scenario)
            idle = f"{t['idle_a']} / {t['idle_b']}" if ruleset == "nauta" else "-"
            gone = f"{t['gone_a']} / {t['gone_b']}" if ruleset == "nauta" else "-"
            print(f"| {ruleset} | {a} v {b} | {args.games} | {t['a']} ({100 * t['a'] / args.games:.0f}%) "
                  f"| {t['tie']} | {t['b']} | {idle} | {gone} | {t['seconds'] / args.games:.1f} |", flush=True)
            split = ", ".join(f"{name} {v['a']}-{v['tie']}-{v['b']}" for name, v in t["by_scenario"].items())
            notes.append(f"{ruleset} {a} v {b} (won-tie-lost): {split}")
    print()
    print("\n".join(notes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
