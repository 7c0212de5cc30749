"""Firing sectors on the open table: the area off one broadside, which shapes lie in
it, and whether land stands in the line of fire.

Same conventions as :mod:`rules.core.tables.open_table`.
"""
from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from rules.core.tables.contact import touching
from rules.core.tables.open_table import TOL, Point, Pose, Side, unit


def sector_polygon(pose: Pose, length: float, width: float, side: Side,
                   reach: float) -> Polygon:
    """The broadside's firing sector: off the whole of that side of the base, between rays
    from the bow and stern corners splayed 45 degrees fore and aft of the beam, cut by a
    line parallel to the side ``reach`` inches out."""
    if side not in ("starboard", "port"):
        raise ValueError(f"side must be 'starboard' or 'port', not {side!r}")
    if reach <= 0:
        raise ValueError("reach must be positive")
    ux, uy = unit(pose.heading)
    sign = 1.0 if side == "starboard" else -1.0
    nx, ny = sign * uy, -sign * ux  # outward normal of the side
    hl, hw = length / 2, width / 2
    bow = (pose.x + ux * hl + nx * hw, pose.y + uy * hl + ny * hw)
    stern = (pose.x - ux * hl + nx * hw, pose.y - uy * hl + ny * hw)
    return Polygon([bow, (bow[0] + reach * (nx + ux), bow[1] + reach * (ny + uy)),
                    (stern[0] + reach * (nx - ux), stern[1] + reach * (ny - uy)), stern])


def in_sector(target_poly: BaseGeometry, sector: BaseGeometry) -> bool:
    """A valid target even if only partly inside (touching the edge counts)."""
    return touching(target_poly, sector)


def touching_sector(polys: Sequence[BaseGeometry], sector: BaseGeometry) -> Sequence[bool]:
    """:func:`in_sector` for many shapes at once, in one vectorised test."""
    if not polys:
        return []
    return shapely.dwithin(np.array(polys, dtype=object), sector, TOL)


def fully_in_sector(target_poly: BaseGeometry, sector: BaseGeometry) -> bool:
    """Wholly inside (within TOL). The sector is convex, so it holds the target as soon
    as it holds every vertex of it."""
    if sector.covers(target_poly):
        return True
    if not touching(target_poly, sector):
        return False
    vertices = shapely.points(shapely.get_coordinates(target_poly))
    return bool(shapely.distance(sector, vertices).max() <= TOL)


def land_in_the_way(lands: Iterable[BaseGeometry], sector: BaseGeometry, origin: Point,
                    nearest: float, eps: float) -> bool:
    """Some land inside the sector lies nearer ``origin`` than ``nearest`` (less ``eps``):
    the gunners see no farther than a headland."""
    here = None  # most tables have no land: no point made for them
    for land in lands:
        cut = land.intersection(sector)
        if cut.is_empty:
            continue
        here = here or ShapelyPoint(origin)
        if cut.distance(here) < nearest - eps:
            return True
    return False
