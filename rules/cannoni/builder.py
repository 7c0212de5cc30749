"""Appendix B of *Cannoni in batteria!*: from a ship's particulars to its log-book.

The tables are transcribed from "Appendice B: Linee guida per il libro di bordo";
every reading that needed a choice is argued in docs/rules/cannoni-logbook.md.
"""
from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.cannoni.logbook import (
    RANGE_BANDS,
    SAILING_POINTS,
    LogBook,
    MastSpec,
    SpeedRange,
    SpeedRow,
    SpeedTable,
)

Nation = Literal["france", "britain", "netherlands", "spain", "portugal", "usa"]
SailingPoint = Literal["close_hauled", "beam_reach", "broad_reach", "running"]
SetSails = Literal["full", "battle"]
Adjustment = Literal[-1, 0, 1]

OLTRE = 9  # the "oltre" class: boats, fireships


# --- L'equipaggio ------------------------------------------------------------------

class NationSkills(NamedTuple):
    manoeuvre: tuple[int, int]  # the range the table prints, e.g. Britain "7-8"
    combat: int
    gunnery: int


NATION_SKILLS: dict[str, NationSkills] = {
    "france": NationSkills((6, 7), 2, 2),
    "britain": NationSkills((7, 8), 2, 1),
    "netherlands": NationSkills((6, 6), -1, 0),
    "spain": NationSkills((5, 5), 1, -1),
    "portugal": NationSkills((6, 6), 0, 0),
    "usa": NationSkills((6, 7), 1, 1),
}
# "un numero intero compreso tra 8 ... fino a 2": no adjustment may leave this scale.
MANOEUVRE_SCALE = (2, 8)
MEN_PER_CREW_BOX = 60


