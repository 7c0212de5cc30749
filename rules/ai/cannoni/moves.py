"""The moves a ship's form allows, where each one ends, and whether its path is clear.

End poses follow the engine's reading of a move (rules.cannoni.movement.plan): a
turn that reaches the wind's eye stops there, and a turn whose straight remainder
would run in irons ends with its curve. Paths are checked against the other bases,
the coast and the table edge with the engine's own contact helper.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from rules.ai.base import number_grid
from rules.ai.cannoni.board import IRONS_LIMIT, Board, Ship
from rules.cannoni import cards
from rules.core.tables import contact
from rules.core.tables import open_table as g
from rules.cannoni.movement import STEP, edge_zone
from rules.core.decisions import ActionSpec, DecisionSpec

EPS = 1e-6
LAND_MARGIN = 0.25


@dataclass(frozen=True)
class MoveOption:
    payload: dict[str, Any]
    end: g.Pose
    template: str | None
    direction: str | None
    curve: float
    distance: float
    head_to_wind: bool


def in_irons(heading: float, wind: float) -> bool:
    return g.relative_wind(heading, wind) < IRONS_LIMIT - EPS


def plan_move(ship: Ship, wind: float, template: str | None, direction: str | None, curve: float,
              distance: float, payload: dict[str, Any]) -> MoveOption:
    start = ship.pose
    head_to_wind = False
    if template is not None and direction is not None and curve > 0:
        rate = cards.TEMPLATE_RATE[template]
        to_wind = g.angle_diff(wind, start.heading)
        if direction == "starboard" and 0 < to_wind <= rate * curve + 1e-9:
            curve = distance = to_wind / rate
            head_to_wind = True
        elif direction == "port" and 0 < -to_wind <= rate * curve + 1e-9:
            curve = distance = -to_wind / rate
            head_to_wind = True
        elif distance > curve:
            turned = start.heading + (rate if direction == "starboard" else -rate) * curve
            if in_irons(turned, wind):
                distance, head_to_wind = curve, True
    if curve <= 0:
        template, direction, curve = None, None, 0.0
    end = cards.pose_at(start, ship.length, template, direction, curve, distance)
    return MoveOption(payload=payload, end=end, template=template, direction=direction, curve=curve,
                      distance=distance, head_to_wind=head_to_wind)


def end_pose(ship: Ship, wind: float, payload: dict[str, Any]) -> g.Pose | None:
    """Where a move or turn order takes the ship, if nothing stops it."""
    try:
        if payload.get("action") == "move":
            return plan_move(ship, wind, None, None, 0.0, float(payload["distance"]), payload).end
        if payload.get("action") == "turn":
            return plan_move(ship, wind, payload["template"], payload["direction"], float(payload["curve"]),
                             float(payload["distance"]), payload).end
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _templates(action: ActionSpec) -> list[str]:
    param = action.param("template")
    values = [str(v) for v in param.values()] if param else []
    # The tightest card turns most within a short move; the gentlest one reaches
    # positions farther along a wide arc. The cards between add little.
    return list(dict.fromkeys(values[:1] + values[-1:]))


def move_options(ship: Ship, spec: DecisionSpec, wind: float) -> list[MoveOption]:
    """Every distinct move the form offers (straight moves, turns on the tightest and
    the gentlest card at every curve and distance of the grid)."""
    out: list[MoveOption] = []
    seen: set[tuple[int, int, int]] = set()

    def add(option: MoveOption) -> None:
        key = (round(option.end.x * 20), round(option.end.y * 20), round(option.end.heading * 2))
        if key not in seen:
            seen.add(key)
            out.append(option)

    move = spec.action("move")
    if move is not None and move.param("distance") is not None:
        for d in number_grid(move.param("distance")):
            add(plan_move(ship, wind, None, None, 0.0, float(d), {"action": "move", "distance": d}))
    turn = spec.action("turn")
    if turn is not None and all(turn.param(n) is not None for n in ("template", "direction", "curve", "distance")):
        curves = number_grid(turn.param("curve"))
        distances = number_grid(turn.param("distance"))
        directions = [str(v) for v in turn.param("direction").values()]
        templates = _templates(turn)
        for t_index, template in enumerate(templates):
            cap = cards.max_curve(template)
            for direction in directions:
                for c in curves:
                    if c > cap + 1e-9:
                        continue
                    for d in distances:
                        if c > d + 1e-9:
                            continue
                        # On the gentle card only whole arcs and arcs run out straight
                        # by the longest distance: the rest repeats the tight card.
                        if t_index > 0 and not (abs(c - d) < 1e-9 or d == distances[-1]):
                            continue
                        payload = {"action": "turn", "template": template, "direction": direction,
                                   "curve": c, "distance": d}
                        add(plan_move(ship, wind, template, direction, float(c), float(d), payload))
    return out


def path_clear(board: Board, ship: Ship, option: MoveOption, obstacles: list | None = None,
               edge: bool = True) -> bool:
    """No obstacle (by default: every other base, the coast) and, with ``edge``, no
    table edge anywhere along the move, by the engine's own contact helper."""
    if option.distance <= 0:
        return True
    poses = cards.path_poses(ship.pose, ship.length, option.template, option.direction, option.curve,
                         option.distance, step=STEP)
    if obstacles is None:
        obstacles = [o.base() for o in board.afloat() if o.id != ship.id] + board.ghosts + board.land
    obstacles = list(obstacles)
    reach = ship.half_diagonal + 1e-6
    xs, ys = [q.x for q in poses], [q.y for q in poses]
    if edge and (min(xs) - reach <= 0 or min(ys) - reach <= 0 or max(xs) + reach >= board.width
                 or max(ys) + reach >= board.height):
        obstacles.append(edge_zone(board.width, board.height))
    if not obstacles:
        return True
    return contact.first_contact(poses, ship.length, ship.width, obstacles) is None


