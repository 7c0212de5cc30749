"""The hex map: hexes, their sides, distances, firing arcs, lines of sight and an
unbounded sea that follows the ships (Hearts of Oak's "Endless Plan", which has no
edge: tiles are taken from behind the ships and laid ahead of them).

Conventions, chosen to match the open table's:

* **flat-top** hexes, so that a hex has a side facing due north and ships can sail
  the compass's north-south line; the six sides are numbered clockwise from north,
  side ``i`` facing compass bearing ``60 * i`` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW);
* **axial coordinates** ``(q, r)``, the cube's third coordinate ``s = -q - r``; the
  centre of hex (q, r) lies at x = 3/2 q, y = sqrt(3) (r + q/2) hex sizes (size: centre
  to corner), x east and y north like the open table, so q runs to the east and r to
  the north; a renderer flips y as it does for the table;
* a ship **faces a side** (``facing`` 0-5); relative sides count clockwise from the
  bow: 0 the bow, 1-2 the starboard broadside, 3 the stern, 4-5 the port broadside.

A side's *projection* is the 60-degree wedge from the hex's centre through that
side's two corners; a hex on the wedge's edge line (a spine of the grid) belongs to
both wedges that share it. Membership is decided in integers, so it is exact.
Coordinates are frozen dataclasses, which pydantic state models store as
``{"q": .., "r": ..}`` and read back exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

SIDES = 6
SQRT3 = math.sqrt(3.0)
BOW, STERN = (0,), (3,)
STARBOARD, PORT = (1, 2), (4, 5)  # relative sides of each broadside


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex, in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


ORIGIN = Hex(0, 0)
# The neighbour through each side, clockwise from north.
DIRECTIONS: tuple[Hex, ...] = (Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1))
# The corner between side i and side i + 1, as the direction of the grid's spine
# through it (the sum of the two sides' directions).
SPINES: tuple[Hex, ...] = tuple(DIRECTIONS[i] + DIRECTIONS[(i + 1) % SIDES] for i in range(SIDES))


def side(i: int) -> int:
    """A side number in 0-5."""
    return i % SIDES


def turn(facing: int, steps: int) -> int:
    """The facing after turning ``steps`` sides, + clockwise (to starboard)."""
    return (facing + steps) % SIDES


def bearing(facing: int) -> float:
    """The compass bearing a side faces."""
    return 60.0 * side(facing)


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def neighbour(h: Hex, facing: int) -> Hex:
    return h + DIRECTIONS[side(facing)]


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around ``h``, through sides 0 to 5."""
    return [h + d for d in DIRECTIONS]


def ahead(h: Hex, facing: int, n: int = 1) -> Hex:
    """``n`` hexes on through side ``facing`` (negative: astern)."""
    return h + DIRECTIONS[side(facing)].scaled(n)


def rotate(h: Hex, steps: int, about: Hex = ORIGIN) -> Hex:
    """``h`` turned ``steps`` sixths of a turn clockwise about ``about``."""
    d = h - about
    q, r, s = d.q, d.r, d.s
    for _ in range(steps % SIDES):
        q, r, s = -s, -q, -r
    return about + Hex(q, r)


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` from ``centre``, clockwise from its south-west corner."""
    if radius < 0:
        raise ValueError("radius must not be negative")
    if radius == 0:
        return [centre]
    out = []
    h = ahead(centre, 4, radius)  # start on the south-west spoke, walk north first
    for i in range(SIDES):
        for _ in range(radius):
            out.append(h)
            h = neighbour(h, i)
    return out


def within(centre: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` from ``centre``, nearest rings first."""
    return [h for k in range(radius + 1) for h in ring(centre, k)]


# --- arcs ----------------------------------------------------------------------------

def _cross(a: Hex, b: Hex) -> int:
    # The axial frame is a linear image of the plane, so the sign of this product
    # orders directions the same way for every pair (flipped uniformly at worst).
    return a.q * b.r - a.r * b.q


def _in_wedge(d: Hex, absolute_side: int) -> bool:
    """Whether offset ``d`` lies in the closed 60-degree projection of a side."""
    left, right = SPINES[(absolute_side - 1) % SIDES], SPINES[absolute_side]
    turn_sign = _cross(left, right)
    return _cross(left, d) * turn_sign >= 0 and _cross(d, right) * turn_sign >= 0


def in_arc(origin: Hex, facing: int, sides: Sequence[int], target: Hex) -> bool:
    """Whether ``target`` lies in the projection of the given sides (relative to
    ``facing``, e.g. :data:`STARBOARD`) of a ship in ``origin``; never the ship's own hex."""
    d = target - origin
    if d == ORIGIN:
        return False
    return any(_in_wedge(d, side(facing + s)) for s in sides)


