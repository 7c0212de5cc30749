"""Putting AI captains in seats: from a state to legal orders.

This is the one place that holds the state: it builds each captain's view and form,
and the ``check`` that answers, as the bot answers a human, whether an order would
be accepted. The captain itself never sees the state.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from pydantic import BaseModel

from rules.ai.base import AICaptain, Check
from rules.core.decisions import Decision, Order
from rules.core.ruleset import Ruleset


def decision_rng(seed: int | str, decision: Decision) -> random.Random:
    """A generator of its own for one decision of one game: the same seed and decision
    give the same choices in any process (string seeds are hashed with SHA-512, not
    with Python's per-process hash)."""
    return random.Random(f"{seed}|{decision.id}|{decision.player}")


def checker(ruleset: Ruleset, state: BaseModel, decision: Decision) -> Check:
    def check(payload: dict[str, Any]) -> list:
        return ruleset.validate(state, Order(decision=decision.id, player=decision.player, payload=payload))
    return check


def decide(ruleset: Ruleset, state: BaseModel, decision: Decision, captain: AICaptain, rng: random.Random,
           planned: Mapping[str, dict[str, Any]] | None = None) -> Order:
    """A legal order of ``captain`` for ``decision``, decided from its seat's view."""
    view = ruleset.view(state, decision.player)
    spec = ruleset.spec(state, decision)
    payload = captain.choose(ruleset, view, decision, spec, rng, check=checker(ruleset, state, decision),
                             planned=planned)
    return Order(decision=decision.id, player=decision.player, payload=payload)


def ai_orders(ruleset: Ruleset, state: BaseModel, captains: Mapping[str, AICaptain],
              seed: int | str = 0) -> list[Order]:
    """Orders for every pending decision whose seat has a captain (seat id -> captain).

    A seat's decisions are taken one after the other, each knowing the moves already
    ordered for that seat's other ships, so its ships do not sail into each other.
    """
    orders: list[Order] = []
    planned: dict[str, dict[str, dict[str, Any]]] = {}
    for decision in ruleset.pending(state):
        captain = captains.get(decision.player)
        if captain is None:
            continue
        mine = planned.setdefault(decision.player, {})
        order = decide(ruleset, state, decision, captain, decision_rng(seed, decision), planned=mine)
        if decision.subject is not None:
            mine[decision.subject] = order.payload
        orders.append(order)
    return orders
