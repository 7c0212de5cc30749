"""How good a place is for one of our ships: the captain's judgement of a position.

A position is worth the broadsides it offers (the expected hits of the shot each
side would have, weighted by how soon the ship can fire it), less the broadsides it
exposes the ship to (weighted by what the enemy may still do this turn, as far as
its public chits tell), plus the approach to the nearest enemy, less the dangers of
the table: the edge (a failed test there loses the ship), the coast, the wind's eye
and other ships' bases. The unit is "hits", so a position can be weighed against
firing now.

Everything is computed for many candidate poses at once with numpy: a captain scores
every move its form allows in well under a millisecond per hundred moves.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely

from rules.ai.cannoni.board import (
    SIDE_SIGN,
    SIDES,
    Board,
    Ship,
    expected_hits,
    frame,
    in_sector_point,
    outside_sectors_point,
    ray_to_edges,
)
from rules.ai.cannoni.moves import in_irons, turning_radius
from rules.core.tables import open_table as g
from rules.cannoni.fire import HULL_RANGE, RAKE_RANGE, RIGGING_MIN_RANGE
from rules.cannoni.logbook import RANGE_BANDS

BANDS = np.array(RANGE_BANDS)
THREAT_REACH = 10.0  # inches a candidate pose may lie from the ship's place (a long move)
MOD_LO, MOD_HI = -20, 30


@dataclass(frozen=True)
class Weights:
    """How much each part of a position counts. Tuned by captain-vs-deckhand duels."""

    shot_next_action: float = 0.85  # a loaded broadside bearing, with an action left this turn
    shot_next_turn: float = 0.35  # ... with no action left this turn
    shot_unloaded: float = 0.35  # an unloaded side bearing, two actions left (load, fire)
    shot_unloaded_late: float = 0.1
    threat: float = 0.75  # enemy broadsides bearing on us
    threat_floor: float = 0.4  # the part of a threat that waits for next turn anyway
    approach: float = 0.06  # per inch beyond the preferred range from the nearest enemy
    preferred_range: float = 3.0
    rake_position: float = 0.35  # ahead or astern of a near enemy, outside her sectors
    edge: float = 2.5  # per inch inside the safe band along the table edge or coast
    edge_band: float = 2.0
    runway: float = 0.8  # per inch of missing sea room ahead to turn away
    irons: float = 2.5
    crowding: float = 1.5
    speed: float = 0.05


CAPTAIN_WEIGHTS = Weights()


def _fire_mod_array(ship: Ship, d: np.ndarray) -> np.ndarray:
    """The log-book's fire modifier at distances d (nan where the guns do not reach)."""
    return _fire_mod_array_table(ship.fire_table, d)


def _fire_mod_array_table(fire_table, d: np.ndarray) -> np.ndarray:
    table = np.array([np.nan if m is None else float(m) for m in fire_table] + [np.nan])
    idx = np.searchsorted(BANDS, d - 1e-9, side="left")
    idx = np.where(np.isfinite(d), np.minimum(idx, len(BANDS)), len(BANDS))
    return table[idx]


@lru_cache(maxsize=None)
def _eh_lut(die: int) -> np.ndarray:
    return np.array([expected_hits(m, die) for m in range(MOD_LO, MOD_HI + 1)])


def _eh_array(mods: np.ndarray, die: int) -> np.ndarray:
    """Expected hits for an array of modifiers (nan: no shot, none)."""
    lut = _eh_lut(die)
    safe = np.nan_to_num(mods, nan=MOD_LO)
    idx = np.clip(np.round(safe).astype(int) - MOD_LO, 0, MOD_HI - MOD_LO)
    return np.where(np.isfinite(mods), lut[idx], 0.0)


