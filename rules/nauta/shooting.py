"""Shooting at the start or end of a ship's move: balistae (optional rule 18 f /
Classis 22) and the medieval crossbowmen (Classis §26).

Balistae reach 4 segments within 45 degrees either side of the bow, measured from
the middle of the prow; crossbows 2 segments all round, base to base. Both must shoot
at the nearest enemy and cannot shoot over other ships (a base across the line).
"""
from __future__ import annotations

from shapely.geometry import Point

from rules.core.dice import Roller
from rules.nauta import geometry as g
from rules.nauta.placement import base_of, others, pose_of
from rules.nauta.state import NautaState, Ship, Shot

BALISTAE_REACH = 4.0
CROSSBOW_REACH = 2.0


def weapon(state: NautaState, ship: Ship) -> str | None:
    """"balistae", "crossbows" or None."""
    if ship.has("balistae"):
        return "balistae"
    if ship.medieval and ship.soldiers > 0:
        return "crossbows"
    return None


def _targets(state: NautaState, ship: Ship) -> list[Ship]:
    return [o for o in others(state, ship) if o.afloat and o.side != ship.side]


def _blockers(state: NautaState, ship: Ship, target: Ship) -> list:
    return [base_of(o) for o in others(state, ship, {target.id})]


def balistae_target(state: NautaState, ship: Ship) -> tuple[Ship, float] | None:
    pose = pose_of(ship)
    bow = g.bow_point(pose, ship.length)
    arc = g.forward_arc(pose, ship.length, BALISTAE_REACH)
    best: tuple[Ship, float] | None = None
    for target in _targets(state, ship):
        part = base_of(target).intersection(arc)
        if part.is_empty:
            continue
        _, point = g.nearest(Point(bow), part)
        if not g.clear_line(bow, point, _blockers(state, ship, target)):
            continue
        dist = Point(bow).distance(part)
        if best is None or dist < best[1] - 1e-9:
            best = (target, dist)
    return best


def crossbow_target(state: NautaState, ship: Ship) -> tuple[Ship, float] | None:
    mine = base_of(ship)
    best: tuple[Ship, float] | None = None
    for target in _targets(state, ship):
        theirs = base_of(target)
        dist = mine.distance(theirs)
        if dist > CROSSBOW_REACH + 1e-9:
            continue
        p, q = g.nearest(mine, theirs)
        if not g.clear_line(p, q, _blockers(state, ship, target)):
            continue
        if best is None or dist < best[1] - 1e-9:
            best = (target, dist)
    return best


def shoot(state: NautaState, roller: Roller, ship: Ship) -> None:
    kind = weapon(state, ship)
    if kind is None or not ship.afloat:
        return
    found = balistae_target(state, ship) if kind == "balistae" else crossbow_target(state, ship)
    if found is None:
        roller.log.emit("no_target", ship=ship.id, name=ship.name, weapon=kind)
        return
    target, dist = found
    if kind == "balistae":
        _balistae(state, roller, ship, target, dist)
    else:
        _crossbows(state, roller, ship, target, dist)


def _balistae(state: NautaState, roller: Roller, ship: Ship, target: Ship, dist: float) -> None:
    die = roller.roll(6, "balistae", ship=ship.id)
    hit = die >= 5
    roller.log.emit("shot", ship=ship.id, name=ship.name, target=target.id, target_name=target.name,
                    weapon="balistae", distance=round(dist, 2), rolls=[die], hits=int(hit))
    state.shots.append(Shot(firer=ship.id, target=target.id, hits=int(hit), weapon="balistae"))
    if hit:
        # "the target permanently subtracts -1 segment to its maximum speed, and it
        # can't perform Dash movements for the rest of the game"
        target.speed_lost += 1
        target.no_dash = True
        roller.log.emit("rowers_hit", ship=target.id, name=target.name)


def _crossbows(state: NautaState, roller: Roller, ship: Ship, target: Ship, dist: float) -> None:
    rolls = [roller.roll(6, "crossbows", ship=ship.id) for _ in range(ship.soldiers)]
    hits = sum(1 for r in rolls if r == 6)
    lost = min(hits, target.soldiers)
    target.soldiers -= lost
    roller.log.emit("shot", ship=ship.id, name=ship.name, target=target.id, target_name=target.name,
                    weapon="crossbows", distance=round(dist, 2), rolls=rolls, hits=lost)
    state.shots.append(Shot(firer=ship.id, target=target.id, hits=lost, weapon="crossbows"))
