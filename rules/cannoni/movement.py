"""Moving ships (*Manovre e virate*): straight moves, turns on the cards, the forced
tack, and what stops a move — the wind's eye, another ship, the coast, the table edge.
"""
from __future__ import annotations

import math
from functools import lru_cache

from pydantic import BaseModel
from shapely.geometry.base import BaseGeometry
from shapely.geometry import Polygon

from rules.cannoni import cards
from rules.core.tables import contact as contacts
from rules.core.tables import courses
from rules.core.tables import open_table as g
from rules.cannoni.crew import disorder
from rules.cannoni.depth import shoals_for
from rules.cannoni.fire import base, land_polygons, pose
from rules.cannoni.sailing import in_irons, point_of_sail, speed_range
from rules.cannoni.seamanship import manoeuvre_test, straight_inches_mod
from rules.cannoni.state import CannoniState, DamageItem, ShipState
from rules.core.dice import Roller

STEP = 0.25  # inches between sampled positions along a path
BACK_OFF = 1.0  # "spostata indietro ... di un pollice"
EDGE_STOP = 1.0  # "il movimento è arrestato ad un pollice dal bordo del tavolo"


class Plan(BaseModel):
    poses: list[g.Pose]
    curve: float
    distance: float
    head_to_wind: bool = False
    template: str | None = None
    direction: str | None = None

    @property
    def end(self) -> g.Pose:
        return self.poses[-1]

    @property
    def straight(self) -> float:
        return max(self.distance - self.curve, 0.0)


class Contact(BaseModel):
    index: int
    kind: str  # "ship", "land", "edge"
    other: str | None = None


def plan(state: CannoniState, ship: ShipState, template: str | None, direction: str | None,
         curve: float, distance: float) -> Plan:
    """The path the order asks for, cut short where the bow meets the wind's eye.

    "Una nave può accostare in modo da trovarsi esattamente con il vento contro ...
    ma non oltre": a turn that reaches head to wind stops there. And "non è possibile
    in nessuna situazione muoversi controvento": a turn whose curve ends with the bow
    in the in-irons sector ends with the curve, without its straight remainder.
    """
    start = pose(ship)
    head_to_wind = False
    if template is not None and direction is not None and curve > 0:
        rate = cards.TEMPLATE_RATE[template]
        to_wind = g.angle_diff(state.wind_degrees(), start.heading)  # + = clockwise
        if direction == "starboard" and 0 < to_wind <= rate * curve + 1e-9:
            curve, distance, head_to_wind = to_wind / rate, to_wind / rate, True
        elif direction == "port" and 0 < -to_wind <= rate * curve + 1e-9:
            curve, distance, head_to_wind = -to_wind / rate, -to_wind / rate, True
        elif distance > curve:
            turned = start.heading + (rate if direction == "starboard" else -rate) * curve
            rel = g.relative_wind(turned, state.wind_degrees())
            if point_of_sail(rel, ship.log, ship.sails) == "in_irons":
                distance, head_to_wind = curve, True
    if curve <= 0:
        template, direction = None, None
    poses = cards.path_poses(start, ship.log.base_length, template, direction, curve, distance, step=STEP)
    return Plan(poses=poses, curve=curve, distance=distance, head_to_wind=head_to_wind,
                template=template, direction=direction)


def obstacles(state: CannoniState, ship: ShipState, only: set[str] | None = None,
              reach: float | None = None) -> list[tuple[str, Polygon]]:
    """Other ships' bases; with ``reach``, only those whose centre is within it of hers
    (a cheap cut before the polygon tests: most of a fleet is nowhere near a move)."""
    out: list[tuple[str, Polygon]] = []
    if only is not None and not only:
        return out
    x, y, me = ship.x, ship.y, ship.id
    for o in state.afloat():
        if o.id == me or (only is not None and o.id not in only):
            continue
        if reach is not None:
            log = o.log
            if math.hypot(o.x - x, o.y - y) > reach + math.hypot(log.base_length, log.base_width) / 2:
                continue
        out.append((o.id, base(o)))
    return out


def move_reach(p: Plan, length: float, width: float) -> float:
    """How far from where her centre was any corner of her base may come during the move:
    the move, her length (a turning bow swings the centre up to 0.71 of it) and half her
    diagonal, and an inch to spare."""
    return p.distance + length + math.hypot(length, width) / 2 + 1.0


