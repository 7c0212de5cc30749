"""Moving ("Muovere"), ramming ("Speronare") and the special zones ("Zone speciali").

A move is up to one segment per letter of the ship's speed (S: up to 3 squares, L: up
to 4), each after a turn of 0, 45 or 90 degrees about the bow square. The ship goes
square by square; each square she newly covers is checked: the sea's edge and land
stop the order (a problem), another ship is rammed when entered from anywhere but
exactly ahead or astern, fog stops her, and shoals and the Sargasso Sea roll their die
the first time a ship passes and act on every ship after.

The same walk checks an order (``roller`` None: nothing rolled, nothing changed, a die
not yet on a zone taken as letting her through) and resolves it (``roller`` given).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.core import problems as P
from rules.core.decisions import Problem
from rules.core.dice import Roller
from rules.core.tables.squares import ShipPlace
from rules.pirates import crews as C
from rules.pirates import keywords, sea
from rules.pirates.catalogue import SCHOONER
from rules.pirates.damage import lose_masts
from rules.pirates.naming import ship_words
from rules.pirates.state import Cell, PiratesState, Ship, Zone

SEGMENT = {"S": 3, "L": 4}
TURNS = (-2, -1, 0, 1, 2)  # eighths of a circle, + to starboard


@dataclass
class Plan:
    segments: list[tuple[int, int]]  # (turn in eighths, squares)
    dock: bool = False
    pivot: int = 0  # a schooner's turn on her stern at the end
    ghost: bool = False  # a ghost crew's sailing through everything (rules.pirates.keywords)


@dataclass
class Sailing:
    end: ShipPlace
    places: list[ShipPlace] = field(default_factory=list)  # every place she passed through
    rammed: str | None = None
    stopped: str | None = None  # "fog", "sargasso", "wreck", "ram"
    problem: Problem | None = None


def segments_of(state: PiratesState, ship: Ship) -> str:
    """Her speed, with the S a helmsman aboard adds."""
    if ship.status == "derelict" or ship.slowed:  # a galley rowing derelict; a ship in fear
        return "S"
    return ship.speed + ("S" if C.aboard_with(state, ship, C.HELMSMAN) else "")


def square_name(cell: Cell) -> str:
    col, row = cell
    name = ""
    n = col + 1
    while n:
        n, r = divmod(n - 1, 26)
        name = chr(65 + r) + name
    return f"{name}{row + 1}"


def _rammable(mover: Ship, target: Ship, cell: Cell, state: PiratesState, turning: bool) -> str | None:
    """None when entering ``cell`` of ``target`` rams her, else the problem's code."""
    if turning or target.status != "afloat":
        return "pirates-ship-in-way"
    if target.fog or target.ghost or sea.safe_at_home(target, state):
        return "pirates-untouchable"
    ends = {target.cells()[0], target.cells()[-1]}
    along = mover.facing % 4 == target.facing % 4
    if along and cell in ends:  # "non provenendo esattamente da poppa o da prua (movimenti vietati)"
        return "pirates-ship-in-way"
    return None


