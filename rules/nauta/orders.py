"""The forms of every decision, their published defaults, and the checks only the
rules know (the generic form check runs first).

Decisions: ``deploy`` (a fleet, or one ship), ``speeds`` (secret: every ship's speed
and formation for the turn), ``initiative`` (first or second move), ``move`` (one
ship or formation), ``boarding`` (secret: boarding and pyrophoros declarations).
"""
from __future__ import annotations

from typing import Any

from rules.core.tables.open_table import Pose, base_polygon
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, ParamSpec, Problem
from rules.nauta import deployment as dep
from rules.nauta.boarding import boardable, fire_targets
from rules.nauta.formations import letters_for, spacing_problem
from rules.nauta.movement import Unit, dash_problem, find_unit, turn_problem, units
from rules.nauta.shooting import weapon
from rules.nauta.speeds import default_speed, legal_speeds, speed_label, speed_text, writers
from rules.nauta.state import NautaState, Ship
from rules.nauta.texts import coded, dash_text
from rules.core.texts import Text, say

MAX_TURN = 90
TURN_STEP = 5


# --- deployment ---------------------------------------------------------------------------

def deploy_spec(state: NautaState, decision: Decision) -> DecisionSpec:
    ships = dep.undeployed(state, decision.player)
    if decision.kind == "deploy_one":
        params = [ParamSpec(name="ship", label=say("nauta.form.ship-to-place"),
                            choices=[Choice(value=s.id, label=s.name) for s in ships])]
        params += dep.pose_params(state, ships[0])
        default = {"action": "deploy", "ship": ships[0].id, "x": ships[0].x, "y": ships[0].y,
                   "heading": ships[0].heading}
    else:
        params = [p for s in ships for p in dep.pose_params(state, s, prefix=f"{s.id}_")]
        default = {"action": "deploy", **{f"{s.id}_{k}": getattr(s, k) for s in ships for k in ("x", "y", "heading")}}
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="deploy", label=say("nauta.form.place-ships"), params=params)],
                        default=default, default_text=say("nauta.form.deploy-default"))


def deploy_poses(state: NautaState, decision: Decision, payload: dict[str, Any]) -> list[tuple[Ship, Pose]]:
    if decision.kind == "deploy_one":
        ship = state.ship(payload["ship"])
        return [(ship, Pose(float(payload["x"]), float(payload["y"]), float(payload["heading"])))]
    return [(s, Pose(float(payload[f"{s.id}_x"]), float(payload[f"{s.id}_y"]), float(payload[f"{s.id}_heading"])))
            for s in dep.undeployed(state, decision.player)]


def deploy_problems(state: NautaState, decision: Decision, payload: dict[str, Any]) -> list[Problem]:
    placed: list = []
    out = []
    for ship, pose in deploy_poses(state, decision, payload):
        found = dep.placement_problem(state, ship, pose, placed)
        if found is not None:
            out.append(coded(found[0], field=ship.id, **found[1]))
        placed.append((ship, base_polygon(pose, ship.length, ship.width)))
    return out


# --- speeds -------------------------------------------------------------------------------

def speeds_default(state: NautaState, player: str) -> dict[str, Any]:
    return {"action": "speeds", **{s.id: default_speed(state, s) for s in writers(state, player)}}


def repeat_speeds(state: NautaState, decision: Decision) -> dict[str, Any] | None:
    """"Same as last turn": each ship writes the speed she sailed at last turn, when
    every one of them may still write it (acceleration limits, a stop, damage)."""
    if decision.kind != "speeds" or state.turn <= 1:
        return None
    ships = writers(state, decision.player)
    if not ships or any(s.last_speed not in legal_speeds(state, s) for s in ships):
        return None
    return {"action": "speeds", **{s.id: s.last_speed for s in ships}}


