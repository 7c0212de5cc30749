"""Behaviour digest: what the rules did, in a form two versions of the code can compare.

For every record in `records/` (replayed) and a handful of seeded games of each built-in
ruleset (every ready scenario, played by random legal orders with the options a club
would pick), write each step's events as their kind, their English line and their
Italian line, and the game's outcome. Run it under an old checkout and under the new
one, then compare:

    old/.venv/bin/python bench/behaviour_digest.py --out /tmp/old.json
    .venv/bin/python bench/behaviour_digest.py --out /tmp/new.json
    .venv/bin/python bench/behaviour_digest.py --compare /tmp/old.json /tmp/new.json

The comparison fails on any difference in events, outcomes or English lines, and lists
the Italian lines that changed (a translation may be mended on purpose). It uses only
what every version since the event log has: the registry, `game.start`/`resolve`,
`randomplay.random_order`, `record.replay` and `Ruleset.describe`.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.core import game  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402
from rules.core.randomplay import random_order  # noqa: E402
from rules.core.record import GameRecord, replay  # noqa: E402
from rules.core.registry import get_ruleset  # noqa: E402
from rules.core.ruleset import Seat  # noqa: E402

# (ruleset, options) pairs; each is played on every ready scenario with each seed.
PLAYS = [
    ("cannoni", {}),
    ("cannoni", {"order_mode": "simultaneous"}),
    ("nauta", {}),
    ("nauta", {"edition": "classis"}),
]
SEEDS = (1, 2)
MAX_STEPS = 250


def lines(ruleset, events) -> list[list[Any]]:
    return [[e.kind, ruleset.describe(e, "en"), ruleset.describe(e, "it")] for e in events]


def outcome_of(outcome) -> Any:
    return outcome.model_dump(mode="json") if outcome is not None else None


def digest_record(path: Path) -> dict[str, Any]:
    record = GameRecord.model_validate_json(path.read_text(encoding="utf-8"))
    ruleset = get_ruleset(record.ruleset)
    result, _ = replay(record)
    return {"game": f"record {path.name}", "steps": [lines(ruleset, s.events) for s in result.steps],
            "outcome": outcome_of(result.outcome)}


def digest_play(name: str, options: dict[str, Any], scenario: str, seed: int) -> dict[str, Any]:
    ruleset = get_ruleset(name)
    setup = ruleset.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side, name=f"Player {i + 1}") for i, side in enumerate(ruleset.sides(setup))]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, result = game.start(ruleset, setup, ruleset.options_model.model_validate(options), seats, dice)
    steps = [lines(ruleset, result.events)]
    while ruleset.outcome(state) is None and len(steps) <= MAX_STEPS:
        orders = [random_order(ruleset, state, d, rng) for d in ruleset.pending(state)]
        state, result = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        steps.append(lines(ruleset, result.events))
    return {"game": f"{name} {scenario} {json.dumps(options, sort_keys=True)} seed {seed}", "steps": steps,
            "outcome": outcome_of(ruleset.outcome(state))}


def digest() -> list[dict[str, Any]]:
    games = [digest_record(p) for p in sorted((ROOT / "records").glob("*.json"))]
    for name, options in PLAYS:
        for scenario in sorted(get_ruleset(name).scenarios()):
            for seed in SEEDS:
                games.append(digest_play(name, options, scenario, seed))
    return games


def same_outcome(old: Any, new: Any) -> bool:
    """Equal, but for fields the new version added (an outcome's reason as a code
    beside its English words, say): what the old one had must be unchanged."""
    if isinstance(old, dict) and isinstance(new, dict):
        return all(k in new and same_outcome(v, new[k]) for k, v in old.items())
    return old == new


def compare(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> int:
    """Prints every difference; returns how many would change a game or its English."""
    news = {g["game"]: g for g in new}
    failures = italian = lines_seen = 0
    for g in old:
        other = news.get(g["game"])
        if other is None:
            print(f"MISSING  {g['game']}")
            failures += 1
            continue
        if not same_outcome(g["outcome"], other["outcome"]):
            print(f"OUTCOME  {g['game']}: {g['outcome']} -> {other['outcome']}")
            failures += 1
        if len(g["steps"]) != len(other["steps"]):
            print(f"STEPS    {g['game']}: {len(g['steps'])} -> {len(other['steps'])}")
            failures += 1
        for i, (a, b) in enumerate(zip(g["steps"], other["steps"])):
            lines_seen += len(a)
            if [e[:2] for e in a] != [e[:2] for e in b]:
                print(f"EVENTS   {g['game']} step {i}:\n  old {[e[:2] for e in a]}\n  new {[e[:2] for e in b]}")
                failures += 1
                continue
            for ea, eb in zip(a, b):
                if ea[2] != eb[2]:
                    italian += 1
                    print(f"ITALIAN  {g['game']} step {i} {ea[0]}:\n  old {ea[2]!r}\n  new {eb[2]!r}")
    print(f"{len(old)} games, {lines_seen} event lines: {failures} differences in events, outcomes or "
          f"English; {italian} Italian lines changed")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="write this version's digest here")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        old, new = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        sys.exit(1 if compare(old, new) else 0)
    games = digest()
    text = json.dumps(games, ensure_ascii=False)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(games)} games written to {args.out}")
    else:
        print(text)


if __name__ == "__main__":
    main()
