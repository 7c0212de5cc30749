"""The state of a game of Cannoni in batteria!, as plain data.

Damage is kept as boxes lost out of boxes printed: because the rules always strike
the incomplete section first and then whole sections, the count alone tells which
sections are complete, partial or gone.
"""
from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, Field

from rules.cannoni.logbook import LogBook, MastName, Sails, Side
from rules.cannoni.options import CannoniOptions
from rules.core.ruleset import Outcome, Seat

SECTION = 4
SIDES: tuple[Side, Side] = ("starboard", "port")


def opposite(side: str) -> Side:
    return "port" if side == "starboard" else "starboard"


class Track(BaseModel):
    """A row of boxes on the log-book, in sections of four."""

    boxes: int
    lost: int = 0

    @property
    def remaining(self) -> int:
        return self.boxes - self.lost

    @property
    def destroyed(self) -> bool:
        return self.remaining <= 0

    @property
    def sections(self) -> int:
        return math.ceil(self.boxes / SECTION)

    @property
    def sections_left(self) -> int:
        return math.ceil(max(self.remaining, 0) / SECTION)

    @property
    def sections_lost(self) -> int:
        """Sections with every box struck."""
        return self.sections - self.sections_left

    def strike(self, n: int) -> int:
        """Strike up to n boxes; return how many could not be struck."""
        taken = min(n, self.remaining)
        self.lost += taken
        return n - taken


class MastState(Track):
    name: MastName
    offset: float
    # Where the mast fell when its last box was struck; "starboard"/"port" keep the
    # ship from manoeuvring until cleared (then set to "sea").
    fell: Literal["starboard", "port", "sea"] | None = None

    @property
    def down(self) -> bool:
        return self.destroyed


class ShipState(BaseModel):
    id: str
    name: str
    side: str
    player: str
    log: LogBook

    x: float
    y: float
    heading: float
    sails: Sails = "battle"
    # Ammunition loaded on each broadside; None = not loaded.
    loaded: dict[str, str | None] = Field(default_factory=lambda: {"starboard": "ball", "port": "ball"})
    first_broadside_used: list[str] = Field(default_factory=list)

    hull: dict[str, Track]
    masts: list[MastState]
    crew: Track

    fire: bool = False
    fire_first_try: int | None = None  # turn of the first attempt to fight it
    anchor: Literal["bow", "stern"] | None = None
    anchor_raising: bool = False
    anchor_cut: bool = False
    aground: bool = False
    aground_first_try: int | None = None
    fouled_with: list[str] = Field(default_factory=list)
    unfoul_first_try: int | None = None
    mast_clear_first_try: int | None = None

    # Off the table: where it left, whether its player gave it up, and the turn of
    # the last failed attempt to come back (one attempt a turn).
    exit_xy: tuple[float, float] | None = None
    out_for_good: bool = False
    reentry_failed: int | None = None

    struck: bool = False
    # A prize: the side that took her, what she was (for the prisoners' rising), the
    # prisoners aboard, and whether an enemy has fired on her since (a prize may
    # only defend herself).
    captured_by: str | None = None
    original: "PrizeMemo | None" = None
    prisoners: Track | None = None
    fired_on: bool = False
    sinking_until: int | None = None  # removed at step 3 of this turn
    status: Literal["afloat", "sunk", "off_table"] = "afloat"

    chit: int | None = None  # secret until its phase is called
    chits_used: list[int] = Field(default_factory=list)  # spent in this cycle of five

    must_move: bool = False
    acted: bool = False  # in the current phase
    moved_this_phase: bool = False
    hit_this_phase: bool = False
    straight_this_turn: float = 0.0  # inches moved in a straight line this turn
    irons_turn: int | None = None  # the turn a move of hers ended head to wind
    in_formation: bool = False  # in her squadron's line at the start of this turn
    trail: list[tuple[float, float]] = Field(default_factory=list)
    # Boxes struck when the damage of the last phase with action was marked, by part
    # ("hull.starboard", "hull.port", "mast.<name>", "crew"): the map highlights them.
    last_damage: dict[str, int] = Field(default_factory=dict)
    lost_turn: int | None = None  # the turn she went down: the map marks her wreck in it

    # Optional rules (each stays False / None unless its option is on).
    gravely_damaged: bool = False  # *cattura e affondamento*: hull gone, she does not sink
    disordered: bool = False  # *Equipaggio disordinato*: -2 to manoeuvre tests until rallied
    rudder_lost: bool = False  # *Danno critico* 2: cannot manoeuvre for the rest of the game
    captain_killed: bool = False  # *Danno critico* 3: -2 to manoeuvre for the rest of the game
    repair: "RepairWork | None" = None  # *Riparazioni*: the work in hand
    repair_void_turn: int | None = None  # repair phases spent in this turn are lost

    # -- derived ---------------------------------------------------------------
    @property
    def on_table(self) -> bool:
        return self.status == "afloat"

    @property
    def awaiting_reentry(self) -> bool:
        return self.status == "off_table" and not self.out_for_good

    @property
    def in_play(self) -> bool:
        """On the table, or off it with the right to come back."""
        return self.on_table or self.awaiting_reentry

    @property
    def masts_down(self) -> int:
        return sum(1 for m in self.masts if m.down)

    @property
    def dismasted(self) -> bool:
        return all(m.down for m in self.masts)

    @property
    def mast_obstructing(self) -> list[str]:
        return [m.fell for m in self.masts if m.fell in ("starboard", "port")]

    @property
    def hull_remaining(self) -> int:
        return sum(t.remaining for t in self.hull.values())

    @property
    def decimated(self) -> bool:
        return self.crew.remaining <= 0

    @property
    def sinking(self) -> bool:
        return self.sinking_until is not None

    @property
    def unmanoeuvrable(self) -> bool:
        """Nave non manovrabile: cannot manoeuvre nor turn."""
        return (self.aground or bool(self.fouled_with) or self.dismasted
                or bool(self.mast_obstructing) or self.sinking or self.gravely_damaged
                or self.rudder_lost)

    @property
    def can_fight(self) -> bool:
        """For victory: not sunk, captured, aground, dismasted, struck or out of play.
        A prize does not fight for her captor: she "can only defend herself"."""
        return (self.on_table and not self.struck and not self.aground
                and not self.dismasted and not self.sinking and self.captured_by is None
                and not self.gravely_damaged)

    def chits_available(self) -> list[int]:
        left = [c for c in range(1, 6) if c not in self.chits_used]
        return left or [1, 2, 3, 4, 5]


