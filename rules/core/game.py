"""Driving a ruleset one step at a time, recording everything a replay needs."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from rules.core.decisions import Order, Problem
from rules.core.dice import DiceSource, Roll, Roller
from rules.core.events import Event, EventLog
from rules.core.ruleset import Ruleset, Seat


class OrderRejected(Exception):
    def __init__(self, order: Order, problems: list[Problem]) -> None:
        self.order = order
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class StepResult(BaseModel):
    state: dict[str, Any]
    events: list[Event]
    rolls: list[Roll]
    orders: list[Order] = Field(default_factory=list)


def start(ruleset: Ruleset, setup: BaseModel, options: BaseModel, seats: list[Seat],
          dice: DiceSource) -> tuple[BaseModel, StepResult]:
    log = EventLog()
    roller = Roller(dice, log)
    state = ruleset.new_game(setup, options, seats, roller)
    return state, StepResult(state=state.model_dump(mode="json"), events=log.events, rolls=roller.rolls)


def resolve(ruleset: Ruleset, state: BaseModel, orders: list[Order],
            dice: DiceSource) -> tuple[BaseModel, StepResult]:
    """Validate every order, then resolve the pending decisions.

    Raises :class:`OrderRejected` naming the first bad order and all its problems.
    A later order for the same decision replaces an earlier one.
    """
    latest: dict[str, Order] = {}
    pending = ruleset.pending(state)
    for order in orders:
        accepted, problems = ruleset.accept(state, order, pending)
        if accepted is None:
            raise OrderRejected(order, problems)
        latest.pop(order.decision, None)
        latest[order.decision] = accepted
    log = EventLog()
    roller = Roller(dice, log)
    final_orders = list(latest.values())
    new_state = ruleset.resolve(state, final_orders, roller)
    return new_state, StepResult(state=new_state.model_dump(mode="json"), events=log.events,
                                 rolls=roller.rolls, orders=final_orders)
