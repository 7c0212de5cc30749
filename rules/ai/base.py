"""The AI captain interface and the machinery that keeps its orders legal.

A captain decides one pending decision from what its seat may see: the view of that
seat (``ruleset.view(state, seat)``) and the decision's form (``ruleset.spec``). It
never receives the state. To know whether an order would be accepted it may ask a
``check`` callable, which answers exactly what a human player learns when he submits
an order: the list of problems, empty when the order is legal.

Every captain ranks candidate payloads best first; :meth:`AICaptain.choose` returns
the first one the check accepts and, if none is, falls back on the form itself (the
published default, then random and systematic draws from the form), so that a
captain never hands back an order the ruleset refuses.
"""
from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable, Iterator, Mapping

from rules.core.decisions import ActionSpec, Decision, DecisionSpec, ParamSpec, Problem
from rules.core.ruleset import Ruleset

# Answers "what is wrong with this payload?" for the decision being decided.
Check = Callable[[dict[str, Any]], list[Problem]]
# Payloads already chosen for other decisions of the same seat in the same batch
# (decision subject -> payload), so a captain can plan its ships together.
Planned = Mapping[str, dict[str, Any]]

# How many of its own ranked candidates a captain offers the check before falling
# back on the form: enough to step around a refused move, few enough to stay fast.
MAX_RANKED_TRIES = 40
RANDOM_TRIES = 30
SYSTEMATIC_LIMIT = 2000


class NoLegalOrder(RuntimeError):
    """The form offers nothing the ruleset accepts (a ruleset bug, not an AI choice)."""


def number_grid(param: ParamSpec) -> list[int | float]:
    """Every value a numeric parameter allows, low to high, as the form would coerce it."""
    lo = param.min if param.min is not None else 0.0
    hi = param.max if param.max is not None else lo
    step = param.step or 1.0
    count = int(round((hi - lo) / step)) if hi >= lo else 0
    return [as_number(lo + step * i) for i in range(count + 1)]


def as_number(value: float) -> int | float:
    value = round(float(value), 9)
    return int(value) if value.is_integer() else value


def param_values(param: ParamSpec) -> list[Any]:
    if param.kind == "number":
        return number_grid(param)
    if param.kind == "choice":
        return param.values()
    return ["-"]


def random_payload(action: ActionSpec, rng: random.Random) -> dict[str, Any]:
    payload: dict[str, Any] = {"action": action.action}
    for param in action.params:
        values = param_values(param)
        if values:
            payload[param.name] = rng.choice(values)
    return payload


def every_payload(spec: DecisionSpec, limit: int = SYSTEMATIC_LIMIT) -> Iterator[dict[str, Any]]:
    """The form's payloads, action by action, in a fixed order."""
    for action in spec.actions:
        grids = [param_values(p) for p in action.params]
        for combo in itertools.islice(itertools.product(*grids), limit):
            yield {"action": action.action, **{p.name: v for p, v in zip(action.params, combo)}}


def form_payloads(spec: DecisionSpec, rng: random.Random) -> Iterator[dict[str, Any]]:
    """Legal-looking payloads straight from the form: the published default first
    (the ruleset's own sensible choice), then random draws, then every combination."""
    if spec.default is not None and spec.action(str(spec.default.get("action"))) is not None:
        yield dict(spec.default)
    if spec.actions:
        for _ in range(RANDOM_TRIES):
            yield random_payload(rng.choice(spec.actions), rng)
    yield from every_payload(spec)


class AICaptain(ABC):
    """One AI level. Subclasses rank payloads; :meth:`choose` makes sure one is legal."""

    level: ClassVar[str]
    description: ClassVar[str]
    # Actions the form fallback offers only when nothing else is legal (striking the
    # colours is a captain's decision, never a filler's accident).
    last_resort: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        """Payloads for ``decision``, best first. They need not all be legal."""

    def choose(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
               rng: random.Random, check: Check | None = None,
               planned: Planned | None = None) -> dict[str, Any]:
        """The payload this captain gives for ``decision``.

        With ``check``, the payload is one the check accepts, whatever the captain
        preferred. Without it the first candidate is returned unchecked: it keeps to
        the form, and the Cannoni captains screen theirs with their own geometry, but
        only a check (as the driver passes) guarantees the ruleset's own checks.
        """
        tried: set[str] = set()
        ranked = itertools.islice(self.candidates(ruleset, view, decision, spec, rng, planned), MAX_RANKED_TRIES)
        # Lazily: the form's every combination is only walked if all else was refused.
        fallback = (p for p in form_payloads(spec, rng) if p.get("action") not in self.last_resort)
        last = (p for p in every_payload(spec) if p.get("action") in self.last_resort)
        for payload in itertools.chain(ranked, fallback, last):
            key = repr(sorted(payload.items(), key=lambda kv: kv[0]))
            if key in tried:
                continue
            tried.add(key)
            if check is None or not check(payload):
                return payload
        raise NoLegalOrder(f"no legal order found for decision {decision.id}")


class FormFiller(AICaptain):
    """The ruleset-agnostic fallback. It is no tactician: it plays the ruleset's
    published default when that is legal, else a random legal option of the form.
    It exists so that any seat of any ruleset can be filled."""

    level = "form-filler"
    description = "plays the published default, else a random legal option; no tactics"

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        return form_payloads(spec, rng)
