"""Hearts of Oak's setup, options and state models (JSON round-trip exact)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.core.ruleset import Seat
from rules.core.tables.hexmap import Hex
from rules.hoo.ships import AREAS, card, lost_value, value

Status = Literal["afloat", "struck", "sunk", "captured"]


class ShipSetup(BaseModel):
    id: str
    name: str
    side: str
    card: str  # a key of rules.hoo.ships.CATALOGUE
    q: int
    r: int
    facing: int  # the hex side her bow faces, 0 north, clockwise
    player: str | None = None
    lost: dict[str, int] = Field(default_factory=dict)  # boxes crossed out before the battle (a campaign's)


class Shoal(BaseModel):
    """An obstacle's hex (4.0): a sandbar, a reef, or the coast itself."""

    q: int
    r: int
    kind: Literal["sand", "reef", "land"]

    @property
    def at(self) -> Hex:
        return Hex(self.q, self.r)


class HooSetup(BaseModel):
    name: str
    title: str = ""
    description: str = ""
    turns: int = 15
    sides: list[str]
    ships: list[ShipSetup]
    shoals: list[Shoal] = Field(default_factory=list)


class HooOptions(BaseModel):
    # 2.0: the players place their ships by hand, in the order of the set-up roll,
    # instead of the scenario's places (which are then each ship's suggested place).
    place_by_hand: bool = False
    # End the battle when one side's ships are all this far from every enemy (5.0: "il
    # nemico si dà alla fuga e non è più raggiungibile").
    flight_distance: int = 12


class Ship(BaseModel):
    id: str
    name: str
    side: str
    seat: str
    card: str
    q: int
    r: int
    facing: int
    lost: dict[str, int] = Field(default_factory=lambda: {a: 0 for a in AREAS})
    status: Status = "afloat"
    speed: int  # the PM of her last revealed marker: public
    marker: int | None = None  # this turn's hidden marker (3.2.1): secret until revealed
    revealed: bool = False
    grappled: str | None = None  # the ship she is grappled to (3.5)
    irons_turn: int = 0  # the turn she must lie still after coming head to wind (2.1)
    no_turn_turn: int = 0  # the turn her helmsman's death keeps her from turning (3.4.4)
    leak: bool = False  # a hole in the hull (3.4.4, critical hull)
    board_malus: bool = False  # fired while grappled: -2 on her next boarding roll (3.5)
    struck_by: str | None = None  # the side that took or sank her once struck
    taken_from: str | None = None  # a prize (3.6.1): the side she was taken from; she sails for her captor
    aground: bool = False  # stuck on a sandbar (4.1.2)
    placed: bool = True  # on the map yet (2.0: placed by hand after the wind is set)
    wreck: bool = False  # sunk on a reef: she bars the hex (4.2)
    # What her boxes crossed out neither by the enemy's fire nor by boarding are worth
    # (5.0 scores "le caselle cancellate per fuoco od abbordaggio"): a campaign's damage
    # she sailed with, the prize crew she gave, what the shoals took.
    unscored: int = 0

    @property
    def at(self) -> Hex:
        return Hex(self.q, self.r)

    @property
    def kind(self) -> str:
        return card(self.card).kind

    def current(self, area: str) -> int:
        """The value her card shows now in a row (hull: boxes left)."""
        c = card(self.card)
        if area == "hull":
            return c.hull - self.lost["hull"]
        return value(c.track(area), self.lost[area])

    @property
    def max_speed(self) -> int:
        return self.current("sails")

    @property
    def guns(self) -> int:
        return self.current("guns")

    @property
    def crew(self) -> int:
        return self.current("crew")

    @property
    def dismasted(self) -> bool:
        return self.max_speed == 0

    @property
    def fighting(self) -> bool:
        """Afloat and acting (a prize sails, but neither fires nor boards)."""
        return self.status == "afloat"

    @property
    def owner(self) -> str:
        """The side she began the battle with: whose loss she is in the victory count."""
        return self.taken_from or self.side

    @property
    def combatant(self) -> bool:
        return self.fighting and self.taken_from is None

    @property
    def on_map(self) -> bool:
        return self.placed and (self.status in ("afloat", "struck") or self.wreck)

    def yellow_lost(self) -> int:
        c = card(self.card)
        return max(0, self.lost["hull"] - (c.hull - c.yellow))

    def damage_value(self) -> int:
        """What her crossed-out boxes are worth to the enemy (5.0)."""
        return self.lost_value() - self.unscored

    def lost_value(self) -> int:
        """What all her crossed-out boxes are worth, however they were lost."""
        c = card(self.card)
        return sum(lost_value(c.track(a), self.lost[a]) for a in AREAS)


class Shot(BaseModel):
    """A broadside just fired (the map's line, the summary's first blood): public, the events say it."""

    firer: str
    target: str
    hits: int = 0


class HooState(BaseModel):
    seats: list[Seat]
    sides: list[str]
    title: str = ""
    scenario: str = ""
    turns_limit: int = 15
    flight_distance: int = 12
    ships: list[Ship]
    shoals: list[Shoal] = Field(default_factory=list)
    wind: int = 0  # the hex side the wind blows from
    step: str = "wind"
    turn: int = 1
    setup_rolls: dict[str, int] = Field(default_factory=dict)  # side -> the set-up D6 (2.0)
    order: list[str] = Field(default_factory=list)  # this turn's initiative, ship ids
    # Each side's ships numbered 1..n for the initiative of more than four ships (3.1.1),
    # as the side last numbered them (ship ids, number 1 first); public, like the counters.
    numbers: dict[str, list[str]] = Field(default_factory=dict)
    to_place: list[str] = Field(default_factory=list)  # ships still to place by hand (2.0), in order
    active: int = 0  # index into order
    tiebreaks: int = 0  # this turn's initiative tie-breaks (2.1.2)
    moved_turned: bool = False  # the active ship turned this activation (the leak roll)
    fired: bool = False  # the active ship fired this activation (the leak roll)
    boarded: bool = False  # she boarded instead of moving and firing (3.5)
    cast_off: bool = False  # she cast off this phase and sails on at speed 1 (3.5.2)
    winner: str | None = None
    over_reason: str = ""
    scores: dict[str, int] = Field(default_factory=dict)
    shots: list[Shot] = Field(default_factory=list)  # the broadsides of the step just resolved

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def seat_of_side(self, side: str) -> str:
        return next(s.id for s in self.seats if s.side == side)

    def occupied(self, exclude: str | None = None) -> set[Hex]:
        """Hexes no ship may enter: other ships (wrecks too), and the coast."""
        return {s.at for s in self.ships if s.on_map and s.id != exclude} | {
            h.at for h in self.shoals if h.kind == "land"}

    def shoal(self, h: Hex) -> str | None:
        return next((s.kind for s in self.shoals if s.at == h), None)

    def enemies(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships if s.side != ship.side]

    @property
    def active_ship(self) -> Ship | None:
        """The ship whose phase it is, while a decision of hers is pending."""
        if self.step not in ("move", "fire"):
            return None
        return self.active_ship_any()

    def active_ship_any(self) -> Ship | None:
        return self.ship(self.order[self.active]) if self.active < len(self.order) else None
