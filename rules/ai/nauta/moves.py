"""Where one galley's move would take her, worked out on the seat's board with the
rules' own geometry: the wheel about the rear corner and its cost, then the straight
run for the rest of the written speed to the first contact, coast or table edge.

Only a straight run is swept: the bases it could touch are found with the convex
hull of its start and end (exact for a translation), and only those are handed to
the rules' exact contact search.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

from shapely.geometry import MultiPoint

from rules.ai.nauta.board import Board, Galley
from rules.core.tables.open_table import Pose, base_polygon
from rules.nauta import geometry as g
from rules.nauta.ships import max_pivot, pivot_cost

# What a move comes to: sails on, touches a ship (a ramming if she is afloat and the
# contact is new), pushes into one she already touched (no ramming), is refused
# (a wheel through another base), or loses the ship (coast, edge).
SAIL, RAM, PUSH, BLOCKED, LAND, EDGE = "sail", "ram", "push", "blocked", "land", "edge"


@dataclass(frozen=True)
class Move:
    speed: int
    turn: int
    dash: str  # "no", "dash" or "extra"
    pose: Pose
    fate: str
    travel: float
    hit: str | None = None  # the ship touched
    rammer: str | None = None  # "us", "them" or None (frontal) for a contact

    @property
    def lost(self) -> bool:
        return self.fate in (LAND, EDGE)


def wheel_angles(ship: Galley, speed: int, step: int = 5) -> list[int]:
    """Wheels the form allows her at ``speed``: none when not rowing ahead, up to her
    Size's limit and within what the speed pays for."""
    if speed <= 0:
        return [0]
    cap = max_pivot(ship.size) if speed >= 2 else 45
    return [a for a in range(-cap, cap + 1, step) if pivot_cost(a) <= speed]


def dash_kinds(ship: Galley, speed: int) -> list[str]:
    if speed <= 0 or not ship.may_dash():
        return ["no"]
    return ["no", "dash" if ship.dashes == 0 else "extra"]


def _swept(a: Pose, b: Pose, ship: Galley):
    pa = base_polygon(a, ship.length, ship.width).exterior.coords[:4]
    pb = base_polygon(b, ship.length, ship.width).exterior.coords[:4]
    return MultiPoint(list(pa) + list(pb)).convex_hull


def _pivot_fate(board: Board, ship: Galley, obstacles: list[Galley], turn: int) -> tuple[Pose, str | None]:
    pose = ship.pose
    near = [o for o in obstacles if math.hypot(o.x - ship.x, o.y - ship.y) <= 2 * (ship.length + o.length)]
    for step in g.pivot_poses(pose, ship.length, ship.width, turn):
        poly = base_polygon(step, ship.length, ship.width)
        if any(g.overlaps(poly, o.poly) for o in near):
            return step, BLOCKED
        if any(g.touches(poly, land) for land in board.land):
            return step, LAND
        if not _inside(board, poly):
            return step, EDGE
        pose = step
    return pose, None


def _inside(board: Board, poly) -> bool:
    minx, miny, maxx, maxy = poly.bounds
    tol = g.EXIT_TOL
    return minx >= -tol and miny >= -tol and maxx <= board.width + tol and maxy <= board.height + tol


def simulate(board: Board, ship: Galley, speed: int, turn: int = 0, dash: str = "no",
             obstacles: list[Galley] | None = None) -> Move:
    """Where the move ends and what it meets, as the engine would resolve it on this board."""
    obstacles = board.obstacles(ship.id) if obstacles is None else obstacles
    if speed == 0:
        return Move(speed, turn, dash, ship.pose, SAIL, 0.0)
    astern = speed < 0
    start = ship.pose
    if turn:
        start, fate = _pivot_fate(board, ship, obstacles, turn)
        if fate is not None:
            return Move(speed, turn, dash, start, fate, 0.0)
    bonus = {"dash": 2, "extra": 1}.get(dash, 0)
    distance = float(abs(speed) - pivot_cost(turn) + bonus)
    if distance <= 0:
        return Move(speed, turn, dash, start, SAIL, 0.0)
    end = g.run(start, distance, astern)
    hull = _swept(start, end, ship)
    found: list[tuple[float, int, str, Galley | None]] = []
    lands = [land for land in board.land if hull.distance(land) <= g.EDGE_TOL]
    t = g.first_touch(start, ship.length, ship.width, distance, lands, astern) if lands else None
    if t is not None:
        found.append((t, 0, LAND, None))
    for other in obstacles:
        if hull.distance(other.poly) > g.EDGE_TOL:
            continue
        t = g.first_touch(start, ship.length, ship.width, distance, [other.poly], astern)
        if t is not None:
            found.append((t, 1, RAM, other))
    t = g.exit_travel(start, ship.length, ship.width, distance, board.width, board.height, astern)
    if t is not None:
        found.append((t, 2, EDGE, None))
    if not found:
        return Move(speed, turn, dash, end, SAIL, distance)
    travel, _, fate, other = min(found, key=lambda f: (f[0], f[1]))
    pose = g.run(start, travel, astern)
    if other is None:
        return Move(speed, turn, dash, pose, fate, travel)
    if other.id in ship.touching and travel <= 1e-6:
        return Move(speed, turn, dash, pose, PUSH, travel, hit=other.id)
    role = g.rammer_of(pose, (ship.length, ship.width), other.pose, (other.length, other.width))
    rammer = {"a": "us", "b": "them"}.get(role or "")
    return Move(speed, turn, dash, pose, RAM if other.afloat else PUSH, travel, hit=other.id, rammer=rammer)


def moves_at(board: Board, ship: Galley, speed: int, step: int = 5,
             obstacles: list[Galley] | None = None) -> Iterable[Move]:
    """Every move the form offers her at a written ``speed``: each wheel, and the dash."""
    obstacles = board.obstacles(ship.id) if obstacles is None else obstacles
    for turn in wheel_angles(ship, speed, step):
        yield simulate(board, ship, speed, turn, "no", obstacles)
    for kind in dash_kinds(ship, speed)[1:]:
        yield simulate(board, ship, speed, 0, kind, obstacles)
