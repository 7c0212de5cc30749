"""Scenarios: the table, the wind, the ships and where they start."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, model_validator

from rules.cannoni.builder import ShipSpec, build_logbook
from rules.cannoni.catalogue import get_logbook
from rules.cannoni.forts import FortSetup, fort_state
from rules.cannoni.logbook import LogBook, Sails
from rules.cannoni.manifest import MANIFEST
from rules.cannoni.options import CannoniOptions
from rules.cannoni.state import CannoniState, MastState, ShipState, Squadron, Table, Track
from rules.core.ruleset import Seat
from rules.core.scenarios import packaged_scenarios


class ShipSetup(BaseModel):
    id: str
    ship: str | None = None  # catalogue id
    spec: ShipSpec | None = None  # or a ship of one's own, built by Appendix B
    log: LogBook | None = None  # or a whole log-book (a campaign's ship, a prize's rebuilt one)
    name: str | None = None
    side: str
    player: str | None = None  # seat id; by default the side's seats take turns
    x: float
    y: float
    heading: float
    sails: Sails = "battle"
    loaded: list[Literal["starboard", "port"]] = Field(default_factory=lambda: ["starboard", "port"])
    anchor: Literal["bow", "stern"] | None = None  # lying at anchor when the game begins
    # Boxes already struck when the game begins (a campaign's damage carried over), by
    # track: "hull-starboard", "hull-port", "mast-<name>", "crew".
    carried: dict[str, int] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _one_source(self) -> "ShipSetup":
        if sum(x is not None for x in (self.ship, self.spec, self.log)) != 1:
            raise ValueError(f"ship {self.id}: give one of a catalogue id, a spec or a log-book")
        return self

    def logbook(self) -> LogBook:
        if self.log is not None:
            log = self.log
        else:
            log = get_logbook(self.ship) if self.ship else build_logbook(self.spec)  # type: ignore[arg-type]
        return log.model_copy(update={"name": self.name}) if self.name else log


class SquadronSetup(BaseModel):
    id: str
    name: str
    ships: list[str]  # in line order, the leader first
    commodore: str | None = None  # seat id; by default whoever commands the leader


class CannoniSetup(BaseModel):
    name: str
    title: str
    description: str = ""
    table: Table
    wind: int | None = None  # point the wind blows from (0 = N, 4 = E); None: rolled
    turns: int = 12
    sides: list[str]
    ships: list[ShipSetup]
    objectives: list[str] = Field(default_factory=list)
    squadrons: list[SquadronSetup] = Field(default_factory=list)
    forts: list[FortSetup] = Field(default_factory=list)  # *Batterie costiere*
    # The edge each side came in by; by default the one nearest its ships' start.
    entry_edges: dict[str, Literal["north", "south", "east", "west"]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> "CannoniSetup":
        ids = [s.id for s in self.ships]
        if len(set(ids)) != len(ids):
            raise ValueError("ship ids must be unique")
        for s in self.ships:
            if s.side not in self.sides:
                raise ValueError(f"ship {s.id}: side {s.side!r} is not one of {self.sides}")
        if len(self.sides) < 2:
            raise ValueError("a battle needs two sides")
        by_id = {s.id: s for s in self.ships}
        for sq in self.squadrons:
            if sq.id in by_id:
                raise ValueError(f"squadron {sq.id}: the id is a ship's")
            if len(sq.ships) < 2 or any(sid not in by_id for sid in sq.ships):
                raise ValueError(f"squadron {sq.id}: needs two or more of the scenario's ships")
            if len({by_id[sid].side for sid in sq.ships}) != 1:
                raise ValueError(f"squadron {sq.id}: all its ships must be of one side")
        # Forts and batteries are named in chit and action orders beside the ships.
        unit_ids = ids + [f.id for f in self.forts] + [b.id for f in self.forts for b in f.batteries]
        if len(set(unit_ids)) != len(unit_ids):
            raise ValueError("ship, fort and battery ids must all be different")
        for f in self.forts:
            if f.side not in self.sides:
                raise ValueError(f"fort {f.id}: side {f.side!r} is not one of {self.sides}")
        return self


def ship_state(setup: ShipSetup, player: str) -> ShipState:
    log = setup.logbook()
    per_side = log.hull_per_side
    lost = setup.carried

    def struck(key: str, boxes: int) -> int:
        return min(max(lost.get(key, 0), 0), boxes)

    masts = [MastState(name=m.name, boxes=m.boxes, offset=m.offset, lost=struck(f"mast-{m.name}", m.boxes))
             for m in log.masts]
    for mast in masts:
        if mast.down:
            mast.fell = "sea"  # cut away in port: it obstructs nothing
    return ShipState(
        id=setup.id, name=log.name, side=setup.side, player=player, log=log,
        x=setup.x, y=setup.y, heading=setup.heading % 360, sails=setup.sails,
        loaded={s: ("ball" if s in setup.loaded else None) for s in ("starboard", "port")},
        hull={side: Track(boxes=per_side, lost=struck(f"hull-{side}", per_side)) for side in ("starboard", "port")},
        masts=masts,
        crew=Track(boxes=log.crew_boxes, lost=struck("crew", log.crew_boxes)),
        anchor=setup.anchor,
        trail=[(setup.x, setup.y)],
    )


def assign_players(setup: CannoniSetup, seats: list[Seat]) -> dict[str, str]:
    by_side = {side: [s.id for s in seats if s.side == side] for side in setup.sides}
    for side, ids in by_side.items():
        if not ids:
            raise ValueError(f"no seat plays side {side!r}")
    seat_ids = {s.id for s in seats}
    owners: dict[str, str] = {}
    counters = {side: 0 for side in setup.sides}
    for ship in setup.ships:
        if ship.player is not None and ship.player in seat_ids:
            owners[ship.id] = ship.player
            continue
        ids = by_side[ship.side]
        owners[ship.id] = ids[counters[ship.side] % len(ids)]
        counters[ship.side] += 1
    return owners


def entry_edges(setup: CannoniSetup) -> dict[str, str]:
    edges = dict(setup.entry_edges)
    w, h = setup.table.width, setup.table.height
    for side in setup.sides:
        ships = [s for s in setup.ships if s.side == side]
        if side in edges or not ships:
            continue
        x = sum(s.x for s in ships) / len(ships)
        y = sum(s.y for s in ships) / len(ships)
        edges[side] = min((("west", x), ("east", w - x), ("south", y), ("north", h - y)), key=lambda e: e[1])[0]
    return edges


def initial_state(setup: CannoniSetup, options: CannoniOptions, seats: list[Seat]) -> CannoniState:
    owners = assign_players(setup, seats)
    seat_ids = {s.id for s in seats}
    squadrons = [Squadron(id=sq.id, name=sq.name, ships=sq.ships,
                          commodore=sq.commodore if sq.commodore in seat_ids else owners[sq.ships[0]])
                 for sq in setup.squadrons]
    return CannoniState(
        squadrons=squadrons,
        entry_edges=entry_edges(setup),
        options=options, scenario=setup.name, title=setup.title, table=setup.table, seats=seats,
        sides=setup.sides, ships=[ship_state(s, owners[s.id]) for s in setup.ships],
        objectives=setup.objectives, turns_limit=setup.turns,
        forts=[fort_state(f, f.player if f.player in seat_ids else next(s.id for s in seats if s.side == f.side))
               for f in setup.forts],
    )


def builtin_scenarios() -> dict[str, CannoniSetup]:
    return packaged_scenarios(MANIFEST.scenarios, CannoniSetup)
