"""Playing whole games between AI captains, for the AI tests."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from rules.ai import ai_orders, get_captain
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.registry import get_ruleset
from rules.core.ruleset import Outcome, Seat

MAX_STEPS = 3000


@dataclass
class Played:
    outcome: Outcome | None
    steps: int
    decisions: int
    seconds_deciding: float
    seats: dict[str, str]  # seat -> level
    sides: dict[str, str]  # side -> level
    final_state: object = None
    states: list = field(default_factory=list)

    @property
    def per_decision_ms(self) -> float:
        return 1000 * self.seconds_deciding / max(self.decisions, 1)

    def winner_level(self) -> str | None:
        if self.outcome is None or self.outcome.winner is None:
            return None
        return self.sides.get(self.outcome.winner)


def play(scenario: str, levels: list[str], seed: int, order_mode: str = "sequential", ruleset: str = "cannoni",
         keep_states: int = 0, turns: int | None = None, options: dict | None = None) -> Played:
    """A game with one AI seat per side (``levels[i]`` plays side i). Every order is
    validated by the engine (game.resolve raises on an illegal one)."""
    rules = get_ruleset(ruleset)
    setup = rules.scenarios()[scenario]
    if turns is not None:
        setup = setup.model_copy(update={"turns": turns})
    chosen = dict(options or {})
    if "order_mode" in rules.options_model.model_fields:
        chosen["order_mode"] = order_mode
    options = rules.options_model.model_validate(chosen)
    seats = [Seat(id=f"p{i + 1}", side=side, name=f"AI {i + 1}", ai=levels[i % len(levels)])
             for i, side in enumerate(setup.sides)]
    captains = {s.id: get_captain(s.ai) for s in seats}
    dice = SeededDice(seed)
    state, _ = game.start(rules, setup, options, seats, dice)
    decisions, spent, steps, kept = 0, 0.0, 0, []
    while rules.outcome(state) is None and steps < MAX_STEPS:
        pending = rules.pending(state)
        assert pending, "a game that is not over must wait for someone"
        t0 = time.perf_counter()
        orders = ai_orders(rules, state, captains, seed=seed)
        spent += time.perf_counter() - t0
        decisions += len(orders)
        assert len(orders) == len(pending), "every seat is an AI: every decision gets an order"
        for order in orders:
            assert rules.validate(state, order) == [], (order, rules.validate(state, order))
        if len(kept) < keep_states:
            kept.append(state)
        state, _ = game.resolve(rules, state, orders, dice)
        steps += 1
    return Played(outcome=rules.outcome(state), steps=steps, decisions=decisions, seconds_deciding=spent,
                  seats={s.id: s.ai for s in seats}, sides={s.side: s.ai for s in seats}, final_state=state,
                  states=kept)
