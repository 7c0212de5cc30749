"""The actions an active ship may take in a phase (*Azione*), as a form, and
carrying them out.
"""
from __future__ import annotations

from typing import Any

from rules.cannoni import geometry as g
from rules.cannoni import movement
from rules.cannoni.fire import fire, fire_options
from rules.cannoni.sailing import in_irons, sails_allowed, speed_range, templates_for
from rules.cannoni.state import SIDES, CannoniState, ShipState
from rules.cannoni.texts import PROBLEMS as CP
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.problems import problem

SIDE_LABEL = {"starboard": "starboard (right)", "port": "port (left)"}
SAIL_LABEL = {"full": "full sail (VS)", "battle": "battle sail (VB)", "furled": "furled (VA)"}
DISTANCE_STEP = 0.5


def _distance_param(lo: float, hi: float) -> ParamSpec:
    return ParamSpec(name="distance", label="distance (inches)", kind="number", min=lo, max=hi,
                     step=DISTANCE_STEP, help=f"{lo:g} to {hi:g} inches")


def movement_actions(state: CannoniState, ship: ShipState) -> list[ActionSpec]:
    speeds = speed_range(state, ship)
    actions: list[ActionSpec] = []
    if speeds is not None:
        actions.append(ActionSpec(action="move", label="sail straight ahead",
                                  params=[_distance_param(speeds.min, speeds.max)]))
        temps = templates_for(ship.log)
        actions.append(ActionSpec(action="turn", label="turn along a card", params=[
            ParamSpec(name="template", label="turning card",
                      choices=[Choice(value=t, label=f"card {t}") for t in temps]),
            ParamSpec(name="direction", label="direction",
                      choices=[Choice(value=s, label=SIDE_LABEL[s]) for s in ("port", "starboard")]),
            ParamSpec(name="curve", label="inches along the curve", kind="number", min=DISTANCE_STEP,
                      max=min(g.max_curve(temps[0]), speeds.max) if speeds.max >= DISTANCE_STEP else DISTANCE_STEP,
                      step=DISTANCE_STEP),
            _distance_param(max(speeds.min, DISTANCE_STEP), speeds.max),
        ]))
    elif (in_irons(state, ship) and not ship.unmanoeuvrable and ship.anchor is None
          and ship.sails != "furled" and ship.on_table):
        actions.append(ActionSpec(action="tack", label="tack through the wind (manoeuvre test)", params=[
            ParamSpec(name="direction", label="fall off to",
                      choices=[Choice(value=s, label=SIDE_LABEL[s]) for s in ("port", "starboard")])]))
    return actions


def action_specs(state: CannoniState, ship: ShipState, only: str | None = None) -> list[ActionSpec]:
    """The ship's legal actions; with ``only``, just that one (fire options are costly)."""
    if ship.sinking:
        return [ActionSpec(action="pass", label="no action (the ship is sinking)")]
    moves = movement_actions(state, ship)
    if ship.must_move and moves and moves[0].action != "tack":
        return moves  # "il primo movimento è obbligatorio"
    actions = list(moves)
    if not ship.unmanoeuvrable or ship.fouled_with:
        choices = sails_allowed(ship)
        if choices:
            actions.append(ActionSpec(action="sails", label="change sails", params=[
                ParamSpec(name="to", label="sails", choices=[Choice(value=s, label=SAIL_LABEL[s]) for s in choices])]))
    if not ship.decimated:
        empty = [s for s in SIDES if ship.loaded.get(s) is None]
        if empty:
            actions.append(ActionSpec(action="load", label="load a broadside", params=[
                ParamSpec(name="side", label="side", choices=[Choice(value=s, label=SIDE_LABEL[s]) for s in empty])]))
        fire_spec = _fire_spec(state, ship) if only in (None, "fire") else None
        if fire_spec is not None:
            actions.append(fire_spec)
    actions.append(ActionSpec(action="pass", label="no action"))
    return actions


