"""Movement actions: sail straight (*manovrare*), turn on a card (*accostare*), the
forced tack (*virata obbligata*) and changing sails (*modificare la velatura*)."""
from __future__ import annotations

from typing import Any

from rules.cannoni import cards
from rules.cannoni import movement
from rules.cannoni.orders import ShipAction, register, side_param
from rules.cannoni.sailing import in_irons, sails_allowed, speed_range, templates_for
from rules.cannoni.state import CannoniState, ShipState
from rules.cannoni.texts import PROBLEMS as CP
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.problems import problem
from rules.core.texts import say

DISTANCE_STEP = 0.5
SAIL_LABEL = {s: say(f"cannoni.form.sails.{s}") for s in ("full", "battle", "furled")}


def distance_param(lo: float, hi: float) -> ParamSpec:
    return ParamSpec(name="distance", label=say("cannoni.form.distance"), kind="number", min=lo, max=hi,
                     step=DISTANCE_STEP, help=say("cannoni.form.distance-help", lo=f"{lo:g}", hi=f"{hi:g}"))


def plan_of(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> movement.Plan:
    if p["action"] == "move":
        return movement.plan(state, ship, None, None, 0.0, float(p["distance"]))
    return movement.plan(state, ship, p["template"], p["direction"], float(p["curve"]), float(p["distance"]))


def no_deliberate_collision(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
    if movement.standing_ships(state, ship) == set():
        # Orders given together and every other ship may still sail out of the way:
        # nothing to run into, so no path to work out.
        return []
    other = movement.would_collide(state, ship, plan_of(state, ship, p))
    if other and movement.collision_avoidable(state, ship, templates_for(ship.log)):
        return [problem(CP.DELIBERATE_COLLISION, other=other)]
    return []


def card_problems(p: dict[str, Any]) -> list[Problem]:
    """A turn's curve fits the whole move and the card's 90°."""
    problems = []
    if float(p["curve"]) > float(p["distance"]) + 1e-9:
        problems.append(problem(CP.CURVE_LONGER, field="curve", curve=p["curve"], distance=p["distance"]))
    cap = cards.max_curve(p["template"])
    if float(p["curve"]) > cap + 1e-9:
        problems.append(problem(CP.CURVE_CAP, field="curve", template=p["template"], cap=f"{cap:g}"))
    return problems


@register
class Move(ShipAction):
    name = "move"
    obligatory = True

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        speeds = speed_range(state, ship)
        if speeds is None:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.straight"),
                          params=[distance_param(speeds.min, speeds.max)])

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        return no_deliberate_collision(state, ship, p)

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        movement.execute(state, roller, ship, plan_of(state, ship, p))


@register
class Turn(ShipAction):
    name = "turn"
    obligatory = True

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        speeds = speed_range(state, ship)
        if speeds is None or speeds.max < DISTANCE_STEP:
            return None
        temps = templates_for(ship.log)
        return ActionSpec(action=self.name, label=say("cannoni.form.turn"), params=[
            ParamSpec(name="template", label=say("cannoni.form.card"),
                      choices=[Choice(value=t, label=say("cannoni.form.card-n", card=t)) for t in temps]),
            side_param(("port", "starboard"), name="direction", label=say("cannoni.form.direction")),
            # The widest card allowed sets the longest curve; each card's own 90° is checked.
            ParamSpec(name="curve", label=say("cannoni.form.curve"), kind="number", min=DISTANCE_STEP,
                      max=min(cards.max_curve(temps[-1]), speeds.max), step=DISTANCE_STEP),
            distance_param(max(speeds.min, DISTANCE_STEP), speeds.max),
        ])

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        return card_problems(p) or no_deliberate_collision(state, ship, p)

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        movement.execute(state, roller, ship, plan_of(state, ship, p))


@register
class Tack(ShipAction):
    name = "tack"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "Nel successivo turno dovrà effettuare un test ... per riuscire a virare": not
        # in the turn her own move brought her head to wind (a wind shift at the start
        # of a turn lets her try at once).
        if not (ship.on_table and in_irons(state, ship) and not ship.unmanoeuvrable
                and ship.anchor is None and ship.sails != "furled" and ship.irons_turn != state.turn
                and not state.engaged(ship.id)):
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.tack"),
                          params=[side_param(("port", "starboard"), name="direction", label=say("cannoni.form.fall-off"))])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        movement.forced_tack(state, roller, ship, p["direction"])


@register
class Sails(ShipAction):
    name = "sails"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if ship.unmanoeuvrable and not ship.fouled_with:
            return None
        choices = sails_allowed(ship)
        if not choices:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.change-sails"), params=[
            ParamSpec(name="to", label=say("cannoni.form.sails"), choices=[Choice(value=s, label=SAIL_LABEL[s]) for s in choices])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        ship.sails = p["to"]
        roller.log.emit("sails", ship=ship.id, name=ship.name, sails=p["to"])
