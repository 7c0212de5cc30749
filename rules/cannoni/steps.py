"""The sequence of play as a table of steps (:mod:`rules.core.steps`): for each step
who decides, and how it is resolved (:mod:`rules.cannoni.sequence`); for each kind of
decision, its form and the checks beyond the form."""
from __future__ import annotations

from typing import Any

from rules.cannoni import actions, batteries, boarding, sequence, squadrons
from rules.cannoni.forts import battery
from rules.cannoni.state import CannoniState
from rules.core.tables.compass import compass
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec, Problem
from rules.core.steps import Checking, DecisionHandlers, StepHandlers
from rules.core.texts import say


def wind_spec(state: CannoniState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="wind", label=say("cannoni.form.wind-from"), params=[
        ParamSpec(name="direction", label=say("cannoni.form.wind-blows-from"),
                  choices=[Choice(value=i, label=compass(i * 22.5)) for i in range(16)])])],
        default={"action": "wind", "direction": 0}, default_text=say("cannoni.form.from-north"))


def fire_damage_spec(state: CannoniState, decision: Decision, only: str | None,
                     checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    masts = [m.name for m in ship.masts if not m.down] or [m.name for m in ship.masts]
    default = sequence.fire_damage_default(ship)
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="allocate", label=say("cannoni.form.fire-damage"), params=[
        ParamSpec(name="side", label=say("cannoni.form.hull-side"),
                  choices=[Choice(value=s, label=say(f"cannoni.form.side.{s}")) for s in ("starboard", "port")]),
        ParamSpec(name="mast", label=say("cannoni.form.mast"),
                  choices=[Choice(value=m, label=say(f"cannoni.form.mast.{m}")) for m in masts]),
    ])], default=default, default_text=say("cannoni.form.fire-default", side=say(f"cannoni.form.side.{default['side']}"),
                                           mast=say(f"cannoni.form.mast.{default['mast']}")))


def chits_spec(state: CannoniState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    units = [u for u in sequence.chit_units(state) if u.player == decision.player and u.ships[0].chit is None]
    params = []
    for unit in units:
        params.append(ParamSpec(name=unit.id, label=unit.name, choices=[
            Choice(value=c, label=str(c)) for c in unit.ships[0].chits_available()]))
        if unit.squadron:
            params.append(ParamSpec(name=f"{unit.id}.formation", label=say("cannoni.form.formation", name=unit.name),
                                    required=False, choices=[
                                        Choice(value="keep", label=say("cannoni.form.keep-line")),
                                        Choice(value="break", label=say("cannoni.form.break-line"))]))
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="chits", label=say("cannoni.form.place-chits"), params=params)],
                        default_text=say("cannoni.form.chits-default"))


def boarding_spec(state: CannoniState, decision: Decision, only: str | None,
                  checking: Checking | None) -> DecisionSpec:
    ships = dict(boarding.party_decisions(state)).get(decision.player, [])
    params = [boarding.party_param(state, state.ship(sid)) for sid in ships]
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="parties", label=say("cannoni.form.parties"),
                                                               params=params)],
                        default_text=say("cannoni.form.parties-default"))


def ship_action_spec(state: CannoniState, decision: Decision, only: str | None,
                     checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    if only is not None:
        # Only checking an order: the published default is not looked at.
        return DecisionSpec(decision=decision, actions=actions.action_specs(state, ship, only, checking))
    default = actions.default_action(state, ship)
    return DecisionSpec(decision=decision, actions=actions.action_specs(state, ship, only, checking), default=default,
                        default_text=sequence.describe_payload(default))


def ship_action_check(state: CannoniState, decision: Decision, payload: dict[str, Any],
                      checking: Checking | None) -> list[Problem]:
    return actions.check_action(state, state.ship(decision.subject or ""), payload, checking)


def _squadron(state: CannoniState, decision: Decision):
    return next(sq for sq in state.squadrons if sq.id == decision.subject)


def squadron_spec(state: CannoniState, decision: Decision, only: str | None,
                  checking: Checking | None) -> DecisionSpec:
    sq = _squadron(state, decision)
    default = squadrons.default_payload(state, sq, checking)
    return DecisionSpec(decision=decision, actions=squadrons.squadron_specs(state, sq, only, checking),
                        default=default, default_text=sequence.describe_payload(default))


def squadron_check(state: CannoniState, decision: Decision, payload: dict[str, Any],
                   checking: Checking | None) -> list[Problem]:
    return squadrons.check(state, _squadron(state, decision), payload)


def battery_spec(state: CannoniState, decision: Decision, only: str | None,
                 checking: Checking | None) -> DecisionSpec:
    return DecisionSpec(decision=decision, default={"action": batteries.PASS}, default_text=say("cannoni.form.no-action"),
                        actions=batteries.action_specs(state, battery(state, decision.subject or ""), only))


def battery_check(state: CannoniState, decision: Decision, payload: dict[str, Any],
                  checking: Checking | None) -> list[Problem]:
    return batteries.check(state, battery(state, decision.subject or ""), payload)


STEPS: dict[str, StepHandlers] = {
    "wind_choice": StepHandlers(sequence.wind_pending, {"wind": DecisionHandlers(wind_spec)},
                                sequence.resolve_wind),
    "fire_damage": StepHandlers(sequence.fire_damage_pending, {"fire_damage": DecisionHandlers(fire_damage_spec)},
                                sequence.resolve_fire_damage),
    "chits": StepHandlers(sequence.chits_pending, {"chits": DecisionHandlers(chits_spec)}, sequence.resolve_chits),
    "action": StepHandlers(sequence.actions_pending, {
        "action": DecisionHandlers(ship_action_spec, ship_action_check),
        "squadron_action": DecisionHandlers(squadron_spec, squadron_check),
        "battery_action": DecisionHandlers(battery_spec, battery_check),
    }, sequence.resolve_actions),
    "boarding": StepHandlers(sequence.boarding_pending, {"boarding": DecisionHandlers(boarding_spec)},
                             sequence.resolve_boarding),
    # "over": no step, nothing pending.
}
