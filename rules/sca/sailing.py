"""Sailing (Sezione 5): sail settings, course changes, the tack over two turns, and
movement in alternating segments with collisions (Sezione 5 vii-viii)."""
from __future__ import annotations

import math
from typing import Sequence

from shapely.geometry import Polygon

from rules.core.events import EventLog
from rules.core.tables.contact import contact_travel, touching
from rules.core.tables.open_table import base_polygon
from rules.sca.scale import told
from rules.sca import navigation as N
from rules.sca import wind as W
from rules.sca.collision_chains import COLLISION_PERCENT
from rules.sca.collisions import after_contact
from rules.sca.damage import damage_hull, damage_rigging, percent_of_dc, start_fire
from rules.sca.geometry import base, pose
from rules.sca.state import Contact, ScaState, Ship
from rules.sca.table_edge import keep_on_table
from rules.sca.damage_tests import collision_test
from rules.sca.wreckage import speed_sail, speed_share

SEGMENT = 10.0  # "ad esempio, 10mm per ogni veliero, in segmenti alternati"
GRADE_RANK = {"A": 0, "E": 1, "B": 2, "All": 3}


def hove_to(ship: Ship) -> bool:
    return ship.hove_to


# Optional rule 2, the calm: "In bonaccia solo le navi equipaggiate con remi possono muovere alla
# metà della velocità prevista per navi della stessa classe": the gunboats row, at half a light
# air's easy sail for their class (Appendice 4's small craft), whatever sail they have set.
OARED = ("gunboat-large", "gunboat-small")


def ship_speed(state: ScaState, ship: Ship) -> float:
    if state.strength == "calm":
        mm = W.speed("light", "easy", 0, ship.masts) / 2 if ship.type in OARED and not ship.fixed else 0.0
        return mm / 2 if ship.half_speed else mm
    if ship.canvas:
        setting = N.capped(ship.canvas, speed_sail(ship))
        mm = N.speed(state.strength, setting, W.point_of_sail(ship.heading, state.wind), ship.decks,
                     ship.rigging_lost, ship.masts)
    else:
        mm = W.speed(state.strength, speed_sail(ship), ship.rigging_lost, ship.masts)  # type: ignore[arg-type]
    mm *= speed_share(ship)
    return mm / 2 if ship.half_speed else mm


def can_move(ship: Ship) -> bool:
    return ship.status in ("afloat", "captured") and not ship.fixed and not ship.contacts and ship.tack == 0 \
        and not ship.irons and not ship.pushed_back and ship.hdc_left > 0


def change_sail(ship: Ship, way: str) -> str:
    """One step of the ladder (the Fast Play's three grades, or optional rule 5's six settings
    above furled); returns what she now has set."""
    if ship.canvas:
        ship.canvas = N.step(ship.canvas, way)
        new = N.GRADE[ship.canvas]
        if ship.sail == "furled" and new != "furled":
            ship.half_speed = True
        ship.sail = new
        return ship.canvas
    i = W.SAILS.index(ship.sail)  # type: ignore[arg-type]
    new = W.SAILS[max(0, min(2, i + (1 if way == "up" else -1)))]
    if ship.sail == "furled" and new != "furled":
        # "Si riprende a manovrare dopo essere andati alla deriva alla metà della velocità consentita."
        ship.half_speed = True
    ship.sail = new
    return new


def bear_away_one(state: ScaState, ship: Ship) -> None:
    ship.heading = (ship.heading + W.away_from_wind(ship.heading, state.wind)) % 16


def begin_tack(state: ScaState, ship: Ship) -> None:
    """First turn: "ruotare la nave di tre quarte, senza movimento in avanti, in modo che la
    nave sia esattamente contro vento"."""
    ship.tack_from = (ship.x, ship.y, ship.heading)
    ship.heading = (ship.heading + 3 * W.tack_direction(ship.heading, state.wind)) % 16
    ship.tack = 1


