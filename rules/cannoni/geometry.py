"""Geometry of the open table for *Cannoni in batteria!*: poses, bases, turning
cards, pivots, firing sectors, contacts and the table edge.

Conventions (see ``docs/rules/cannoni-geometry.md``):

* lengths in inches; x to the east, y to the north, origin at the table's
  bottom-left corner;
* headings in compass degrees, 0 = north, 90 = east, clockwise; a positive angle
  turns to starboard (clockwise), a negative one to port;
* a :class:`Pose` is the centre of the base (where the mainmast stands) and the
  heading; the base is a ``length`` x ``width`` rectangle, long side along the heading.

Pure functions over shapely geometries; nothing here knows about ships' states.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

TOL = 1e-6  # inches (or degrees): two values closer than this are the same
AREA_TOL = 1e-6  # square inches: overlaps smaller than this are float noise
# Travel precision of contact_travel: fine enough that the pose it returns is
# within TOL of the obstacle even at the corner of a tight A turn.
CONTACT_TRAVEL_TOL = 1e-7
_SNAP = 1e-9  # degrees: headings this close to 360 are 0 (avoids 359.9999999999)

Side = Literal["starboard", "port"]
End = Literal["bow", "stern"]
Template = Literal["A", "B", "C", "D"]
PivotPoint = Literal["centre", "bow", "stern"]
Point = tuple[float, float]

TEMPLATE_RATE: dict[str, float] = {"A": 30.0, "B": 22.5, "C": 15.0, "D": 11.25}
MAX_TURN = 90.0  # no turning card turns the bow more than this


def normalise(heading: float) -> float:
    """A heading in [0, 360)."""
    h = heading % 360.0
    return 0.0 if h >= 360.0 - _SNAP else h


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

def _corners(x: float, y: float, heading: float, length: float, width: float) -> list[Point]:
    """Bow-starboard, stern-starboard, stern-port, bow-port corners."""
    r = math.radians(heading)
    s, c = math.sin(r), math.cos(r)
    fx, fy = s * length / 2, c * length / 2  # centre to bow
    rx, ry = c * width / 2, -s * width / 2  # centre to starboard side
    return [(x + fx + rx, y + fy + ry), (x - fx + rx, y - fy + ry),
            (x - fx - rx, y - fy - ry), (x + fx - rx, y + fy - ry)]


def base_polygon(pose: Pose, length: float, width: float) -> Polygon:
    return Polygon(_corners(pose.x, pose.y, pose.heading, length, width))


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


# --- moving ------------------------------------------------------------------------

def straight(pose: Pose, distance: float) -> Pose:
    dx, dy = unit(pose.heading)
    return Pose(pose.x + dx * distance, pose.y + dy * distance, pose.heading)


def _rotate(pose: Pose, px: float, py: float, angle: float) -> Pose:
    """The pose turned rigidly by ``angle`` compass degrees (clockwise) about (px, py)."""
    r = math.radians(angle)
    s, c = math.sin(r), math.cos(r)
    vx, vy = pose.x - px, pose.y - py
    return Pose(px + vx * c + vy * s, py - vx * s + vy * c, pose.heading + angle)


def pivot(pose: Pose, length: float, angle: float, about: PivotPoint = "centre") -> Pose:
    """Turn in place by a signed angle (+ = to starboard) about the mainmast (forced tack)
    or about the bow or stern centre (a ship swinging at anchor)."""
    if about == "centre":
        return Pose(pose.x, pose.y, pose.heading + angle)
    if about not in ("bow", "stern"):
        raise ValueError(f"unknown pivot point {about!r}")
    px, py = bow_point(pose, length) if about == "bow" else stern_point(pose, length)
    return _rotate(pose, px, py, angle)


def max_curve(template: str) -> float:
    """Inches of curve after which the card has turned the bow by MAX_TURN."""
    return MAX_TURN / TEMPLATE_RATE[template]


def _signed_rate(template: str, direction: str) -> float:
    if template not in TEMPLATE_RATE:
        raise ValueError(f"unknown turning template {template!r}")
    if direction not in ("port", "starboard"):
        raise ValueError(f"turn direction must be 'port' or 'starboard', not {direction!r}")
    rate = TEMPLATE_RATE[template]
    return rate if direction == "starboard" else -rate


def _checked_curve(template: str | None, direction: str | None, curve: float,
                   distance: float) -> float:
    """The order's curve, validated, with float noise within TOL removed."""
    if distance < -TOL or curve < -TOL or curve > distance + TOL:
        raise ValueError(f"need 0 <= curve <= distance, got curve={curve}, distance={distance}")
    if template is None:
        if curve > TOL:
            raise ValueError("a curve needs a turning template")
        return 0.0
    _signed_rate(template, direction or "")
    if curve > max_curve(template) + TOL:
        raise ValueError(f"template {template} turns at most {MAX_TURN:g} degrees "
                         f"({max_curve(template):g} inches of curve), asked {curve}")
    return min(max(curve, 0.0), max_curve(template), max(distance, 0.0))


