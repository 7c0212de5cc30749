"""The turn as a table of steps (:mod:`rules.core.steps`): who decides at each step,
the forms and checks of their decisions (:mod:`rules.nauta.orders`), and how each step
is resolved (:mod:`rules.nauta.sequence`)."""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Decision, DecisionSpec, Problem
from rules.core.steps import Checking, DecisionHandlers, StepHandlers
from rules.nauta import orders, sequence
from rules.nauta.state import NautaState


def _deploy_spec(state: NautaState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    return orders.deploy_spec(state, decision)


def _deploy_check(state: NautaState, decision: Decision, payload: dict[str, Any],
                  checking: Checking | None) -> list[Problem]:
    return orders.deploy_problems(state, decision, payload)


def _speeds_spec(state: NautaState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    return orders.speeds_spec(state, decision)


def _speeds_check(state: NautaState, decision: Decision, payload: dict[str, Any],
                  checking: Checking | None) -> list[Problem]:
    return orders.speeds_problems(state, decision.player, payload)


def _initiative_spec(state: NautaState, decision: Decision, only: str | None,
                     checking: Checking | None) -> DecisionSpec:
    return orders.initiative_spec(decision)


def _move_spec(state: NautaState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    return orders.move_spec(state, decision)


def _move_check(state: NautaState, decision: Decision, payload: dict[str, Any],
                checking: Checking | None) -> list[Problem]:
    return orders.move_problems(state, decision.player, payload)


def _boarding_spec(state: NautaState, decision: Decision, only: str | None,
                   checking: Checking | None) -> DecisionSpec:
    return orders.boarding_spec(state, decision)


_DEPLOY = DecisionHandlers(_deploy_spec, _deploy_check)

STEPS: dict[str, StepHandlers] = {
    "deploy": StepHandlers(sequence.deploy_pending, {"deploy": _DEPLOY, "deploy_one": _DEPLOY},
                           sequence.resolve_deploy),
    "speeds": StepHandlers(sequence.speeds_pending, {"speeds": DecisionHandlers(_speeds_spec, _speeds_check)},
                           sequence.resolve_speeds),
    "initiative": StepHandlers(sequence.initiative_pending, {"initiative": DecisionHandlers(_initiative_spec)},
                               sequence.resolve_initiative),
    "move": StepHandlers(sequence.move_pending, {"move": DecisionHandlers(_move_spec, _move_check)},
                         sequence.resolve_move),
    "boarding": StepHandlers(sequence.boarding_pending, {"boarding": DecisionHandlers(_boarding_spec)},
                             sequence.resolve_boarding),
    # "over": no step, nothing pending.
}
