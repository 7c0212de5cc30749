"""What the active ship's orders do: a course sailed, a broadside fired, a boarding
(3.5), a cast-off, a struck enemy taken or sunk (3.6.1)."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.tables.hexmap import distance
from rules.hoo import damage, shoals
from rules.hoo.gunnery import can_reach, fire_dice, hits, location, rake
from rules.hoo.sequence import move_courses
from rules.hoo.state import HooState, Ship, Shot

GRAPPLED_FIRE_MALUS = 2  # dice, on the next boarding roll of a ship that fired while grappled


def sail(state: HooState, ship: Ship, course: str, roller: Roller) -> None:
    """Sail the course step by step: a sandbar may stop her on the way, a reef hurt or
    sink her there (4.0). The line telling the course comes first, then what befell her."""
    done = move_courses(state, ship)[course]
    state.moved_turned = done.turned
    told = len(roller.log.events)
    start, sailed, spent = ship.at, course, done.cost
    for i, (at, facing, cost) in enumerate(done.trail):
        entered = at != (done.trail[i - 1][0] if i else start)
        ship.q, ship.r, ship.facing = at.q, at.r, facing
        kind = state.shoal(at) if entered else None
        if kind == "sand" and shoals.strikes_sandbar(ship, roller):
            sailed, spent = course[:i + 1], cost
            shoals.run_aground(state, ship, roller)
            break
        if kind == "reef":
            shoals.over_reef(state, ship, roller)
            if ship.status == "sunk":
                sailed, spent = course[:i + 1], cost
                break
    roller.log.events.insert(told, Event(kind="sailed", data=dict(
        ship=ship.id, name=ship.name, course=sailed, cost=spent, q=ship.q, r=ship.r, facing=ship.facing)))
    if done.in_irons and sailed == course:
        ship.irons_turn = state.turn + 1
        roller.log.emit("in_irons", ship=ship.id, name=ship.name)


def fire(state: HooState, ship: Ship, target: Ship, dice_of_guns: int, roller: Roller, *,
         broadside: str, aim: str | None = None, grappled: bool = False) -> None:
    """One broadside's fire at ``target`` with ``dice_of_guns`` of the card's dice."""
    hexes = distance(ship.at, target.at)
    raked = rake(target.at, target.facing, ship.at)
    dice = fire_dice(dice_of_guns, hexes, raked, aim)
    rolls = [roller.roll(6, f"fire of {ship.id} at {target.id}", ship=ship.id) for _ in range(dice)]
    scored = hits(rolls)
    state.fired = True
    state.shots.append(Shot(firer=ship.id, target=target.id, hits=scored))
    roller.log.emit("fire", ship=ship.id, name=ship.name, target=target.id, tname=target.name, broadside=broadside,
                    hexes=hexes, dice=dice, raked=raked, aim=aim, rolls=rolls, hits=scored)
    if not scored:
        return
    areas: dict[str, int] = {}
    for _ in range(scored):
        where = aim or location(roller.roll(6, f"hit location on {target.id}", ship=target.id), grappled)
        areas[where] = areas.get(where, 0) + 1
    damage.strike_home(state, target, areas, roller)


def fire_grappled(state: HooState, ship: Ship, roller: Roller) -> None:
    """Fire at the ship she is grappled to (3.5): no aimed fire, hits on guns, hull or
    crew, -2 dice on her next boarding roll; should the enemy sink, her hull takes a hit."""
    target = state.ship(ship.grappled or "")
    fire(state, ship, target, ship.guns, roller, broadside="alongside", grappled=True)
    ship.board_malus = True
    if target.status == "sunk" and ship.fighting:
        roller.log.emit("dragged", ship=ship.id, name=ship.name, target=target.id, tname=target.name)
        damage.strike_home(state, ship, {"hull": 1}, roller, criticals=False, cause="dragged")


def grapple(state: HooState, ship: Ship, target: Ship, roller: Roller) -> None:
    """3.5.1: both roll; unless the target rolls higher, they are grappled. The ship that
    tries stops (3.5.3), and so does her target once grappled; then the crews fight."""
    state.boarded = True
    mine = roller.roll(6, f"grapple by {ship.id}", ship=ship.id)
    theirs = roller.roll(6, f"grapple against {target.id}", ship=target.id)
    held = theirs <= mine
    ship.speed = 0
    roller.log.emit("grapple", ship=ship.id, name=ship.name, target=target.id, tname=target.name, mine=mine,
                    theirs=theirs, held=held)
    if held:
        ship.grappled, target.grappled = target.id, ship.id
        target.speed = 0
        melee(state, ship, target, roller)


def melee(state: HooState, ship: Ship, target: Ship, roller: Roller) -> None:
    """Crew against crew: each throws its crew's value in D6 (less 2 after firing while
    grappled), every 6 or pair of 5s crosses out a box of the other's crew."""
    state.boarded = True
    throws = {}
    for s in (ship, target):
        n = max(0, s.crew - (GRAPPLED_FIRE_MALUS if s.board_malus else 0))
        s.board_malus = False
        throws[s.id] = [roller.roll(6, f"boarding of {s.id}", ship=s.id) for _ in range(n)]
    mine, theirs = hits(throws[ship.id]), hits(throws[target.id])
    roller.log.emit("melee", ship=ship.id, name=ship.name, target=target.id, tname=target.name,
                    dice=len(throws[ship.id]), against=len(throws[target.id]), hits=mine, taken=theirs)
    if mine:
        damage.strike_home(state, target, {"crew": mine}, roller, criticals=False, cause="boarding")
    if theirs and ship.fighting:
        damage.strike_home(state, ship, {"crew": theirs}, roller, criticals=False, cause="boarding")


