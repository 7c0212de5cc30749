"""Random legal play: an order for any pending decision, drawn from its form.

Used by the conformance and property tests and to make sample records. It is not
an opponent (the AI captains are); it only proves that anything the form offers is
accepted and resolves.
"""
from __future__ import annotations

import itertools
import random
from typing import Any, Iterator

from pydantic import BaseModel

from rules.core.decisions import Decision, Order, ParamSpec
from rules.core.ruleset import Ruleset


def _value(param: ParamSpec, rng: random.Random) -> Any:
    if param.kind == "number":
        lo, hi = param.min or 0.0, param.max if param.max is not None else (param.min or 0.0)
        step = param.step or 1.0
        n = int(round((hi - lo) / step))
        value = lo + step * rng.randint(0, max(n, 0))
        return int(value) if float(value).is_integer() else value
    if param.kind == "choice":
        return rng.choice(param.values()) if param.choices else None
    return "x"


def _grid(param: ParamSpec) -> list[Any]:
    if param.kind == "number":
        lo, hi = param.min or 0.0, param.max if param.max is not None else (param.min or 0.0)
        step = param.step or 1.0
        values = [lo + step * i for i in range(int(round((hi - lo) / step)) + 1)]
        return [int(v) if float(v).is_integer() else v for v in values]
    return param.values() if param.kind == "choice" else ["x"]


def _every_payload(spec_actions: list, limit: int = 400) -> Iterator[dict[str, Any]]:
    for action in spec_actions:
        grids = [_grid(p) for p in action.params]
        for combo in itertools.islice(itertools.product(*grids), limit):
            yield {"action": action.action, **{p.name: v for p, v in zip(action.params, combo)}}


def random_order(ruleset: Ruleset, state: BaseModel, decision: Decision, rng: random.Random,
                 prefer: tuple[str, ...] = (), tries: int = 20, avoid: tuple[str, ...] = ()) -> Order | None:
    """A legal order for ``decision``, preferring the actions named in ``prefer`` and
    taking those in ``avoid`` (striking the colours, say) only when nothing else is legal."""
    spec = ruleset.spec(state, decision)
    if not spec.actions:
        return None
    if avoid and any(a.action not in avoid for a in spec.actions):
        spec = spec.model_copy(update={"actions": [a for a in spec.actions if a.action not in avoid]})
    ranked = [a for name in prefer for a in spec.actions if a.action == name]
    ranked += [a for a in spec.actions if a not in ranked]
    for attempt in range(tries):
        action = ranked[0] if ranked and attempt < tries // 2 and rng.random() < 0.7 else rng.choice(spec.actions)
        payload: dict[str, Any] = {"action": action.action}
        for param in action.params:
            payload[param.name] = _value(param, rng)
        order = Order(decision=decision.id, player=decision.player, payload=payload)
        if not ruleset.validate(state, order):
            return order
        ranked = ranked[1:] or ranked
    # Legal orders can be rare (a crowded table): search the form systematically.
    for payload in _every_payload(spec.actions):
        order = Order(decision=decision.id, player=decision.player, payload=payload)
        if not ruleset.validate(state, order):
            return order
    return None