class PrizeMemo(BaseModel):
    """Who a prize was before capture: her own log-book, side and player."""

    log: LogBook
    side: str
    player: str
    captain_killed: bool = False  # her own captain, should her crew retake her


class RepairWork(BaseModel):
    """*Riparazioni*: the mast the crew is working on and the turn of each action
    phase spent on it that still counts (five complete the repair)."""

    mast: str
    turns: list[int] = Field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.turns) >= 5


class Grapple(BaseModel):
    """Grappling irons from ``attacker`` on ``defender``, thrown in ``turn``."""

    attacker: str
    defender: str
    turn: int
    repulsed: bool = False  # the attackers were thrown back: cutting loose gets +1


class Melee(BaseModel):
    """A boarding: the defender, its one or two attackers, and how it stands."""

    defender: str
    attackers: list[str]
    # Crew boxes each ship keeps out of its boarding party (its party is the rest,
    # the incomplete section first); set when the parties are formed.
    reserve: dict[str, int] = Field(default_factory=dict)
    foothold: bool = False  # the attackers are on the defender's deck
    rounds: int = 0

    def ships(self) -> list[str]:
        return [self.defender, *self.attackers]


class Squadron(BaseModel):
    """Ships in line ahead under a commodore (*Squadre*, optional rule): one chit and
    one action for all while in formation."""

    id: str
    name: str
    ships: list[str]  # in line order, the leader first
    commodore: str  # seat id
    broken: bool = False  # "possono rompere la formazione ma non riformarla"


class LandArea(BaseModel):
    name: str = "land"
    points: list[tuple[float, float]]


class DepthZone(BaseModel):
    """*Pescaggio e profondità*: a stretch of water the scenario gives a depth, 1 (shallow)
    to 3 (very deep). Water in no zone is deep enough for any ship."""

    name: str = "shallows"
    points: list[tuple[float, float]]
    depth: int = Field(ge=1, le=3)


class Table(BaseModel):
    width: float
    height: float
    land: list[LandArea] = Field(default_factory=list)
    depth: list[DepthZone] = Field(default_factory=list)


class BatteryState(BaseModel):
    """A coastal battery (*Batterie costiere*). It has no log-book but "una scheda simile":
    battery points (used as hull points, not split by side), gunners (*Effettivi*),
    Manovra, Fuoco and the fire modifiers; and an emplacement on the fort's outer edge
    with a fixed firing sector. See rules/cannoni/forts.py for the geometry."""

    id: str
    name: str
    fort: str
    # The fort's side and player, kept here too so that the sequence of play can ask a
    # battery for its action as it asks a ship.
    side: str
    player: str
    guns: int
    manoeuvre: int
    gunnery: int
    fire_table: list[int | None]  # full modifier per RANGE_BANDS column, as a log-book's
    x: float  # middle of the battery's face on the fort's outer edge
    y: float
    facing: float  # compass bearing the guns point to
    frontage: float  # length of the face, inches
    inland: float  # how far the emplacement runs back from the face
    points: Track
    crew: Track
    loaded: Literal["ball", "heated"] | None = "ball"
    first_salvo_used: bool = False
    fire: bool = False
    fire_first_try: int | None = None
    disordered: bool = False
    acted: bool = False
    hit_this_phase: bool = False

    @property
    def destroyed(self) -> bool:
        return self.points.destroyed

    @property
    def decimated(self) -> bool:
        return self.crew.remaining <= 0


