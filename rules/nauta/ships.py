"""The ship tables (*Ships Data*, *Caratteristiche delle navi*) and the bases.

One row per ship category: its Size (*Classe*), soldiers embarked (crossbowmen in
the medieval list), maximum speed, acceleration / deceleration per turn, points.
Both editions print the same ancient table; the medieval list is Classis §26.
Lengths are in segments of 2 cm: a 15 x 20 mm base is 0.75 x 1 segment.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

MM_PER_SEGMENT = 20.0


class ShipClass(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    name_it: str
    size: int
    soldiers: int
    max_speed: int
    accel: int
    decel: int
    points: int
    medieval: bool = False


def _row(key: str, name: str, name_it: str, size: int, soldiers: int, speed: int,
         accel: int, decel: int, points: int, medieval: bool = False) -> ShipClass:
    return ShipClass(key=key, name=name, name_it=name_it, size=size, soldiers=soldiers,
                     max_speed=speed, accel=accel, decel=decel, points=points, medieval=medieval)


# "Moneris (1 rank) 0 - 6 3/4 max 15": soldiers "-" is none; "3/4 max" is the most a
# ship may accelerate / decelerate in one turn (Classis: "Accelerazione/Decelerazione").
ANCIENT = [
    _row("moneris", "Moneris", "Moneris (1 ordine di remi)", 0, 0, 6, 3, 4, 15),
    _row("biremis", "Biremis", "Biremis", 1, 0, 5, 2, 3, 20),
    _row("triremis", "Triremis", "Triremis", 2, 1, 5, 2, 3, 30),
    _row("quadriremis", "Quadriremis", "Quadriremis", 3, 2, 5, 2, 3, 45),
    _row("quinqueremis", "Quinqueremis", "Quinqueremis", 4, 4, 5, 1, 2, 65),
    _row("hexeris", "Hexeris or Hepteris", "Hexeris o Hepteris", 5, 6, 4, 1, 2, 80),
    _row("deceris", "Deceris", "Deceris", 6, 8, 4, 1, 2, 100),
]
# Classis §26. The first row's name is lost in the text (only "0 1 6 3/4 max 20"
# survives); "galeotta", the small galley of the period, is Broadside's name for it.
MEDIEVAL = [
    _row("galeotta", "Galeotta (small galley)", "Galeotta", 0, 1, 6, 3, 4, 20, True),
    _row("galea_bireme", "Bireme galley", "Galea bireme", 1, 2, 5, 2, 3, 25, True),
    _row("galea_trireme", "Trireme galley", "Galea trireme", 2, 4, 5, 2, 3, 40, True),
]
CLASSES: dict[str, ShipClass] = {c.key: c for c in ANCIENT + MEDIEVAL}

# Width x length of the base in mm by Size, the rulebook's example for 1/1200 models.
BASES_MM: dict[int, tuple[float, float]] = {
    0: (15, 20), 1: (15, 20), 2: (15, 25), 3: (15, 30), 4: (15, 30), 5: (15, 35), 6: (20, 40),
}


def base_segments(size: int) -> tuple[float, float]:
    """Width and length of the base, in segments."""
    width, length = BASES_MM[size]
    return width / MM_PER_SEGMENT, length / MM_PER_SEGMENT


def ship_class(key: str) -> ShipClass:
    if key not in CLASSES:
        raise ValueError(f"unknown ship type {key!r}; known: {', '.join(CLASSES)}")
    return CLASSES[key]


EXTRA_UNIT_POINTS = 5


def max_extra(cls: ShipClass) -> int:
    """Extra soldiers' units a ship may buy (*Extra Soldiers*; medieval: one
    crossbow unit on any ship)."""
    if cls.medieval:
        return 1
    if cls.size == 0:
        return 0
    return 1 if cls.size <= 3 else 2


def max_pivot(size: int) -> int:
    """Size 0 and 1 ships wheel up to 90 degrees, the others up to 45."""
    return 90 if size <= 1 else 45


def pivot_cost(angle: float) -> int:
    """Up to 45 degrees costs one segment, more than 45 costs two."""
    a = abs(angle)
    if a == 0:
        return 0
    return 1 if a <= 45 else 2