class _Walk:
    def __init__(self, state: PiratesState, ship: Ship, roller: Roller | None, ghost: bool = False) -> None:
        self.state, self.ship, self.roller, self.ghost = state, ship, roller, ghost
        self.others = sea.occupied(state, but=ship.id)
        self.land = sea.land(state)
        self.zones = sea.zone_at(state)
        # A zone acts on a ship that comes into it, not on one already there when she
        # starts (else a small ship could never sail out of the Sargasso Sea).
        self.met: set[str] = {self.zones[c].id for c in ship.cells() if c in self.zones}
        self.result = Sailing(end=ship.place)

    def enter(self, new: ShipPlace, turning: bool) -> bool:
        """Take the next place; False when the walk stops before or at it."""
        old = set(self.result.end.squares())
        fresh = [(s.col, s.row) for s in new.squares() if s not in old]
        name = ship_words(self.ship)
        for cell in fresh:
            if not sea.in_bounds(self.state, cell):
                self.result.problem = P.problem("pirates-off-board", ship=name, square=square_name(cell))
                return False
        if self.ghost:  # "ignora isole, navi e terreni per il movimento"
            self.result.end = new
            self.result.places.append(new)
            return True
        for cell in fresh:
            if cell in self.land:
                self.result.problem = P.problem("pirates-on-land", ship=name, square=square_name(cell))
                return False
        for cell in fresh:
            other = self.others.get(cell)
            if other is None:
                continue
            code = _rammable(self.ship, other, cell, self.state, turning)
            if code is not None:
                self.result.problem = P.problem(code, ship=name, other=ship_words(other), square=square_name(cell))
            else:
                self.result.rammed, self.result.stopped = other.id, "ram"
            return False
        self.result.end = new
        self.result.places.append(new)
        for cell in fresh:
            zone = self.zones.get(cell)
            if zone is not None and zone.id not in self.met:
                self.met.add(zone.id)
                if self.zone(zone):
                    return False
        return True

    def zone(self, zone: Zone) -> bool:
        """The zone's effect on first entering it this move; True when she stops."""
        ship, roller = self.ship, self.roller
        if zone.kind == "fog":
            # "Una nave che entra nella nebbia si ferma"
            self.result.stopped = "fog"
            return True
        if zone.die is None:
            if roller is None:
                return False  # not known until rolled: the order is checked as if she passed
            zone.die = roller.roll(6, f"{zone.kind} {zone.id}", zone=zone.id)
            roller.log.emit("zone_die", zone=zone.id, kind=zone.kind, die=zone.die, ship=ship.id)
        if roller is not None:
            from rules.pirates.treasure import search_zone  # a treasure lies in the zone
            search_zone(self.state, ship, zone, roller)
        if zone.kind == "shoals":
            return self.shoals(zone)
        return self.sargasso(zone)

    def shoals(self, zone: Zone) -> bool:
        ship, roller = self.ship, self.roller
        excess = ship.masts - (zone.die or 0)
        if excess <= 0 or roller is None:
            return False
        dice = [roller.roll(6, f"shoals under {ship.id}", ship=ship.id) for _ in range(excess)]
        lost = sum(d >= 5 for d in dice)
        roller.log.emit("shoals", ship=ship.id, zone=zone.id, dice=dice, lost=lost)
        if lost:
            lose_masts(self.state, ship, lost, None, roller, wreck=True)
        if ship.status == "wreck":
            self.result.stopped = "wreck"
            return True
        return False

    def sargasso(self, zone: Zone) -> bool:
        ship, die = self.ship, zone.die
        if die is None or ship.masts > die:
            return False
        self.result.stopped = "sargasso"
        if self.roller is not None:
            ship.becalmed = die - ship.masts
            self.roller.log.emit("sargasso", ship=ship.id, zone=zone.id, die=die, owed=ship.becalmed)
        return True


def sail(state: PiratesState, ship: Ship, plan: Plan, roller: Roller | None = None) -> Sailing:
    walk = _Walk(state, ship, roller, plan.ghost)
    for eighths, squares in plan.segments:
        step = 1 if eighths > 0 else -1
        for _ in range(abs(eighths)):
            if not walk.enter(walk.result.end.turned(step), turning=True):
                return walk.result
        for _ in range(squares):
            if not walk.enter(walk.result.end.moved(1), turning=False):
                return walk.result
    if plan.ghost:  # "ma non può terminare il movimento su altre navi o isole"
        others, land = sea.occupied(state, but=ship.id), sea.land(state)
        for s in walk.result.end.squares():
            if (s.col, s.row) in land or (s.col, s.row) in others:
                walk.result.problem = P.problem("pirates-ghost-end", ship=ship_words(ship),
                                                square=square_name((s.col, s.row)))
    return walk.result


