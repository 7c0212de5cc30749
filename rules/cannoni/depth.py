"""Draught and depth (*Pescaggio e profondità*, optional rule, option ``depth``).

"Ogni nave può navigare in una zona di mare che abbia una profondità pari o superiore
al proprio pescaggio ... Quando una nave arriva a contatto con una zona dalla
profondità inferiore al proprio pescaggio potrebbe incagliarsi: applicare le regole
base *Linee di costa*." So, for each ship, the zones shallower than her draught are
coast: the move stops at contact, a manoeuvre test decides between backing off one inch
and running aground, and refloating moves her an inch clear of them. The optional
modifier to refloat is "una penalità alla differenza tra la profondità della zona in
cui si è incagliata e il pescaggio della nave".
"""
from __future__ import annotations

from functools import lru_cache

from shapely.geometry import Polygon

from rules.core.tables import contact
from rules.core.tables import open_table as g
from rules.cannoni.state import CannoniState, DepthZone, ShipState


@lru_cache(maxsize=256)
def _polygon(points: tuple[tuple[float, float], ...]) -> Polygon:
    return Polygon(points)


def zone_polygon(zone: DepthZone) -> Polygon:
    return _polygon(tuple(tuple(p) for p in zone.points))


def too_shallow(state: CannoniState, ship: ShipState) -> list[DepthZone]:
    """The zones this ship may not sail into; none unless the rule is in play."""
    if not state.options.depth:
        return []
    return [z for z in state.table.depth if z.depth < ship.log.draught]


def shoals_for(state: CannoniState, ship: ShipState) -> list[Polygon]:
    """The shallows that are coast for this ship."""
    return [zone_polygon(z) for z in too_shallow(state, ship)]


def refloat_penalty(state: CannoniState, ship: ShipState) -> list[tuple[str, int]]:
    """The modifier to refloat a ship aground on shallows: minus the difference between
    her draught and the depth of the shallowest zone too shallow for her that her base
    touches. A ship aground on the coast itself (land has no depth) has none."""
    under = [z.depth for z in too_shallow(state, ship)
             if contact.touching(zone_polygon(z), g.base_polygon(g.Pose(ship.x, ship.y, ship.heading),
                                                           ship.log.base_length, ship.log.base_width))]
    if not under:
        return []
    return [("shallows: depth below the draught", min(under) - ship.log.draught)]