def crew_boxes(men: int) -> int:
    """men / 60, rounded up to the next multiple of four (800 men -> 16)."""
    boxes_per_section = 4
    return -(-men // (MEN_PER_CREW_BOX * boxes_per_section)) * boxes_per_section


# --- Il fuoco ----------------------------------------------------------------------

# Guns row -> modifier per RANGE_BANDS column; a row stops where the guns stop
# being effective.
FIRE_TABLE: dict[int, tuple[int, ...]] = {
    140: (7, 7, 5, 5, 4, 4, 3, 3, 2, 2, 2),
    136: (6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 2),
    130: (6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1),
    120: (6, 6, 5, 5, 4, 4, 3, 3, 2, 1, 1),
    114: (6, 6, 5, 5, 4, 3, 3, 2, 2, 1, 1),
    112: (6, 6, 5, 5, 4, 3, 3, 2, 2, 1, 1),
    100: (6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1),
    98: (6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1),
    90: (6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0),
    84: (6, 5, 4, 3, 3, 2, 2, 1, 1, 0, 0),
    80: (6, 5, 4, 3, 2, 2, 1, 1, 0, 0, -1),
    74: (5, 5, 4, 3, 2, 1, 1, 0, 0, -1, -1),
    68: (5, 4, 4, 3, 2, 1, 1, 0, 0, -1, -2),
    64: (4, 4, 3, 3, 2, 1, 1, 0, 0, -1, -2),
    60: (4, 4, 3, 2, 2, 1, 1, 0, -1, -1, -2),
    56: (4, 3, 3, 2, 2, 1, 0, 0, -1, -2, -3),
    54: (4, 3, 3, 2, 2, 1, 0, 0, -1, -2, -3),
    # The text prints -6 at 32": an OCR slip. Every neighbour ends in -3 and the
    # columns never fall as guns rise, so -6 would make 50 guns worse than 44.
    50: (4, 3, 3, 2, 1, 1, 0, -1, -1, -2, -3),
    44: (3, 3, 2, 2, 1, 0, 0, -1, -1, -2, -3),
    42: (3, 3, 2, 1, 1, 0, 0, -1, -1, -2, -3),
    40: (3, 2, 2, 1, 1, 0, 0, -1, -2, -2, -3),
    38: (2, 2, 1, 1, 0, 0, -1, -1, -2, -3),
    36: (2, 2, 1, 1, 0, 0, -1, -2, -2, -3),
    34: (2, 1, 1, 0, 0, -1, -1, -2, -2, -3),
    32: (2, 1, 1, 0, -1, -1, -2, -2, -3, -3),
    28: (1, 1, 0, 0, -1, -1, -2, -2, -3),
    26: (1, 1, 0, 0, -1, -2, -2, -3, -3),
    24: (1, 1, 0, 0, -1, -2, -2, -3, -3),
    22: (1, 0, 0, -1, -1, -2, -2, -3, -3),
    20: (1, 0, 0, -1, -1, -2, -2, -3, -3),
    18: (0, 0, -1, -1, -2, -2, -3, -3),
    16: (0, 0, -1, -1, -2, -2, -3, -3),
    14: (0, -1, -1, -2, -2, -3, -3, -3),
    12: (0, -1, -1, -2, -2, -3, -3),
    4: (-1, -2, -2, -3, -3),
}
# Carronades row -> bonus for the first bands only (0-2, 2-4, 4-6, 6-8).
CARRONADE_TABLE: dict[int, tuple[int, ...]] = {
    30: (2, 2, 1, 1),
    26: (2, 1, 1),
    20: (2, 1, 1),
    16: (1, 1),
    10: (1, 1),
}


def _row_at_most(table: dict[int, tuple[int, ...]], count: int) -> tuple[int, ...] | None:
    # A ship never gets a better row than its own count of pieces earns.
    eligible = [row for row in table if row <= count]
    return table[max(eligible)] if eligible else None


def fire_modifiers(guns: int, carronades: int, gunnery: int) -> list[int | None]:
    """Full modifier per RANGE_BANDS column: guns row + carronade bonus + gunnery."""
    if guns + carronades == 0:
        return [None] * len(RANGE_BANDS)
    smallest_row = min(FIRE_TABLE)
    base = _row_at_most(FIRE_TABLE, max(guns, smallest_row))
    bonus = _row_at_most(CARRONADE_TABLE, carronades) or ()
    fire: list[int | None] = []
    for band in range(len(RANGE_BANDS)):
        if band >= len(base):
            fire.append(None)
            continue
        extra = bonus[band] if band < len(bonus) else 0
        fire.append(base[band] + extra + gunnery)
    return fire


# --- Manovrabilità -----------------------------------------------------------------

_TURNING_NATIONS = ("france", "britain", "netherlands", "spain")
TURNING_TABLE: dict[int, tuple[str, str, str, str]] = {
    1: ("D1", "D1", "D1", "D1"),
    2: ("D2", "D1", "D2", "D1"),
    3: ("C3", "C2", "C3", "C2"),
    4: ("C3", "C3", "C3", "C3"),
    5: ("B4", "B3", "B3", "B3"),
    6: ("B4", "B4", "B4", "B4"),
    7: ("A4", "A4", "A4", "A4"),
    8: ("A4", "A4", "A4", "A4"),
    OLTRE: ("A4", "A4", "A4", "A4"),
}
# The table has no Portuguese or American column. Spain's column equals
# Britain's, so both stand-ins give the same result; see the doc for why.
TURNING_STAND_IN: dict[str, str] = {"usa": "britain", "portugal": "spain"}
TURNING_POINTS: dict[str, int] = {"A": 4, "B": 3, "C": 2, "D": 1}


def turning(ship_class: int, nation: str) -> tuple[str, int]:
    column = _TURNING_NATIONS.index(TURNING_STAND_IN.get(nation, nation))
    code = TURNING_TABLE[ship_class][column]
    return code[0], int(code[1:])


# --- Movimento ---------------------------------------------------------------------

class BaseSpeeds(NamedTuple):
    # point of sail -> ((full max, min), (battle max, min))
    rows: dict[str, tuple[tuple[int, int], tuple[int, int]]]
    drift: tuple[int, int]  # (full, battle)


# The FIRST movement table of the text, by class group.
SPEED_TABLES: dict[str, BaseSpeeds] = {
    "1-2": BaseSpeeds(
        {
            "close_hauled": ((2, 1), (1, 0)),
            "beam_reach": ((2, 1), (1, 1)),
            "broad_reach": ((4, 2), (3, 2)),
            "running": ((3, 2), (3, 2)),
        },
        (1, 1),
    ),
    "3": BaseSpeeds(
        {
            "close_hauled": ((2, 1), (2, 0)),
            "beam_reach": ((3, 1), (2, 1)),
            "broad_reach": ((5, 2), (4, 2)),
            "running": ((4, 2), (3, 1)),
        },
        (2, 1),
    ),
    "4-6": BaseSpeeds(
        {
            "close_hauled": ((3, 2), (3, 1)),
            "beam_reach": ((4, 2), (3, 2)),
            "broad_reach": ((5, 3), (5, 2)),
            "running": ((4, 2), (3, 1)),
        },
        (2, 1),
    ),
    "7+": BaseSpeeds(
        {
            "close_hauled": ((4, 2), (3, 2)),
            "beam_reach": ((4, 2), (3, 1)),
            "broad_reach": ((6, 3), (5, 3)),
            "running": ((4, 2), (3, 2)),
        },
        (3, 2),
    ),
}


def speed_group(ship_class: int) -> str:
    if ship_class <= 2:
        return "1-2"
    if ship_class == 3:
        return "3"
    if ship_class <= 6:
        return "4-6"
    return "7+"


# --- Scafo e alberi ----------------------------------------------------------------

HULL_BOXES_FIXED: dict[int, int] = {1: 32, 2: 28, 3: 24, 4: 20, 7: 8, OLTRE: 4}
# Rows that print a range of boxes: (boxes low, high, pieces low, high); the
# pieces span is the one the table's note (or Appendix A) gives for that row.
HULL_BOXES_RANGE: dict[str, tuple[int, int, int, int]] = {
    "5-6": (12, 16, 20, 28),
    "8": (4, 8, 6, 14),
}
# A 5th rate sits in the "4-5" row (32-60 guns, 20 boxes) or, if smaller, in the
# "5-6" row (20-28 guns); the notes' gun counts are what separate the rows.
FIFTH_RATE_HEAVY_FROM = 32
DRAUGHT_BY_CLASS: dict[int, int] = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1, OLTRE: 1}