def finish_tack(state: ScaState, ship: Ship) -> None:
    """Second turn: "ruotare la nave di tre quarte allontanandola dalla direzione del vento,
    dalla parte opposta rispetto alla precedente"; "nel turno ancora successivo la nave
    può muovere alla metà della velocità consentita"."""
    assert ship.tack_from is not None
    start = ship.tack_from[2]
    turned = (ship.heading - start) % 16
    step = 1 if turned <= 8 else -1
    ship.heading = (ship.heading + 3 * step) % 16
    ship.tack, ship.tack_from, ship.half_speed = 0, None, True


def fail_tack(state: ScaState, ship: Ship, log: EventLog, tested=None) -> None:
    """"la nave è riportata nella posizione in cui si trovava all'inizio della virata e
    subisce un danno pari al 10% di un RDC" (optional rule 9: failing the second turn is a
    rigging test instead; ``tested`` is then the roller)."""
    second = ship.tack == 1
    if ship.tack_from is not None:
        ship.x, ship.y, ship.heading = ship.tack_from
    ship.tack, ship.tack_from = 0, None
    if tested is not None and second:
        from rules.sca.damage_tests import rigging_test
        rigging_test(state, ship, "tack", tested)
    else:
        damage_rigging(state, ship, percent_of_dc(ship, 10), log)


def lands(state: ScaState) -> list[Polygon]:
    return [Polygon(a.points) for a in state.table.land]


def move_all(state: ScaState, movers: list[Ship], boarding: set[str], log: EventLog,
             speeds: dict[str, float] | None = None, roller=None, carried: Sequence = ()) -> set[str]:
    """Every mover runs her whole speed (or the millimetres ``speeds`` gives her) straight
    ahead, ten millimetres at a time in turn, so that the first to touch another base stops
    there: "il movimento dovrebbe essere effettuato contemporaneamente per frazioni ... in
    segmenti alternati". Returns the ships that moved. ``roller`` throws the rigging tests of
    collisions (optional rules 7 and 9 together). ``carried`` are entangled rafts moving in the
    same segment (optional rule 7 v with optional rule 3: :class:`rules.sca.collisions.PairRun`),
    each 10 mm a round after the movers."""
    left = {s.id: speeds[s.id] if speeds is not None else ship_speed(state, s) for s in movers}
    start = {s.id: (s.x, s.y) for s in movers}
    land = lands(state)
    afloat = [o for o in state.ships if o.afloat]
    bases: dict[str, Polygon] = {}  # made when first asked for, dropped when she moves
    running = [s for s in movers if left[s.id] > 0]
    rafts = [r for r in carried if r.left > 0]
    while running or rafts:
        for ship in list(running):
            step = min(SEGMENT, left[ship.id])
            reach = step + ship.length
            near = [o for o in afloat if o is not ship
                    and abs(o.x - ship.x) < reach + o.length and abs(o.y - ship.y) < reach + o.length]
            for o in near:
                if o.id not in bases:
                    bases[o.id] = base(o)
            obstacles = [bases[o.id] for o in near] + land
            hit_at = None
            if obstacles:
                hit_at = contact_travel(pose(ship), ship.length, ship.width, None, 0.0, step, obstacles,
                                        step=step / 2)
            run = step if hit_at is None else hit_at
            dx, dy = math.sin(math.radians(W.degrees(ship.heading))), math.cos(math.radians(W.degrees(ship.heading)))
            ship.x, ship.y = ship.x + dx * run, ship.y + dy * run
            bases.pop(ship.id, None)
            left[ship.id] -= step
            if hit_at is not None:
                running.remove(ship)
                rest = left[ship.id] + step - run
                touched(state, ship, near, land, ship.id in boarding, log, rest, roller)
                for o in near:  # pushed, dragged or slid: their bases are made anew
                    bases.pop(o.id, None)
            elif left[ship.id] <= 1e-9:
                running.remove(ship)
        for r in list(rafts):
            moved_ids = {s.id for s in r.step(state, log, roller)}
            for i in moved_ids:
                bases.pop(i, None)
            # a mover the raft ran into stops there
            running = [s for s in running if not any(c.other in moved_ids for c in s.contacts)]
            if r.left <= 0:
                rafts.remove(r)
    moved = set()
    for ship in movers:
        sx, sy = start[ship.id]
        if (ship.x, ship.y) != (sx, sy):
            moved.add(ship.id)
            ship.trail = [(round(sx, 1), round(sy, 1)), (round(ship.x, 1), round(ship.y, 1))]
            log.emit("moved", ship=ship.name, mm=told(state.options, math.hypot(ship.x - sx, ship.y - sy)),
                     heading=W.name(ship.heading))
    keep_on_table(state, movers, log)
    return moved


