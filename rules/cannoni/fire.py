"""Broadsides (*Fuoco di batteria*): valid targets, modifiers, the opposed roll.

The damage a broadside does is queued and marked at the end of the phase, because
"le conseguenze ed i risultati delle azioni si intendono applicati ... alla fine
della fase": a ship hit early in a phase still fires with what it had.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import shapely

from pydantic import BaseModel
from shapely.geometry import Point, Polygon

from rules.cannoni import geometry as g
from rules.cannoni.dice import roll
from rules.cannoni.state import CannoniState, DamageItem, ShipState, opposite

HULL_RANGE = 13.0
RIGGING_MIN_RANGE = 4.0
RAKE_RANGE = 6.0
# How far a target's own sectors reach when deciding whether the firer is outside
# them for a rake: beyond any gun's range on the table.
SECTOR_FAR = 40.0
EPS = 1e-6


class Target(BaseModel):
    ship: str
    distance: float
    aims: list[str]


class FireOptions(BaseModel):
    side: str
    targets: list[Target]
    blocked: str | None = None  # why nothing can be fired at, in plain words


def pose(ship: ShipState) -> g.Pose:
    return g.Pose(x=ship.x, y=ship.y, heading=ship.heading)


def base(ship: ShipState) -> Polygon:
    return _base(ship.x, ship.y, ship.heading, ship.log.base_length, ship.log.base_width)


@lru_cache(maxsize=4096)
def _base(x: float, y: float, heading: float, length: float, width: float) -> Polygon:
    # Pure in its arguments; a phase asks for the same bases many times over.
    return g.base_polygon(g.Pose(x=x, y=y, heading=heading), length, width)


def mainmast(ship: ShipState) -> tuple[float, float]:
    return (ship.x, ship.y)


def sector(ship: ShipState, side: str, reach: float | None = None) -> Polygon:
    return _sector(ship.x, ship.y, ship.heading, ship.log.base_length, ship.log.base_width, side,
                   reach if reach is not None else max(ship.log.max_range(), 1.0))


@lru_cache(maxsize=4096)
def _sector(x: float, y: float, heading: float, length: float, width: float, side: str, reach: float) -> Polygon:
    return g.sector_polygon(g.Pose(x=x, y=y, heading=heading), length, width, side, reach)


def land_polygons(state: CannoniState) -> list[Polygon]:
    return [Polygon(area.points) for area in state.table.land]


def fire_options(state: CannoniState, firer: ShipState, side: str) -> FireOptions:
    """The nearest ships in the sector; only enemies among them may be fired at."""
    sec = sector(firer, side)
    others = [o for o in state.afloat() if o.id != firer.id]
    # One vectorised test for the whole table: "anche parzialmente", touching counts.
    touch = shapely.dwithin(np.array([base(o) for o in others], dtype=object), sec, g.TOL) if others else []
    inside = [(g.distance(mainmast(firer), mainmast(o)), o) for o, hit in zip(others, touch) if hit]
    if not inside:
        return FireOptions(side=side, targets=[], blocked="no ship in the firing sector")
    nearest = min(d for d, _ in inside)
    for land in land_polygons(state):
        cut = land.intersection(sec)
        if not cut.is_empty and cut.distance(Point(mainmast(firer))) < nearest - EPS:
            return FireOptions(side=side, targets=[], blocked="land blocks the line of fire")
    closest = [(d, s) for d, s in inside if d <= nearest + EPS]
    targets = []
    for d, ship in closest:
        if ship.side == firer.side or ship.struck or ship.sinking:
            continue
        aims = []
        if firer.log.fire_modifier(d) is not None:
            if d <= HULL_RANGE + EPS:
                aims.append("hull")
            if d > RIGGING_MIN_RANGE + EPS:
                aims.append("rigging")
        if aims:
            targets.append(Target(ship=ship.id, distance=round(d, 3), aims=aims))
    if targets:
        return FireOptions(side=side, targets=targets)
    blocker = closest[0][1]
    if blocker.side == firer.side:
        why = f"{blocker.name} (friendly) is the nearest ship in the sector and blocks the fire"
    elif blocker.struck or blocker.sinking:
        why = f"{blocker.name} has struck or is sinking and blocks the fire"
    else:
        why = f"{blocker.name} is out of range ({nearest:.1f}\")"
    return FireOptions(side=side, targets=[], blocked=why)


def rake(firer: ShipState, target: ShipState, side: str, d: float) -> str | None:
    """Fuoco d'infilata: target within 6", wholly in the sector, firer outside its sectors."""
    if d > RAKE_RANGE + EPS or not g.fully_in_sector(base(target), sector(firer, side)):
        return None
    firer_base = base(firer)
    for tside in ("starboard", "port"):
        if g.in_sector(firer_base, sector(target, tside, reach=SECTOR_FAR)):
            return None
    return g.end_facing(pose(target), mainmast(firer))


