"""Emergency manoeuvres (*Manovre di emergenza*) and the anchor (*Ancora*).

Every one of these needs a manoeuvre test except dropping and raising the anchor
("ad eccezione di gettare l'ancora ed issare l'ancora"). Attempts repeated in later
turns get the bonuses of the play sheet.
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point
from shapely.ops import nearest_points

from rules.core.tables import courses
from rules.core.tables import open_table as g
from rules.cannoni.depth import refloat_penalty, shoals_for
from rules.cannoni.fire import base, land_polygons, pose
from rules.cannoni.orders import ShipAction, register, ship_param
from rules.cannoni.sailing import drift_distance
from rules.cannoni.seamanship import first_try_turn, later_turn_bonus, manoeuvre_test
from rules.cannoni.state import CannoniState, ShipState
from rules.core.decisions import ActionSpec, Choice, ParamSpec
from rules.core.dice import Roller
from rules.core.texts import say

REFLOAT_CLEARANCE = 1.0  # "un pollice all'interno della zona di mare adiacente"
SEARCH_STEP = 0.25
SEARCH_LIMIT = 12.0


def regain_way(ship: ShipState) -> None:
    """Manoeuvrable again: "obbligate a muovere nella prima fase ... in cui tornano manovrabili"."""
    if not ship.unmanoeuvrable:
        ship.must_move = True


@register
class FightFire(ShipAction):
    name = "fight_fire"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if not ship.fire or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.fight-fire"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        bonus = later_turn_bonus(state, ship, "fire_first_try")
        if manoeuvre_test(state, ship, roller, "fight the fire", [("later turn", bonus)]):
            ship.fire = False
            ship.fire_first_try = None
            roller.log.emit("fire_out", ship=ship.id, name=ship.name)


@register
class ClearMast(ShipAction):
    name = "clear_mast"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        fallen = [m for m in ship.masts if m.fell in ("starboard", "port")]
        if not fallen or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.clear-mast"), params=[
            ParamSpec(name="mast", label=say("cannoni.form.mast"), choices=[Choice(value=m.name, label=say(
                "cannoni.form.mast-over", mast=say(f"cannoni.form.mast.{m.name}"), side=say(f"cannoni.form.side.{m.fell}")))
                                                           for m in fallen])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        # "Per ogni turno successivo a quello in cui si è tentato per la prima volta ... +1"
        bonus = state.turn - first_try_turn(state, ship, "mast_clear_first_try")
        if manoeuvre_test(state, ship, roller, "clear a fallen mast", [("turns since the first try", bonus)]):
            mast = next(m for m in ship.masts if m.name == p["mast"])
            mast.fell = "sea"
            if not ship.mast_obstructing:
                ship.mast_clear_first_try = None
            roller.log.emit("mast_cleared", ship=ship.id, name=ship.name, mast=mast.name)
            regain_way(ship)


def refloat_pose(state: CannoniState, ship: ShipState) -> g.Pose | None:
    """The ship moved straight away from the nearest land until its base is an inch clear
    (of the coast and of any shallows too shallow for her)."""
    lands = land_polygons(state) + shoals_for(state, ship)
    start = pose(ship)
    touching = [land for land in lands if land.distance(base(ship)) <= g.TOL] or lands
    if not touching:
        return start
    centre = Point(ship.x, ship.y)
    nearest = min(touching, key=lambda land: land.distance(centre))
    near = nearest_points(nearest.boundary, centre)[0]
    dx, dy = ship.x - near.x, ship.y - near.y
    length = (dx * dx + dy * dy) ** 0.5
    if length < g.TOL:
        dx, dy = -g.unit(ship.heading)[0], -g.unit(ship.heading)[1]
        length = 1.0
    ux, uy = dx / length, dy / length
    travel = 0.0
    while travel <= SEARCH_LIMIT:
        q = g.Pose(x=start.x + ux * travel, y=start.y + uy * travel, heading=start.heading)
        poly = g.base_polygon(q, ship.log.base_length, ship.log.base_width)
        if all(land.distance(poly) >= REFLOAT_CLEARANCE - g.TOL for land in lands):
            return q
        travel += SEARCH_STEP
    return None


@register
class Refloat(ShipAction):
    name = "refloat"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "questa non deve avere le vele ammainate"
        if not ship.aground or ship.sails == "furled" or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.refloat"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        bonus = later_turn_bonus(state, ship, "aground_first_try")
        # *Modificatori opzionali al test per disincagliare* (with the depth rule).
        mods = [("later turn", bonus)] + refloat_penalty(state, ship)
        if not manoeuvre_test(state, ship, roller, "refloat", mods):
            return
        q = refloat_pose(state, ship)
        if q is None:
            roller.log.emit("refloat_blocked", ship=ship.id, name=ship.name)
            return
        ship.aground = False
        ship.aground_first_try = None
        ship.x, ship.y = round(q.x, 6), round(q.y, 6)
        ship.trail.append((ship.x, ship.y))
        roller.log.emit("refloated", ship=ship.id, name=ship.name)
        regain_way(ship)


@register
class ClearRigging(ShipAction):
    name = "clear_rigging"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if not ship.fouled_with or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.unfoul"), params=[
            ship_param(state, ship.fouled_with, "other", say("cannoni.form.fouled-with"))])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        bonus = later_turn_bonus(state, ship, "unfoul_first_try")
        if manoeuvre_test(state, ship, roller, "clear fouled rigging", [("later turn", bonus)]):
            other = state.ship(p["other"])
            unfoul(ship, other)
            roller.log.emit("unfouled", ship=ship.id, name=ship.name, other=other.id, other_name=other.name)
            regain_way(ship)
            regain_way(other)


def unfoul(a: ShipState, b: ShipState) -> None:
    for x, y in ((a, b), (b, a)):
        if y.id in x.fouled_with:
            x.fouled_with.remove(y.id)
        if not x.fouled_with:
            x.unfoul_first_try = None


@register
class DropAnchor(ShipAction):
    name = "drop_anchor"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if ship.anchor is not None or ship.anchor_cut or not ship.on_table:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.anchor"), params=[
            ParamSpec(name="end", label=say("cannoni.form.anchor-end"), choices=[
                Choice(value="bow", label=say("cannoni.form.end.bow")),
                Choice(value="stern", label=say("cannoni.form.end.stern"))])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        ship.anchor = p["end"]
        roller.log.emit("anchored", ship=ship.id, name=ship.name, end=p["end"])


@register
class RaiseAnchor(ShipAction):
    name = "raise_anchor"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "Issare l'ancora richiede un intero turno": the first action of the turn,
        # and the ship does not move until the turn ends.
        if ship.anchor is None or ship.anchor_raising or ship.chit != state.phase:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.weigh"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        ship.anchor_raising = True
        roller.log.emit("weighing", ship=ship.id, name=ship.name)


@register
class CutAnchor(ShipAction):
    name = "cut_anchor"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if ship.anchor is None:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.cut-cable"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        if manoeuvre_test(state, ship, roller, "cut the anchor cable", []):
            ship.anchor = None
            ship.anchor_raising = False
            ship.anchor_cut = True  # "L'ancora abbandonata non può essere recuperata"
            roller.log.emit("anchor_cut", ship=ship.id, name=ship.name)
            regain_way(ship)


@register
class ClubHaul(ShipAction):
    name = "club_haul"

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        # "è necessario che questa sia già all'ancora ... Non è possibile abbattere la
        # nave se questa ha le vele ammainate."
        if ship.anchor is None or ship.sails == "furled" or ship.unmanoeuvrable:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.club-haul"), params=[
            ParamSpec(name="direction", label=say("cannoni.form.swing-to"),
                      choices=[Choice(value="port", label=say("cannoni.form.side.port")),
                               Choice(value="starboard", label=say("cannoni.form.side.starboard"))]),
            ParamSpec(name="points", label=say("cannoni.form.points"), choices=[
                Choice(value=1, label=say("cannoni.form.one-point")), Choice(value=2, label=say("cannoni.form.two-points"))])])

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        angle = 22.5 * int(p["points"]) * (1 if p["direction"] == "starboard" else -1)
        q = courses.pivot(pose(ship), ship.log.base_length, angle, ship.anchor or "bow")
        ship.x, ship.y, ship.heading = round(q.x, 6), round(q.y, 6), round(q.heading, 6)
        roller.log.emit("club_hauled", ship=ship.id, name=ship.name, heading=ship.heading)


def reentry_spot(state: CannoniState, ship: ShipState) -> g.Pose | None:
    """At the exit point, the drift distance inside, bow in; None if another ship is there."""
    exit_xy = ship.exit_xy or (ship.trail[-1] if ship.trail else (ship.x, ship.y))
    q = g.reentry_pose(exit_xy, ship.log.base_length, state.table.width, state.table.height,
                       drift_distance(ship))
    poly = g.base_polygon(q, ship.log.base_length, ship.log.base_width)
    if any(base(o).intersects(poly) for o in state.afloat()):
        return None
    return q


@register
class ReEnter(ShipAction):
    name = "reenter"
    off_table = True

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if not ship.awaiting_reentry or ship.reentry_failed == state.turn:
            return None
        if reentry_spot(state, ship) is None:
            return None  # "il test è rimandato al turno successivo"
        return ActionSpec(action=self.name, label=say("cannoni.form.reenter"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        if not manoeuvre_test(state, ship, roller, "come back onto the table", []):
            ship.reentry_failed = state.turn
            return
        q = reentry_spot(state, ship)
        assert q is not None  # checked by the form this very action
        ship.status = "afloat"
        ship.x, ship.y, ship.heading = round(q.x, 6), round(q.y, 6), round(q.heading, 6)
        ship.trail = [(ship.x, ship.y)]
        ship.exit_xy = None
        roller.log.emit("reentered", ship=ship.id, name=ship.name)


@register
class StayOut(ShipAction):
    name = "stay_out"
    off_table = True

    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        if not ship.awaiting_reentry:
            return None
        return ActionSpec(action=self.name, label=say("cannoni.form.leave"))

    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        ship.out_for_good = True
        roller.log.emit("out_for_good", ship=ship.id, name=ship.name)