def _arc_centre(pose: Pose, length: float, signed_rate: float) -> Point:
    """Centre of the circle the bow follows: R = 180/(pi*rate) abeam of the bow, on the
    side turned to, so that the circle is tangent to the heading at the bow."""
    radius = 180.0 / (math.pi * abs(signed_rate))
    side = 1.0 if signed_rate > 0 else -1.0
    bx, by = bow_point(pose, length)
    r = math.radians(pose.heading)
    return (bx + side * radius * math.cos(r), by - side * radius * math.sin(r))


def pose_at(pose: Pose, length: float, template: str | None, direction: str | None,
            curve: float, travel: float) -> Pose:
    """Where an order (``curve`` inches on the card, then straight) has put the ship after
    ``travel`` inches of bow travel. Negative travel extends the path straight astern."""
    if template is None or curve <= 0.0 or travel <= 0.0:
        return straight(pose, travel)
    srate = _signed_rate(template, direction or "")
    cx, cy = _arc_centre(pose, length, srate)
    # Bow following a circle with the heading tangent to it is a rigid rotation of
    # the whole base about the circle's centre.
    if travel <= curve:
        return _rotate(pose, cx, cy, srate * travel)
    return straight(_rotate(pose, cx, cy, srate * curve), travel - curve)


def turn(pose: Pose, length: float, template: str, direction: Side, curve: float,
         distance: float) -> Pose:
    """End pose of a turn ("accostare"): the bow follows the card for ``curve`` inches,
    then the rest of ``distance`` is run straight."""
    curve = _checked_curve(template, direction, curve, distance)
    return pose_at(pose, length, template, direction, curve, distance)


def travel_to_heading(heading: float, template: str, direction: Side,
                      target: float) -> float | None:
    """Inches of curve after which the card brings ``heading`` onto ``target`` (e.g. head to
    wind, where the move must stop), or None if the card never gets there."""
    rate = _signed_rate(template, direction)
    needed = normalise(target - heading) if rate > 0 else normalise(heading - target)
    return needed / abs(rate) if needed <= MAX_TURN + TOL else None


def _travels(curve: float, distance: float, step: float) -> list[float]:
    """Sample distances 0, step, 2*step, ... plus the end of the curve and of the move, so
    that every interval between samples is either all arc or all straight."""
    if step <= 0:
        raise ValueError("step must be positive")
    n = int(math.floor(distance / step + TOL))
    out = [t for t in (k * step for k in range(n + 1))
           if abs(t - curve) > _SNAP and abs(t - distance) > _SNAP]
    out += (curve, distance)
    out.sort()
    return [t for i, t in enumerate(out) if i == 0 or t - out[i - 1] > _SNAP]


def path_poses(pose: Pose, length: float, template: str | None, direction: str | None,
               curve: float, distance: float, step: float = 0.25) -> list[Pose]:
    """Poses along a move from start to end inclusive, every ``step`` inches of bow travel
    and at the end of the curve."""
    curve = _checked_curve(template, direction, curve, distance)
    distance = max(distance, 0.0)
    travels = _travels(curve, distance, step)
    if template is None or curve == 0.0:
        dx, dy = unit(pose.heading)
        return [Pose(pose.x + dx * t, pose.y + dy * t, pose.heading) for t in travels]
    srate = _signed_rate(template, direction or "")
    cx, cy = _arc_centre(pose, length, srate)
    turned = _rotate(pose, cx, cy, srate * curve)
    return [_rotate(pose, cx, cy, srate * t) if t <= curve else straight(turned, t - curve)
            for t in travels]


def _fixed_point(a: Pose, b: Pose, turn_deg: float) -> Point:
    """The point p about which turning ``a`` by ``turn_deg`` gives ``b``. With q = p - a,
    b - a = (I - M) q for the rotation M; solving relative to ``a`` keeps short segments
    far from the origin accurate."""
    r = math.radians(turn_deg)
    s, c = math.sin(r), math.cos(r)
    dx, dy = b.x - a.x, b.y - a.y
    det = (1 - c) ** 2 + s * s
    return (a.x + ((1 - c) * dx + s * dy) / det, a.y + (-s * dx + (1 - c) * dy) / det)


