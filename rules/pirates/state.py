"""The state of a Pirates game: the sea of squares, its islands and zones, the ships,
crews and treasures, and where the turn stands. Plain pydantic, exact JSON round-trip;
squares are stored as ``(col, row)`` pairs."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.core.ruleset import Seat
from rules.core.tables.squares import ShipPlace, Square
from rules.pirates.naming import stored_words

Cell = tuple[int, int]
ShipStatus = Literal["afloat", "derelict", "wreck", "sunk"]
ZoneKind = Literal["fog", "shoals", "sargasso"]


class PiratesOptions(BaseModel):
    # "si può aggiungere la regola che è considerata incastrata anche la nave speronata"
    both_stuck: bool = False


class Gun(BaseModel):
    range: Literal["S", "L"]
    score: int  # the die must beat it


class Island(BaseModel):
    id: str
    name: str
    kind: Literal["home", "wild"]
    side: str | None = None  # a home island's owner
    outline: list[tuple[float, float]]  # grid units, for drawing
    land: list[Cell]  # squares all island: no ship enters them
    coast: list[Cell]  # squares touched by island and sea
    explored: bool = False  # "un'isola già esplorata (anche in passato)"


class Zone(BaseModel):
    id: str
    kind: ZoneKind
    outline: list[tuple[float, float]]
    squares: list[Cell]
    die: int | None = None  # the die left on shoals or Sargasso once a ship has passed


class Ship(BaseModel):
    id: str
    key: str
    name: str
    side: str
    points: int
    masts: int  # as built ("alberi originari")
    guns: list[Gun]  # one per standing mast
    cargo: int
    speed: str
    col: int
    row: int
    facing: int
    length: int
    status: ShipStatus = "afloat"
    docked: str | None = None  # the island she is docked at
    stuck_to: str | None = None  # the ship she is stuck with
    stuck_turns: int = 0
    keywords: list[str] = Field(default_factory=list)
    armour: int = 0  # a turtle ship's plates left
    towing: str | None = None  # the derelict she tows
    towed_by: str | None = None  # towed, she lies on her tower's stern square
    fog: bool = False
    becalmed: int = 0  # moves of 0 squares still owed to the Sargasso
    moved: bool = False  # this turn
    firing: bool = False  # her manoeuvre this turn is to shoot
    acted: bool = False  # she has had her manoeuvre this turn
    shaken: bool = False  # fear: her and her crew's abilities are off this turn
    slowed: bool = False  # fear: her next manoeuvre other than shooting is at S
    ghost: bool = False  # she sailed as a ghost this turn: no one rams her
    burning: int = 0  # masts on fire (a firepot's hit): their guns are useless
    taken_from: str | None = None  # the fleet she sailed for before she was towed to another's home

    @property
    def usable_guns(self) -> int:
        return max(len(self.guns) - self.burning, 0)

    @property
    def place(self) -> ShipPlace:
        return ShipPlace(Square(self.col, self.row), self.facing, self.length)

    def put(self, place: ShipPlace) -> None:
        self.col, self.row, self.facing = place.bow.col, place.bow.row, place.facing

    def cells(self) -> list[Cell]:
        if self.towed_by is not None:
            # "Una nave trainata occupa il quadretto di poppa della nave trainante"
            return [(self.col, self.row)]
        return [(s.col, s.row) for s in self.place.squares()]

    @property
    def masts_left(self) -> int:
        return len(self.guns)

    @property
    def on_sea(self) -> bool:
        return self.status != "sunk"


class Crew(BaseModel):
    id: str
    key: str
    side: str
    place: str  # a ship's id or an island's id
    revealed: bool = False  # face up once her ability is used
    helped: str | None = None  # the ship she helped manoeuvre this turn
    alive: bool = True
    moved: bool = False  # embarked or disembarked this turn (a free action, once)
    born: str | None = None  # the fleet she came into play with, once she changed hands
    # a marine landed on a wild island (rules.pirates.marines): her square, an object that acts
    cell: Cell | None = None
    acted: bool = False
    firing: bool = False
    hits: int = 0  # taken this turn: two remove her


class Treasure(BaseModel):
    id: str
    value: int
    place: str  # an island, a zone, a ship; "" once destroyed
    need: int | None = None  # in a zone: the die needed to find it
    seen_by: list[str] = Field(default_factory=list)  # sides that have looked at it
    public: bool = False  # face up: banked at a home island
    moved: bool = False  # moved by hand this turn (a free action, once)


class Fort(BaseModel):
    """A fort on a wild island ("Forte"): four squares, flags on some of them, and a gun
    for each chance to shoot it has left."""

    id: str
    key: str
    name: str
    side: str
    island: str
    value: int
    squares: list[Cell]
    flags: list[Cell]
    guns: list[Gun]
    acted: bool = False
    firing: bool = False
    # "con il permesso del proprietario del forte": the fleets its owner lets use it, and
    # those whose permission changed this turn (rules.pirates.permits)
    guests: list[str] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list)


class Extra(BaseModel):
    """An extra manoeuvre ("doppie manovre"), declared with the ship's first manoeuvre of
    the turn and played before the shots or after the damage."""

    ship: str
    action: str
    when: Literal["before", "after"]


class Slot(BaseModel):
    side: str
    count: int


class Loss(BaseModel):
    """An object destroyed, and the side that destroyed it (None: the sea did)."""

    side: str
    points: int
    by: str | None = None


class PiratesState(BaseModel):
    seats: list[Seat]
    options: PiratesOptions = Field(default_factory=PiratesOptions)
    scenario: str
    title: str = ""
    cols: int
    rows: int
    sides: list[str]
    islands: list[Island]
    zones: list[Zone] = Field(default_factory=list)
    ships: list[Ship]
    crews: list[Crew] = Field(default_factory=list)
    treasures: list[Treasure] = Field(default_factory=list)
    forts: list[Fort] = Field(default_factory=list)
    turn: int = 1
    turns_limit: int = 12
    points: int = 30  # the fleets' points: the limit of unnamed objects of one type
    step: str = "manoeuvre"
    initiative: dict[str, int] = Field(default_factory=dict)
    order: list[Slot] = Field(default_factory=list)  # the slots still to play this turn
    acts: int = 0  # manoeuvres played this turn (decision ids)
    extras: list[Extra] = Field(default_factory=list)  # declared, still to play, in order
    losses: list[Loss] = Field(default_factory=list)
    closing_in: int | None = None  # turns left once every treasure is safe
    winner: str | None = None
    scores: dict[str, int] = Field(default_factory=dict)
    over: bool = False

    # -- finding things ------------------------------------------------------------
    def ship(self, ship_id: str) -> Ship:
        return next(s for s in self.ships if s.id == ship_id)

    def find_ship(self, ship_id: str | None) -> Ship | None:
        return next((s for s in self.ships if s.id == ship_id), None)

    def island(self, island_id: str) -> Island:
        return next(i for i in self.islands if i.id == island_id)

    def find_fort(self, fort_id: str | None) -> Fort | None:
        return next((f for f in self.forts if f.id == fort_id), None)

    def fort_on(self, island_id: str | None) -> Fort | None:
        return next((f for f in self.forts if f.island == island_id), None)

    def find_island(self, place: str | None) -> Island | None:
        return next((i for i in self.islands if i.id == place), None)

    def home(self, side: str) -> Island:
        return next(i for i in self.islands if i.kind == "home" and i.side == side)

    def names(self, *idents: str | None) -> dict[str, Any]:
        """The names of the islands, forts and ships an event mentions, by id: an event
        line is worded from the event alone ("docks at Gallows Rock", not "gallows"). A
        fort and a ship without a name of her own are kept as texts (code and
        parameters), worded in each reader's language."""
        out: dict[str, Any] = {}
        for ident in idents:
            island = self.find_island(ident)
            thing = self.find_fort(ident) or self.find_ship(ident)
            if island is not None:
                out[str(ident)] = island.name
            elif thing is not None:
                out[str(ident)] = stored_words(thing)
        return out

    def seat_of(self, side: str) -> str:
        return next(s.id for s in self.seats if s.side == side)

    def side_of(self, seat: str) -> str:
        return next(s.side for s in self.seats if s.id == seat)

    def find_marine(self, ident: str | None) -> Crew | None:
        return next((c for c in self.crews if c.id == ident and c.alive and c.cell is not None), None)

    def crew_on(self, place: str) -> list[Crew]:
        return [c for c in self.crews if c.alive and c.place == place]

    def treasure_at(self, place: str) -> list[Treasure]:
        return [t for t in self.treasures if t.place == place]
