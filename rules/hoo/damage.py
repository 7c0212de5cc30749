"""Damage (3.4): boxes crossed out, critical hits, sinking, striking (3.6) and the
magazine's explosion.

A critical: two or more hits in one area of the ship from one fire; 1D6 plus one for
every hit there beyond the first two, 6 or more. Sails lose another D3 boxes (a D6
halved, rounded up); guns blow up the magazine when a D6 beats the hull boxes left,
and the blast deals 1D6 hits to every ship alongside; the hull springs a leak; the
crew loses its helmsman when a D6 beats the crew's value (no turn next turn).
Once a yellow hull box is gone, every blow that does damage costs a D6: not above the
yellow boxes crossed out, she strikes.
"""
from __future__ import annotations

import math

from rules.core.dice import Roller
from rules.core.tables.hexmap import distance
from rules.hoo.gunnery import location
from rules.hoo.ships import AREAS, card
from rules.hoo.state import HooState, Ship

CRITICAL = 6
# Damage the enemy does not score (5.0 counts the boxes crossed out "per fuoco od
# abbordaggio"): the prize crew a captor gives, what sandbars and reefs take.
UNSCORED = ("prize-crew", "sandbar", "reef")


def cross_out(ship: Ship, area: str, n: int) -> int:
    """Cross out up to ``n`` boxes of a row; the number actually crossed out."""
    room = len(card(ship.card).track(area)) - ship.lost[area]
    done = max(0, min(n, room))
    ship.lost[area] += done
    return done


def strike_home(state: HooState, ship: Ship, areas: dict[str, int], roller: Roller, *,
                criticals: bool = True, cause: str = "fire") -> None:
    """Hits on ``ship`` by area; criticals rolled when ``criticals``, then her fate."""
    worth = ship.lost_value()
    done = {a: cross_out(ship, a, areas.get(a, 0)) for a in AREAS}
    if cause in UNSCORED:
        ship.unscored += ship.lost_value() - worth
    roller.log.emit("damage", ship=ship.id, name=ship.name, cause=cause, **done,
                    speed=ship.max_speed, guns_left=ship.guns, hull_left=ship.current("hull"), crew_left=ship.crew)
    exploded = False
    if criticals:
        for area in AREAS:
            n = areas.get(area, 0)
            if n >= 2 and ship.status == "afloat":
                exploded = _critical(state, ship, area, n, roller) or exploded
    if exploded:
        _explode(state, ship, roller)
        return
    _fate(state, ship, roller, damaged=any(done.values()))


def _critical(state: HooState, ship: Ship, area: str, n: int, roller: Roller) -> bool:
    die = roller.roll(6, f"critical on {ship.id}'s {area}", ship=ship.id)
    total = die + n - 2
    if total < CRITICAL:
        roller.log.emit("no_critical", ship=ship.id, name=ship.name, area=area, die=die, total=total)
        return False
    if area == "sails":
        d3 = math.ceil(roller.roll(6, f"mast of {ship.id}", ship=ship.id) / 2)
        lost = cross_out(ship, "sails", d3)
        roller.log.emit("critical", ship=ship.id, name=ship.name, area=area, total=total, lost=lost,
                        speed=ship.max_speed)
        ship.speed = min(ship.speed, ship.max_speed)
        return False
    if area == "guns":
        blast = roller.roll(6, f"magazine of {ship.id}", ship=ship.id)
        hull_left = ship.current("hull")
        roller.log.emit("critical", ship=ship.id, name=ship.name, area=area, total=total, die=blast,
                        hull_left=hull_left, blast=blast > hull_left)
        return blast > hull_left
    if area == "hull":
        ship.leak = True
        roller.log.emit("critical", ship=ship.id, name=ship.name, area=area, total=total)
        return False
    helm = roller.roll(6, f"helmsman of {ship.id}", ship=ship.id)
    dead = helm > ship.crew
    if dead:
        ship.no_turn_turn = state.turn + 1
    roller.log.emit("critical", ship=ship.id, name=ship.name, area=area, total=total, die=helm, dead=dead)
    return False


def _explode(state: HooState, ship: Ship, roller: Roller) -> None:
    _sink(state, ship, roller, "explosion")
    for other in state.ships:
        if other.on_map and other.id != ship.id and distance(other.at, ship.at) == 1:
            n = roller.roll(6, f"blast on {other.id}", ship=other.id)
            areas: dict[str, int] = {}
            for _ in range(n):
                where = location(roller.roll(6, f"blast location on {other.id}", ship=other.id))
                areas[where] = areas.get(where, 0) + 1
            strike_home(state, other, areas, roller, criticals=False, cause="blast")


def _sink(state: HooState, ship: Ship, roller: Roller, why: str) -> None:
    ship.status = "sunk"
    _cast_loose(state, ship)
    roller.log.emit("sunk", ship=ship.id, name=ship.name, why=why)


def _cast_loose(state: HooState, ship: Ship) -> None:
    if ship.grappled:
        other = state.ship(ship.grappled)
        other.grappled = None
        other.speed = 1 if other.max_speed else 0  # "Una volta libere, le navi ripartono con velocità 1"
        ship.grappled = None


def strike(state: HooState, ship: Ship, roller: Roller, why: str) -> None:
    ship.status = "struck"
    ship.marker = None
    _cast_loose(state, ship)
    roller.log.emit("struck", ship=ship.id, name=ship.name, why=why)


def _fate(state: HooState, ship: Ship, roller: Roller, damaged: bool) -> None:
    if ship.status not in ("afloat", "struck"):
        return
    if ship.current("hull") == 0:
        _sink(state, ship, roller, "hull")
        return
    if ship.status != "afloat":
        return
    ship.speed = min(ship.speed, ship.max_speed)
    if ship.taken_from:
        return  # a prize has struck already: her prize crew sails her on
    if ship.crew == 0:
        strike(state, ship, roller, "crew")
        return
    yellow = ship.yellow_lost()
    if damaged and yellow:
        die = roller.roll(6, f"surrender of {ship.id}", ship=ship.id)
        holds = die > yellow
        roller.log.emit("surrender_roll", ship=ship.id, name=ship.name, die=die, yellow=yellow, holds=holds)
        if not holds:
            strike(state, ship, roller, "yellow")