def _corners(x: np.ndarray, y: np.ndarray, heading: np.ndarray, length: float, width: float) -> np.ndarray:
    """Base corners (..., 4, 2) in the order of rules.core.tables.open_table (bow-starboard,
    stern-starboard, stern-port, bow-port)."""
    r = np.radians(heading)
    sn, cs = np.sin(r), np.cos(r)
    fx, fy = sn * length / 2, cs * length / 2
    rx, ry = cs * width / 2, -sn * width / 2
    xs = np.stack([x + fx + rx, x - fx + rx, x - fx - rx, x + fx - rx], axis=-1)
    ys = np.stack([y + fy + ry, y - fy + ry, y - fy - ry, y + fy - ry], axis=-1)
    return np.stack([xs, ys], axis=-1)


def _axes(heading: np.ndarray) -> np.ndarray:
    """The two edge normals of a base (..., 2, 2): along the keel and abeam."""
    r = np.radians(heading)
    sn, cs = np.sin(r), np.cos(r)
    return np.stack([np.stack([sn, cs], axis=-1), np.stack([cs, -sn], axis=-1)], axis=-2)


class PathChecker:
    """Whether the paths of many moves are clear, all at once.

    Every move is sampled where the engine samples it (every STEP inches of bow
    travel, and at the end of the curve and of the move), and each sampled base is
    tested against the nearby bases with the separating-axis test and against the
    table edge by its corners, in numpy. Bases already touching ours at the start
    (the engine then counts only pushing further into them) are left to the exact
    shapely check, made lazily for the moves actually asked about. The coast is kept
    at a quarter inch from the corners and side midpoints of every sampled base: a
    running aground is no illegal order, only one to avoid, so a close reading does.
    """

    def __init__(self, board: Board, ship: Ship, options: list[MoveOption]) -> None:
        self.board, self.ship, self.options = board, ship, options
        self.blocked = np.zeros(len(options), dtype=bool)
        self.exact: list = []
        if not options:
            return
        dmax = max(o.distance for o in options)
        start = ship.pose
        near: list[np.ndarray] = []
        start_base = ship.base()
        for other in board.afloat():
            if other.id == ship.id:
                continue
            if math.hypot(other.x - ship.x, other.y - ship.y) > dmax + ship.half_diagonal + other.half_diagonal + 0.5:
                continue
            if contact.touching(start_base, other.base()):
                self.exact.append(other.base())
            else:
                near.append(_corners(np.array(other.x), np.array(other.y), np.array(other.heading),
                                     other.length, other.width))
        for ghost in board.ghosts:
            if contact.touching(start_base, ghost):
                self.exact.append(ghost)
            else:
                near.append(np.array(ghost.exterior.coords[:4]))
        # Sample travels: a common grid plus each move's end of curve and end.
        grid = np.arange(0.0, dmax + 1e-9, STEP)[None, :]
        curve = np.array([o.curve for o in options])[:, None]
        dist = np.array([o.distance for o in options])[:, None]
        travel = np.concatenate([np.broadcast_to(grid, (len(options), grid.shape[1])), curve, dist], axis=1)
        valid = (travel <= dist + 1e-9) & (travel > 1e-9)
        travel = np.minimum(travel, dist)
        rate = np.array([0.0 if o.template is None else
                         cards.TEMPLATE_RATE[o.template] * (1 if o.direction == "starboard" else -1) for o in options])[:, None]
        angle = rate * np.minimum(travel, curve)
        run = np.maximum(travel - curve, 0.0)
        # The bow follows a circle tangent to the heading: the base turns rigidly
        # about that circle's centre (rules.core.tables.courses.pose_at).
        h0 = math.radians(start.heading)
        bx, by = start.x + math.sin(h0) * ship.length / 2, start.y + math.cos(h0) * ship.length / 2
        with np.errstate(divide="ignore", invalid="ignore"):
            radius = np.where(rate != 0, 180.0 / (math.pi * np.abs(rate)), 0.0)
        side = np.sign(rate)
        cx, cy = bx + side * radius * math.cos(h0), by - side * radius * math.sin(h0)
        a = np.radians(angle)
        sa, ca = np.sin(a), np.cos(a)
        vx, vy = start.x - cx, start.y - cy
        px, py = cx + vx * ca + vy * sa, cy - vx * sa + vy * ca
        heading = start.heading + angle
        hr = np.radians(heading)
        px, py = px + np.sin(hr) * run, py + np.cos(hr) * run
        corners = _corners(px, py, heading, ship.length, ship.width)  # (N, K, 4, 2)
        tol = g.TOL
        # The table edge: a base touches it as soon as a corner reaches it.
        cxs, cys = corners[..., 0], corners[..., 1]
        out = ((cxs <= tol) | (cys <= tol) | (cxs >= board.width - tol) | (cys >= board.height - tol)).any(axis=-1)
        self.edge = (out & valid).any(axis=1)
        if board.land:
            mids = (corners + np.roll(corners, -1, axis=2)) / 2
            points = np.concatenate([corners, mids], axis=2)  # (N, K, 8, 2)
            for land in board.land:
                ashore = shapely.contains_xy(grown_land(land), points[..., 0], points[..., 1])
                self.blocked |= (ashore.any(axis=-1) & valid).any(axis=1)
        if near:
            obs = np.stack(near)  # (M, 4, 2)
            # Only pairs whose centres are within both half-diagonals can touch.
            centres = corners.mean(axis=2)  # (N, K, 2)
            obs_centres = obs.mean(axis=1)  # (M, 2)
            obs_reach = np.linalg.norm(obs[:, 0] - obs_centres, axis=-1)
            gap = np.linalg.norm(centres[:, :, None, :] - obs_centres[None, None], axis=-1)
            close = (gap <= obs_reach[None, None] + ship.half_diagonal + 1e-3) & valid[:, :, None]
            n, k, m = np.nonzero(close)
            if n.size:
                a, b = corners[n, k], obs[m]  # (P, 4, 2)
                axes = np.concatenate([_axes(heading[n, k]), np.stack([_axes_of(o) for o in obs])[m]], axis=1)
                pa = np.einsum("pcd,pad->pac", a, axes)  # (P, 4 axes, 4 corners)
                pb = np.einsum("pcd,pad->pac", b, axes)
                apart = ((pa.max(-1) < pb.min(-1) - tol) | (pb.max(-1) < pa.min(-1) - tol)).any(-1)
                hits = np.zeros(len(options), dtype=bool)
                np.logical_or.at(hits, n, ~apart)
                self.blocked |= hits
        self.blocked |= self.edge

    def clear(self, index: int) -> bool:
        if self.blocked[index]:
            return False
        return not self.exact or path_clear(self.board, self.ship, self.options[index], self.exact, edge=False)


def grown_land(land) -> Polygon:
    """The coast grown by LAND_MARGIN, prepared: a point within the margin of the coast
    is then simply inside it (a table's coasts never change, so they are kept)."""
    return _grown(tuple(land.exterior.coords))


@lru_cache(maxsize=256)
def _grown(coords: tuple[tuple[float, float], ...]) -> Polygon:
    grown = Polygon(coords).buffer(LAND_MARGIN)
    shapely.prepare(grown)
    return grown


def _axes_of(corners: np.ndarray) -> np.ndarray:
    """Unit normals of a rectangle's two edge directions, from its corners."""
    e1 = corners[1] - corners[0]
    e2 = corners[3] - corners[0]
    return np.stack([e1 / np.linalg.norm(e1), e2 / np.linalg.norm(e2)])


def turning_radius(ship_turning_card: str) -> float:
    return 180.0 / (math.pi * cards.TEMPLATE_RATE[ship_turning_card])