def arc_hexes(origin: Hex, facing: int, sides: Sequence[int], max_range: int) -> list[Hex]:
    """The hexes within ``max_range`` in the projection of ``sides`` (relative to
    ``facing``): a broadside's firing arc is ``arc_hexes(h, facing, STARBOARD, n)``.
    Nearest first, then by coordinates."""
    return sorted((h for h in within(origin, max_range) if in_arc(origin, facing, sides, h)),
                  key=lambda h: (distance(origin, h), h.q, h.r))


def sides_towards(origin: Hex, facing: int, target: Hex) -> tuple[int, ...]:
    """The relative sides of a ship in ``origin`` whose projection holds ``target``: one
    side, or the two either side of a spine (e.g. fire through the stern, a rake)."""
    d = target - origin
    if d == ORIGIN:
        return ()
    return tuple(s for s in range(SIDES) if _in_wedge(d, side(facing + s)))


# --- lines of sight ------------------------------------------------------------------

def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


# Pushes the sampled points off the hex edges they would otherwise land on exactly,
# always to the same side, so that a line along a spine has one answer.
_NUDGE = (1e-6, 2e-6)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from centre to centre crosses, ``a`` and ``b`` included:
    the points at 0, 1/n, ... 1 of the way (n the distance) rounded to hexes."""
    n = distance(a, b)
    aq, ar = a.q + _NUDGE[0], a.r + _NUDGE[1]
    bq, br = b.q + _NUDGE[0], b.r + _NUDGE[1]
    if n == 0:
        return [a]
    return [_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool]) -> bool:
    """Whether no hex strictly between ``a`` and ``b`` on :func:`line` blocks the view."""
    return not any(blocks(h) for h in line(a, b)[1:-1])


# --- pixels and the endless plan ------------------------------------------------------

def centre(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """The hex's centre in table units (x east, y north); ``size`` is centre to corner."""
    return (size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2))


def hex_at(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex whose area holds the point (x east, y north): the inverse of :func:`centre`."""
    q = x / (1.5 * size)
    return _round(q, y / (SQRT3 * size) - q / 2)


def corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners, anticlockwise from the east one (flat top: two corners east and
    west, a side north and south)."""
    cx, cy = centre(h, size)
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
            for k in range(SIDES)]


@dataclass(frozen=True, slots=True)
class Frame:
    """A rectangle of the endless sea, in table units (x east, y north): what a picture
    shows. The sea has no edge; a frame is drawn around the hexes that matter."""

    x0: float
    y0: float
    x1: float
    y1: float
    size: float = 1.0

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def hexes(self) -> Iterator[Hex]:
        """Every hex whose bounding box overlaps the frame, column by column (a picture
        clips the few that only graze a corner)."""
        hw, hh = self.size, self.size * SQRT3 / 2  # half width and height of a hex
        q0 = math.floor((self.x0 - hw) / (1.5 * self.size))
        q1 = math.ceil((self.x1 + hw) / (1.5 * self.size))
        for q in range(q0, q1 + 1):
            r0 = math.floor((self.y0 - hh) / (SQRT3 * self.size) - q / 2)
            r1 = math.ceil((self.y1 + hh) / (SQRT3 * self.size) - q / 2)
            for r in range(r0, r1 + 1):
                h = Hex(q, r)
                cx, cy = centre(h, self.size)
                if self.x0 - hw <= cx <= self.x1 + hw and self.y0 - hh <= cy <= self.y1 + hh:
                    yield h


def frame(hexes: Iterable[Hex], margin: int = 1, size: float = 1.0) -> Frame:
    """The smallest frame that shows ``hexes`` whole with ``margin`` more hexes of sea
    all round: the map follows the ships wherever they sail."""
    points = [xy for h in hexes for xy in corners(h, size)]
    if not points:
        raise ValueError("a frame needs at least one hex")
    pad_x, pad_y = 1.5 * size * margin, SQRT3 * size * margin
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Frame(min(xs) - pad_x, min(ys) - pad_y, max(xs) + pad_x, max(ys) + pad_y, size)