def modifiers(state: CannoniState, firer: ShipState, side: str, target: ShipState, aim: str,
              d: float) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = []
    mods.append((f"range {d:.1f}\" (guns and gunnery)", firer.log.fire_modifier(d) or 0))
    lost = firer.hull[side].sections_lost
    if lost:
        mods.append(("sections lost on this side", -lost))
    if target.log.ship_class > firer.log.ship_class:
        mods.append(("target of a lower class", +1))
    elif target.log.ship_class < firer.log.ship_class:
        mods.append(("target of a higher class", -1))
    if aim == "rigging":
        if target.sails == "full":
            mods.append(("target under full sail", +2))
        elif target.sails == "furled":
            mods.append(("target with sails furled", -1))
        if target.sails != "furled" and target.masts_down:
            mods.append(("masts down on the target", -target.masts_down))
    if target.moved_this_phase:
        mods.append(("target moved this phase", -1))
    raked = rake(firer, target, side, d)
    if raked == "bow":
        mods.append(("raking the bow", +3))
    elif raked == "stern":
        mods.append(("raking the stern", +4))
    if firer.dismasted:
        mods.append(("firing ship dismasted", -1))
    if side not in firer.first_broadside_used and firer.hull[side].lost == 0:
        mods.append(("first broadside", +2))
    return [m for m in mods if m[1] != 0 or m[0].startswith("range")]


def hits_for(modified: int, target_roll: int) -> int:
    if modified < target_roll:
        return 0
    if modified >= 3 * target_roll:
        return 3
    if modified >= 2 * target_roll:
        return 2
    return 1


def mast_preference(target: ShipState, source_xy: tuple[float, float]) -> list[str]:
    """Masts nearest first, measured from the firer's mainmast; masts already down go
    last ("all'albero più vicino non ancora distrutto"), so that the first is the
    nearest standing mast and the second "quello successivo" of a critical hit."""
    tp = pose(target)
    ranked = sorted(target.masts, key=lambda m: (
        m.down, g.distance(source_xy, g.mast_point(tp, target.log.base_length, m.offset)), -m.offset))
    return [m.name for m in ranked]


def fire(state: CannoniState, roller, firer: ShipState, side: str, target: ShipState, aim: str) -> None:
    d = g.distance(mainmast(firer), mainmast(target))
    mods = modifiers(state, firer, side, target, aim, d)
    raw = roll(state, roller, "broadside", ship=firer.id, target=target.id)
    target_roll = roll(state, roller, "broadside (target)", ship=target.id)
    modified = max(1, raw + sum(v for _, v in mods))
    hits = hits_for(modified, target_roll)
    critical = hits == 3
    roller.log.emit("broadside", ship=firer.id, name=firer.name, side=side, target=target.id,
                    target_name=target.name, aim=aim, distance=round(d, 2), roll=raw,
                    target_roll=target_roll, mods=[[k, v] for k, v in mods], modified=modified,
                    hits=hits, critical=critical)
    firer.loaded[side] = None
    if side not in firer.first_broadside_used:
        firer.first_broadside_used.append(side)
    if side in firer.mast_obstructing and raw <= 5:
        state.pending_damage.append(DamageItem(target=firer.id, kind="fire", cause="fallen mast"))
    if hits == 0:
        return
    target.hit_this_phase = True
    queue = state.pending_damage
    if aim == "hull":
        hit_side = g.side_facing(pose(target), mainmast(firer))
        if critical:
            queue.append(DamageItem(target=target.id, source=firer.id, kind="hull", amount=2, side=hit_side))
            queue.append(DamageItem(target=target.id, source=firer.id, kind="hull", amount=1,
                                    side=opposite(hit_side)))
        else:
            queue.append(DamageItem(target=target.id, source=firer.id, kind="hull", amount=hits, side=hit_side))
    else:
        pref = mast_preference(target, mainmast(firer))
        if critical:
            queue.append(DamageItem(target=target.id, source=firer.id, kind="rigging", amount=2, masts=pref))
            queue.append(DamageItem(target=target.id, source=firer.id, kind="rigging", amount=1,
                                    masts=pref[1:] + pref[:1]))
        else:
            queue.append(DamageItem(target=target.id, source=firer.id, kind="rigging", amount=hits, masts=pref))
    if critical:
        queue.append(DamageItem(target=target.id, source=firer.id, kind="crew", amount=1))
        if target_roll <= 2:
            queue.append(DamageItem(target=target.id, source=firer.id, kind="fire", cause="critical hit"))
