"""Moving on the open table: straight runs, pivots, and turns along a circle whose
rate a ruleset gives (Cannoni's turning cards, say), sampled into paths that can be
measured and walked back along.

A turn is described by a signed ``rate``, degrees of heading per inch of bow travel
(+ = to starboard), and a ``curve``, the inches of travel on the circle; the rest
of the move's ``distance`` is run straight. ``rate`` None is a straight move.
Same conventions as :mod:`rules.core.tables.open_table`.
"""
from __future__ import annotations

import math
from typing import Literal, Sequence

from rules.core.tables.open_table import (SNAP, TOL, Point, Pose, angle_diff, bow_point, kept_heading, stern_point,
                                          unit)

PivotPoint = Literal["centre", "bow", "stern"]


def straight(pose: Pose, distance: float) -> Pose:
    dx, dy = unit(pose.heading)
    return kept_heading(pose.x + dx * distance, pose.y + dy * distance, pose.heading)


def rotate_about(pose: Pose, px: float, py: float, angle: float) -> Pose:
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
    return rotate_about(pose, px, py, angle)


def checked_curve(rate: float | None, curve: float, distance: float) -> float:
    """The move's curve, validated, with float noise within TOL removed."""
    if distance < -TOL or curve < -TOL or curve > distance + TOL:
        raise ValueError(f"need 0 <= curve <= distance, got curve={curve}, distance={distance}")
    if rate is None:
        if curve > TOL:
            raise ValueError("a curve needs a turning rate")
        return 0.0
    return min(max(curve, 0.0), max(distance, 0.0))


def arc_centre(pose: Pose, length: float, rate: float) -> Point:
    """Centre of the circle the bow follows: R = 180/(pi*rate) abeam of the bow, on the
    side turned to, so that the circle is tangent to the heading at the bow."""
    radius = 180.0 / (math.pi * abs(rate))
    side = 1.0 if rate > 0 else -1.0
    bx, by = bow_point(pose, length)
    r = math.radians(pose.heading)
    return (bx + side * radius * math.cos(r), by - side * radius * math.sin(r))


def pose_at(pose: Pose, length: float, rate: float | None, curve: float, travel: float) -> Pose:
    """Where a move (``curve`` inches on the circle, then straight) has put the ship after
    ``travel`` inches of bow travel. Negative travel extends the path straight astern."""
    if rate is None or curve <= 0.0 or travel <= 0.0:
        return straight(pose, travel)
    cx, cy = arc_centre(pose, length, rate)
    # Bow following a circle with the heading tangent to it is a rigid rotation of
    # the whole base about the circle's centre.
    if travel <= curve:
        return rotate_about(pose, cx, cy, rate * travel)
    return straight(rotate_about(pose, cx, cy, rate * curve), travel - curve)


def travels(curve: float, distance: float, step: float) -> list[float]:
    """Sample distances 0, step, 2*step, ... plus the end of the curve and of the move, so
    that every interval between samples is either all arc or all straight."""
    if step <= 0:
        raise ValueError("step must be positive")
    n = int(math.floor(distance / step + TOL))
    out = [t for t in (k * step for k in range(n + 1))
           if abs(t - curve) > SNAP and abs(t - distance) > SNAP]
    out += (curve, distance)
    out.sort()
    return [t for i, t in enumerate(out) if i == 0 or t - out[i - 1] > SNAP]


def path_poses(pose: Pose, length: float, rate: float | None, curve: float, distance: float,
               step: float = 0.25) -> list[Pose]:
    """Poses along a move from start to end inclusive, every ``step`` inches of bow travel
    and at the end of the curve."""
    curve = checked_curve(rate, curve, distance)
    distance = max(distance, 0.0)
    samples = travels(curve, distance, step)
    if rate is None or curve == 0.0:
        dx, dy, x, y, heading = *unit(pose.heading), pose.x, pose.y, pose.heading
        return [kept_heading(x + dx * t, y + dy * t, heading) for t in samples]
    cx, cy = arc_centre(pose, length, rate)
    turned = rotate_about(pose, cx, cy, rate * curve)
    return [rotate_about(pose, cx, cy, rate * t) if t <= curve else straight(turned, t - curve)
            for t in samples]


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
    centre of the arc (None when straight). On a circle the bow's radius is its distance
    from the arc centre, which is the centre's offset across the keel line, so the
    ship's length is not needed."""
    d = angle_diff(b.heading, a.heading)
    if abs(d) <= SNAP:
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
            return rotate_about(a, centre[0], centre[1], d * t)
        remaining -= length
    return straight(poses[0], -remaining)
