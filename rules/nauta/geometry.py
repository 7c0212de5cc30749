"""Geometry of the galleys' table: bases, the pivot on the rear corner, straight runs
ahead and astern to the first contact, which edges touch in a ramming, the forward
arc of the balistae and lines of sight.

Built on the open table of :mod:`rules.core.tables` (poses, bases, contact travel), in segments:
x east, y north, compass headings (0 = north, clockwise), a positive pivot turns to
starboard.
"""
from __future__ import annotations

import math
from typing import Sequence

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from rules.core.tables.contact import contact_travel
from rules.core.tables.courses import rotate_about, straight
from rules.core.tables.open_table import AREA_TOL, Pose, base_polygon, table_edge_zone, unit

EDGE_TOL = 1e-5  # segments: edges this close are touching
PIVOT_STEP = 5.0  # degrees between the poses checked along a pivot
# A base that crosses the table edge by more than this has left the playing area.
EXIT_TOL = 1e-4


def rear_corner(pose: Pose, length: float, width: float, starboard: bool) -> tuple[float, float]:
    fx, fy = unit(pose.heading)
    sx, sy = fy, -fx  # the starboard normal
    sign = 1.0 if starboard else -1.0
    return (pose.x - fx * length / 2 + sign * sx * width / 2,
            pose.y - fy * length / 2 + sign * sy * width / 2)


def pivot(pose: Pose, length: float, width: float, angle: float) -> Pose:
    """Wheel about the rear corner on the side turned to: the ruler is laid against
    that corner at the angle and the ship aligned along it (§9's figure)."""
    if angle == 0:
        return pose
    px, py = rear_corner(pose, length, width, angle > 0)
    return rotate_about(pose, px, py, angle)


def pivot_poses(pose: Pose, length: float, width: float, angle: float) -> list[Pose]:
    """Poses along a pivot, every PIVOT_STEP degrees and at its end (start excluded)."""
    n = max(1, math.ceil(abs(angle) / PIVOT_STEP))
    return [pivot(pose, length, width, angle * k / n) for k in range(1, n + 1)]


def reverse(pose: Pose) -> Pose:
    """The same base facing the other way: running it ahead runs the ship astern."""
    return Pose(pose.x, pose.y, pose.heading + 180.0)


def run(pose: Pose, distance: float, astern: bool = False) -> Pose:
    return straight(pose, -distance if astern else distance)


def first_touch(pose: Pose, length: float, width: float, distance: float,
                obstacles: Sequence[BaseGeometry], astern: bool = False) -> float | None:
    """Segments run straight (ahead or astern) before touching an obstacle, or None.
    An obstacle already touched at the start stops the run only if pushed into."""
    if distance <= 0 or not obstacles:
        return None
    start = reverse(pose) if astern else pose
    return contact_travel(start, length, width, None, 0.0, distance, list(obstacles))


def exit_travel(pose: Pose, length: float, width: float, distance: float, table_w: float,
                table_h: float, astern: bool = False) -> float | None:
    """Segments run straight before the base crosses the table edge (by EXIT_TOL),
    or None: each corner moves along a line, so the crossing is found exactly."""
    if distance <= 0:
        return None
    dx, dy = unit(pose.heading)
    if astern:
        dx, dy = -dx, -dy
    best: float | None = None
    for cx, cy in base_polygon(pose, length, width).exterior.coords[:4]:
        for c, d, hi in ((cx, dx, table_w), (cy, dy, table_h)):
            if d < -1e-12:
                t = (c + EXIT_TOL) / -d
            elif d > 1e-12:
                t = (hi + EXIT_TOL - c) / d
            else:
                continue
            if 0 <= t <= distance and (best is None or t < best):
                best = t
    return best


def outside_zone(width: float, height: float) -> Polygon:
    """Everything beyond the table edge (a little beyond, for float noise)."""
    return table_edge_zone(width, height, margin=-EXIT_TOL)


def overlaps(a: BaseGeometry, b: BaseGeometry) -> bool:
    return a.intersection(b).area > AREA_TOL


def touches(a: BaseGeometry, b: BaseGeometry) -> bool:
    return a.distance(b) <= EDGE_TOL


# --- ramming ------------------------------------------------------------------------

def edges(pose: Pose, length: float, width: float) -> dict[str, LineString]:
    """The four edges of a base: front, rear, starboard, port (corners in each)."""
    bs, ss, sp, bp = base_polygon(pose, length, width).exterior.coords[:4]
    return {"front": LineString([bs, bp]), "rear": LineString([ss, sp]),
            "starboard": LineString([bs, ss]), "port": LineString([sp, bp])}


def _prow_on_flank(front: LineString, other: dict[str, LineString]) -> bool:
    """A front edge touches the other base's side or rear, not its front."""
    if front.distance(other["front"]) <= EDGE_TOL:
        return False
    return any(front.distance(other[e]) <= EDGE_TOL for e in ("starboard", "port", "rear"))


def rammer_of(a_pose: Pose, a_dims: tuple[float, float], b_pose: Pose,
              b_dims: tuple[float, float]) -> str | None:
    """"a" or "b" for the ship whose front edge (corners included) touches the other's
    side or rear; None for a frontal ramming ("in other cases ramming is frontal")."""
    ea, eb = edges(a_pose, *a_dims), edges(b_pose, *b_dims)
    a_rams = _prow_on_flank(ea["front"], eb)
    b_rams = _prow_on_flank(eb["front"], ea)
    if a_rams == b_rams:  # prow to prow, both prows on flanks, or no prow at all
        return None
    return "a" if a_rams else "b"


# --- shooting -----------------------------------------------------------------------

def bow_point(pose: Pose, length: float) -> tuple[float, float]:
    fx, fy = unit(pose.heading)
    return (pose.x + fx * length / 2, pose.y + fy * length / 2)


def forward_arc(pose: Pose, length: float, reach: float, half_angle: float = 45.0) -> Polygon:
    """The arc of +/- half_angle ahead of the bow, ``reach`` segments deep."""
    bx, by = bow_point(pose, length)
    steps = 18
    points = [(bx, by)]
    for k in range(steps + 1):
        h = pose.heading - half_angle + 2 * half_angle * k / steps
        ux, uy = unit(h)
        # The chord between rays falls short of the circle by r(1 - cos(step/2)): pad it.
        r = reach / math.cos(math.radians(half_angle / steps))
        points.append((bx + ux * r, by + uy * r))
    return Polygon(points).intersection(Point(bx, by).buffer(reach, quad_segs=32))


def clear_line(p: tuple[float, float], q: tuple[float, float],
               blockers: Sequence[BaseGeometry]) -> bool:
    """No other base lies across the line (touching it counts as across)."""
    if not blockers:
        return True
    line = LineString([p, q]) if p != q else Point(p)
    return not any(line.intersects(b) for b in blockers)


def nearest(a: BaseGeometry, b: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    pa, pb = nearest_points(a, b)
    return (pa.x, pa.y), (pb.x, pb.y)