class FortState(BaseModel):
    """A fort, fortification or entrenchment: one to three batteries and the set of
    activation chits 1-3 they are activated by."""

    id: str
    name: str
    side: str
    player: str
    penalty: int  # to a ship's fire at its batteries, "indicata nello scenario"
    batteries: list[BatteryState]
    chit: int | None = None  # secret until its phase is called
    chits_used: list[int] = Field(default_factory=list)

    @property
    def standing(self) -> bool:
        return any(not b.destroyed for b in self.batteries)

    def chits_available(self) -> list[int]:
        left = [c for c in range(1, 4) if c not in self.chits_used]
        return left or [1, 2, 3]


Step = Literal["wind_choice", "fire_damage", "chits", "action", "boarding", "over"]


class CannoniState(BaseModel):
    ruleset: Literal["cannoni"] = "cannoni"
    options: CannoniOptions
    scenario: str
    title: str = ""
    table: Table
    seats: list[Seat]
    sides: list[str]
    ships: list[ShipState]
    objectives: list[str] = Field(default_factory=list)
    turns_limit: int

    turn: int = 1
    step: Step = "chits"
    phase: int | None = None  # 5..1 during the action phases
    wind: int = 0  # direction the wind blows FROM, in points of the 16-point rose (0 = N)
    wind_chooser: str | None = None
    # The first opposed fire roll of the game is preceded by a line saying what its
    # "X vs Y" numbers are; later ones are not.
    fire_explained: bool = False
    # Initiative order of the last phase: breaks ties between equal chits.
    initiative: list[str] = Field(default_factory=list)
    # Damage dealt in this phase, applied when the phase ends (simultaneous effects).
    pending_damage: list["DamageItem"] = Field(default_factory=list)
    # The shots of this phase and of the last phase with action before it (the map
    # draws them: the public events say the same).
    shots: list[Shot] = Field(default_factory=list)
    # Chit pressure: how often each player was last to place his chits, and the
    # repeat offenders who lost the right to choose for the rest of the game.
    times_last: dict[str, int] = Field(default_factory=dict)
    no_choice: list[str] = Field(default_factory=list)
    squadrons: list[Squadron] = Field(default_factory=list)
    forts: list[FortState] = Field(default_factory=list)  # *Batterie costiere*
    chit_round: int = 0  # >0 when a squadron broke formation and its ships choose again
    grapples: list[Grapple] = Field(default_factory=list)
    melees: list[Melee] = Field(default_factory=list)
    # The table edge each side entered from: a prize must leave by her captor's.
    entry_edges: dict[str, Literal["north", "south", "east", "west"]] = Field(default_factory=dict)
    outcome: Outcome | None = None

    def ship(self, ship_id: str) -> ShipState:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def engaged(self, ship_id: str) -> bool:
        """Grappled or in a boarding: "coinvolte in un abbordaggio" cannot manoeuvre."""
        return (any(ship_id in (g.attacker, g.defender) for g in self.grapples)
                or any(ship_id in m.ships() for m in self.melees))

    def melee_of(self, ship_id: str) -> "Melee | None":
        return next((m for m in self.melees if ship_id in m.ships()), None)

    def seat(self, seat_id: str) -> Seat:
        return next(s for s in self.seats if s.id == seat_id)

    def seat_name(self, seat_id: str | None) -> str:
        """What the players call a seat: its player's name (the seat itself if unknown)."""
        return next((s.name for s in self.seats if s.id == seat_id and s.name), str(seat_id))

    def afloat(self) -> list[ShipState]:
        # ShipState.on_table written out: asked for dozens of times in every phase.
        return [s for s in self.ships if s.status == "afloat"]

    def wind_degrees(self) -> float:
        return self.wind * 22.5


class Shot(BaseModel):
    """A broadside or a battery's salvo, kept for the map: who fired at whom and with
    what result (the public ``broadside`` event's facts). ``done``: fired in the last
    phase with action, not in this one."""

    firer: str
    target: str
    hits: int = 0  # 0 a miss; 3 a critical hit
    critical: bool = False
    effect: bool = True  # False: the load has no effect at that range
    done: bool = False


class DamageItem(BaseModel):
    """One result of fire or accident, applied at the end of the phase."""

    target: str
    source: str | None = None
    # "prisoners": a critical hit's loss among the prisoners; "critical": the checks
    # a critical hit brings under the optional rules (critical damage, disorder).
    kind: Literal["hull", "rigging", "crew", "fire", "prisoners", "critical"]
    amount: int = 1
    side: str | None = None  # for hull
    masts: list[str] = Field(default_factory=list)  # preference order for rigging
    cause: str = "fire"  # "fire" (gunfire), "collision", "burning"
    aim: str | None = None  # for "critical": what the broadside was aimed at


ShipState.model_rebuild()
CannoniState.model_rebuild()
