"""Step 11, drift (*Deriva*): ships fouled together (or, later, grappled) drift
downwind as one, by the smallest drift of the group. A ship at anchor or aground
holds its whole group ("Le navi all'ancora ... non vanno alla deriva")."""
from __future__ import annotations

from rules.core.tables import contact, courses
from rules.core.tables import open_table as g
from rules.cannoni.depth import shoals_for
from rules.cannoni.fire import base, land_polygons
from rules.cannoni.movement import edge_zone
from rules.cannoni.sailing import drift_distance
from rules.cannoni.seamanship import manoeuvre_test
from rules.cannoni.state import CannoniState, ShipState
from rules.core.dice import Roller

STEP = 0.25
EDGE_STOP = 1.0


def links(state: CannoniState, ship: ShipState) -> list[str]:
    return ship.fouled_with + [x for g_ in state.grapples for x in (g_.attacker, g_.defender)
                               if ship.id in (g_.attacker, g_.defender) and x != ship.id]


def groups(state: CannoniState) -> list[list[ShipState]]:
    """Ships bound together (fouled or grappled), each group once, in initiative order."""
    by_id = {s.id: s for s in state.afloat()}
    seen: set[str] = set()
    out = []
    order = [sid for sid in state.initiative if sid in by_id] + [s for s in by_id if s not in state.initiative]
    for sid in order:
        if sid in seen or not links(state, by_id[sid]):
            continue
        group, todo = [], [sid]
        while todo:
            cur = todo.pop()
            if cur in seen or cur not in by_id:
                continue
            seen.add(cur)
            group.append(by_id[cur])
            todo.extend(links(state, by_id[cur]))
        out.append(group)
    return out


def _poses(ship: ShipState, dx: float, dy: float, distance: float) -> list[g.Pose]:
    n = max(int(distance / STEP), 1)
    return [g.Pose(x=ship.x + dx * distance * i / n, y=ship.y + dy * distance * i / n, heading=ship.heading)
            for i in range(n + 1)]


def drift(state: CannoniState, roller: Roller) -> None:
    for group in groups(state):
        if any(s.anchor is not None or s.aground for s in group):
            continue
        distance = min(drift_distance(s) for s in group)
        if distance <= 0:
            continue
        dx, dy = g.unit(state.wind_degrees() + 180.0)
        ids = {s.id for s in group}
        others = [base(o) for o in state.afloat() if o.id not in ids] + land_polygons(state)
        travel, edge_ship = distance, None
        for ship in group:
            poses = _poses(ship, dx, dy, distance)
            length, width = ship.log.base_length, ship.log.base_width
            # Shallows too shallow for her stop her as the coast does.
            near = others + shoals_for(state, ship)
            hit = contact.first_contact(poses, length, width, near) if near else None
            if hit is not None:
                travel = min(travel, courses.travelled(poses, hit - 1))
            at_edge = contact.first_contact(poses, length, width, [edge_zone(state.table.width, state.table.height)])
            if at_edge is not None and courses.travelled(poses, at_edge) <= travel:
                travel, edge_ship = courses.travelled(poses, at_edge), ship
        if edge_ship is not None and not manoeuvre_test(state, edge_ship, roller, "stay on the table", []):
            for ship in group:
                ship.exit_xy = (ship.x + dx * travel, ship.y + dy * travel)
                ship.status = "off_table"
                roller.log.emit("left_table", ship=ship.id, name=ship.name)
            continue
        if edge_ship is not None:
            travel = max(travel - EDGE_STOP, 0.0)
        for ship in group:
            ship.x, ship.y = round(ship.x + dx * travel, 6), round(ship.y + dy * travel, 6)
            ship.trail.append((ship.x, ship.y))
        roller.log.emit("drift", ships=", ".join(s.name for s in group), distance=round(travel, 2))

