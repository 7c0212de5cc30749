"""Computer players for the seats a host hands over: the AI captains of
:mod:`rules.ai` ("deckhand", "captain"), and plain random legal play.

An :class:`AIPolicy` sees exactly what a human in the seat would see (the seat's
view, the decision and its form), so a computer player can never peek at secrets;
``check`` tells it whether an order would be accepted, which a human learns by
sending it. The service checks its answer with the engine like any order; after a
few refused answers the seat simply takes the published default.

:class:`RandomLegalPlay` is what it says: a uniformly random pick among what the form
offers. It is offered to hosts under that name, never as an "AI".
"""
from __future__ import annotations

import random
from typing import Any, Protocol

from rules.ai import Check, FormFiller, NoLegalOrder, captain_levels, get_captain
from rules.core.decisions import Decision, DecisionSpec, ParamSpec
from rules.core.ruleset import Ruleset


class AIPolicy(Protocol):
    #: i18n code of the line that tells players what plays the seat.
    label_code: str

    def choose(self, ruleset: Ruleset, view_for_seat: dict[str, Any], decision: Decision,
               spec: DecisionSpec, rng: random.Random, check: Check | None = None) -> dict[str, Any] | None:
        """A payload for ``decision``, or None to take the published default."""


def _draw(param: ParamSpec, rng: random.Random) -> Any:
    if param.kind == "number":
        lo = param.min or 0.0
        hi = param.max if param.max is not None else lo
        step = param.step or 1.0
        value = lo + step * rng.randint(0, max(int(round((hi - lo) / step)), 0))
        return int(value) if float(value).is_integer() else value
    if param.kind == "choice":
        return rng.choice(param.values()) if param.choices else None
    return ""


class RandomLegalPlay:
    label_code = "ai.random"

    def choose(self, ruleset: Ruleset, view_for_seat: dict[str, Any], decision: Decision,
               spec: DecisionSpec, rng: random.Random, check: Check | None = None) -> dict[str, Any] | None:
        if not spec.actions:
            return None
        action = rng.choice(spec.actions)
        payload: dict[str, Any] = {"action": action.action}
        for param in action.params:
            payload[param.name] = _draw(param, rng)
        return payload


class Captain:
    """An AI captain of :mod:`rules.ai`, at one level."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.label_code = f"ai.{level}"
        self._captain = get_captain(level)

    def choose(self, ruleset: Ruleset, view_for_seat: dict[str, Any], decision: Decision,
               spec: DecisionSpec, rng: random.Random, check: Check | None = None) -> dict[str, Any] | None:
        try:
            return self._captain.choose(ruleset, view_for_seat, decision, spec, rng, check=check)
        except NoLegalOrder:
            return None  # the published default applies


def ai_levels() -> tuple[str, ...]:
    """The captains' levels the rulesets' manifests name, weakest first (the form-filler
    is not offered: "random" is the plain player a host can pick)."""
    return tuple(level for level in captain_levels() if level != FormFiller.level)


def default_policies() -> dict[str, AIPolicy]:
    """Levels a host can hand a seat to, by the name stored with the seat."""
    return {"random": RandomLegalPlay(), **{level: Captain(level) for level in ai_levels()}}
