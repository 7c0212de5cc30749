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
    ("cannoni-boarding-capture.json", "cannoni", "boarding-duel", {}, 2),
]
# Actions random play keeps for when nothing else is legal: a game that ends because a
# die chose to strike, or to give up the grapples, shows little.
AVOID = {"boarding-duel": ("strike", "stay_out", "cut_grapples", "cast_off")}
PREFER = {"boarding-duel": ("grapple", "fire", "load")}


def boarding_duel():
    """The frigate duel laid out at close quarters: a game that ends in a boarding."""
    setup = get_ruleset("cannoni").scenarios()["frigate-duel"].model_copy(deep=True)
    setup.name, setup.title = "boarding-duel", "Surprise and a French corvette at close quarters"
    setup.description = "A close-quarters duel that ends in a boarding."
    setup.ships[0] = setup.ships[0].model_copy(update={"ship": "hms_surprise", "id": "surprise",
                                                       "x": 30.0, "y": 20.0, "heading": 90.0})
    setup.ships[1] = setup.ships[1].model_copy(update={"ship": "bayonnaise", "id": "bayonnaise",
                                                       "x": 34.0, "y": 24.0, "heading": 90.0})
    return setup


def make(name: str, scenario: str, options: dict, seed: int) -> GameRecord:
    ruleset = get_ruleset(name)
    setup = boarding_duel() if scenario == "boarding-duel" else ruleset.scenarios()[scenario]
    seats = [Seat(id=f"p{i + 1}", side=side, name=side.title()) for i, side in enumerate(setup.sides)]
    opts = ruleset.options_model.model_validate(options)
    dice, rng = SeededDice(seed), random.Random(seed)
    state, start = game.start(ruleset, setup, opts, seats, dice)
    record = GameRecord(ruleset=name, options=opts.model_dump(mode="json"), scenario=scenario,
                        setup=setup.model_dump(mode="json"), seats=seats, start_rolls=start.rolls)
    while ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=PREFER.get(scenario, ("fire", "load", "turn", "move")),
                               avoid=AVOID.get(scenario, ())) for d in ruleset.pending(state)]
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