def _segment(a: Pose, b: Pose) -> tuple[float, float, Point | None]:
    """Bow travel between two consecutive path samples, their heading change, and the
    centre of the arc (None when straight). On a card the bow's radius is its distance
    from the arc centre, which is the centre's offset across the keel line, so the
    ship's length is not needed."""
    d = angle_diff(b.heading, a.heading)
    if abs(d) <= _SNAP:
        return math.hypot(b.x - a.x, b.y - a.y), 0.0, None
    px, py = _fixed_point(a, b, d)
    ux, uy = unit(a.heading)
    radius = abs((px - a.x) * uy - (py - a.y) * ux)
    return radius * math.radians(abs(d)), d, (px, py)


def travelled(poses: Sequence[Pose], index: int) -> float:
    """Inches of bow travel from ``poses[0]`` to ``poses[index]`` of a :func:`path_poses` path."""
    return sum(_segment(poses[i - 1], poses[i])[0] for i in range(1, index + 1))


def back_along(poses: Sequence[Pose], index: int, inches: float) -> Pose:
    """The pose ``inches`` of travel before ``poses[index]``, back along the path; past the
    start it continues straight astern of ``poses[0]``."""
    remaining = inches
    for i in range(index, 0, -1):
        if remaining <= 0.0:
            return poses[i]
        length, d, centre = _segment(poses[i - 1], poses[i])
        if remaining < length:
            t = 1.0 - remaining / length
            a, b = poses[i - 1], poses[i]
            if centre is None:
                return Pose(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.heading)
            return _rotate(a, centre[0], centre[1], d * t)
        remaining -= length
    return straight(poses[0], -remaining)


# --- areas and contacts ------------------------------------------------------------

def _base_coords(poses: Sequence[Pose], length: float, width: float,
                 grow: float = 0.0) -> np.ndarray:
    """Corners of all the bases of a path, shape (n, 4, 2), in the order of _corners."""
    arr = np.array([(p.x, p.y, p.heading) for p in poses], dtype=float).reshape(-1, 3)
    r = np.radians(arr[:, 2])
    s, c = np.sin(r), np.cos(r)
    hl, hw = length / 2 + grow, width / 2 + grow
    local = np.array([[hw, hl], [hw, -hl], [-hw, -hl], [-hw, hl]])  # (starboard, ahead)
    axes = np.empty((len(arr), 2, 2))  # rows: starboard and ahead unit vectors
    axes[:, 0, 0], axes[:, 0, 1], axes[:, 1, 0], axes[:, 1, 1] = c, -s, s, c
    return arr[:, None, :2] + local @ axes


def _along_keel(a: Pose, b: Pose) -> bool:
    """``b`` is ``a`` moved straight ahead or astern, without turning."""
    if abs(angle_diff(b.heading, a.heading)) > _SNAP:
        return False
    ux, uy = unit(a.heading)
    return abs((b.x - a.x) * uy - (b.y - a.y) * ux) <= TOL


def swept_area(poses: Sequence[Pose], length: float, width: float) -> BaseGeometry:
    """Union of the sampled bases of a path."""
    coords = _base_coords(poses, length, width)
    pieces, start = [], 0
    for i in range(1, len(poses) + 1):
        if i == len(poses) or not _along_keel(poses[i - 1], poses[i]):
            # The overlapping bases of a straight run union to the hull of its two ends,
            # which spares the costly union most of its input.
            ends = np.concatenate([coords[start], coords[i - 1]])
            pieces.append(shapely.convex_hull(shapely.multipoints(ends)))
            start = i
    return shapely.union_all(pieces)


def touching(a: BaseGeometry, b: BaseGeometry) -> bool:
    """In contact: overlapping, or closer than TOL."""
    return a.intersects(b) or a.distance(b) <= TOL


def _hits(bases_grown: np.ndarray, bases: np.ndarray | None, obstacle: BaseGeometry,
          start_overlap: float | None) -> np.ndarray:
    """Which bases are in contact with one obstacle. An obstacle already touched at the
    start of the move (``start_overlap`` is its overlap then) only counts where the move
    pushes further into it, so a ship lying alongside can sail off or along it."""
    hits = shapely.intersects(bases_grown, obstacle)
    if start_overlap is None or not hits.any():
        return hits
    idx = np.flatnonzero(hits)
    hits[idx] = shapely.area(shapely.intersection(bases[idx], obstacle)) > start_overlap + AREA_TOL
    return hits


def _start_overlaps(poses: Sequence[Pose], length: float, width: float,
                    obstacles: Sequence[BaseGeometry]) -> list[float | None]:
    start_grown = base_polygon(poses[0], length + 2 * TOL, width + 2 * TOL)
    start = base_polygon(poses[0], length, width)
    return [start.intersection(o).area if start_grown.intersects(o) else None for o in obstacles]


