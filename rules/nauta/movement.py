"""Moving one ship or one formation (§9-10): the pivot on the rear corner and its
cost, the dash, the straight run ahead or astern for the whole written distance,
and what stops it — another ship (a ramming), a coast (the ship is lost) or the
edge of the area (the ship leaves the game).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Polygon

from rules.core.tables.open_table import Pose, base_polygon, unit
from rules.core.dice import Roller
from rules.nauta import geometry as g
from rules.nauta.formations import intact, members, ready_to_move
from rules.nauta.placement import (
    add_contact, base_of, land_polygons, others, pose_of, refresh_contacts, set_pose,
)
from rules.nauta.ramming import ram
from rules.nauta.shooting import shoot
from rules.nauta.ships import max_pivot, pivot_cost
from rules.nauta.state import NautaState, Ship
from rules.nauta.wrecks import leave, wreck

DASH_BONUS = {"dash": 2, "extra": 1}  # the admiral's second dash adds only one segment


@dataclass
class Unit:
    key: str  # a ship id, or "formation:A"
    ships: list[Ship]

    @property
    def formation(self) -> bool:
        return self.key.startswith("formation:")


def units(state: NautaState, player: str) -> list[Unit]:
    """What the player may move next: each intact formation, and every other ship."""
    ready = [s for s in state.ships if s.player == player and ready_to_move(state, s)]
    out: list[Unit] = []
    taken: set[str] = set()
    for letter in sorted({s.formation for s in ready if s.formation}):
        group = members(state, player, letter)
        if intact(state, group):
            out.append(Unit(f"formation:{letter}", group))
            taken |= {s.id for s in group}
    out += [Unit(s.id, [s]) for s in ready if s.id not in taken]
    return out


def find_unit(state: NautaState, player: str, key: str) -> Unit | None:
    return next((u for u in units(state, player) if u.key == key), None)


# --- checks -------------------------------------------------------------------------------

def unit_speed(ship: Ship) -> int:
    return 0 if ship.stopped or ship.written is None else ship.written


def turn_problem(state: NautaState, unit_: Unit, turn: int) -> tuple[str, dict] | None:
    """Why the unit may not wheel ``turn`` degrees, as (code key, details), or None."""
    if turn == 0:
        return None
    speed = unit_speed(unit_.ships[0])
    if speed <= 0:
        return "turn-not-moving", {"speed": speed}
    cap = min(max_pivot(s.size) for s in unit_.ships)
    if abs(turn) > cap:
        return "turn-too-wide", {"max": cap}
    if pivot_cost(turn) > speed:
        return "turn-costs-too-much", {"cost": pivot_cost(turn), "speed": speed}
    blocker = pivot_blocker(state, unit_.ships, turn)
    if blocker is not None:
        return "pivot-blocked", {"other": blocker.name}
    return None


def pivot_blocker(state: NautaState, ships: list[Ship], turn: int) -> Ship | None:
    """A ship the pivot would swing into (members of a formation wheel together)."""
    moving = {s.id for s in ships}
    finals = []
    for ship in ships:
        poses = g.pivot_poses(pose_of(ship), ship.length, ship.width, turn)
        near = _within_swing(state, ship, moving)
        for pose in poses:
            poly = base_polygon(pose, ship.length, ship.width)
            hit = next((o for o, o_poly in near if g.overlaps(poly, o_poly)), None)
            if hit is not None:
                return hit
        finals.append((ship, base_polygon(poses[-1], ship.length, ship.width)))
    for i, (a, pa) in enumerate(finals):
        for b, pb in finals[i + 1:]:
            if g.overlaps(pa, pb):
                return b
    return None


def _within_swing(state: NautaState, ship: Ship, skip: set[str]) -> list[tuple[Ship, Polygon]]:
    """Bases that a wheel about either rear corner could reach: within the ship's
    diagonal of that corner (plus the other's half-diagonal)."""
    reach = math.hypot(ship.length, ship.width) * 1.5
    out = []
    for other in state.ships:
        if not other.on_table or other.id in skip:
            continue
        if math.hypot(other.x - ship.x, other.y - ship.y) <= reach + math.hypot(other.length, other.width) / 2:
            out.append((other, base_of(other)))
    return out


def dash_problem(unit_: Unit, turn: int, dash: str) -> tuple[str, dict] | None:
    if dash == "no":
        return None
    if unit_.formation:
        return "dash-formation", {}
    ship = unit_.ships[0]
    if turn != 0:
        return "dash-after-turn", {}
    if unit_speed(ship) <= 0:
        return "dash-not-moving", {}
    if ship.damage:
        return "dash-damaged", {}
    if ship.no_dash:
        return "dash-rowers-hit", {}
    if dash == "dash" and ship.dashes >= 1:
        return "dash-used", {}
    if dash == "extra" and not (ship.admiral and ship.dashes == 1):
        return "dash-extra", {}
    return None


# --- execution ----------------------------------------------------------------------------

def execute(state: NautaState, roller: Roller, unit_: Unit, turn: int, dash: str, when: str) -> None:
    for ship in unit_.ships:
        ship.revealed = True
        roller.log.emit("speed_revealed", ship=ship.id, name=ship.name, speed=ship.written,
                        formation=ship.formation if unit_.formation else None)
    for ship in unit_.ships:
        ship.trail = [(ship.x, ship.y)]
    if when == "before":
        for ship in unit_.ships:
            shoot(state, roller, ship)
    if unit_.formation:
        _move_formation(state, roller, unit_.ships, turn)
    else:
        _move_ship(state, roller, unit_.ships[0], turn, dash)
    if when == "after":
        for ship in unit_.ships:
            shoot(state, roller, ship)
    for ship in unit_.ships:
        ship.moved = True


def _move_ship(state: NautaState, roller: Roller, ship: Ship, turn: int, dash: str) -> None:
    speed = unit_speed(ship)
    if speed == 0:
        roller.log.emit("holds", ship=ship.id, name=ship.name)
        return
    if speed < 0:
        _run(state, roller, ship, -speed, -speed, astern=True)
        return
    bonus = DASH_BONUS.get(dash, 0)
    if bonus:
        ship.dashes += 1
        roller.log.emit("dash", ship=ship.id, name=ship.name, bonus=bonus, extra=dash == "extra",
                        classis=state.rules.classis)
    if turn and not _pivot(state, roller, ship, turn):
        return
    _run(state, roller, ship, speed - pivot_cost(turn) + bonus, speed + bonus, turned=turn)


def _move_formation(state: NautaState, roller: Roller, ships: list[Ship], turn: int) -> None:
    roller.log.emit("formation_moves", ships=[s.id for s in ships], names=", ".join(s.name for s in ships))
    speed = unit_speed(ships[0])
    if speed < 0:
        ordered = sorted(ships, key=lambda s: _ahead(s))  # astern, the rearmost first
        for ship in ordered:
            if ship.afloat and not ship.stopped:
                _run(state, roller, ship, -speed, -speed, astern=True)
        return
    if speed == 0:
        for ship in ships:
            roller.log.emit("holds", ship=ship.id, name=ship.name)
        return
    if turn:
        for ship in ships:
            _pivot(state, roller, ship, turn)
    # The leading ship runs first, so that the others follow in its wake.
    for ship in sorted(ships, key=lambda s: -_ahead(s)):
        if ship.afloat and not ship.stopped:
            _run(state, roller, ship, speed - pivot_cost(turn), speed, turned=turn)


def _ahead(ship: Ship) -> float:
    fx, fy = unit(ship.heading)
    return ship.x * fx + ship.y * fy


def _pivot(state: NautaState, roller: Roller, ship: Ship, turn: int) -> bool:
    """Wheel; False if the ship struck a coast or swung out of the area."""
    lands = land_polygons(state)
    outside = g.outside_zone(state.table.width, state.table.height)
    for pose in g.pivot_poses(pose_of(ship), ship.length, ship.width, turn):
        poly = base_polygon(pose, ship.length, ship.width)
        if any(g.touches(poly, land) for land in lands):
            set_pose(ship, pose)
            wreck(state, roller, ship)
            return False
        if poly.intersects(outside):
            set_pose(ship, pose)
            leave(state, roller, ship)
            return False
        set_pose(ship, pose)
    ship.trail.append((ship.x, ship.y))
    roller.log.emit("pivot", ship=ship.id, name=ship.name, angle=turn, cost=pivot_cost(turn),
                    heading=ship.heading)
    refresh_contacts(state, ship)
    return True


def _run(state: NautaState, roller: Roller, ship: Ship, distance: float, speed: int,
         astern: bool = False, turned: int = 0) -> None:
    """Run straight for ``distance`` segments, stopping at the first contact."""
    start = pose_of(ship)
    obstacles = others(state, ship)
    polys = [base_of(o) for o in obstacles]
    hits = [(g.first_touch(start, ship.length, ship.width, distance, land_polygons(state), astern), 0, "land"),
            (g.first_touch(start, ship.length, ship.width, distance, polys, astern), 1, "ship"),
            (g.exit_travel(start, ship.length, ship.width, distance, state.table.width, state.table.height,
                           astern), 2, "edge")]
    found = sorted((t, rank, what) for t, rank, what in hits if t is not None)
    travel = found[0][0] if found else distance
    set_pose(ship, g.run(start, travel, astern))
    ship.trail.append((ship.x, ship.y))
    roller.log.emit("move", ship=ship.id, name=ship.name, distance=round(travel, 2), astern=astern,
                    x=ship.x, y=ship.y, heading=ship.heading, turned=turned)
    refresh_contacts(state, ship)
    if not found:
        return
    what = found[0][2]
    if what == "land":
        wreck(state, roller, ship)
    elif what == "edge":
        leave(state, roller, ship)
    else:
        _contacts(state, roller, ship, start, obstacles, speed)


def _contacts(state: NautaState, roller: Roller, ship: Ship, start: Pose, obstacles: list[Ship],
              speed: int) -> None:
    """"All movements end when in contact with another ship: in this case, both ships
    turn immediately to zero speed." Each new contact with a ship afloat is a ramming."""
    before_poly = base_polygon(start, ship.length, ship.width)
    now = base_of(ship)
    new = [o for o in obstacles if g.touches(now, base_of(o)) and not g.touches(before_poly, base_of(o))]
    ship.stopped = True
    for other in new:
        contact = add_contact(state, ship, other)
        roller.log.emit("contact", ship=ship.id, name=ship.name, other=other.id, other_name=other.name,
                        rammer=contact.rammer)
        if not other.afloat:
            continue  # a prize or a burning hulk: an obstacle, not a ramming
        if other.side != ship.side:
            if contact.rammer in (None, ship.id):
                ship.rams.append(other.id)
            if contact.rammer in (None, other.id):
                other.rams.append(ship.id)
        if ship.afloat:
            ram(state, roller, ship, other, contact.rammer, speed)
        other.stopped = True  # after the ramming, which compares her speed before the blow