def first_contact(state: CannoniState, ship: ShipState, p: Plan, only: set[str] | None = None) -> Contact | None:
    length, width = ship.log.base_length, ship.log.base_width
    found: list[Contact] = []
    others = obstacles(state, ship, only, move_reach(p, length, width))
    if others:
        idx = contacts.first_contact(p.poses, length, width, [poly for _, poly in others])
        if idx is not None:
            hit = g.base_polygon(p.poses[idx], length, width)
            # first_contact counts a base within TOL as touching: match it the same way.
            other = min(others, key=lambda item: item[1].distance(hit))[0]
            found.append(Contact(index=idx, kind="ship", other=other))
    lands = land_polygons(state) + shoals_for(state, ship)  # water too shallow for her is coast
    if lands:
        idx = contacts.first_contact(p.poses, length, width, lands)
        if idx is not None:
            found.append(Contact(index=idx, kind="land"))
    if near_edge(p, length, width, state.table.width, state.table.height):
        idx = contacts.first_contact(p.poses, length, width, [edge_zone(state.table.width, state.table.height)])
        if idx is not None:
            found.append(Contact(index=idx, kind="edge"))
    # A contact at the very start is where the ship already is (e.g. fouled): ignore.
    found = [c for c in found if c.index > 0]
    return min(found, key=lambda c: c.index) if found else None


def near_edge(p: Plan, length: float, width: float, table_w: float, table_h: float) -> bool:
    """Cheap test first: most moves stay far from the edge."""
    reach = math.hypot(length, width) / 2 + 1e-6
    xs, ys = [q.x for q in p.poses], [q.y for q in p.poses]
    return min(xs) - reach <= 0 or min(ys) - reach <= 0 or max(xs) + reach >= table_w or max(ys) + reach >= table_h


@lru_cache(maxsize=64)
def edge_zone(width: float, height: float) -> BaseGeometry:
    return g.table_edge_zone(width, height)


def _place(ship: ShipState, q: g.Pose) -> None:
    ship.x, ship.y, ship.heading = round(q.x, 6), round(q.y, 6), round(g.normalise(q.heading), 6)
    ship.trail.append((ship.x, ship.y))


def contact_travel(state: CannoniState, ship: ShipState, p: Plan, found: list[BaseGeometry]) -> float:
    """Inches of bow travel at which the move first touches one of ``found`` (exact,
    not the last sample short of it): "il movimento è arrestato a contatto"."""
    travel = cards.contact_travel(pose(ship), ship.log.base_length, ship.log.base_width, p.template,
                              p.direction, p.curve, p.distance, found, step=STEP)
    return p.distance if travel is None else min(travel, p.distance)


def _corners(q: g.Pose, length: float, width: float) -> list[tuple[float, float]]:
    r = math.radians(q.heading)
    sn, cs = math.sin(r), math.cos(r)
    fx, fy, rx, ry = sn * length / 2, cs * length / 2, cs * width / 2, -sn * width / 2
    return [(q.x + fx + rx, q.y + fy + ry), (q.x - fx + rx, q.y - fy + ry),
            (q.x - fx - rx, q.y - fy - ry), (q.x + fx - rx, q.y + fy - ry)]


