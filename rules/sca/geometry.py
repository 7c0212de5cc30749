"""Where a ship's base, hull and masts stand on the table (millimetres).

"Ogni misurazione è effettuata a partire dal lato dalle basi delle navi per quanto
riguarda il movimento e le collisioni, dall'albero più vicino all'albero più vicino
per il fuoco e i danni conseguenti ad una esplosione. Solo per decidere se una nave è
entro il settore di tiro si considera lo scafo."
"""
from __future__ import annotations

import math

from shapely.geometry import Polygon

from rules.core.tables.open_table import Pose, base_polygon
from rules.sca.wind import degrees

# The masts stand on the keel line: fore and mizzen 30 % of the base's length from the
# mainmast; a one-masted vessel has only the mainmast. The hull fills 85 % of the base's
# length and 50 % of its width (the rulebook gives no figure: see docs/rules/sca.md).
MAST_OFFSETS = {3: (-0.3, 0.0, 0.3), 2: (-0.2, 0.2), 1: (0.0,), 0: (0.0,)}
HULL_LENGTH, HULL_WIDTH = 0.85, 0.5


def pose(ship) -> Pose:
    return Pose(ship.x, ship.y, degrees(ship.heading))


def base(ship) -> Polygon:
    return base_polygon(pose(ship), ship.length, ship.width)


def hull(ship) -> Polygon:
    if ship.fixed:
        return base(ship)
    return base_polygon(pose(ship), ship.length * HULL_LENGTH, ship.width * HULL_WIDTH)


def masts(ship) -> list[tuple[float, float]]:
    r = math.radians(degrees(ship.heading))
    dx, dy = math.sin(r) * ship.length, math.cos(r) * ship.length
    return [(ship.x + dx * o, ship.y + dy * o) for o in MAST_OFFSETS[min(ship.masts, 3)]]


def mast_distance(a, b, cache: dict | None = None) -> float:
    """From the nearest mast to the nearest mast. ``cache`` keeps the masts' places while
    nothing moves (one part's fire)."""
    if cache is None:
        ma, mb = masts(a), masts(b)
    else:
        ma = cache.get(("masts", a.id)) or cache.setdefault(("masts", a.id), masts(a))
        mb = cache.get(("masts", b.id)) or cache.setdefault(("masts", b.id), masts(b))
    return min(math.hypot(p[0] - q[0], p[1] - q[1]) for p in ma for q in mb)