def stern_pivot(state: PiratesState, ship: Ship, place: ShipPlace, eighths: int) -> tuple[ShipPlace, Problem | None]:
    """A schooner's free turn on her stern ("può ruotare sulla propria poppa alla fine della
    sua manovra di movimento"), 45 degrees at a time, over free water only."""
    others, land = sea.occupied(state, but=ship.id), sea.land(state)
    step = 1 if eighths > 0 else -1
    for _ in range(abs(eighths)):
        new = place.reversed().turned(step).reversed()
        for s in new.squares():
            cell = (s.col, s.row)
            if not sea.in_bounds(state, cell) or cell in land or cell in others:
                return place, P.problem("pirates-ship-in-way", ship=ship_words(ship),
                                        other=ship_words(others[cell]) if cell in others else "-",
                                        square=square_name(cell))
        place = new
    return place, None


def check_move(state: PiratesState, ship: Ship, plan: Plan) -> list[Problem]:
    if plan.ghost and not keywords.ghostly(state, ship):
        return [P.problem("pirates-no-ghost", field="ghost", ship=ship_words(ship))]
    if plan.ghost and plan.dock:  # "non può attraccare"
        return [P.problem("pirates-no-ghost", field="dock", ship=ship_words(ship))]
    if ship.stuck_to is not None and not plan.ghost:
        other = state.ship(ship.stuck_to)
        return [P.problem("pirates-stuck", ship=ship_words(ship), other=ship_words(other))]
    result = sail(state, ship, plan)
    if result.problem is not None:
        return [result.problem]
    if plan.pivot and result.rammed is None:
        _, problem = stern_pivot(state, ship, result.end, plan.pivot)
        if problem is not None:
            return [problem]
    if plan.dock and result.stopped is None:
        probe = ship.model_copy()
        probe.put(result.end)
        if sea.dockable(state, probe) is None:
            return [P.problem("pirates-no-dock", ship=ship_words(ship))]
    return []


def move(state: PiratesState, ship: Ship, plan: Plan, roller: Roller) -> Sailing:
    """Sail an accepted plan: the ship ends where the walk stopped."""
    start = ship.cells()[0]
    if ship.becalmed > 0:
        # "si ferma finché non ha fatto tante manovre di movimento da 0 quadretti quanti
        # sono gli alberi in meno"
        ship.becalmed -= 1
        roller.log.emit("becalmed", ship=ship.id, owed=ship.becalmed)
        return Sailing(end=ship.place, stopped="sargasso")
    if any(n or t for t, n in plan.segments[len(ship.speed):]):
        C.use(state, ship, C.HELMSMAN, roller)  # the helmsman's extra S is sailed
    if plan.ghost:
        keywords.go_ghost(state, ship, roller)
    ship.docked = None
    result = sail(state, ship, plan, roller)
    ship.put(result.end)
    ship.moved = True
    if result.stopped == "fog":
        ship.fog = True
    if plan.pivot and result.rammed is None and result.stopped != "fog" and keywords.has(ship, SCHOONER):
        place, problem = stern_pivot(state, ship, ship.place, plan.pivot)
        if problem is None:
            ship.put(place)
    roller.log.emit("moved", ship=ship.id, start=list(start), end=list(ship.cells()[0]), facing=ship.facing,
                    stopped=result.stopped)
    if plan.dock and result.stopped in (None, "sargasso"):
        island = sea.dockable(state, ship)
        if island is not None:
            ship.docked = island.id
            roller.log.emit("docked", ship=ship.id, island=island.id, names=state.names(island.id))
    return result


def reverse(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """"In alternativa a tutto il proprio movimento la nave può invertire istantaneamente
    la prua con la poppa\""""
    ship.put(ship.place.reversed())
    ship.moved = True
    roller.log.emit("reversed", ship=ship.id, facing=ship.facing)
