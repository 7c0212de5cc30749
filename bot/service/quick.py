"""Complete orders for one menu: every legal order of a decision a player is likely to
want, each a whole payload, so that one choice orders a ship.

Read from the decision's form alone (no rule is known here): the standing orders the
ruleset offers for the ship, worked out for this phase; the published default; then
each action with its values — an action with one value gives one order per value (a
long range spread evenly), one with a few values gives their combinations, while the
product stays small. Every order is checked by the rules (``Ruleset.accept``) before it
is offered, so the menu lists only orders the engine takes now. At most
:data:`LIMIT` (a select menu's 25 options).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rules.core.decisions import ActionSpec, Decision, DecisionSpec, Order, ParamSpec
from rules.core.forms import same_value
from rules.core.ruleset import Ruleset
from rules.core.standing import History, Standing, StandingOffer

LIMIT = 25
PER_NUMBER = 6  # values of a number offered in the one menu (both ends kept)
MOST_COMBINATIONS = 12  # an action with more combinations of values is left to its own form


@dataclass(frozen=True, slots=True)
class QuickOrder:
    label: str
    payload: dict[str, Any]


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


def _spread(values: list[Any], most: int) -> list[Any]:
    if len(values) <= most:
        return values
    picks = sorted({round(k * (len(values) - 1) / (most - 1)) for k in range(most)})
    return [values[i] for i in picks]


def _values(param: ParamSpec) -> list[Any]:
    if param.kind == "choice":
        return param.values()
    if param.kind == "number" and param.min is not None and param.max is not None and param.max >= param.min:
        step = param.step or 1.0
        count = int(math.floor((param.max - param.min) / step + 1e-9)) + 1
        numbers = [round(param.min + i * step, 9) for i in range(count)]
        return [int(v) if float(v).is_integer() else v for v in _spread(numbers, PER_NUMBER)]
    return []


def _candidates(action: ActionSpec) -> list[dict[str, Any]]:
    needed = [p for p in action.params if p.required]
    if not needed:
        return [{"action": action.action}]
    lists = [_values(p) for p in needed]
    if len(needed) > 1 and math.prod(len(v) for v in lists) > MOST_COMBINATIONS:
        return []  # too many to list: its own form chooses them one by one
    return [{"action": action.action, **{p.name: v for p, v in zip(needed, combo)}}
            for combo in itertools.islice(itertools.product(*lists), MOST_COMBINATIONS)]


def describe_payload(spec: DecisionSpec, payload: dict[str, Any], lang: str = "en") -> str:
    """An order in the form's own words: '<action> · <value's label>: <value> · …'."""
    action = spec.action(str(payload.get("action"))) if "action" in payload else (
        spec.actions[0] if len(spec.actions) == 1 else None)
    parts = [action.label_in(lang) or action.action] if action else []
    for name, value in payload.items():
        if name == "action":
            continue
        param = action.param(name) if action else None
        shown = _fmt(value)
        if param is not None and param.kind == "choice":
            shown = next((c.label_in(lang) for c in param.choices if same_value(c.value, value)), shown)
        parts.append(f"{param.label_in(lang) if param else name}: {shown}")
    return " · ".join(parts) or "-"


def complete_orders(ruleset: Ruleset, state: BaseModel, decision: Decision, spec: DecisionSpec,
                    offers: list[StandingOffer], history: History, lang: str) -> list[QuickOrder]:
    """The menu of one decision in the one form (see the module's doc)."""
    out: list[QuickOrder] = []
    seen: list[dict[str, Any]] = []

    def offer(label: str, payload: dict[str, Any] | None) -> None:
        if payload is None or len(out) >= LIMIT or any(_same(payload, s) for s in seen):
            return
        accepted, problems = ruleset.accept(state, Order(decision=decision.id, player=decision.player,
                                                         payload=payload))
        if accepted is None or problems:
            return
        seen.append(accepted.payload)
        does = describe_payload(spec, accepted.payload, lang)
        out.append(QuickOrder(f"{label}: {does}" if label else does, accepted.payload))

    mine = next((o for o in offers if o.subject == decision.subject), None)
    for kind in mine.kinds if mine else []:
        offer(kind.label_in(lang), ruleset.standing_payload(
            state, decision, Standing(subject=mine.subject, kind=kind.kind), history))
    offer("", spec.default)
    for action in spec.actions:
        for payload in _candidates(action):
            offer("", payload)
    return out


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