MAST_TABLE: dict[int, tuple[int, ...]] = {
    1: (8, 8, 8),
    2: (8, 8, 8),
    3: (6, 8, 6),
    4: (6, 6, 6),
    5: (6, 6, 6),
    6: (4, 6, 4),
    7: (4, 4),
    8: (4, 4),
    OLTRE: (4,),
}
# Fore-to-aft names and positions (fraction of base length from the centre).
MAST_LAYOUT: dict[int, tuple[tuple[str, float], ...]] = {
    3: (("fore", 0.3), ("main", 0.0), ("mizzen", -0.3)),
    2: (("fore", 0.2), ("main", -0.1)),
    1: (("main", 0.0),),
}

MM_PER_INCH = 25.4
BASE_WIDTH_MM = 40


def _spread(pieces: int, boxes_lo: int, boxes_hi: int, pieces_lo: int, pieces_hi: int) -> int:
    # Linear in pieces, rounded half up to an even total so both sides match.
    pieces = min(max(pieces, pieces_lo), pieces_hi)
    steps = (boxes_hi - boxes_lo) // 2
    span = pieces_hi - pieces_lo
    step = (2 * (pieces - pieces_lo) * steps + span) // (2 * span)
    return boxes_lo + 2 * step


def default_hull_boxes(ship_class: int, pieces: int) -> int:
    """Total hull boxes (both sides) a player would pick; pieces = guns + carronades."""
    if ship_class in HULL_BOXES_FIXED:
        return HULL_BOXES_FIXED[ship_class]
    if ship_class == 5 and pieces >= FIFTH_RATE_HEAVY_FROM:
        return HULL_BOXES_FIXED[4]
    row = "8" if ship_class == 8 else "5-6"
    return _spread(pieces, *HULL_BOXES_RANGE[row])


