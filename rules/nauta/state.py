"""The state of a game of Nauta / Classis, as plain data.

Lengths are in segments (2 cm), x to the east and y to the north from the table's
bottom-left corner; a ship's pose is the centre of its base and a compass heading.
Secret until the rules reveal them: each ship's written speed and formation.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core.ruleset import Outcome, Seat
from rules.nauta.options import Rules

Status = Literal["undeployed", "afloat", "captured", "taken", "sunk", "burning", "wrecked", "left"]
Edge = Literal["south", "north", "west", "east"]
Step = Literal["deploy", "speeds", "initiative", "move", "boarding", "over"]

# On the table and sailing; a prize or a burning hulk lies there too, as an obstacle.
ON_TABLE = ("afloat", "captured", "burning")
LOST = ("captured", "taken", "sunk", "burning", "wrecked", "left")


class Ship(BaseModel):
    id: str
    name: str
    side: str
    player: str
    type: str
    size: int
    medieval: bool = False
    length: float
    width: float
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    soldiers_start: int
    soldiers: int
    extra: int = 0
    equipment: list[str] = Field(default_factory=list)
    value: float
    base_max: int
    accel: int
    decel: int

    damage: int = 0
    dashes: int = 0  # dashes performed (each costs a segment of maximum speed)
    speed_lost: int = 0  # segments of maximum speed lost to balistae
    no_dash: bool = False  # hit by balistae: no more dashes
    admiral: bool = False  # the fleet's admiral is aboard, alive
    status: Status = "afloat"
    # The turn she was damaged last and the turn she was lost (sunk, wrecked, burnt):
    # the map highlights new damage and marks a wreck, with her name, in that turn.
    damaged_turn: int | None = None
    lost_turn: int | None = None

    last_speed: int = 0  # speed at the end of the previous turn (negative: astern)
    written: int | None = None  # this turn's written speed — secret until revealed
    formation: str | None = None  # formation letter written with it — secret too
    revealed: bool = False
    moved: bool = False
    # Where her centre went this turn, from where she started (drawn as her wake):
    # public, as every move is.
    trail: list[tuple[float, float]] = Field(default_factory=list)
    stopped: bool = False  # brought to zero speed by a contact this turn
    rams: list[str] = Field(default_factory=list)  # enemies it rammed this turn
    strikes: str | None = None  # the one ship it has inflicted losses on this turn

    surrender_tested: bool = False
    pyrophoros_used: bool = False
    captured_by: str | None = None
    remove_after: int | None = None  # a prize is removed at the end of this turn
    hold_until: int | None = None  # a captor stays alongside until the end of this turn

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    @property
    def afloat(self) -> bool:
        return self.status == "afloat"

    @property
    def lost(self) -> bool:
        return self.status in LOST

    def has(self, key: str) -> bool:
        return key in self.equipment


class Contact(BaseModel):
    """Two ships touching. ``rammer`` is the ship whose prow struck the other's side
    or stern; None when the contact is frontal."""

    a: str
    b: str
    rammer: str | None = None

    def has(self, ship_id: str) -> bool:
        return ship_id in (self.a, self.b)

    def other(self, ship_id: str) -> str:
        return self.b if ship_id == self.a else self.a


class Engagement(BaseModel):
    """Two ships grappled and fighting aboard."""

    a: str
    b: str

    def has(self, ship_id: str) -> bool:
        return ship_id in (self.a, self.b)

    def other(self, ship_id: str) -> str:
        return self.b if ship_id == self.a else self.a


class Fleet(BaseModel):
    side: str
    nation: str
    crew: str = "average"
    edge: Edge = "south"
    admiral_ship: str | None = None
    admiral_fate: Literal["aboard", "killed", "captured"] = "aboard"
    admiral_saved: bool = False  # the saving roll (optional rule) has been used
    initial_points: float = 0.0


class LandArea(BaseModel):
    name: str = "island"
    points: list[tuple[float, float]]


class Table(BaseModel):
    width: float
    height: float
    land: list[LandArea] = Field(default_factory=list)


class Shot(BaseModel):
    """A volley of balistae or crossbows this turn, kept for the map: who shot at whom,
    and what it did (``hits``: rowers hit, soldiers lost), as the public ``shot`` event
    tells it."""

    firer: str
    target: str
    hits: int = 0
    weapon: str = ""


class NautaState(BaseModel):
    ruleset: Literal["nauta"] = "nauta"
    rules: Rules
    scenario: str
    title: str = ""
    table: Table
    seats: list[Seat]
    sides: list[str]
    fleets: list[Fleet]
    ships: list[Ship]
    turns_limit: int = 12

    turn: int = 1
    step: Step = "speeds"
    deploy_queue: list[str] = Field(default_factory=list)  # seats still to deploy, in order
    initiative_side: str | None = None  # the side that won this turn's initiative
    mover_side: str | None = None  # whose move it is
    seat_cursor: dict[str, int] = Field(default_factory=dict)  # rotation within a side
    move_no: int = 0
    contacts: list[Contact] = Field(default_factory=list)
    engagements: list[Engagement] = Field(default_factory=list)
    shots: list[Shot] = Field(default_factory=list)  # this turn's, for the map
    outcome: Outcome | None = None

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def fleet(self, side: str) -> Fleet:
        return next(f for f in self.fleets if f.side == side)

    def seat(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.id == seat_id)

    def side_seats(self, side: str) -> list[str]:
        return [s.id for s in self.seats if s.side == side]

    def other_side(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def on_table(self) -> list[Ship]:
        return [s for s in self.ships if s.on_table]

    def engaged(self, ship_id: str) -> bool:
        return any(e.has(ship_id) for e in self.engagements)

    def enemies_engaged(self, ship_id: str) -> list[str]:
        return [e.other(ship_id) for e in self.engagements if e.has(ship_id)]

    def contact(self, a: str, b: str) -> Contact | None:
        return next((c for c in self.contacts if c.has(a) and c.has(b)), None)

    def touching(self, ship_id: str) -> list[str]:
        return [c.other(ship_id) for c in self.contacts if c.has(ship_id)]
