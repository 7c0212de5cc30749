"""The state of a Signal Close Action game: setup, options, ships and the table."""
from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core.ruleset import Seat
from rules.sca.fleet import Crew


class ShipSetup(BaseModel):
    id: str
    name: str
    side: str
    type: str  # a row of the statistics table (rules.sca.fleet.TYPES, or an alias)
    crew: Crew = "average"
    x: float  # millimetres from the table's west edge
    y: float  # millimetres from the table's south edge
    heading: int  # a point of the 16-point rose, 0 = north
    sail: str = "easy"
    masts: int | None = None  # a two-masted brig among the sixth rates
    fireship: bool = False
    flagship: bool = False  # the admiral's ship (signals); none flagged: the side's first
    player: str | None = None
    hull_lost: dict[str, int] = Field(default_factory=dict)  # DCs lost before the battle (a campaign's)
    rigging_lost: int = 0


class LandSetup(BaseModel):
    name: str = "land"
    points: list[tuple[float, float]]


class TableSetup(BaseModel):
    width: float = 1800.0
    height: float = 1200.0
    land: list[LandSetup] = Field(default_factory=list)


class ScaSetup(BaseModel):
    name: str
    title: str = ""  # a code of the catalogue (sca.scenario.<name>), or words
    sides: list[str]
    table: TableSetup = Field(default_factory=TableSetup)
    wind: int | None = None  # None: thrown on 3d6 at the start
    strength: str = "breeze"
    turns: int = 15
    ships: list[ShipSetup]


class ScaOptions(BaseModel):
    """Every optional rule and house rule played here is a switch in the record."""

    # Sezione 3: "un solo tiro per l'intera flotta" is the quicker way; off, every ship rolls.
    fleet_roll: bool = True
    # Appendice 1: the wind's direction and strength may change at the end of every turn.
    changing_wind: bool = False
    # Translator's note 7: every turn of melee costs 10 % of a hull and a rigging DC.
    melee_damage: bool = False
    # Translator's note 10: a point per DC lost, BF for a struck ship, twice BF for a prize.
    dc_victory_points: bool = False
    # Translator's note 3: a crew that has struck may still fight a fire.
    struck_fight_fires: bool = False
    # Appendice 2: every ship armed only with carronades uses the carronade table.
    carronades: bool = False
    # House rule: fleet morale; the fleet whose morale breaks first is beaten.
    fleet_morale: bool = False
    # Appendice 3 / optional rule 11: the fleet holds course and sails unless signalled.
    signals: bool = False
    # Optional rule 2 ii: the wind's direction and strength thrown at the start, and its
    # potential changes thrown every turn, which happen when a turn repeats the last one's.
    wind_rolls: bool = False
    # Optional rule 9: the rigging test replaces the fixed 10 % for a failed tack and a ship
    # taken aback, and is taken every turn by a ship under full sail in a strong wind.
    rigging_tests: bool = False
    # Optional rule 6 (its reloading only, with the fast play's multipliers): a broadside
    # that fires must be reloaded, on the reloading table, before it fires again.
    reloading: bool = False
    # Optional rule 3: a player's part in two segments, each with its half of the run, its
    # course change at its end and its fire ("Il turno di un giocatore è ulteriormente diviso
    # in due segmenti").
    two_segments: bool = False
    # House rule "Gioco guidato dalle carte": every side orders at once, then the turn's
    # phases come in the order of a shuffled deck of cards.
    card_turn: bool = False
    # Its "regola avanzata": a second movement card for a squadron of Elite or Good crews only
    # (whichever of the two comes first moves it).
    card_advanced: bool = False
    # Optional rule 9 v-vi: a RDC lost falls over the side; she cannot manoeuvre until the
    # wreckage is cut away and the RDC jury-rigged.
    jury_rigs: bool = False
    # Optional rule 6 in full: the second artillery table (target, collateral and through
    # damage; the initial broadside of guns run out) with its reloading.
    artillery: bool = False
    # Optional rule 2 i: a throw says which side of the table is north (with wind_rolls).
    north_side: bool = False
    # Optional rule 2 iii: each side may refuse the thrown scenario up to three times, the
    # other gaining +1 on its morale tests (with wind_rolls).
    refuse_scenario: bool = False
    # Optional rule 7: a collision pushes the rammed ship or slides the mover alongside her,
    # entangled ships drift together, fire at them gains +1 (and shares with a friend in them).
    collisions: bool = False
    # Optional rule 5 (navigation): the six sail settings, and the speed by point of sail and
    # ship type (F, 2D, 3D); a RDC lost costs 5 mm a segment.
    navigation: bool = False
    # House rule, the scale: "1/3000" models, every measure divided by 2,5 (rules/sca/scale.py);
    # off, the rulebook's 1/1200.
    scale_3000: bool = False
    # Optional rule 2 ii, "Intensità del vento estreme" (with wind_rolls): the wind may fall to a
    # calm (only oared gunboats move, at half speed) or rise to a storm (a rigging test for every
    # ship under more than easy sail).
    extreme_winds: bool = False

    @property
    def reloads(self) -> bool:
        """A broadside must be reloaded before it fires again (optional rule 6, whole or its
        reloading only)."""
        return self.reloading or self.artillery

    @property
    def second_table(self) -> bool:
        """The carronade table (Appendice 2), when switched on, stands for every ship."""
        return self.artillery and not self.carronades

    @property
    def segmented(self) -> bool:
        """Optional rule 3 and the card-driven turn are two sequences of play for the same
        turn: with both switched on, the cards lead and each player's card runs the fast play's
        single run."""
        return self.two_segments and not self.card_turn


