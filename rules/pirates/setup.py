"""Setting up ("Preparazione"): the sea drawn on squared paper, the fleets bought with
points, every ship docked at her home island, every crew face down, the treasures
hidden."""
from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, Field
from shapely.geometry import Polygon

from rules.core.ruleset import Seat
from rules.core.tables.squares import coast_squares, touched_squares
from rules.pirates import forts, keywords, sea
from rules.pirates.catalogue import crew_type, ship_type
from rules.pirates.damage import weakest_gun
from rules.pirates.state import Crew, Gun, Island, PiratesOptions, PiratesState, Ship, Treasure, Zone

BIG_BATTLE, SKIRMISH = 80, 30


class IslandSetup(BaseModel):
    id: str
    name: str
    kind: Literal["home", "wild"]
    side: str | None = None
    outline: list[tuple[float, float]]


class ZoneSetup(BaseModel):
    id: str
    kind: Literal["fog", "shoals", "sargasso"]
    outline: list[tuple[float, float]]


class TreasureSetup(BaseModel):
    id: str
    value: int
    place: str
    need: int | None = None


class ShipSetup(BaseModel):
    key: str
    col: int
    row: int
    facing: int
    # A campaign's ship keeps her id and name from battle to battle, and sails with the
    # masts she has not had mended since (rules.pirates.campaign); None: from her fleet.
    id: str | None = None
    name: str | None = None
    masts_lost: int = 0
    # A scenario set in the middle of a voyage may start her docked at another island's
    # coast (a wild island's, say); None: at her home island, as the rules start a game.
    docked: str | None = None


class FortSetup(BaseModel):
    """A fort a scenario starts with, as if built in an earlier voyage: on a wild
    island, its four squares nearest ``near`` (the island's first coast square if none)."""
    key: str
    side: str
    island: str
    near: tuple[int, int] | None = None


def ship_id(side: str, index: int, spec: ShipSetup) -> str:
    """Her id in the game: a campaign's own, her name if she has one, else fleet, type and number."""
    if spec.id is not None:
        return spec.id
    return spec.key if ship_type(spec.key).named else f"{side}-{spec.key}-{index + 1}"


class CrewSetup(BaseModel):
    key: str
    on: int | None = None  # the fleet's ship by index; None: the home island


class FleetSetup(BaseModel):
    side: str
    ships: list[ShipSetup]
    crews: list[CrewSetup] = Field(default_factory=list)


class PiratesSetup(BaseModel):
    name: str
    title: str = ""
    cols: int
    rows: int
    points: int = SKIRMISH
    turns_limit: int = 12
    islands: list[IslandSetup]
    zones: list[ZoneSetup] = Field(default_factory=list)
    treasures: list[TreasureSetup] = Field(default_factory=list)
    forts: list[FortSetup] = Field(default_factory=list)
    fleets: list[FleetSetup]

    @property
    def sides(self) -> list[str]:
        return [f.side for f in self.fleets]


def fleet_problems(points: int, fleets: list[FleetSetup]) -> list[str]:
    """What breaks the buying rules: the points; "Può esistere durante il gioco solo un
    oggetto [...] con un nome proprio (vale anche per Calico Cat, che ha due versioni)";
    "un numero massimo di oggetti senza nome dello stesso tipo [...] pari ai punti
    prestabiliti diviso 3 (arrotondato in su)"; "massimo punti di equipaggio pari al
    punteggio della nave può essere a bordo"."""
    out: list[str] = []
    names: dict[str, str] = {}
    limit = math.ceil(points / 3)
    for fleet in fleets:
        cost = sum(ship_type(s.key).points for s in fleet.ships) + sum(crew_type(c.key).points for c in fleet.crews)
        if cost > points:
            out.append(f"{fleet.side}: {cost} points, more than {points}")
        counts: dict[str, int] = {}
        for key, named, unique in [(s.key, ship_type(s.key).named, ship_type(s.key).unique_as or s.key)
                                   for s in fleet.ships] + [(c.key, crew_type(c.key).named, c.key)
                                                            for c in fleet.crews]:
            if named:
                if unique in names:
                    out.append(f"{fleet.side}: {key} is named and already in play ({names[unique]})")
                names[unique] = fleet.side
            else:
                counts[key] = counts.get(key, 0) + 1
        out += [f"{fleet.side}: {n} unnamed {key}, more than {limit}" for key, n in counts.items() if n > limit]
        for i, ship in enumerate(fleet.ships):
            aboard = sum(crew_type(c.key).points for c in fleet.crews if c.on == i)
            if aboard > ship_type(ship.key).points:
                out.append(f"{fleet.side}: {aboard} points of crew aboard {ship.key}, more than her points")
        out += keywords.limit_problems(fleet.side, [s.key for s in fleet.ships] + [c.key for c in fleet.crews])
    return out


