"""The open table: poses, bases, distances and bearings, the table's edges and land.

Conventions (``docs/architecture.md``, "Table geometry"), shared by every open-table game:

* lengths in inches (or whatever unit the ruleset measures in: nothing here depends
  on it); x to the east, y to the north, origin at the table's bottom-left corner;
* headings in compass degrees, 0 = north, 90 = east, clockwise; a positive angle
  turns to starboard (clockwise), a negative one to port;
* a :class:`Pose` is the centre of the base (where the mainmast stands) and the
  heading; the base is a ``length`` x ``width`` rectangle, long side along the heading.

Moving lives in :mod:`rules.core.tables.courses`, contacts in
:mod:`rules.core.tables.contact` and firing sectors in :mod:`rules.core.tables.sectors`.
Pure functions over shapely geometries; nothing here knows about ships' states.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Literal, Protocol, Sequence

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

TOL = 1e-6  # inches (or degrees): two values closer than this are the same
AREA_TOL = 1e-6  # square inches: overlaps smaller than this are float noise
SNAP = 1e-9  # degrees: headings this close to 360 are 0 (avoids 359.9999999999)

Side = Literal["starboard", "port"]
End = Literal["bow", "stern"]
Point = tuple[float, float]


def normalise(heading: float) -> float:
    """A heading in [0, 360)."""
    h = heading % 360.0
    return 0.0 if h >= 360.0 - SNAP else h


@dataclass(frozen=True, slots=True)
class Pose:
    """Centre of the base (the mainmast point) and compass heading, kept in [0, 360)."""

    x: float
    y: float
    heading: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "heading", normalise(self.heading))

    @property
    def xy(self) -> Point:
        return (self.x, self.y)


def kept_heading(x: float, y: float, heading: float) -> Pose:
    """``Pose(x, y, heading)`` for a heading taken from another pose (so already in
    [0, 360)), without normalising it again: sampling a straight course makes dozens."""
    pose = _new_pose(Pose)
    _set(pose, "x", x)
    _set(pose, "y", y)
    _set(pose, "heading", heading)
    return pose


_new_pose = object.__new__
_set = object.__setattr__


def same_pose(a: Pose, b: Pose, tol: float = TOL) -> bool:
    return (abs(a.x - b.x) <= tol and abs(a.y - b.y) <= tol
            and abs(angle_diff(a.heading, b.heading)) <= tol)


# --- angles and points -------------------------------------------------------------

def unit(heading: float) -> Point:
    """The unit vector pointing along a compass heading."""
    r = math.radians(heading)
    return (math.sin(r), math.cos(r))


def angle_diff(a: float, b: float) -> float:
    """``a - b`` as the smallest signed angle in (-180, 180]: + means a is clockwise of b."""
    d = (a - b) % 360.0
    return d - 360.0 if d > 180.0 else d


def distance(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def bearing(from_xy: Point, to_xy: Point) -> float:
    """Compass bearing from one point to another (0 if they coincide)."""
    return normalise(math.degrees(math.atan2(to_xy[0] - from_xy[0], to_xy[1] - from_xy[1])))


def relative_wind(heading: float, wind_from: float) -> float:
    """Angle in [0, 180] between the bow and where the wind blows from: 0 = head to wind."""
    return abs(angle_diff(wind_from, heading))


# --- the base ----------------------------------------------------------------------

def base_corners(x: float, y: float, heading: float, length: float, width: float) -> list[Point]:
    """Bow-starboard, stern-starboard, stern-port, bow-port corners."""
    r = math.radians(heading)
    s, c = math.sin(r), math.cos(r)
    fx, fy = s * length / 2, c * length / 2  # centre to bow
    rx, ry = c * width / 2, -s * width / 2  # centre to starboard side
    return [(x + fx + rx, y + fy + ry), (x - fx + rx, y - fy + ry),
            (x - fx - rx, y - fy - ry), (x + fx - rx, y + fy - ry)]


def base_polygon(pose: Pose, length: float, width: float) -> Polygon:
    return Polygon(base_corners(pose.x, pose.y, pose.heading, length, width))


def mast_point(pose: Pose, length: float, offset: float = 0.0) -> Point:
    """A point on the keel line, ``offset`` fractions of the length forward of the centre."""
    dx, dy = unit(pose.heading)
    return (pose.x + dx * offset * length, pose.y + dy * offset * length)


def bow_point(pose: Pose, length: float) -> Point:
    """Centre of the front side of the base."""
    return mast_point(pose, length, 0.5)


def stern_point(pose: Pose, length: float) -> Point:
    """Centre of the rear side of the base."""
    return mast_point(pose, length, -0.5)


def side_facing(pose: Pose, point: Point) -> Side:
    """Which broadside faces a point; a point dead ahead or astern counts as starboard."""
    dx, dy = unit(pose.heading)
    across = (point[0] - pose.x) * dy - (point[1] - pose.y) * dx  # along the starboard normal
    return "starboard" if across >= -TOL else "port"


def end_facing(pose: Pose, point: Point) -> End:
    """Which end faces a point: the half-plane ahead of or behind the mainmast's beam line
    (a point exactly abeam counts as the bow)."""
    dx, dy = unit(pose.heading)
    ahead = (point[0] - pose.x) * dx + (point[1] - pose.y) * dy
    return "bow" if ahead >= -TOL else "stern"


# --- the table ---------------------------------------------------------------------

def table_polygon(width: float, height: float) -> Polygon:
    return box(0.0, 0.0, width, height)


def table_edge_zone(width: float, height: float, margin: float = 0.0,
                    pad: float = 1000.0) -> Polygon:
    """Everything off the table, or within ``margin`` of its edge, out to ``pad`` inches: an
    obstacle for contact tests (margin 1 finds where a ship must be "stopped one inch
    from the edge")."""
    outer = box(-pad, -pad, width + pad, height + pad)
    inner = box(margin, margin, width - margin, height - margin)
    return Polygon(outer.exterior.coords, [inner.exterior.coords])


def base_distance_to_edge(poly: BaseGeometry, width: float, height: float) -> float:
    """Distance from a shape to the nearest table edge; <= 0 once it touches or crosses it."""
    minx, miny, maxx, maxy = poly.bounds
    return min(minx, miny, width - maxx, height - maxy)


def outside_table(poly: BaseGeometry, width: float, height: float) -> bool:
    """The shape touches or crosses the table edge (the ship leaves the game)."""
    return base_distance_to_edge(poly, width, height) <= TOL


def distance_to_edge(pose: Pose, width: float, height: float) -> float:
    """Distance from the mainmast to the nearest table edge (negative if off the table)."""
    return min(pose.x, pose.y, width - pose.x, height - pose.y)


def reentry_pose(exit_xy: Point, length: float, width: float, height: float,
                 gap: float) -> Pose:
    """Where a ship comes back on: at the edge nearest its exit point, heading straight in,
    its stern ``gap`` inches inside the edge."""
    x = min(max(exit_xy[0], 0.0), width)
    y = min(max(exit_xy[1], 0.0), height)
    inset = gap + length / 2
    options = [(exit_xy[0], Pose(inset, y, 90.0)),
               (width - exit_xy[0], Pose(width - inset, y, 270.0)),
               (exit_xy[1], Pose(x, inset, 0.0)),
               (height - exit_xy[1], Pose(x, height - inset, 180.0))]
    return min(options, key=lambda o: o[0])[1]


# --- land --------------------------------------------------------------------------

class Area(Protocol):
    """Anything a scenario draws on the table as an outline (an island, a shoal)."""

    @property
    def points(self) -> Sequence[tuple[float, float]]: ...


def land_polygons(areas: Iterable[Area]) -> list[Polygon]:
    """The table's land areas as polygons, in the scenario's order."""
    return [Polygon(area.points) for area in areas]