class Contact(BaseModel):
    """Two bases touching: who, and which grade of the "liberare la nave" column frees her."""

    other: str  # a ship id, or "land"
    grade: str  # "A", "E", "B", "All"
    entangled: bool = False  # optional rule 7: fouled alongside (direction B), drifting together
    rammer: bool = False  # she ran into the other (optional rule 7 v, with optional rule 3)
    turn: int = 0  # the turn they became entangled


class Ship(BaseModel):
    id: str
    name: str
    side: str
    seat: str
    type: str
    rate: str
    crew: Crew
    decks: int
    masts: int
    fixed: bool = False
    fireship: bool = False
    flagship: bool = False
    length: float
    width: float
    bf: float  # the broadside factor at the start
    dc: int  # points per DC, crew included
    x: float
    y: float
    heading: int
    sail: str = "easy"
    hull: dict[str, int]  # HDC at the start, by side
    hull_lost: dict[str, int] = Field(default_factory=lambda: {"starboard": 0, "port": 0})
    hull_points: dict[str, float] = Field(default_factory=lambda: {"starboard": 0.0, "port": 0.0})
    rigging: int
    rigging_lost: int = 0
    rigging_points: float = 0.0
    fires_hull: int = 0
    fires_rigging: int = 0
    fireship_lit: bool = False
    rudder: bool = False  # damaged by a well-laid shot
    status: str = "afloat"  # afloat, struck, captured, sunk, exploded, burnt, escaped
    owner: str = ""  # the side that commands her now (a prize's captor)
    contacts: list[Contact] = Field(default_factory=list)
    half_speed: bool = False  # after a tack, after being freed, after being hove to
    tack: int = 0  # 1: head to wind in the middle of a tack
    tack_from: tuple[float, float, int] | None = None  # where the tack began
    irons: bool = False  # forced into the wind: must bear away
    # Optional rule 5: pushed back by a tack failed in its second turn (drifting this part), and
    # the turn she may not begin another ("deve muovere un turno prima di tentare una nuova virata").
    pushed_back: bool = False
    tack_barred: int = 0
    boarders_ready: bool = False
    melee: bool = False  # a melee goes on against her
    morale_tests: int = 0
    score: int | None = None  # the Ability score of her player's part this turn
    # This part's tallies for the morale test.
    morale_due: bool = False
    hit_by: list[str] = Field(default_factory=list)
    bow_rakes: int = 0
    stern_rakes: int = 0
    trail: list[tuple[float, float]] = Field(default_factory=list)
    # Signals: what the flagship's last signal she read tells her; whether she fired this part.
    signal_course: str | None = None
    signal_sail: str | None = None
    fired: bool = False
    unloaded: list[str] = Field(default_factory=list)  # broadsides fired and not yet reloaded (optional rule 6)
    # Optional rule 9 v-vi: RDCs lost and not yet jury-rigged, the side their wreckage hangs
    # over ("" once cut away, "?" until a die decides), the sail her speed counts, the cuts made.
    wreck: int = 0
    wreck_side: str = ""
    wreck_sail: str = ""
    cut: int = 0
    # Optional rule 9 vii: the RDCs she has jury-rigged ("RDC ripristinati"), and whether she lost
    # them all ("non può più muovere o manovrare ed è considerata alla deriva").
    jury_rigged: int = 0
    adrift: bool = False
    # Optional rule 5: one of the six settings (or "furled"); ``sail`` is then its Fast Play
    # grade, which every other rule reads. Empty without the option.
    canvas: str = ""
    short_hit_turn: int | None = None  # the last turn a shot hit her at short range
    # Optional rule 6 iii: the broadsides not fired since the start (or a perfect reload), and
    # whether her guns are run out: together, an initial broadside.
    fresh: list[str] = Field(default_factory=lambda: ["port", "starboard"])
    run_out: bool = False

    @property
    def dcs_lost(self) -> int:
        return self.rigging_lost + sum(self.hull_lost.values())

    @property
    def hdc_left(self) -> int:
        return sum(self.hull.values()) - sum(self.hull_lost.values())

    @property
    def fires(self) -> int:
        return self.fires_hull + self.fires_rigging

    @property
    def afloat(self) -> bool:
        return self.status in ("afloat", "struck", "captured")

    @property
    def hove_to(self) -> bool:
        """Furled sails, or held in a contact: "ogni vascello è alla deriva"."""
        return self.sail == "furled" or bool(self.contacts) or self.wreck > 0 or self.adrift

    @property
    def fighting(self) -> bool:
        """She can still act: afloat, colours flying, not a wreck."""
        return self.status == "afloat" and self.hdc_left > 0