def _islands(setup: PiratesSetup) -> list[Island]:
    shapes = [Polygon(i.outline) for i in setup.islands]
    coast = {(s.col, s.row) for s in coast_squares(shapes, setup.cols, setup.rows)}
    out = []
    for spec, shape in zip(setup.islands, shapes):
        touched = [(s.col, s.row) for s in touched_squares(shape) if 0 <= s.col < setup.cols and 0 <= s.row < setup.rows]
        out.append(Island(id=spec.id, name=spec.name, kind=spec.kind, side=spec.side, outline=spec.outline,
                          land=[c for c in touched if c not in coast], coast=[c for c in touched if c in coast]))
    return out


def _zones(setup: PiratesSetup) -> list[Zone]:
    return [Zone(id=z.id, kind=z.kind, outline=z.outline,
                 squares=[(s.col, s.row) for s in touched_squares(Polygon(z.outline))
                          if 0 <= s.col < setup.cols and 0 <= s.row < setup.rows]) for z in setup.zones]


def initial_state(setup: PiratesSetup, options: PiratesOptions, seats: list[Seat]) -> PiratesState:
    problems = fleet_problems(setup.points, setup.fleets)
    if problems:
        raise ValueError("; ".join(problems))
    sides = [f.side for f in setup.fleets]
    state = PiratesState(seats=seats, options=options, scenario=setup.name, title=setup.title, cols=setup.cols,
                         rows=setup.rows, sides=sides, islands=_islands(setup), zones=_zones(setup), ships=[],
                         turns_limit=setup.turns_limit, points=setup.points,
                         treasures=[Treasure(id=t.id, value=t.value, place=t.place, need=t.need)
                                    for t in setup.treasures])
    for fleet in setup.fleets:
        home = state.home(fleet.side)
        ids = []
        for i, spec in enumerate(fleet.ships):
            kind = ship_type(spec.key)
            sid = ship_id(fleet.side, i, spec)
            ids.append(sid)
            name = spec.name or (kind.name if kind.named else f"{fleet.side} {kind.name} {i + 1}")
            ship = Ship(id=sid, key=spec.key, name=name,
                        side=fleet.side, points=kind.points, masts=kind.masts,
                        guns=[Gun(range=r, score=s) for r, s in kind.guns], cargo=kind.cargo, speed=kind.speed,
                        col=spec.col, row=spec.row, facing=spec.facing, length=kind.squares,
                        keywords=list(kind.keywords), armour=kind.armour)
            for _ in range(min(spec.masts_lost, kind.masts)):
                ship.guns.pop(weakest_gun(ship))  # as a battle takes them: the gun worth least first
            if not ship.guns:
                ship.status = "derelict"
            port = state.find_island(spec.docked) if spec.docked else home
            if port is None or not any(c in {tuple(x) for x in port.coast} for c in ship.cells()):
                raise ValueError(f"{sid} does not start on the coast of {spec.docked or home.id}")
            ship.docked = port.id  # "tutte le navi partono attraccate alla propria isola base"
            state.ships.append(ship)
        for j, crew in enumerate(fleet.crews):
            place = ids[crew.on] if crew.on is not None else home.id
            state.crews.append(Crew(id=f"{fleet.side}-c{j + 1}", key=crew.key, side=fleet.side, place=place))
    for spec in setup.forts:
        _stand_fort(state, spec)
    _check_places(state)
    return state


def _stand_fort(state: PiratesState, spec: FortSetup) -> None:
    island = state.find_island(spec.island)
    if island is None or island.kind != "wild" or state.fort_on(island.id) is not None or spec.side not in state.sides:
        raise ValueError(f"no fort of {spec.side} can stand on {spec.island}")
    near = spec.near or tuple(sorted(tuple(c) for c in island.coast)[0])
    fort = forts.stand(state, island, spec.side, spec.key, near)  # type: ignore[arg-type]
    for t in state.treasure_at(fort.id):
        t.public = True  # "il valore dei tesori [...] nei propri forti" is told to all


def _check_places(state: PiratesState) -> None:
    land = sea.land(state)
    seen: dict[tuple[int, int], str] = {}
    for ship in state.ships:
        for c in ship.cells():
            if not sea.in_bounds(state, c) or c in land or c in seen:
                raise ValueError(f"{ship.id} cannot lie on {c}")
            seen[c] = ship.id


__all__ = ["PiratesSetup", "fleet_problems", "initial_state", "ship_id"]
