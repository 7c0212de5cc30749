"""A close action for campaign tests: Surprise and a French corvette at close quarters
(the boarding duel of ``records/make_records.py``), each with a consort far off, and the
orders of one whole battle at a seed where Surprise is taken and both sides keep a
ship: the campaign's first battle, played through the service order by order."""
from __future__ import annotations

import random

from rules.cannoni.ruleset import CannoniRuleset
from rules.cannoni.setup import CannoniSetup, ShipSetup, builtin_scenarios
from rules.core import game as engine
from rules.core.decisions import Order
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

NAME = "close-action"
SEED = 9  # the bot's dice and the players' choices: Surprise is taken (found by trying seeds)
PREFER, AVOID = ("grapple", "board", "fire", "load"), ("strike", "stay_out", "cut_grapples", "cast_off")


def close_action() -> CannoniSetup:
    setup = builtin_scenarios()["frigate-duel"].model_copy(deep=True)
    setup.name, setup.title = NAME, "Surprise and a French corvette at close quarters"
    setup.ships = [
        ShipSetup(id="surprise", ship="hms_surprise", side="britain", x=30.0, y=20.0, heading=90.0),
        ShipSetup(id="bayonnaise", ship="bayonnaise", side="france", x=34.0, y=24.0, heading=90.0),
        ShipSetup(id="indefatigable", ship="hms_indefatigable", side="britain", x=6, y=6, heading=180),
        ShipSetup(id="virginie", ship="virginie", side="france", x=66, y=42, heading=0),
    ]
    return setup


def with_close_action(monkeypatch) -> None:
    """Offer the close action among Cannoni's scenarios for one test."""
    builtin = CannoniRuleset.scenarios

    def scenarios(self):
        return {**builtin(self), NAME: close_action()}

    monkeypatch.setattr(CannoniRuleset, "scenarios", scenarios)


def script() -> tuple[list[list[Order]], object]:
    """Every step's orders (p1 Britain, p2 France) and the last state."""
    rules = get_ruleset("cannoni")
    seats = [Seat(id="p1", side="britain"), Seat(id="p2", side="france")]
    dice, rng = SeededDice(SEED), random.Random(SEED)
    state, _ = engine.start(rules, close_action(), rules.options_model(), seats, dice)
    steps = []
    while rules.outcome(state) is None:
        orders = [o for d in rules.pending(state)
                  if (o := random_order(rules, state, d, rng, prefer=PREFER, avoid=AVOID)) is not None]
        state, step = engine.resolve(rules, state, orders, dice)
        steps.append(step.orders)
    return steps, state