def _fire_spec(state: CannoniState, ship: ShipState) -> ActionSpec | None:
    sides, targets, aims = [], {}, set()
    for side in SIDES:
        if ship.loaded.get(side) is None:
            continue
        opts = fire_options(state, ship, side)
        if opts.targets:
            sides.append(side)
            for t in opts.targets:
                targets[t.ship] = state.ship(t.ship).name + f" ({t.distance:.1f}\")"
                aims.update(t.aims)
    if not sides:
        return None
    return ActionSpec(action="fire", label="fire a broadside", params=[
        ParamSpec(name="side", label="side", choices=[Choice(value=s, label=SIDE_LABEL[s]) for s in sides]),
        ParamSpec(name="target", label="target", choices=[Choice(value=k, label=v) for k, v in targets.items()]),
        ParamSpec(name="aim", label="aim at", choices=[Choice(value=a, label=a) for a in ("hull", "rigging") if a in aims]),
    ])


def _plan_of(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> movement.Plan:
    if p["action"] == "move":
        return movement.plan(state, ship, None, None, 0.0, float(p["distance"]))
    return movement.plan(state, ship, p["template"], p["direction"], float(p["curve"]), float(p["distance"]))


def check_action(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
    action = p["action"]
    problems: list[Problem] = []
    if action == "turn":
        if float(p["curve"]) > float(p["distance"]) + 1e-9:
            problems.append(problem(CP.CURVE_LONGER, field="curve", curve=p["curve"], distance=p["distance"]))
        cap = g.max_curve(p["template"])
        if float(p["curve"]) > cap + 1e-9:
            problems.append(problem(CP.CURVE_CAP, field="curve", template=p["template"], cap=f"{cap:g}"))
    if action in ("move", "turn") and not problems:
        p_plan = _plan_of(state, ship, p)
        other = movement.would_collide(state, ship, p_plan)
        if other and movement.collision_avoidable(state, ship, templates_for(ship.log)):
            problems.append(problem(CP.DELIBERATE_COLLISION, other=other))
    if action == "fire":
        problems.extend(check_fire(state, ship, p))
    return problems


def check_fire(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
    if ship.loaded.get(p["side"]) is None:
        return [problem(CP.NOT_LOADED, field="side", side=p["side"])]
    opts = fire_options(state, ship, p["side"])
    target = next((t for t in opts.targets if t.ship == p["target"]), None)
    if target is None:
        legal = ", ".join(state.ship(t.ship).name for t in opts.targets) or "none"
        return [problem(CP.NOT_A_VALID_TARGET, field="target", target=state.ship(p["target"]).name,
                        side=p["side"], legal=legal, why=opts.blocked or "not the nearest ship")]
    if p["aim"] not in target.aims:
        return [problem(CP.AIM_OUT_OF_RANGE, field="aim", aim=p["aim"],
                        distance=f"{target.distance:.1f}", legal=", ".join(target.aims))]
    return []


def default_action(state: CannoniState, ship: ShipState) -> dict[str, Any]:
    """Published default: the obligatory move straight ahead at minimum speed, else nothing."""
    speeds = speed_range(state, ship)
    if ship.must_move and speeds is not None and not ship.sinking:
        return {"action": "move", "distance": speeds.min}
    return {"action": "pass"}


def execute(state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
    action = p["action"]
    if action in ("move", "turn"):
        movement.execute(state, roller, ship, _plan_of(state, ship, p))
    elif action == "tack":
        movement.forced_tack(state, roller, ship, p["direction"])
    elif action == "sails":
        ship.sails = p["to"]
        roller.log.emit("sails", ship=ship.id, name=ship.name, sails=p["to"])
    elif action == "load":
        ship.loaded[p["side"]] = "ball"
        roller.log.emit("load", ship=ship.id, name=ship.name, side=p["side"])
    elif action == "fire":
        fire(state, roller, ship, p["side"], state.ship(p["target"]), p["aim"])
    else:
        roller.log.emit("no_action", ship=ship.id, name=ship.name)
    # The form offered only moves while the obligation stood and a move was
    # possible; whatever the ship did, the obligation is spent. Regaining the power
    # to manoeuvre (refloating, clearing a mast) sets it again.
    ship.must_move = False
