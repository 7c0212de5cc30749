"""Optional rule 7, chains of collisions: a ship carried by another's movement — pushed,
dragged, slid alongside, or drifting and swinging with her entangled pair — is stopped by a
third ship or a coast in her way, and that new contact is a collision of its own.

Sezione 5 vii: "Il movimento deve essere interrotto immediatamente nel caso si verifichi una
collisione"; optional rule 7 i: "Se un vascello arriva in contatto di base con un'altra nave o
imbarcazione c'è una collisione". The new contact takes the Fast Play's damage ("ogni vascello
perde il 20% di un RDC se la collisione avviene con vele di manovra — Easy Sail, il 50% se a vele
spiegate"; a coast: translator's note 5), or optional rule 9's rigging test; the two are entangled
when they end alongside, as direction B leaves two ships ("affiancate ed allineate"). The
readings are in docs/rules/sca.md (optional rule 7, "Navi impigliate" and chains)."""
from __future__ import annotations

import math

from shapely import affinity
from shapely.geometry import Polygon

from rules.core.tables.open_table import Pose, base_polygon
from rules.sca import wind as W
from rules.sca.damage import damage_hull, damage_rigging, percent_of_dc, start_fire
from rules.sca.damage_tests import collision_test
from rules.sca.geometry import base
from rules.sca.scale import told
from rules.sca.state import Contact, ScaState, Ship

# Sezione 5 viii: "ogni vascello perde il 20% di un RDC se la collisione avviene con vele
# di manovra — Easy Sail, il 50% se a vele spiegate — Full Sail".
COLLISION_PERCENT = {"easy": 20, "full": 50, "furled": 0}
SAMPLE = 2.5  # mm between the places tried along a carry, refined by bisection
EXACT = 0.01  # mm: where a carry stops, to within this
TOUCH = 0.02  # mm: bases closer than this touch (as the run's own test, sailing.touched)


def unit(heading: int) -> tuple[float, float]:
    """The way a rose point points: east and north."""
    r = math.radians(W.degrees(heading))
    return math.sin(r), math.cos(r)


def raft(state: ScaState, ships: list[Ship]) -> list[Ship]:
    """The ships and every ship entangled with them, and with those ("impigliate": fouled, they
    move together)."""
    found = {s.id: s for s in ships}
    todo = list(ships)
    while todo:
        s = todo.pop()
        for c in s.contacts:
            if c.entangled and c.other != "land" and c.other not in found:
                o = state.ship(c.other)
                if o.afloat:
                    found[o.id] = o
                    todo.append(o)
    return list(found.values())


def obstacles(state: ScaState, group: list[Ship], spared: tuple[str, ...] = ()) -> list[tuple[object, Polygon]]:
    """What may stop the group: the other ships afloat (a ship or the word "land") and the coasts."""
    ids = {s.id for s in group} | set(spared)
    found: list[tuple[object, Polygon]] = [(o, base(o)) for o in state.ships if o.afloat and o.id not in ids]
    return found + [("land", Polygon(a.points)) for a in state.table.land]


def hits(poly: Polygon, obstacle: Polygon, start: float | None) -> bool:
    """Touching, or for an obstacle touched already at the start, pressing further into it (a ship
    lying against another may move along or away from her)."""
    if start is None:
        return poly.distance(obstacle) <= TOUCH
    return poly.intersection(obstacle).area > start + 1e-6


def first_touch(group: list[Ship], found: list[tuple[object, Polygon]], fx: float, fy: float,
                mm: float) -> tuple[float, Ship, object] | None:
    """The first place along the way at which a ship of the group meets an obstacle: (mm, her,
    what she meets), or None when the whole way is clear."""
    best: tuple[float, Ship, object] | None = None
    for ship in group:
        poly = base(ship)
        reach = mm + ship.length
        for what, obstacle in found:
            minx, miny, maxx, maxy = obstacle.bounds
            if minx > ship.x + reach or maxx < ship.x - reach or miny > ship.y + reach or maxy < ship.y - reach:
                continue
            start = poly.intersection(obstacle).area if poly.distance(obstacle) <= TOUCH else None
            at = travel(poly, obstacle, start, fx, fy, mm if best is None else best[0])
            if at is not None and (best is None or at < best[0]):
                best = (at, ship, what)
    return best