def speeds_spec(state: NautaState, decision: Decision) -> DecisionSpec:
    ships = writers(state, decision.player)
    letters = letters_for(len(ships))
    params = []
    for ship in ships:
        first = default_speed(state, ship)
        values = [first] + [v for v in legal_speeds(state, ship) if v != first]
        choices = [Choice(value=v, label=speed_text(v)) for v in values]
        choices += [Choice(value=f, label=say("nauta.form.in-formation", letter=f)) for f in letters]
        params.append(ParamSpec(name=ship.id, label=say("nauta.form.speed-of", name=ship.name), choices=choices,
                                help=say("nauta.form.speed-help")))
    every = sorted({v for s in ships for v in legal_speeds(state, s)}) or [0]
    params += [ParamSpec(name=f"formation_{f}", label=say("nauta.form.formation-speed", letter=f), kind="number",
                         min=every[0], max=every[-1], step=1, required=False) for f in letters]
    default = speeds_default(state, decision.player)
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="speeds", label=say("nauta.form.write-speeds"), params=params)],
                        default=default, default_text=say("nauta.form.speeds-default"))


def written_speeds(state: NautaState, player: str, payload: dict[str, Any]) -> dict[str, tuple[int, str | None]]:
    """ship -> (speed, formation letter or None), from a checked payload."""
    out = {}
    for ship in writers(state, player):
        value = payload.get(ship.id, default_speed(state, ship))
        if isinstance(value, str):
            out[ship.id] = (int(payload.get(f"formation_{value}", 0)), value)
        else:
            out[ship.id] = (int(value), None)
    return out


def speeds_problems(state: NautaState, player: str, payload: dict[str, Any]) -> list[Problem]:
    groups: dict[str, list[Ship]] = {}
    for ship in writers(state, player):
        value = payload.get(ship.id)
        if isinstance(value, str):
            groups.setdefault(value, []).append(ship)
    out = []
    for letter, group in sorted(groups.items()):
        if len(group) < 2:
            out.append(coded("formation-alone", field=group[0].id, formation=letter))
            continue
        speed = payload.get(f"formation_{letter}")
        if speed is None:
            out.append(coded("formation-no-speed", field=f"formation_{letter}", formation=letter))
            continue
        for ship in group:
            legal = legal_speeds(state, ship)
            if speed not in legal:
                out.append(coded("formation-speed", field=f"formation_{letter}", ship=ship.name, speed=speed,
                                 formation=letter, legal=", ".join(speed_label(v) for v in legal)))
        gap = spacing_problem(state, group)
        if gap is not None:
            out.append(coded(gap, field=f"formation_{letter}", formation=letter,
                             gap=f"{state.rules.formation_max_gap:g}"))
    return out


# --- initiative ---------------------------------------------------------------------------

def initiative_spec(decision: Decision) -> DecisionSpec:
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="first", label=say("nauta.form.move-first")),
                                                    ActionSpec(action="second", label=say("nauta.form.move-second"))],
                        default={"action": "second"}, default_text=say("nauta.form.move-second"))


# --- moves --------------------------------------------------------------------------------

def unit_label(unit_: Unit) -> Text | str:
    if unit_.formation:
        return say("nauta.form.formation-of", letter=unit_.key.split(':', 1)[1], ships=", ".join(s.name for s in unit_.ships))
    return unit_.ships[0].name


def _can_dash(unit_: Unit) -> bool:
    return any(dash_problem(unit_, 0, kind) is None for kind in ("dash", "extra"))


def move_default(state: NautaState, player: str) -> dict[str, Any]:
    us = units(state, player)
    first = us[0]
    payload: dict[str, Any] = {"action": "move", "unit": first.key, "turn": 0, "dash": "no"}
    # Only where the form offers ``shoot`` (some unit of the player has a weapon); the
    # move reads a missing ``shoot`` as "no".
    if any(weapon(state, s) for u in us for s in u.ships):
        payload["shoot"] = "after" if any(weapon(state, s) for s in first.ships) else "no"
    return payload


