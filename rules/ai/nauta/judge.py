"""Judging where a move leaves a galley, in points of the ships at stake.

A move that touches a ship is judged by the ramming it starts (the exact odds of the
dice, rules/ai/nauta/odds.py) and the fight aboard that may follow in the boarding
phase. Wherever she ends, her place is then judged by:

* **the rams and boardings she lies open to**: each enemy whose prow can reach her —
  this move if that enemy has not yet rowed this turn, else next turn — with what the
  blow would cost (a prow on her side or stern is a lateral ramming: only the rammer
  can win), and the fight aboard if that enemy is the stronger; in full for a galley
  whose loss would lose the battle, lightly for the others (``Weights.guard``);
* **closing**: the distance to the nearest enemy (and a little to the enemy admiral);
* **sea room**: the table edge and the coast, which lose the ship.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Point

from rules.ai.nauta.board import Board, Galley
from rules.ai.nauta.moves import BLOCKED, RAM, Move
from rules.ai.nauta.odds import Ram, fight_value, grapple_chance, ram_value
from rules.core.tables.open_table import Pose, angle_diff, base_polygon, bearing, unit
from rules.nauta import geometry as g
from rules.nauta.ships import max_pivot

# A prow within this angle of the other's bow meets her prow: a frontal ramming.
FRONTAL_ARC = 30.0


@dataclass(frozen=True)
class Weights:
    threat_now: float = 0.55  # an enemy still to row this turn takes a good ramming this often
    threat_next: float = 0.3  # ... and next turn, when we shall row too
    # The rams a galley lies open to count this share for her, in full for a galley whose
    # loss would lose the battle. Measured: a captain that shies from every enemy prow
    # lets the enemy strike first and loses to one that rows straight in (docs/ai.md).
    guard: float = 0.15
    approach: float = 0.9  # points a segment of distance to the nearest enemy
    admiral_pull: float = 0.25  # more, a segment, toward the enemy admiral's ship
    edge_room: float = 3.0  # segments of sea room wanted between her and the edge or coast
    edge: float = 2.0  # points a segment of sea room missing
    crowding: float = 2.0  # points for lying within half a segment of a friend
    boarding: float = 0.6  # the fight aboard a contact may bring, this share of its worth
    dash: float = 4.0  # a dash costs a segment of maximum speed for good: this many points
    board_threat: float = 0.6  # an enemy alongside boards us when her soldiers are stronger: this share


CAPTAIN = Weights()


@dataclass(frozen=True)
class Strike:
    distance: float  # segments the prow must row to touch
    lateral: bool  # the prow reaches her side or stern


def striking(attacker: Galley, apose: Pose, target_pose: Pose, target: Galley, reach: float) -> Strike | None:
    """Can ``attacker`` (at ``apose``) bring her prow onto ``target`` with one move of at
    most ``reach`` segments: within her wheel, the wheel paid for out of the speed?"""
    bx, by = g.bow_point(apose, attacker.length)
    poly = base_polygon(target_pose, target.length, target.width)
    d = Point(bx, by).distance(poly)
    if d > reach + 0.5:
        return None
    need = abs(angle_diff(bearing((bx, by), (target_pose.x, target_pose.y)), apose.heading)) if d > 1e-6 else 0.0
    if need > max_pivot(attacker.size) + 15:
        return None
    cost = 0 if need < 4 else 1 if need <= 45 else 2
    if d > reach - cost:
        return None
    aspect = abs(angle_diff(bearing((target_pose.x, target_pose.y), (bx, by)), target_pose.heading))
    return Strike(distance=d, lateral=aspect > FRONTAL_ARC)


def free_to_row(board: Board, ship: Galley) -> bool:
    """Still to row this turn (as far as this seat can tell)."""
    return (ship.afloat and not ship.moved and not ship.stopped and not ship.engaged_with
            and not board.holding(ship) and ship.written != 0)


class Judge:
    def __init__(self, board: Board, weights: Weights = CAPTAIN, planning: bool = False) -> None:
        self.board = board
        self.w = weights
        # Writing the speeds, every enemy is still to row; moving, only those who have not.
        self.planning = planning

    # -- a move ---------------------------------------------------------------------------
    def move(self, ship: Galley, move: Move, speed_now: int | None = None) -> float:
        if move.fate == BLOCKED:
            return -1e6
        if move.lost:
            return -self.board.worth(ship) * 2 - 100
        speed = abs(move.speed) + {"dash": 2, "extra": 1}.get(move.dash, 0)
        value = -self.w.dash if move.dash != "no" else 0.0
        stopped = False
        if move.fate == RAM and move.hit is not None:
            value += self.contact(ship, move, speed)
            stopped = True
        elif move.hit is not None:
            stopped = True
        return value + self.place(ship, move.pose, 0 if stopped else (speed if speed_now is None else speed_now))

    def enemy_speed(self, enemy: Galley) -> int:
        """Her speed at a ramming, as far as we can tell (a hidden speed: her last)."""
        if enemy.stopped or enemy.engaged_with:
            return 0
        if enemy.written is not None:
            return abs(enemy.written)
        if enemy.moved:
            return 0
        return abs(enemy.last_speed) if not self.planning else max(abs(enemy.last_speed), 1)

    def contact(self, ship: Galley, move: Move, speed: int) -> float:
        other = self.board.ship(move.hit or "")
        value = ram_value(self.board, Ram(ship, other, speed, self.enemy_speed(other), move.rammer))
        if other.side == ship.side:
            return value - 5.0
        # Both stopped alongside: the boarding phase follows, if both are still afloat.
        frontal = move.rammer is None
        return value + self.w.boarding * self.alongside(ship, other, frontal)

    def alongside(self, ship: Galley, other: Galley, frontal: bool) -> float:
        """What lying alongside ``other`` brings in the boarding phase: our boarding if
        the fight favours us, else hers (she declares when it favours her)."""
        fight = fight_value(self.board, ship, other)
        if fight > 0:
            return grapple_chance(self.board, ship, other, frontal) * fight
        return grapple_chance(self.board, other, ship, frontal) * fight

    # -- a place --------------------------------------------------------------------------
    def place(self, ship: Galley, pose: Pose, speed_now: int) -> float:
        board, w = self.board, self.w
        value = 0.0
        nearest, admiral_d, admiral_pull = math.inf, math.inf, w.admiral_pull
        for enemy in board.enemies():
            d = math.hypot(enemy.x - pose.x, enemy.y - pose.y)
            nearest = min(nearest, d)
            if enemy.admiral:
                admiral_d = d
                if board.decisive(enemy):
                    admiral_pull *= 2  # her loss would end the battle
            if d > enemy.reach() + ship.reach() + 3 or enemy.engaged_with:
                continue
            value -= self.danger(ship, pose, speed_now, enemy)
        # A ship whose loss would lose the battle does not seek the fight: she lets it
        # come to her, and takes only the rams the dice favour.
        approach = w.approach * (0.25 if board.decisive(ship) else 1.0)
        if nearest < math.inf:
            value -= approach * max(0.0, nearest - 2.0)
        if admiral_d < math.inf and not board.decisive(ship):
            value -= admiral_pull * max(0.0, admiral_d - 2.0)
        value -= self.sea_room(ship, pose)
        value -= self.crowding(ship, pose)
        return value

    def danger(self, ship: Galley, pose: Pose, speed_now: int, enemy: Galley) -> float:
        share = 1.0 if self.board.decisive(ship) else self.w.guard
        if share <= 0:
            return 0.0
        return share * self._danger(ship, pose, speed_now, enemy)

    def _danger(self, ship: Galley, pose: Pose, speed_now: int, enemy: Galley) -> float:
        now = self.planning or free_to_row(self.board, enemy)
        if now:
            known = abs(enemy.written) if enemy.written is not None else enemy.max_speed
            reach = known + (enemy.dash_bonus if enemy.may_dash() else 0)
            weight = self.w.threat_now
        else:
            reach, weight = enemy.reach(), self.w.threat_next
            speed_now = ship.max_speed  # next turn she rows too
        strike = striking(enemy, enemy.pose, pose, ship, reach)
        if strike is None:
            return 0.0
        rammer = "us" if strike.lateral else None  # from the enemy's side: her prow on our flank
        # At her best: she comes at us with her dash if she still has it. What the
        # ramming is worth to her side is what it costs ours.
        loss = max(0.0, ram_value(self.board, Ram(enemy, ship, max(1, reach), speed_now, rammer)))
        # Alongside, she may board us too, if her soldiers are the stronger.
        fight = fight_value(self.board, ship, enemy)
        if fight < 0:
            loss += self.w.board_threat * grapple_chance(self.board, enemy, ship, not strike.lateral) * -fight
        return weight * loss

    def sea_room(self, ship: Galley, pose: Pose) -> float:
        """Missing room between her and the edge or a coast, counted double ahead of her
        (where her next run goes)."""
        board, w = self.board, self.w
        room = min(pose.x, pose.y, board.width - pose.x, board.height - pose.y) - ship.length / 2
        penalty = w.edge * max(0.0, w.edge_room - room)
        fx, fy = unit(pose.heading)
        ahead = _ahead_room(board, pose, fx, fy) - ship.length / 2
        penalty += w.edge * max(0.0, w.edge_room + 1 - ahead)
        if board.land:
            centre = Point(pose.x, pose.y)
            for land in board.land:
                gap = centre.distance(land) - ship.length / 2
                penalty += w.edge * max(0.0, w.edge_room - gap)
        return penalty

    def crowding(self, ship: Galley, pose: Pose) -> float:
        out = 0.0
        for friend in self.board.friends():
            if friend.id == ship.id:
                continue
            if math.hypot(friend.x - pose.x, friend.y - pose.y) < (ship.length + friend.length) / 2 + 0.5:
                out += self.w.crowding
        return out


def _ahead_room(board: Board, pose: Pose, fx: float, fy: float) -> float:
    """Segments from her centre to the table edge straight ahead."""
    best = math.inf
    for c, d, hi in ((pose.x, fx, board.width), (pose.y, fy, board.height)):
        if d > 1e-9:
            best = min(best, (hi - c) / d)
        elif d < -1e-9:
            best = min(best, c / -d)
    return best