class ScaState(BaseModel):
    seats: list[Seat]
    sides: list[str]
    title: str = ""
    scenario: str = ""
    options: ScaOptions = Field(default_factory=ScaOptions)
    table: TableSetup
    wind: int
    strength: str = "breeze"
    turn: int = 1
    turns: int = 15
    acting: int = 0  # index into sides: whose part of the turn it is
    step: str = "orders"
    ships: list[Ship]
    winner: str | None = None
    end: str = ""
    wind_potential: tuple[int, int] | None = None  # optional rule 2: the last turn's throw
    fleet_morale: dict[str, int] = Field(default_factory=dict)  # the house rule's tallies
    counted: list[str] = Field(default_factory=list)  # ships whose loss the fleet morale has counted
    morale_spent: list[str] = Field(default_factory=list)  # the fleets that have tested at zero
    broken: str | None = None  # the side whose fleet morale broke
    scores: dict[str, float] = Field(default_factory=dict)
    refusals: dict[str, int] = Field(default_factory=dict)  # optional rule 2: scenarios refused, by side
    refusal_round: int = 0
    deployed: dict[str, int] = Field(default_factory=dict)  # the headings as deployed, for a refused scenario
    bonus_void: bool = False  # a ship has struck: the refusals' morale bonus is over

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    @property
    def acting_side(self) -> str:
        return self.sides[self.acting]