def move_spec(state: NautaState, decision: Decision) -> DecisionSpec:
    us = units(state, decision.player)
    word = dash_text(state.rules.classis)
    params = [
        ParamSpec(name="unit", label=say("nauta.form.unit"),
                  choices=[Choice(value=u.key, label=unit_label(u)) for u in us]),
        ParamSpec(name="turn", label=say("nauta.form.wheel"), kind="number",
                  min=-MAX_TURN, max=MAX_TURN, step=TURN_STEP, required=False,
                  help=say("nauta.form.wheel-help")),
    ]
    # Offered even when no ship may dash now, so that asking for one is answered with
    # the reason (damaged, already done, rowers hit ...) rather than a bare refusal.
    params.append(ParamSpec(name="dash", label=say("nauta.form.dash", word=word), required=False, choices=[
        Choice(value="no", label=say("nauta.form.no-dash", word=word)),
        Choice(value="dash", label=say("nauta.form.dash-2", word=word)),
        Choice(value="extra", label=say("nauta.form.dash-extra", word=word))],
        help=say("nauta.form.may-dash", word=word, units=", ".join(u.key for u in us if _can_dash(u)))
        if any(_can_dash(u) for u in us) else say("nauta.form.no-ship-may-dash", word=word)))
    if any(weapon(state, s) for u in us for s in u.ships):
        params.append(ParamSpec(name="shoot", label=say("nauta.form.shoot"), required=False, choices=[
            Choice(value="no", label=say("nauta.form.no-shoot")), Choice(value="before", label=say("nauta.form.before")),
            Choice(value="after", label=say("nauta.form.after"))]))
    default = move_default(state, decision.player)
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="move", label=say("nauta.form.move"), params=params)],
                        default=default, default_text=say("nauta.form.move-default", unit=unit_label(us[0])))


def move_problems(state: NautaState, player: str, payload: dict[str, Any]) -> list[Problem]:
    unit_ = find_unit(state, player, str(payload["unit"]))
    if unit_ is None:
        return []
    out = []
    turn = int(payload.get("turn", 0))
    found = turn_problem(state, unit_, turn)
    if found is not None:
        out.append(coded(found[0], field="turn", **found[1]))
    found = dash_problem(unit_, turn, str(payload.get("dash", "no")))
    if found is not None:
        out.append(coded(found[0], field="dash", dash=dash_text(state.rules.classis), **found[1]))
    if payload.get("shoot", "no") != "no" and not any(weapon(state, s) for s in unit_.ships):
        out.append(coded("no-weapon", field="shoot"))
    return out


# --- boarding -----------------------------------------------------------------------------

def boarding_params(state: NautaState, player: str) -> list[ParamSpec]:
    params = []
    for ship in state.ships:
        if ship.player != player:
            continue
        targets = fire_targets(state, ship)
        if targets:
            params.append(ParamSpec(name=f"fire_{ship.id}", label=say("nauta.form.pyrophoros", name=ship.name), choices=[
                Choice(value="none", label=say("nauta.form.no-fire"))] + [Choice(value=t.id, label=t.name) for t in targets]))
        targets = boardable(state, ship)
        if targets:
            params.append(ParamSpec(name=ship.id, label=say("nauta.form.board", name=ship.name), choices=[
                Choice(value="none", label=say("nauta.form.no-boarding"))] + [Choice(value=t.id, label=t.name) for t in targets]))
    return params


def boarding_spec(state: NautaState, decision: Decision) -> DecisionSpec:
    params = boarding_params(state, decision.player)
    default = {"action": "declare", **{p.name: "none" for p in params}}
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="declare", label=say("nauta.form.declare"),
                                                               params=params)],
                        default=default, default_text=say("nauta.form.boarding-default"))


def boarding_choices(state: NautaState, player: str, payload: dict[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """(boardings, fires) declared by a player: ship -> target."""
    boards, fires = {}, {}
    for param in boarding_params(state, player):
        value = payload.get(param.name, "none")
        if value == "none":
            continue
        if param.name.startswith("fire_"):
            fires[param.name[len("fire_"):]] = str(value)
        else:
            boards[param.name] = str(value)
    return boards, fires