def first_contact(poses: Sequence[Pose], length: float, width: float,
                  obstacles: Sequence[BaseGeometry]) -> int | None:
    """Index of the first sampled pose whose base touches or overlaps an obstacle, or None.

    Never 0: an obstacle the base already touches at the start counts only from the
    first sample that pushes further into it. Prepare large obstacles (coastlines)
    once with ``shapely.prepare`` to speed this up.
    """
    if len(poses) < 2 or not obstacles:
        return None
    reach = math.hypot(length, width) / 2 + TOL  # no corner is farther from the centre
    xs, ys = [p.x for p in poses], [p.y for p in poses]
    x0, y0, x1, y1 = min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach
    obs = np.empty(len(obstacles), dtype=object)
    obs[:] = list(obstacles)
    ob = shapely.bounds(obs)
    near = obs[(ob[:, 0] <= x1) & (ob[:, 1] <= y1) & (ob[:, 2] >= x0) & (ob[:, 3] >= y0)]
    if near.size == 0:  # the usual case: nothing anywhere near the path
        return None
    grown = shapely.polygons(_base_coords(poses, length, width, grow=TOL))
    exact: np.ndarray | None = None
    best = len(poses)
    for obstacle in near:
        start_overlap = None
        if shapely.intersects(grown[0], obstacle):
            if exact is None:
                exact = shapely.polygons(_base_coords(poses, length, width))
            start_overlap = shapely.area(shapely.intersection(exact[0], obstacle))
        idx = np.flatnonzero(_hits(grown[1:best], None if exact is None else exact[1:best],
                                   obstacle, start_overlap))
        if idx.size:
            best = int(idx[0]) + 1
    return best if best < len(poses) else None


def contact_travel(pose: Pose, length: float, width: float, template: str | None,
                   direction: str | None, curve: float, distance: float,
                   obstacles: Sequence[BaseGeometry], step: float = 0.25) -> float | None:
    """Inches of travel at which the move first comes into contact with an obstacle
    (same rules as :func:`first_contact`), refined between samples by bisection: at
    that travel (see :func:`pose_at`) the base is within TOL of the obstacle without
    overlapping it (or, for an obstacle touched at the start, has just pushed AREA_TOL
    into it). None if the whole move is clear."""
    curve = _checked_curve(template, direction, curve, distance)
    travels = _travels(curve, max(distance, 0.0), step)
    poses = path_poses(pose, length, template, direction, curve, distance, step)
    index = first_contact(poses, length, width, obstacles)
    if index is None:
        return None
    starts = _start_overlaps(poses, length, width, obstacles)

    def hit(t: float) -> bool:
        q = pose_at(pose, length, template, direction, curve, t)
        grown = np.array([base_polygon(q, length + 2 * TOL, width + 2 * TOL)])
        exact = np.array([base_polygon(q, length, width)])
        return any(_hits(grown, exact, o, s)[0] for o, s in zip(obstacles, starts))

    lo, hi = travels[index - 1], travels[index]
    while hi - lo > CONTACT_TRAVEL_TOL:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if hit(mid) else (mid, hi)
    return hi


# --- firing sectors ----------------------------------------------------------------

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


def fully_in_sector(target_poly: BaseGeometry, sector: BaseGeometry) -> bool:
    """Wholly inside (within TOL). The sector is convex, so it holds the target as soon
    as it holds every vertex of it."""
    if sector.covers(target_poly):
        return True
    if not touching(target_poly, sector):
        return False
    vertices = shapely.points(shapely.get_coordinates(target_poly))
    return bool(shapely.distance(sector, vertices).max() <= TOL)


# --- the table ---------------------------------------------------------------------

def table_polygon(width: float, height: float) -> Polygon:
    return box(0.0, 0.0, width, height)


def table_edge_zone(width: float, height: float, margin: float = 0.0,
                    pad: float = 1000.0) -> Polygon:
    """Everything off the table, or within ``margin`` of its edge, out to ``pad`` inches: an
    obstacle for :func:`first_contact` / :func:`contact_travel` (margin 1 finds where a
    ship must be "stopped one inch from the edge")."""
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
    its stern ``gap`` inches inside the edge (the rules say the drift distance)."""
    x = min(max(exit_xy[0], 0.0), width)
    y = min(max(exit_xy[1], 0.0), height)
    inset = gap + length / 2
    options = [(exit_xy[0], Pose(inset, y, 90.0)),
               (width - exit_xy[0], Pose(width - inset, y, 270.0)),
               (exit_xy[1], Pose(x, inset, 0.0)),
               (height - exit_xy[1], Pose(x, height - inset, 180.0))]
    return min(options, key=lambda o: o[0])[1]
