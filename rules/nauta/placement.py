"""Where the ships lie: poses and bases from the state, the land, the table edge,
and the bookkeeping of which ships touch.
"""
from __future__ import annotations

from shapely.geometry import Polygon

from rules.core.tables import open_table
from rules.core.tables.open_table import Pose, base_polygon
from rules.nauta import geometry as g
from rules.nauta.state import Contact, NautaState, Ship


def pose_of(ship: Ship) -> Pose:
    return Pose(ship.x, ship.y, ship.heading)


def set_pose(ship: Ship, pose: Pose) -> None:
    ship.x, ship.y, ship.heading = round(pose.x, 9), round(pose.y, 9), round(pose.heading, 9) % 360.0


def base_of(ship: Ship, pose: Pose | None = None) -> Polygon:
    return base_polygon(pose or pose_of(ship), ship.length, ship.width)


def dims(ship: Ship) -> tuple[float, float]:
    return ship.length, ship.width


def land_polygons(state: NautaState) -> list[Polygon]:
    return open_table.land_polygons(state.table.land)


def others(state: NautaState, ship: Ship, exclude: set[str] | None = None) -> list[Ship]:
    """Every other base on the table: ships, prizes and burning hulks."""
    skip = {ship.id} | (exclude or set())
    return [s for s in state.ships if s.on_table and s.id not in skip]


def inside_table(state: NautaState, poly: Polygon) -> bool:
    return not poly.intersects(g.outside_zone(state.table.width, state.table.height))


def on_land(state: NautaState, poly: Polygon) -> bool:
    return any(g.touches(poly, land) for land in land_polygons(state))


def touching_now(state: NautaState, ship: Ship) -> list[Ship]:
    poly = base_of(ship)
    return [o for o in others(state, ship) if g.touches(poly, base_of(o))]


def add_contact(state: NautaState, a: Ship, b: Ship) -> Contact:
    """Record a new contact, with whose prow (if either) struck the other's flank."""
    role = g.rammer_of(pose_of(a), dims(a), pose_of(b), dims(b))
    contact = Contact(a=a.id, b=b.id, rammer={"a": a.id, "b": b.id}.get(role or ""))
    state.contacts = [c for c in state.contacts if not (c.has(a.id) and c.has(b.id))] + [contact]
    return contact


def refresh_contacts(state: NautaState, ship: Ship) -> None:
    """Forget the contacts a ship has sailed out of, and any with ships gone."""
    keep = []
    for c in state.contacts:
        a, b = state.ship(c.a), state.ship(c.b)
        if not (a.on_table and b.on_table):
            continue
        if c.has(ship.id) and not g.touches(base_of(a), base_of(b)):
            continue
        keep.append(c)
    state.contacts = keep


def drop_from_table(state: NautaState, ship: Ship) -> None:
    """A ship gone from the table keeps no contact and no boarding."""
    state.contacts = [c for c in state.contacts if not c.has(ship.id)]
    state.engagements = [e for e in state.engagements if not e.has(ship.id)]
