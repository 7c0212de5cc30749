"""Contact on the open table: the area a move sweeps, whether two shapes touch, and
where along a move a base first meets an obstacle (another base, land, the table's
edge zone), to within a ten-millionth of an inch.

Same conventions as :mod:`rules.core.tables.open_table`; moves as in
:mod:`rules.core.tables.courses`.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from rules.core.tables.courses import checked_curve, path_poses, pose_at, travels
from rules.core.tables.open_table import AREA_TOL, SNAP, TOL, Pose, angle_diff, base_polygon, unit

# Travel precision of contact_travel: fine enough that the pose it returns is
# within TOL of the obstacle even at the corner of a tight turn.
CONTACT_TRAVEL_TOL = 1e-7


def _base_coords(poses: Sequence[Pose], length: float, width: float,
                 grow: float = 0.0) -> np.ndarray:
    """Corners of all the bases of a path, shape (n, 4, 2), in the order of
    :func:`~rules.core.tables.open_table.base_corners`."""
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
    if abs(angle_diff(b.heading, a.heading)) > SNAP:
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


def contact_travel(pose: Pose, length: float, width: float, rate: float | None, curve: float,
                   distance: float, obstacles: Sequence[BaseGeometry],
                   step: float = 0.25) -> float | None:
    """Inches of travel at which the move first comes into contact with an obstacle
    (same rules as :func:`first_contact`), refined between samples by bisection: at
    that travel (see :func:`~rules.core.tables.courses.pose_at`) the base is within TOL
    of the obstacle without overlapping it (or, for an obstacle touched at the start,
    has just pushed AREA_TOL into it). None if the whole move is clear."""
    curve = checked_curve(rate, curve, distance)
    samples = travels(curve, max(distance, 0.0), step)
    poses = path_poses(pose, length, rate, curve, distance, step)
    index = first_contact(poses, length, width, obstacles)
    if index is None:
        return None
    starts = _start_overlaps(poses, length, width, obstacles)

    def hit(t: float) -> bool:
        q = pose_at(pose, length, rate, curve, t)
        grown = np.array([base_polygon(q, length + 2 * TOL, width + 2 * TOL)])
        exact = np.array([base_polygon(q, length, width)])
        return any(_hits(grown, exact, o, s)[0] for o, s in zip(obstacles, starts))

    lo, hi = samples[index - 1], samples[index]
    while hi - lo > CONTACT_TRAVEL_TOL:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if hit(mid) else (mid, hi)
    return hi