def touched(state: ScaState, mover: Ship, others: list[Ship], land: list[Polygon], boarding: bool,
            log: EventLog, rest: float = 0.0, roller=None) -> None:
    """The contacts the mover's base makes; ``rest`` is the run she had left (optional rule 7)."""
    mine = base_polygon(pose(mover), mover.length + 0.02, mover.width + 0.02)
    ruled = state.options.collisions
    tested = roller if state.options.rigging_tests and ruled else None
    for other in others:
        if any(c.other == other.id for c in mover.contacts) or not touching(mine, base(other)):
            continue
        enemy = other.side != mover.side
        if mover.fireship or other.fireship:
            grade = "All"
        elif enemy and boarding and mover.sail == "easy":
            grade = "B"
        else:
            grade = "E" if enemy else "A"
        mover.contacts.append(Contact(other=other.id, grade=grade))
        other.contacts.append(Contact(other=mover.id, grade=grade))
        if grade == "B":
            # "non ci sono danni per il contatto ma entrambi i velieri sono alla deriva"
            log.emit("boarding_contact", ship=mover.name, other=other.name)
            continue
        if tested is not None:
            # Optional rule 9 with rule 7: the rigging test instead of the fixed percentage,
            # "Nel caso di una collisione con un altro vascello usare il DC di quest'ultimo".
            log.emit("collision_tested", ship=mover.name, other=other.name)
            for s, o in ((mover, other), (other, mover)):
                collision_test(state, s, o, tested)
        else:
            percent = COLLISION_PERCENT[mover.sail]
            log.emit("collision", ship=mover.name, other=other.name, percent=percent)
            for s in (mover, other):
                damage_rigging(state, s, percent_of_dc(s, percent), log)
        if ruled and mover.afloat and other.afloat:
            after_contact(state, mover, other, rest, log, roller)  # marks the two entangled (direction B)
            keep_on_table(state, [other], log)
            mine = base_polygon(pose(mover), mover.length + 0.02, mover.width + 0.02)
        for burning, caught in ((mover, other), (other, mover)):
            if burning.fireship and burning.fireship_lit and not caught.fireship:
                # "Un incendio si propaga automaticamente alla velatura delle navi in contatto"
                start_fire(caught, "rigging", log, cause="fireship")
    for area in land:
        if touching(mine, area) and not any(c.other == "land" for c in mover.contacts):
            # Translator's note 5: "la nave subisce un danno pari al 20% di un HDC se l'urto
            # avviene con vele di manovra, pari al 50% se a vele spiegate"; freeing her needs
            # "Tutti" under full sail, A, B or E under easy sail.
            percent = COLLISION_PERCENT[mover.sail]
            mover.contacts.append(Contact(other="land", grade="All" if mover.sail == "full" else "A"))
            if tested is not None:
                log.emit("aground_tested", ship=mover.name)
                collision_test(state, mover, None, tested)
                continue
            log.emit("aground", ship=mover.name, percent=percent)
            side = "starboard" if mover.hull_lost["starboard"] <= mover.hull_lost["port"] else "port"
            damage_hull(state, mover, side, percent_of_dc(mover, percent), log)


def hardest_contact(ship: Ship) -> str:
    return max((c.grade for c in ship.contacts), key=lambda g: GRADE_RANK[g], default="A")


def free(state: ScaState, ship: Ship) -> None:
    """"se il tentativo di liberare ha successo il vascello può muovere alla metà della
    velocità consentita"; "Se l'altro vascello si libera la nave rimane alla deriva fino ad
    un nuovo turno in cui potrà muovere liberamente, ma alla metà della velocità"."""
    for c in ship.contacts:
        if c.other != "land":
            other = state.ship(c.other)
            other.contacts = [k for k in other.contacts if k.other != ship.id]
            other.melee = other.melee and bool(other.contacts)
            other.half_speed = other.half_speed or not other.contacts
    ship.contacts, ship.melee, ship.half_speed = [], False, True
