"""The ship's log-book (*libro di bordo*): what a ship and its crew are.

This is static data, built once per ship by :mod:`rules.cannoni.builder` from the
guidelines of Appendix B; the damage a ship takes lives in its state, not here.
"""
from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel, ConfigDict, Field

PointOfSail = Literal["in_irons", "close_hauled", "beam_reach", "broad_reach", "running"]
Sails = Literal["full", "battle", "furled"]
MastName = Literal["fore", "main", "mizzen"]
Side = Literal["starboard", "port"]

SAILING_POINTS: tuple[str, ...] = ("close_hauled", "beam_reach", "broad_reach", "running")
# Upper limit in inches of each column of the fire table ("0-2", "2-4", ... "-32").
RANGE_BANDS: tuple[float, ...] = (2, 4, 6, 8, 10, 13, 16, 20, 24, 28, 32)


def fire_modifier(table: Sequence[int | None], distance: float) -> int | None:
    """A fire table's modifier at a distance (a ship's, a battery's card), None where
    the guns are not effective."""
    for limit, mod in zip(RANGE_BANDS, table):
        if distance <= limit + 1e-9:
            return mod
    return None


def max_range(table: Sequence[int | None]) -> float:
    """The farthest a fire table reaches, 0 if the guns are effective nowhere."""
    effective = [limit for limit, mod in zip(RANGE_BANDS, table) if mod is not None]
    return max(effective) if effective else 0.0


class SpeedRange(BaseModel):
    model_config = ConfigDict(frozen=True)
    max: float
    min: float


class SpeedRow(BaseModel):
    model_config = ConfigDict(frozen=True)
    full: SpeedRange
    battle: SpeedRange


class SpeedTable(BaseModel):
    """Max-min inches per action, by point of sail (row) and sails (column)."""

    model_config = ConfigDict(frozen=True)
    close_hauled: SpeedRow
    beam_reach: SpeedRow
    broad_reach: SpeedRow
    running: SpeedRow
    drift_full: float
    drift_battle: float

    def row(self, point: str) -> SpeedRow:
        return getattr(self, point)


class MastSpec(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: MastName
    boxes: int
    # Position along the ship from the centre, as a fraction of the base length
    # (+ forward): where "the nearest mast" is measured from.
    offset: float


class LogBook(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    nation: str  # "france", "britain", "netherlands", "spain", "portugal", "usa"
    ship_class: int = Field(ge=1, le=9)  # 1..8; 9 = "oltre" (boats, fireships)
    type: str = ""  # "ship of the line", "frigate", "brig", ...
    guns: int
    carronades: int = 0
    decks: int
    crew_men: int
    turning: Literal["A", "B", "C", "D"]
    turning_number: int = 0  # printed after the letter; unused in the base rules
    draught: int = Field(ge=1, le=3)
    base_length: float  # inches
    base_width: float  # inches
    hull_per_side: int  # boxes on each side
    masts: list[MastSpec]
    crew_boxes: int
    manoeuvre: int
    combat: int
    gunnery: int
    speeds: SpeedTable
    # Full fire modifier (guns + carronades + gunnery) for each RANGE_BANDS column;
    # None where the guns are not effective at that range.
    fire: list[int | None]
    value: int
    notes: str = ""

    def __deepcopy__(self, memo: dict) -> "LogBook":
        # Frozen: a copy of a game state can share it. The state is copied at every
        # resolution, and the log-book is most of a ship's data.
        return self

    def fire_modifier(self, distance: float) -> int | None:
        return fire_modifier(self.fire, distance)

    def max_range(self) -> float:
        return max_range(self.fire)