def _axes(quad: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The unit normals of a rectangle's two edge directions."""
    out = []
    for i in range(2):
        (x1, y1), (x2, y2) = quad[i], quad[i + 1]
        nx, ny = y2 - y1, x1 - x2
        n = math.hypot(nx, ny)
        out.append((nx / n, ny / n))
    return out


def _extent(nx: float, ny: float, quad: list[tuple[float, float]]) -> tuple[float, float]:
    """The least and greatest projection of a quad's corners on an axis."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    p0, p1, p2, p3 = nx * x0 + ny * y0, nx * x1 + ny * y1, nx * x2 + ny * y2, nx * x3 + ny * y3
    return min(p0, p1, p2, p3), max(p0, p1, p2, p3)


# Inches: a margin of the contact test this far from zero has the same sign whether
# worked out from the start of a straight move or from her corners at that point (the
# two differ by float rounding, some 1e-12 on a table of a few hundred inches).
_DECIDED = 1e-9


def _ship_contact_travel(ship: ShipState, p: Plan, other: ShipState, lo: float, hi: float) -> float:
    """Bisection between a travel clear of ``other`` and one touching it, on the bases'
    corners alone (the shapely-free path for the common case: two ships meeting): the
    two rectangles touch (overlap or lie within TOL) unless one of their four edge
    directions separates them."""
    start, length, width = pose(ship), ship.log.base_length, ship.log.base_width
    target = _corners(pose(other), other.log.base_length, other.log.base_width)
    tol = g.TOL
    # Some twenty steps of bisection test the same standing obstacle: its axes and its
    # extent along them are worked out once.
    fixed = [(nx, ny, *_extent(nx, ny, target)) for nx, ny in _axes(target)]
    if p.template is None or p.curve <= 0.0:
        # A straight move keeps her heading: where pose_at and _corners would put her
        # corners, computed the same way without building a pose at every step.
        dx, dy = g.unit(start.heading)
        r = math.radians(courses.straight(start, 0.0).heading)
        sn, cs = math.sin(r), math.cos(r)
        fx, fy, rx, ry = sn * length / 2, cs * length / 2, cs * width / 2, -sn * width / 2

        def corners(travel: float) -> list[tuple[float, float]]:
            x, y = start.x + dx * travel, start.y + dy * travel
            return [(x + fx + rx, y + fy + ry), (x - fx + rx, y - fy + ry),
                    (x - fx - rx, y - fy - ry), (x + fx - rx, y + fy - ry)]

        # Sailing straight, her extent along any fixed axis moves linearly with the travel:
        # each of the test's eight inequalities is a margin ``c0 + c1 * travel`` that must
        # not be negative. A step where every margin is clearly of one sign (beyond
        # _DECIDED, far above float noise) is settled by the margins; only a step within
        # _DECIDED of the boundary is tested on her corners, exactly as before.
        start_quad = corners(0.0)
        margins = []
        for nx, ny in _axes(start_quad) + [(nx, ny) for nx, ny, _, _ in fixed]:
            k = nx * dx + ny * dy
            lo_a, hi_a = _extent(nx, ny, start_quad)
            lo_b, hi_b = _extent(nx, ny, target)
            margins.append((hi_b + tol - lo_a, -k))
            margins.append((hi_a + tol - lo_b, k))

        def settled(travel: float) -> bool | None:
            verdict: bool | None = True
            for c0, c1 in margins:
                m = c0 + c1 * travel
                if m < -_DECIDED:
                    return False
                if m <= _DECIDED:
                    verdict = None
            return verdict
    else:
        def corners(travel: float) -> list[tuple[float, float]]:
            return _corners(cards.pose_at(start, length, p.template, p.direction, p.curve, travel), length, width)

        def settled(travel: float) -> bool | None:
            return None

    def touching(quad: list[tuple[float, float]]) -> bool:
        # _extent written out: this runs some twenty times for every contact.
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
        for nx, ny, lo_b, hi_b in fixed:
            p0, p1, p2, p3 = nx * x0 + ny * y0, nx * x1 + ny * y1, nx * x2 + ny * y2, nx * x3 + ny * y3
            if min(p0, p1, p2, p3) > hi_b + tol or lo_b > max(p0, p1, p2, p3) + tol:
                return False
        for nx, ny in _axes(quad):
            p0, p1, p2, p3 = nx * x0 + ny * y0, nx * x1 + ny * y1, nx * x2 + ny * y2, nx * x3 + ny * y3
            lo_b, hi_b = _extent(nx, ny, target)
            if min(p0, p1, p2, p3) > hi_b + tol or lo_b > max(p0, p1, p2, p3) + tol:
                return False
        return True

    while hi - lo > contacts.CONTACT_TRAVEL_TOL:
        mid = (lo + hi) / 2
        verdict = settled(mid)
        if verdict is None:
            verdict = touching(corners(mid))
        lo, hi = (lo, mid) if verdict else (mid, hi)
    return hi


def first_exact_contact(state: CannoniState, ship: ShipState, p: Plan) -> tuple[Contact, float] | None:
    """The first contact of the move and the exact travel at which it happens. Every
    obstacle met by the first sample in contact is refined, since two may fall between
    the same samples."""
    length, width = ship.log.base_length, ship.log.base_width
    candidates: list[tuple[float, Contact]] = []
    # Ships beyond the move's reach touch none of its bases (the same cut as first_contact).
    others = obstacles(state, ship, reach=move_reach(p, length, width))
    if others:
        idx = contacts.first_contact(p.poses, length, width, [poly for _, poly in others])
        if idx is not None:
            lo, hi = courses.travelled(p.poses, idx - 1), courses.travelled(p.poses, idx)
            start_base = g.base_polygon(p.poses[0], length, width)
            at_idx = g.base_polygon(p.poses[idx], length, width)
            for oid, poly in others:
                if not contacts.touching(poly, at_idx):
                    continue
                c = Contact(index=idx, kind="ship", other=oid)
                if contacts.touching(poly, start_base):
                    # Alongside from the start: only pushing further into her counts.
                    travel = cards.contact_travel(pose(ship), length, width, p.template, p.direction,
                                              p.curve, p.distance, [poly], step=STEP)
                    if travel is not None:
                        candidates.append((min(travel, p.distance), c))
                else:
                    candidates.append((_ship_contact_travel(ship, p, state.ship(oid), lo, hi), c))
    lands = land_polygons(state)
    if lands:
        idx = contacts.first_contact(p.poses, length, width, lands)
        if idx is not None:
            candidates.append((contact_travel(state, ship, p, lands), Contact(index=idx, kind="land")))
    shoals = shoals_for(state, ship)  # *Pescaggio e profondità*: "applicare le regole base Linee di costa"
    if shoals:
        idx = contacts.first_contact(p.poses, length, width, shoals)
        if idx is not None:
            candidates.append((contact_travel(state, ship, p, shoals), Contact(index=idx, kind="land", other="shallows")))
    if near_edge(p, length, width, state.table.width, state.table.height):
        zone = [edge_zone(state.table.width, state.table.height)]
        idx = contacts.first_contact(p.poses, length, width, zone)
        if idx is not None:
            candidates.append((contact_travel(state, ship, p, zone), Contact(index=idx, kind="edge")))
    if not candidates:
        return None
    travel, contact = min(candidates, key=lambda tc: tc[0])
    return contact, travel


def execute(state: CannoniState, roller: Roller, ship: ShipState, p: Plan) -> None:
    """Carry out a planned move, with the emergency tests when something is in the way."""
    start = pose(ship)
    length, width = ship.log.base_length, ship.log.base_width

    def at(travel: float) -> g.Pose:  # where the move puts the ship after `travel` inches
        return cards.pose_at(start, length, p.template, p.direction, p.curve, travel)

    def moved(travel: float, stopped_by: str) -> None:
        ship.straight_this_turn += max(travel - p.curve, 0.0)
        _place(ship, at(travel))
        roller.log.emit("move", ship=ship.id, name=ship.name, distance=round(travel, 2), curve=p.curve,
                        from_xy=[start.x, start.y], to_xy=[ship.x, ship.y], heading=ship.heading,
                        stopped_by=stopped_by)

    ship.moved_this_phase = True
    found = first_exact_contact(state, ship, p) if first_contact(state, ship, p) is not None else None
    if found is None:
        ship.straight_this_turn += p.straight
        _place(ship, p.end)
        if in_irons(state, ship):
            ship.irons_turn = state.turn
        roller.log.emit("move", ship=ship.id, name=ship.name, distance=p.distance, curve=p.curve,
                        from_xy=[start.x, start.y], to_xy=[ship.x, ship.y], heading=ship.heading,
                        head_to_wind=p.head_to_wind)
        return
    contact, travel = found
    if contact.kind == "ship":
        other = state.ship(contact.other or "")
        # Passed: "il movimento è arrestato a contatto"; failed: they collide there.
        moved(travel, other.name)
        # The test counts every inch run straight this turn, up to the contact.
        mods = [("inches moved straight this turn", straight_inches_mod(ship))]
        if not manoeuvre_test(state, ship, roller, "avoid collision", mods):
            collide(state, roller, ship, other)
    elif contact.kind == "land":
        # "interrompere il movimento quando la nave arriva a contatto con la costa"
        moved(travel, "the shallows" if contact.other == "shallows" else "the coast")
        mods = [("inches moved straight this turn", straight_inches_mod(ship))]
        if manoeuvre_test(state, ship, roller, "avoid grounding", mods):
            # "spostata indietro, nella direzione dello spostamento, di un pollice"
            _place(ship, at(travel - BACK_OFF))
            roller.log.emit("bear_off", ship=ship.id, name=ship.name)
        else:
            ship.aground = True
            roller.log.emit("aground", ship=ship.id, name=ship.name)
            disorder(state, roller, ship, "grounding")
    elif manoeuvre_test(state, ship, roller, "stay on the table", []):
        # "il movimento è arrestato ad un pollice dal bordo del tavolo": where the base
        # first comes within an inch of the edge.
        margin = [g.table_edge_zone(state.table.width, state.table.height, margin=EDGE_STOP)]
        stop = cards.contact_travel(start, length, width, p.template, p.direction, p.curve, p.distance,
                                margin, step=STEP)
        moved(travel if stop is None else min(stop, travel), "the table edge")
    else:
        ship.status = "off_table"
        q = at(travel)
        ship.trail.append((q.x, q.y))
        roller.log.emit("left_table", ship=ship.id, name=ship.name)


def collide(state: CannoniState, roller: Roller, ship: ShipState, other: ShipState) -> None:
    """A failed test: one hull box on the nearest sides of both, rigging fouled."""
    for a, b in ((ship, other), (other, ship)):
        state.pending_damage.append(DamageItem(target=a.id, source=b.id, kind="hull", amount=1,
                                               side=g.side_facing(pose(a), (b.x, b.y)), cause="collision"))
        if b.id not in a.fouled_with:
            a.fouled_with.append(b.id)
    roller.log.emit("collision", ship=ship.id, name=ship.name, other=other.id, other_name=other.name)
    # "o i due equipaggi sono disordinati (regola opzionale)": both crews.
    disorder(state, roller, ship, "collision")
    disorder(state, roller, other, "collision")


def standing_ships(state: CannoniState, ship: ShipState) -> set[str] | None:
    """The ships a move could deliberately run into. With orders given together, a
    ship that is still to act this phase may sail out of the way, so only the others
    count; one at a time, every ship is where the player sees it."""
    if state.options.order_mode == "sequential":
        return None
    phase, me = state.phase or 9, ship.id
    # One pass, the afloat test written out: asked for every move order of a phase.
    return {o.id for o in state.ships
            if o.status == "afloat" and o.id != me and (o.acted or (o.chit or 0) < phase)}


def would_collide(state: CannoniState, ship: ShipState, p: Plan) -> str | None:
    contact = first_contact(state, ship, p, only=standing_ships(state, ship))
    if contact is not None and contact.kind == "ship":
        return state.ship(contact.other or "").name
    return None


def collision_avoidable(state: CannoniState, ship: ShipState, templates: list[str]) -> bool:
    """Whether the ship could keep clear (deliberate collisions are forbidden).

    A ship not obliged to move can always keep clear by not moving: "non è consentito,
    in nessun caso, manovrare in modo da provocare, volontariamente, una collisione".
    One obliged to move is excused only if every move at its minimum speed touches.
    """
    if not ship.must_move:
        return True
    speeds = speed_range(state, ship)
    if speeds is None:
        return True
    d = speeds.min
    candidates = [plan(state, ship, None, None, 0, d)]
    for t in templates:
        c = min(cards.max_curve(t), d)
        for direction in ("port", "starboard"):
            candidates.append(plan(state, ship, t, direction, c, d))
    return any(would_collide(state, ship, c) is None for c in candidates)


def forced_tack(state: CannoniState, roller: Roller, ship: ShipState, direction: str) -> bool:
    """Virata obbligata: on a passed test, pivot on the mainmast to close-hauled."""
    if not manoeuvre_test(state, ship, roller, "tack through the wind", []):
        return False
    target = state.wind_degrees() + (45.0 if direction == "starboard" else -45.0)
    turn = g.angle_diff(target, ship.heading)
    q = courses.pivot(pose(ship), ship.log.base_length, turn, "centre")
    ship.x, ship.y, ship.heading = round(q.x, 6), round(q.y, 6), round(g.normalise(q.heading), 6)
    roller.log.emit("tacked", ship=ship.id, name=ship.name, heading=ship.heading, direction=direction)
    return True
