"""The square grid: squares, eight facings, ships lying along one to three squares,
moves along a facing, and zones counted by the squares an area touches (the Pirates
rulebook draws islands and special zones on squared paper: "Ogni quadretto toccato
da una zona è quadretto di zona. Ogni quadretto toccato sia da mare che da isola è
un quadretto di costa").

Conventions, matching the open table's:

* square ``(col, row)`` covers ``[col, col + 1] x [row, row + 1]`` in grid units, x
  east and y north, so the board's bottom-left square is (0, 0);
* facings 0-7 clockwise from north, 45 degrees apart (0 N, 1 NE, 2 E, ... 7 NW); a
  diagonal facing steps to the corner-adjacent square;
* a ship lies along its facing: the bow square first, then the squares astern;
* an area *touches* a square when they share some area (more than ``AREA_TOL``): an
  outline that runs along a grid line or through a corner touches neither side.

Squares are frozen dataclasses, which pydantic state models store as
``{"col": .., "row": ..}`` and read back exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

FACINGS = 8
AREA_TOL = 1e-9  # square grid units: overlaps smaller than this are float noise
MAX_SHIP_SQUARES = 3


@dataclass(frozen=True, slots=True, order=True)
class Square:
    col: int
    row: int

    def __add__(self, other: Square) -> Square:
        return Square(self.col + other.col, self.row + other.row)

    def __sub__(self, other: Square) -> Square:
        return Square(self.col - other.col, self.row - other.row)

    def scaled(self, k: int) -> Square:
        return Square(self.col * k, self.row * k)


# The step along each facing, clockwise from north.
DIRECTIONS: tuple[Square, ...] = (Square(0, 1), Square(1, 1), Square(1, 0), Square(1, -1),
                                  Square(0, -1), Square(-1, -1), Square(-1, 0), Square(-1, 1))


def facing(i: int) -> int:
    """A facing number in 0-7."""
    return i % FACINGS


def turn(f: int, eighths: int) -> int:
    """The facing after turning ``eighths`` times 45 degrees, + clockwise (to starboard):
    1 is a 45-degree turn, 2 a 90-degree one."""
    return (f + eighths) % FACINGS


def bearing(f: int) -> float:
    """The compass bearing of a facing."""
    return 45.0 * facing(f)


def diagonal(f: int) -> bool:
    return facing(f) % 2 == 1


def ahead(sq: Square, f: int, n: int = 1) -> Square:
    """``n`` squares on along facing ``f`` (negative: astern)."""
    return sq + DIRECTIONS[facing(f)].scaled(n)


def distance(a: Square, b: Square) -> int:
    """Moves between two squares when a diagonal step counts as one (the king's move)."""
    return max(abs(a.col - b.col), abs(a.row - b.row))


def adjacent(a: Square, b: Square) -> bool:
    """Next to each other across a side or a corner ("un quadretto contiguo")."""
    return distance(a, b) == 1


def rotate(sq: Square, quarter_turns: int, about: Square = Square(0, 0)) -> Square:
    """``sq`` turned ``quarter_turns`` times 90 degrees clockwise about square ``about``
    (a grid maps onto itself only by quarter turns)."""
    d = sq - about
    c, r = d.col, d.row
    for _ in range(quarter_turns % 4):
        c, r = r, -c
    return about + Square(c, r)


@dataclass(frozen=True, slots=True)
class ShipPlace:
    """Where a ship lies: her bow square, her facing and how many squares she covers."""

    bow: Square
    facing: int
    length: int = 1

    def __post_init__(self) -> None:
        if not 1 <= self.length <= MAX_SHIP_SQUARES:
            raise ValueError(f"a ship covers 1 to {MAX_SHIP_SQUARES} squares, not {self.length}")
        object.__setattr__(self, "facing", facing(self.facing))

    def squares(self) -> list[Square]:
        """Bow first, then astern along the facing (diagonally astern when she faces a
        corner)."""
        return [ahead(self.bow, self.facing, -k) for k in range(self.length)]

    @property
    def stern(self) -> Square:
        return ahead(self.bow, self.facing, 1 - self.length)

    def turned(self, eighths: int) -> ShipPlace:
        """Pivoted on the bow square by ``eighths`` times 45 degrees (+ clockwise)."""
        return ShipPlace(self.bow, turn(self.facing, eighths), self.length)

    def moved(self, n: int) -> ShipPlace:
        """``n`` squares on along her facing (negative: astern)."""
        return ShipPlace(ahead(self.bow, self.facing, n), self.facing, self.length)

    def reversed(self) -> ShipPlace:
        """Bow and stern swapped in place: the same squares, facing the other way."""
        return ShipPlace(self.stern, turn(self.facing, FACINGS // 2), self.length)


def path_squares(place: ShipPlace, n: int) -> list[Square]:
    """The squares a ship passes over moving ``n`` squares ahead, in order, her starting
    squares excluded."""
    start = set(place.squares())
    out: list[Square] = []
    for k in range(1, n + 1):
        out += [s for s in place.moved(k).squares() if s not in start and s not in out]
    return out


def turn_squares(place: ShipPlace, eighths: int) -> list[Square]:
    """The squares a pivot on the bow passes over, taken at every 45 degrees of it
    (the turns the rulebook allows), her starting squares excluded."""
    start = set(place.squares())
    step = 1 if eighths > 0 else -1
    out: list[Square] = []
    for k in range(step, eighths + step, step):
        out += [s for s in place.turned(k).squares() if s not in start and s not in out]
    return out


# --- areas and zones -----------------------------------------------------------------

def square_polygon(sq: Square) -> Polygon:
    return box(sq.col, sq.row, sq.col + 1, sq.row + 1)


def _candidates(area: BaseGeometry) -> list[Square]:
    x0, y0, x1, y1 = area.bounds
    return [Square(c, r) for c in range(int(np.floor(x0)), int(np.ceil(x1)))
            for r in range(int(np.floor(y0)), int(np.ceil(y1)))]


def _overlaps(area: BaseGeometry, squares: Sequence[Square]) -> np.ndarray:
    """The area each square shares with ``area``."""
    if not squares:
        return np.zeros(0)
    cells = shapely.box([s.col for s in squares], [s.row for s in squares],
                        [s.col + 1 for s in squares], [s.row + 1 for s in squares])
    return shapely.area(shapely.intersection(cells, area))


def touched_squares(area: BaseGeometry) -> list[Square]:
    """The squares an area touches (its zone squares), in (col, row) order."""
    if area.is_empty:
        return []
    squares = _candidates(area)
    shared = _overlaps(area, squares)
    return [s for s, a in zip(squares, shared) if a > AREA_TOL]


def board_polygon(cols: int, rows: int) -> Polygon:
    return box(0, 0, cols, rows)


def coast_squares(islands: Iterable[BaseGeometry], cols: int, rows: int) -> list[Square]:
    """The board's squares touched both by an island and by the sea (the board less
    every island), in (col, row) order."""
    board = board_polygon(cols, rows)
    land = shapely.union_all(list(islands)).intersection(board)
    if land.is_empty:
        return []
    squares = touched_squares(land)
    sea = _overlaps(board.difference(land), squares)
    return [s for s, a in zip(squares, sea) if a > AREA_TOL]