def travel(poly: Polygon, obstacle: Polygon, start: float | None, fx: float, fy: float, mm: float) -> float | None:
    def hit(t: float) -> bool:
        return hits(affinity.translate(poly, fx * t, fy * t), obstacle, start)

    n = max(1, math.ceil(mm / SAMPLE))
    lo = 0.0
    for i in range(1, n + 1):
        hi = mm * i / n
        if hit(hi):
            while hi - lo > EXACT:
                mid = (lo + hi) / 2
                lo, hi = (lo, mid) if hit(mid) else (mid, hi)
            return lo
        lo = hi
    return None


def carry(state: ScaState, group: list[Ship], heading: int, mm: float, log, roller=None,
          spared: tuple[str, ...] = (), so_far: float = 0.0) -> float:
    """Carries the group (and every ship entangled with it) ``mm`` along ``heading``, stopping
    them all where one of them first meets a third ship or a coast; that contact is a collision
    (:func:`knock`). ``spared`` are ships the group may pass along (the one a ship slides beside);
    ``so_far`` the millimetres of the same run already carried (a run made 10 mm at a time).
    Returns the millimetres carried."""
    return carry_way(state, group, unit(heading), mm, log, roller, spared, so_far)


def carry_way(state: ScaState, group: list[Ship], way: tuple[float, float], mm: float, log, roller=None,
              spared: tuple[str, ...] = (), so_far: float = 0.0) -> float:
    """:func:`carry` along any way (east and north parts of a unit vector), not only a rose point."""
    members = raft(state, group)
    if mm <= 1e-9 or any(s.fixed for s in members):
        return 0.0
    fx, fy = way
    before = {s.id: (s.x, s.y) for s in members}
    found = first_touch(members, obstacles(state, members, spared), fx, fy, mm)
    went = mm if found is None else found[0]
    for s in members:
        s.x, s.y = s.x + fx * went, s.y + fy * went
    for s in members:
        if went > 1e-9:
            s.trail = [(round(before[s.id][0], 1), round(before[s.id][1], 1)), (round(s.x, 1), round(s.y, 1))]
    if found is not None:
        knock(state, found[1], found[2], members, so_far + went, log, roller)
    return went


def place(state: ScaState, ship: Ship, x: float, y: float, heading: int, log, roller=None,
          spared: tuple[str, ...] = ()) -> bool:
    """Lays the rammer in her place against the ship she struck (optional rule 7 iii: laid alongside
    in B, squared up in C and C1, bow to bow in D1): she turns where she touched, a whole turn or
    none (as a swing), then is moved straight to her place; ``spared`` is the ship she is laid
    against. A third ship or a coast in her way stops her where she first touches it — the turn
    not made, or the move cut short — and that contact is a collision of its own (:func:`knock`).
    True when she reached her place."""
    turn = (heading - ship.heading) % 16
    turn = turn - 16 if turn > 8 else turn
    if turn:
        blocker = swing(state, ship, turn, spared)
        if blocker is not None:
            knock(state, ship, blocker, raft(state, [ship]), 0.0, log, roller)
            return False
    dx, dy = x - ship.x, y - ship.y
    mm = math.hypot(dx, dy)
    if mm <= EXACT:
        ship.x, ship.y = x, y
        return True
    went = carry_way(state, [ship], (dx / mm, dy / mm), mm, log, roller, spared)
    if went < mm - EXACT:
        return False
    ship.x, ship.y = x, y
    return True


def sail_of(ships: list[Ship]) -> str:
    """The most sail set among the ships moving together: what drives them into the new contact."""
    return max((s.sail for s in ships), key=lambda s: W.SAILS.index(s))  # type: ignore[arg-type]