def cast_off(state: HooState, ship: Ship, roller: Roller) -> bool:
    """3.5.2: both roll; unless the other rolls higher the ships part, both at speed 1,
    and she may move and fire."""
    other = state.ship(ship.grappled or "")
    mine = roller.roll(6, f"cast off by {ship.id}", ship=ship.id)
    theirs = roller.roll(6, f"cast off against {other.id}", ship=other.id)
    free = theirs <= mine
    roller.log.emit("cast_off", ship=ship.id, name=ship.name, target=other.id, tname=other.name, mine=mine,
                    theirs=theirs, free=free)
    if free:
        ship.grappled = other.grappled = None
        ship.speed = min(1, ship.max_speed)
        other.speed = min(1, other.max_speed)
        state.cast_off = True
    return free


def seize(state: HooState, ship: Ship, target: Ship, how: str, roller: Roller) -> None:
    """3.6.1: a struck enemy alongside is sunk, or taken at the cost of one crew box; a
    prize "potrà muovere regolarmente senza sparare né effettuare arrembaggi" for her
    captor until she is out of reach of the enemy's guns (rules.hoo.sequence.prizes_away)."""
    target.struck_by = ship.side
    if how == "capture":
        target.taken_from, target.side, target.seat = target.side, ship.side, ship.seat
        target.status, target.speed, target.marker = "afloat", min(1, target.max_speed), None
        roller.log.emit("seized", ship=ship.id, name=ship.name, target=target.id, tname=target.name, how=how)
        damage.strike_home(state, ship, {"crew": 1}, roller, criticals=False, cause="prize-crew")
    else:
        target.status = "sunk"
        roller.log.emit("seized", ship=ship.id, name=ship.name, target=target.id, tname=target.name, how=how)



def can_fire_alongside(state: HooState, ship: Ship) -> bool:
    if not ship.grappled or ship.guns <= 0:
        return False
    other = state.ship(ship.grappled)
    return bool(can_reach(ship.at, ship.facing, ship.guns, other.at, lambda h: False))