@dataclass
class Scores:
    """Parts of the value of N candidate poses."""

    shot: dict[str, np.ndarray]  # per side: value of the shot that side would have
    threat: np.ndarray
    position: np.ndarray
    nearest: np.ndarray  # distance to the nearest able enemy

    def total(self, loaded: dict[str, bool], actions_after: int, w: Weights = CAPTAIN_WEIGHTS) -> np.ndarray:
        value = self.position - self.threat
        for side in SIDES:
            if loaded.get(side):
                k = w.shot_next_action if actions_after >= 1 else w.shot_next_turn
            else:
                k = w.shot_unloaded if actions_after >= 2 else w.shot_unloaded_late
            value = value + k * self.shot[side]
        return value


class Evaluator:
    """Scores poses of ``ship`` on ``board``."""

    def __init__(self, board: Board, ship: Ship, weights: Weights = CAPTAIN_WEIGHTS) -> None:
        self.board, self.ship, self.w = board, ship, weights
        self.others = [o for o in board.afloat() if o.id != ship.id]
        o = self.others
        self.ox = np.array([s.x for s in o], dtype=float)
        self.oy = np.array([s.y for s in o], dtype=float)
        self.oh = np.array([s.heading for s in o], dtype=float)
        self.olen = np.array([s.length for s in o], dtype=float)
        self.owid = np.array([s.width for s in o], dtype=float)
        self.target_ok = np.array([s.side != ship.side and s.targetable for s in o], dtype=bool)
        self.able_enemy = np.array([s.side != ship.side and s.able for s in o], dtype=bool)
        self.class_mod = np.array([1 if s.ship_class > ship.ship_class else -1 if s.ship_class < ship.ship_class
                                   else 0 for s in o], dtype=float)
        self.rig_mod = np.array([(2 if s.sails == "full" else -1 if s.sails == "furled" else 0)
                                 - (s.masts_down if s.sails != "furled" else 0) for s in o], dtype=float)
        self.hull_value = np.array([board.hit_value(s, "hull") for s in o], dtype=float)
        self.rig_value = np.array([board.hit_value(s, "rigging") for s in o], dtype=float)
        self.radius = turning_radius(ship.turning)
        self._threats = self._threat_sources()
        self._battery_threats = [
            (b, self._soon(board.fort_actions_left(board.fort_by_id[b.fort])))
            for b in board.enemy_batteries(ship.side)
            if b.loaded is not None and math.hypot(b.x - ship.x, b.y - ship.y) <= HULL_RANGE + THREAT_REACH]

    def _soon(self, actions_left: float) -> float:
        """How much a threat counts: in full if the enemy has two actions or more left
        this turn, down to the part that waits for next turn if she has none."""
        return self.w.threat_floor + (1 - self.w.threat_floor) * min(1.0, actions_left / 2.0)

    # -- our broadsides --------------------------------------------------------------
    def _shots(self, px: np.ndarray, py: np.ndarray, ph: np.ndarray) -> dict[str, np.ndarray]:
        ship, n = self.ship, len(px)
        out = {side: np.zeros(n) for side in SIDES}
        if not self.others or not self.target_ok.any():
            return out
        along, across = frame(px[:, None], py[:, None], ph[:, None], self.ox[None, :], self.oy[None, :])
        dist = np.hypot(along, across)
        # Seen from each target, where our candidate mainmast stands (for raking).
        t_along, t_across = frame(self.ox[None, :], self.oy[None, :], self.oh[None, :], px[:, None], py[:, None])
        rows = np.arange(n)
        for side in SIDES:
            inside = in_sector_point(along, across, ship.length, ship.width, SIDE_SIGN[side], margin=0.3)
            masked = np.where(inside, dist, np.inf)
            idx = np.argmin(masked, axis=1)
            nd = masked[rows, idx]
            ok = np.isfinite(nd) & self.target_ok[idx] & (nd <= ship.max_range() + 1e-9)
            if not ok.any():
                continue
            base = _fire_mod_array(ship, nd) + self.class_mod[idx] + ship.first_bonus(side) - ship.sections_lost(side)
            if ship.dismasted:
                base = base - 1
            wholly = in_sector_point(along[rows, idx], across[rows, idx], ship.length, ship.width,
                                     SIDE_SIGN[side], margin=-0.9)
            outside = outside_sectors_point(t_along[rows, idx], t_across[rows, idx], self.olen[idx],
                                            self.owid[idx], margin=0.9)
            raking = ok & (nd <= RAKE_RANGE) & wholly & outside
            rake_bonus = np.where(raking, np.where(t_along[rows, idx] >= 0, 3.0, 4.0), 0.0)
            hull = np.where(nd <= HULL_RANGE + 1e-9, _eh_array(base + rake_bonus, self.board.die), 0.0)
            rig = np.where(nd > RIGGING_MIN_RANGE + 1e-9,
                           _eh_array(base + rake_bonus + self.rig_mod[idx], self.board.die), 0.0)
            value = np.maximum(hull * self.hull_value[idx], rig * self.rig_value[idx])
            out[side] = np.where(ok, value, 0.0)
        return out

    # -- enemy broadsides -------------------------------------------------------------
    def _threat_sources(self) -> list[tuple[Ship, str, float, float]]:
        """(enemy, side, weight, distance of the nearest other ship in that sector):
        we are her target only if nearer than that ship."""
        board, ship = self.board, self.ship
        sources = []
        for enemy in board.enemies(ship.side):
            # Beyond hull range of anywhere this ship may sail to, she is no threat.
            if enemy.decimated or math.hypot(enemy.x - ship.x, enemy.y - ship.y) > HULL_RANGE + THREAT_REACH:
                continue
            weight = self._soon(board.actions_left(enemy))
            blockers = [o for o in board.afloat() if o.id not in (enemy.id, ship.id)]
            a = c = None
            if blockers:
                a, c = frame(np.array(enemy.x), np.array(enemy.y), np.array(enemy.heading),
                             np.array([o.x for o in blockers]), np.array([o.y for o in blockers]))
            for side in SIDES:
                # An empty side must be loaded first: a third of the danger.
                k = weight if enemy.loaded[side] else weight * 0.35
                block = math.inf
                if a is not None:
                    inside = in_sector_point(a, c, enemy.length, enemy.width, SIDE_SIGN[side], margin=0.3)
                    if inside.any():
                        block = float(np.hypot(a, c)[inside].min())
                sources.append((enemy, side, k, block))
        return sources

    def _threat(self, px: np.ndarray, py: np.ndarray, ph: np.ndarray) -> np.ndarray:
        ship, total = self.ship, np.zeros(len(px))
        for battery, k in self._battery_threats:
            # A battery's fan is drawn off its face like a broadside off a ship's side.
            q = battery.frame_pose()
            along, across = frame(np.array(q.x), np.array(q.y), np.array(q.heading), px, py)
            inside = in_sector_point(along, across, battery.frontage, battery.inland, 1.0, margin=0.5)
            d = np.hypot(px - battery.x, py - battery.y)
            hit = inside & (d <= HULL_RANGE)
            if hit.any():
                mod = _fire_mod_array_table(battery.fire_table, d)
                total = total + np.where(hit, k * _eh_array(mod, self.board.die) * self.board.hit_value(ship, "hull"), 0.0)
        for enemy, side, k, block in self._threats:
            along, across = frame(np.array(enemy.x), np.array(enemy.y), np.array(enemy.heading), px, py)
            d = np.hypot(along, across)
            inside = in_sector_point(along, across, enemy.length, enemy.width, SIDE_SIGN[side], margin=0.5)
            hit = inside & (d < block) & (d <= HULL_RANGE)
            if not hit.any():
                continue
            mod = _fire_mod_array(enemy, d) + enemy.first_bonus(side) - enemy.sections_lost(side)
            mod = mod + (1 if ship.ship_class > enemy.ship_class else -1 if ship.ship_class < enemy.ship_class else 0)
            # She rakes us if she lies ahead or astern of our candidate pose.
            e_along, e_across = frame(px, py, ph, np.array(enemy.x), np.array(enemy.y))
            raked = (d <= RAKE_RANGE) & outside_sectors_point(e_along, e_across, ship.length, ship.width, margin=0.9)
            mod = mod + np.where(raked, np.where(e_along >= 0, 3.0, 4.0), 0.0)
            total = total + np.where(hit, k * _eh_array(mod, self.board.die) * self.board.hit_value(ship, "hull"), 0.0)
        return self.w.threat * total

    # -- the rest of the position ------------------------------------------------------
    def _position(self, px: np.ndarray, py: np.ndarray, ph: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        w, ship, board = self.w, self.ship, self.board
        value = np.zeros(len(px))
        nearest = np.full(len(px), np.inf)
        if self.others and self.able_enemy.any():
            ex, ey = self.ox[self.able_enemy], self.oy[self.able_enemy]
            d = np.hypot(ex[None, :] - px[:, None], ey[None, :] - py[:, None])
            j = np.argmin(d, axis=1)
            nearest = d[np.arange(len(px)), j]
            value -= w.approach * np.maximum(nearest - w.preferred_range, 0.0)
            # Ahead or astern of the nearest enemy, close: her guns cannot bear, ours may rake.
            enemies = [o for o, ok in zip(self.others, self.able_enemy) if ok]
            eh = np.array([e.heading for e in enemies])[j]
            elen = np.array([e.length for e in enemies])[j]
            ewid = np.array([e.width for e in enemies])[j]
            a, c = frame(ex[j], ey[j], eh, px, py)
            value += np.where((nearest <= RAKE_RANGE + 2) & outside_sectors_point(a, c, elen, ewid, margin=0.9),
                              w.rake_position, 0.0)
        hd = ship.half_diagonal
        # The table edge: a move that touches it needs a test, and a failed one loses her.
        margin = np.minimum.reduce([px, py, board.width - px, board.height - py]) - hd
        value -= w.edge * np.maximum(w.edge_band - margin, 0.0)
        value -= np.where(margin < 0.3, 20.0, 0.0)
        r = np.radians(ph)
        bx, by = px + np.sin(r) * ship.length / 2, py + np.cos(r) * ship.length / 2
        room = ray_to_edges(bx, by, ph, board.width, board.height)
        centres = shapely.points(px, py) if board.land else None
        for land in board.land:
            near = shapely.distance(land, centres) - hd
            value -= w.edge * np.maximum(w.edge_band - near, 0.0)
            value -= np.where(near < 0.3, 20.0, 0.0)
            for k in range(1, 9):  # sea room ahead before the coast
                ahead = shapely.contains_xy(land, bx + np.sin(r) * k, by + np.cos(r) * k)
                room = np.where(ahead & (room > k), k, room)
        value -= w.runway * np.maximum(self.radius + 3.0 - room, 0.0)
        # The wind's eye: a ship in irons cannot move until a tack succeeds.
        irons = np.array([in_irons(h, board.wind) for h in ph], dtype=bool)
        value -= np.where(irons, w.irons, 0.0)
        value += w.speed * np.array([self._speed_at(h) for h in ph])
        if self.others:
            gap = np.hypot(self.ox[None, :] - px[:, None], self.oy[None, :] - py[:, None])
            close = gap < (self.olen[None, :] + ship.length) / 2 + 0.3
            value -= w.crowding * close.sum(axis=1)
        return value, nearest

    def _speed_at(self, heading: float) -> float:
        rel = g.relative_wind(heading, self.board.wind)
        if rel < 45:
            return 0.0
        point = "close_hauled" if rel < 67.5 else "beam_reach" if rel < 112.5 else "broad_reach" if rel < 157.5 else "running"
        sails = "battle" if self.ship.sails == "furled" else self.ship.sails
        return float(self.ship.speeds.get(point, {}).get(sails, {}).get("max", 0.0))

    def scores(self, poses: list[g.Pose]) -> Scores:
        px = np.array([q.x for q in poses], dtype=float)
        py = np.array([q.y for q in poses], dtype=float)
        ph = np.array([q.heading for q in poses], dtype=float)
        position, nearest = self._position(px, py, ph)
        return Scores(shot=self._shots(px, py, ph), threat=self._threat(px, py, ph), position=position,
                      nearest=nearest)
