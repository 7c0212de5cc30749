"""Regenerate the sample records in this folder (run after a rules change).

Each is a whole game of one built-in scenario played by random legal orders (not the
AI captains), with every die recorded, so `broadside replay` needs no seed.
Run: .venv/bin/python records/make_records.py
"""
from __future__ import annotations

import random
from pathlib import Path

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.record import GameRecord, RecordStep
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

HERE = Path(__file__).resolve().parent
GAMES = [  # (file, ruleset, scenario, options, seed)
    ("cannoni-frigate-duel.json", "cannoni", "frigate-duel", {}, 2),
    ("cannoni-brig-action.json", "cannoni", "brig-action", {}, 4),
    ("cannoni-squadron-action.json", "cannoni", "squadron-action", {"order_mode": "simultaneous"}, 7),
]


def make(name: str, scenario: str, options: dict, seed: int) -> GameRecord:
    ruleset = get_ruleset(name)
    setup = ruleset.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side, name=side.title()) for i, side in enumerate(setup.sides)]
    opts = ruleset.options_model.model_validate(options)
    dice, rng = SeededDice(seed), random.Random(seed)
    state, start = game.start(ruleset, setup, opts, seats, dice)
    record = GameRecord(ruleset=name, options=opts.model_dump(mode="json"), scenario=scenario,
                        setup=setup.model_dump(mode="json"), seats=seats, start_rolls=start.rolls)
    while ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "turn", "move"))
                  for d in ruleset.pending(state)]
        state, step = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        record.steps.append(RecordStep(orders=step.orders, rolls=step.rolls))
    return record


def main() -> None:
    for filename, name, scenario, options, seed in GAMES:
        record = make(name, scenario, options, seed)
        (HERE / filename).write_text(record.dumps(), encoding="utf-8")
        print(f"{filename}: {len(record.steps)} steps")


if __name__ == "__main__":
    main()
