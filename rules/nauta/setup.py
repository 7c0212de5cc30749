"""Scenarios: the table and its coasts, the fleets (nation, crew, admiral, ships with
their extra soldiers and fittings) and where the ships start.

A scenario may switch on the optional rules its fleets were bought for; the players'
options override it (see :mod:`rules.nauta.options`). The fleets are checked
against §3-5 when the game starts, under the options actually in force.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from rules.core.ruleset import Seat
from rules.core.scenarios import packaged_scenarios
from rules.nauta.equipment import fitting
from rules.nauta.fleets import Crew, default_crew, fleet_problems, ship_points
from rules.nauta.manifest import MANIFEST
from rules.nauta.options import OPTIONAL_RULES, NautaOptions, Rules, resolve_rules
from rules.nauta.ships import base_segments, ship_class
from rules.nauta.state import Edge, Fleet, NautaState, Ship, Table

SCENARIO_OPTIONS = set(OPTIONAL_RULES) | {"medieval", "acceleration_limits", "deployment", "edition"}


class ShipSetup(BaseModel):
    id: str
    type: str  # a row of the ship table: "triremis", "quinqueremis", "galea_trireme", ...
    name: str | None = None
    extra: int = 0  # extra soldiers' (or crossbowmen's) units bought
    equipment: list[str] = Field(default_factory=list)
    player: str | None = None  # a seat id; by default the side's seats take turns
    x: float
    y: float
    heading: float
    speed: int = 0  # the speed she was making before the battle (for acceleration limits)
    # Carried from an earlier battle of a campaign: damaged once (§12), soldiers' units lost.
    damage: int = Field(default=0, ge=0, le=1)
    soldiers_lost: int = Field(default=0, ge=0)


class FleetSetup(BaseModel):
    side: str
    nation: str
    crew: Crew | None = None  # None: the nation's usual crews, else average
    edge: Edge = "south"
    admiral: str | None = None  # the admiral's ship; None: the first ship
    points: float | None = None  # the points agreed for the battle, if any
    ships: list[ShipSetup]


class NautaSetup(BaseModel):
    name: str
    title: str
    description: str = ""
    table: Table
    turns: int = 12
    options: dict[str, Any] = Field(default_factory=dict)
    fleets: list[FleetSetup]

    @property
    def sides(self) -> list[str]:
        return [f.side for f in self.fleets]

    @model_validator(mode="after")
    def _consistent(self) -> "NautaSetup":
        if len(self.fleets) != 2 or len(set(self.sides)) != 2:
            raise ValueError("a battle needs two fleets on two sides")
        ids = [s.id for f in self.fleets for s in f.ships]
        if len(set(ids)) != len(ids):
            raise ValueError("ship ids must be unique")
        unknown = set(self.options) - SCENARIO_OPTIONS
        if unknown:
            raise ValueError(f"unknown scenario options: {', '.join(sorted(unknown))}")
        for fleet in self.fleets:
            if not fleet.ships:
                raise ValueError(f"the {fleet.side} fleet has no ships")
            if fleet.admiral is not None and fleet.admiral not in {s.id for s in fleet.ships}:
                raise ValueError(f"admiral {fleet.admiral!r} is not a ship of the {fleet.side} fleet")
        return self


def _active(setup: ShipSetup, rules: Rules) -> list[str]:
    return [k for k in setup.equipment if rules.optional(fitting(k).option)]


def _owners(setup: NautaSetup, seats: list[Seat]) -> dict[str, str]:
    owners: dict[str, str] = {}
    for fleet in setup.fleets:
        ids = [s.id for s in seats if s.side == fleet.side]
        if not ids:
            raise ValueError(f"no seat plays side {fleet.side!r}")
        for i, ship in enumerate(fleet.ships):
            owners[ship.id] = ship.player if ship.player in ids else ids[i % len(ids)]
    return owners


def _ship(fleet: FleetSetup, s: ShipSetup, player: str, rules: Rules) -> Ship:
    cls = ship_class(s.type)
    width, length = base_segments(cls.size)
    equipment = _active(s, rules)
    soldiers = cls.soldiers + s.extra
    admiral = s.id == (fleet.admiral or fleet.ships[0].id)
    return Ship(id=s.id, name=s.name or f"{cls.name} {s.id}", side=fleet.side, player=player, type=cls.key,
                size=cls.size, medieval=cls.medieval, length=length, width=width, x=s.x, y=s.y,
                heading=s.heading % 360, soldiers_start=soldiers, soldiers=max(soldiers - s.soldiers_lost, 0),
                damage=s.damage, extra=s.extra,
                equipment=equipment, value=ship_points(cls, s.extra, equipment, rules), base_max=cls.max_speed,
                accel=cls.accel, decel=cls.decel, admiral=admiral, last_speed=s.speed)


def initial_state(setup: NautaSetup, options: NautaOptions, seats: list[Seat]) -> NautaState:
    rules = resolve_rules(options, setup.options)
    problems = []
    for fleet in setup.fleets:
        crew = fleet.crew or default_crew(fleet.nation)
        problems += [f"{fleet.side}: {p}" for p in fleet_problems(
            fleet.nation, crew, [(s.type, s.extra, _active(s, rules)) for s in fleet.ships], rules, fleet.points)]
    if problems:
        raise ValueError("the fleets break the rules: " + "; ".join(problems))
    owners = _owners(setup, seats)
    ships = [_ship(f, s, owners[s.id], rules) for f in setup.fleets for s in f.ships]
    fleets = [Fleet(side=f.side, nation=f.nation, crew=f.crew or default_crew(f.nation), edge=f.edge,
                    admiral_ship=f.admiral or f.ships[0].id,
                    initial_points=sum(s.value for s in ships if s.side == f.side)) for f in setup.fleets]
    return NautaState(rules=rules, scenario=setup.name, title=setup.title, table=setup.table, seats=seats,
                      sides=setup.sides, fleets=fleets, ships=ships, turns_limit=setup.turns)


def unused_equipment(setup: NautaSetup, rules: Rules) -> list[tuple[str, str]]:
    """(ship, fitting) listed by the scenario but switched off by the options."""
    return [(s.id, k) for f in setup.fleets for s in f.ships for k in s.equipment if k not in _active(s, rules)]


def builtin_scenarios() -> dict[str, NautaSetup]:
    return packaged_scenarios(MANIFEST.scenarios, NautaSetup)