def masts(boxes: tuple[int, ...]) -> list[MastSpec]:
    return [
        MastSpec(name=name, boxes=count, offset=offset)
        for (name, offset), count in zip(MAST_LAYOUT[len(boxes)], boxes)
    ]


def base_size_inches(ship_class: int) -> tuple[float, float]:
    """(length, width) from "Scala e imbasettamento"."""
    length_mm = 85 if ship_class <= 2 else 75 if ship_class == 3 else 65
    return length_mm / MM_PER_INCH, BASE_WIDTH_MM / MM_PER_INCH


# --- Il valore di una nave ---------------------------------------------------------

def sections(boxes: int) -> int:
    """Sections of four boxes, the last one possibly short."""
    return -(-boxes // 4)


def carronade_points(carronades: int) -> int:
    if carronades >= 24:
        return 2
    return 1 if carronades >= 20 else 0


def ship_value(book: LogBook) -> int:
    """Points of a log-book, from its other fields (book.value is ignored)."""
    return (
        book.decks
        + TURNING_POINTS[book.turning]
        + 2 * sections(book.hull_per_side)  # sections are drawn per side
        + sum(sections(mast.boxes) for mast in book.masts)
        + sections(book.crew_boxes)
        + book.manoeuvre
        + book.combat
        + book.gunnery
        + carronade_points(book.carronades)
    )


# --- The specification and the builder ---------------------------------------------

class ShipSpec(BaseModel):
    """What a scenario author knows of a ship; build_logbook does the rest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    nation: Nation
    ship_class: int = Field(ge=1, le=OLTRE)
    type: str = ""
    guns: int = Field(ge=0)  # long guns only: carronades are counted apart
    carronades: int = Field(default=0, ge=0)
    decks: int = Field(ge=1, le=4)
    crew_men: int = Field(ge=1)
    manoeuvre: int | None = None  # within the nation's range; None = its lower end
    manoeuvre_adj: Adjustment = 0
    combat_adj: Adjustment = 0
    gunnery_adj: Adjustment = 0
    weatherly: bool = False
    leewardly: bool = False
    handy_on: tuple[SailingPoint, ...] = ()
    unhandy_on: tuple[SailingPoint, ...] = ()
    handy_with: tuple[SetSails, ...] = ()
    unhandy_with: tuple[SetSails, ...] = ()
    hull_boxes: int | None = Field(default=None, ge=1)  # total of both sides
    mast_boxes: tuple[int, ...] | None = None  # fore to aft, 1-3 masts
    draught: int | None = Field(default=None, ge=1, le=3)
    notes: str = ""

    @model_validator(mode="after")
    def _coherent(self) -> ShipSpec:
        low, high = NATION_SKILLS[self.nation].manoeuvre
        if self.manoeuvre is not None and not low <= self.manoeuvre <= high:
            raise ValueError(f"{self.nation} manoeuvre is {low}-{high}, not {self.manoeuvre}")
        final = self.crew_manoeuvre
        if not MANOEUVRE_SCALE[0] <= final <= MANOEUVRE_SCALE[1]:
            raise ValueError(f"manoeuvre {final} is off the 2-8 scale")
        if self.weatherly and self.leewardly:
            raise ValueError("a ship cannot be both weatherly and leewardly")
        if set(self.handy_on) & set(self.unhandy_on):
            raise ValueError("a point of sail cannot be both handy and unhandy")
        if set(self.handy_with) & set(self.unhandy_with):
            raise ValueError("a sail setting cannot be both handy and unhandy")
        if self.mast_boxes is not None and (
            len(self.mast_boxes) not in MAST_LAYOUT or min(self.mast_boxes) < 1
        ):
            raise ValueError("mast_boxes needs 1 to 3 masts of at least one box")
        return self

    @property
    def crew_manoeuvre(self) -> int:
        chosen = self.manoeuvre if self.manoeuvre is not None else NATION_SKILLS[self.nation].manoeuvre[0]
        return chosen + self.manoeuvre_adj

    @property
    def crew_combat(self) -> int:
        return NATION_SKILLS[self.nation].combat + self.combat_adj

    @property
    def crew_gunnery(self) -> int:
        return NATION_SKILLS[self.nation].gunnery + self.gunnery_adj


def speed_table(spec: ShipSpec) -> SpeedTable:
    """The class group's table with the Appendix B guidelines applied.

    Weatherly/leewardly come first: they reshape the close-hauled row, and the
    handiness guidelines then act on that row like on any other.
    """
    base = SPEED_TABLES[speed_group(spec.ship_class)]
    cells = {
        p: {"full": list(base.rows[p][0]), "battle": list(base.rows[p][1])}
        for p in SAILING_POINTS
    }
    if spec.weatherly:
        cells["close_hauled"] = {s: list(v) for s, v in cells["beam_reach"].items()}
    if spec.leewardly:
        for cell in cells["close_hauled"].values():
            cell[0] = max(1, cell[0] - 1)
            cell[1] = min(cell[1], cell[0])  # a range never runs backwards
    targets = [(cells[p].values(), -1) for p in spec.handy_on]
    targets += [(cells[p].values(), +1) for p in spec.unhandy_on]
    targets += [([cells[p][s] for p in SAILING_POINTS], -1) for s in spec.handy_with]
    targets += [([cells[p][s] for p in SAILING_POINTS], +1) for s in spec.unhandy_with]
    for group, delta in targets:
        for cell in group:
            # Minimum never below zero nor above the maximum.
            cell[1] = min(max(cell[1] + delta, 0), cell[0])

    def row(point: str) -> SpeedRow:
        full, battle = cells[point]["full"], cells[point]["battle"]
        return SpeedRow(
            full=SpeedRange(max=full[0], min=full[1]),
            battle=SpeedRange(max=battle[0], min=battle[1]),
        )

    return SpeedTable(
        **{point: row(point) for point in SAILING_POINTS},
        drift_full=base.drift[0],
        drift_battle=base.drift[1],
    )


def build_logbook(spec: ShipSpec) -> LogBook:
    letter, number = turning(spec.ship_class, spec.nation)
    pieces = spec.guns + spec.carronades
    hull_total = spec.hull_boxes or default_hull_boxes(spec.ship_class, pieces)
    length, width = base_size_inches(spec.ship_class)
    draft = LogBook(
        name=spec.name,
        nation=spec.nation,
        ship_class=spec.ship_class,
        type=spec.type,
        guns=spec.guns,
        carronades=spec.carronades,
        decks=spec.decks,
        crew_men=spec.crew_men,
        turning=letter,
        turning_number=number,
        draught=spec.draught or DRAUGHT_BY_CLASS[spec.ship_class],
        base_length=length,
        base_width=width,
        hull_per_side=-(-hull_total // 2),
        masts=masts(spec.mast_boxes or MAST_TABLE[spec.ship_class]),
        crew_boxes=crew_boxes(spec.crew_men),
        manoeuvre=spec.crew_manoeuvre,
        combat=spec.crew_combat,
        gunnery=spec.crew_gunnery,
        speeds=speed_table(spec),
        fire=fire_modifiers(spec.guns, spec.carronades, spec.crew_gunnery),
        value=0,
        notes=spec.notes,
    )
    return draft.model_copy(update={"value": ship_value(draft)})