def knock(state: ScaState, ship: Ship, what: object, group: list[Ship], went: float, log, roller=None) -> None:
    """A carried ship meets a third ship or a coast: the carrying stops, and the contact is a
    collision. The percentage is the sail of the moving group's; with optional rule 9 a rigging
    test for each ship instead. Two ships that meet alongside are entangled. ``went`` is how far
    they were carried before it."""
    sail = sail_of(group)
    tested = roller if state.options.rigging_tests else None
    if what == "land":
        if any(c.other == "land" for c in ship.contacts):
            return
        ship.contacts.append(Contact(other="land", grade="All" if sail == "full" else "A"))
        log.emit("carried_aground", ship=ship.name, mm=told(state.options, went))
        if tested is not None:
            collision_test(state, ship, None, tested)
            return
        percent = COLLISION_PERCENT[sail]
        log.emit("aground", ship=ship.name, percent=percent)
        side = "starboard" if ship.hull_lost["starboard"] <= ship.hull_lost["port"] else "port"
        damage_hull(state, ship, side, percent_of_dc(ship, percent), log)
        return
    assert isinstance(what, Ship)
    other = what
    if any(c.other == other.id for c in ship.contacts):
        return  # held already: pressing against her again is no new collision
    enemy = other.side != ship.side
    grade = "All" if ship.fireship or other.fireship else "E" if enemy else "A"
    tangle = alongside(ship, other)
    ship.contacts.append(Contact(other=other.id, grade=grade, entangled=tangle, rammer=tangle, turn=state.turn))
    other.contacts.append(Contact(other=ship.id, grade=grade, entangled=tangle, turn=state.turn))
    log.emit("carried_alongside" if tangle else "carried_into", ship=ship.name, other=other.name,
             mm=told(state.options, went))
    if tested is not None:
        log.emit("collision_tested", ship=ship.name, other=other.name)
        for s, o in ((ship, other), (other, ship)):
            collision_test(state, s, o, tested)
    else:
        percent = COLLISION_PERCENT[sail]
        log.emit("collision", ship=ship.name, other=other.name, percent=percent)
        for s in (ship, other):
            damage_rigging(state, s, percent_of_dc(s, percent), log)
    for burning, caught in ((ship, other), (other, ship)):
        if burning.fireship and burning.fireship_lit and not caught.fireship:
            start_fire(caught, "rigging", log, cause="fireship")


def alongside(a: Ship, b: Ship) -> bool:
    """Where direction B leaves two ships, "affiancate ed allineate": their keels within two points
    of each other (either way), and each beside the other rather than ahead or astern of her — the
    line between them crosses her keel more than it follows it, measured on the bases."""
    d = (a.heading - b.heading) % 16
    if min(d, 16 - d) > 2 and min(abs(d - 8), 16 - abs(d - 8)) > 2:
        return False
    fx, fy = unit(b.heading)
    dx, dy = a.x - b.x, a.y - b.y
    ahead, across = dx * fx + dy * fy, dx * fy - dy * fx
    return abs(across) / ((a.width + b.width) / 2) > abs(ahead) / ((a.length + b.length) / 2)


def swing(state: ScaState, turner: Ship, turn: int, spared: tuple[str, ...] = ()) -> object | None:
    """She turns a point about her centre, dragging round every ship entangled with her; not when
    that would lay a base on a third ship or a coast (a swing is a whole point or nothing). Returns
    what stood in the way, or None when she swung. ``spared``: ships she may turn against."""
    members = raft(state, [turner])
    placed = {s.id: turned(turner, s, turn) for s in members}
    for what, obstacle in obstacles(state, members, spared):
        for s in members:
            now = base(s)
            start = now.intersection(obstacle).area if now.distance(obstacle) <= TOUCH else None
            x, y, h = placed[s.id]
            if hits(base_polygon(Pose(x, y, W.degrees(h)), s.length, s.width), obstacle, start):
                return what
    for s in members:
        s.x, s.y, s.heading = placed[s.id]
    return None


def turned(turner: Ship, s: Ship, turn: int) -> tuple[float, float, int]:
    """Where a ship of the raft lies once the turner has swung ``turn`` points (clockwise on the
    map for a positive turn, as the rose counts)."""
    if s is turner:
        return s.x, s.y, (s.heading + turn) % 16
    a = math.radians(turn * 22.5)
    dx, dy = s.x - turner.x, s.y - turner.y
    return (turner.x + dx * math.cos(a) + dy * math.sin(a), turner.y - dx * math.sin(a) + dy * math.cos(a),
            (s.heading + turn) % 16)
