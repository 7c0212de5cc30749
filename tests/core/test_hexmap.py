"""The hex map: coordinates, sides, arcs, lines of sight, pixels and the endless plan.

Expected hexes are read off a drawn flat-top grid (side 0 north, q east, r north),
not recomputed with the module's own formulas.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from rules.core.tables import hexmap as hx
from rules.core.tables.hexmap import Hex

coords = st.integers(-40, 40)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(0, 5)


def bearing_to(a: Hex, b: Hex) -> float:
    (ax, ay), (bx, by) = hx.centre(a), hx.centre(b)
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360


# --- coordinates and distance -----------------------------------------------------

def test_sides_face_the_compass_clockwise_from_north():
    for i, d in enumerate(hx.DIRECTIONS):
        assert bearing_to(hx.ORIGIN, d) == pytest.approx(60 * i)
        assert hx.bearing(i) == 60 * i
    assert hx.neighbour(Hex(2, 3), 0) == Hex(2, 4)  # north: r grows
    assert hx.neighbour(Hex(2, 3), 2) == Hex(3, 2)  # south-east


def test_distance_examples():
    assert hx.distance(Hex(0, 0), Hex(3, 0)) == 3
    assert hx.distance(Hex(0, 0), Hex(2, -1)) == 2  # a spine hex: two steps (NE then SE)
    assert hx.distance(Hex(0, 0), Hex(3, -5)) == 5
    assert hx.distance(Hex(-2, 1), Hex(-2, 1)) == 0


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hx.distance(a, b) == hx.distance(b, a) >= 0
    assert (hx.distance(a, b) == 0) == (a == b)
    assert hx.distance(a, c) <= hx.distance(a, b) + hx.distance(b, c)


@given(hexes)
def test_neighbours_are_the_six_hexes_at_distance_one(h):
    around = hx.neighbours(h)
    assert len(set(around)) == 6
    assert all(hx.distance(h, n) == 1 for n in around)
    assert set(around) == set(hx.ring(h, 1))


@given(hexes, st.integers(0, 6))
def test_ring_and_within_count(h, radius):
    ring = hx.ring(h, radius)
    assert len(set(ring)) == len(ring) == (6 * radius if radius else 1)
    assert all(hx.distance(h, x) == radius for x in ring)
    assert len(hx.within(h, radius)) == 1 + 3 * radius * (radius + 1)


# --- facing and rotation ------------------------------------------------------------

@given(hexes, hexes)
def test_six_rotations_are_the_identity(h, about):
    assert hx.rotate(h, 6, about) == h
    turned = h
    for _ in range(6):
        turned = hx.rotate(turned, 1, about)
    assert turned == h


@given(hexes, hexes, st.integers(-12, 12))
def test_rotation_keeps_distances_to_the_centre(h, about, steps):
    assert hx.distance(hx.rotate(h, steps, about), about) == hx.distance(h, about)


def test_rotation_turns_one_side_clockwise():
    for i, d in enumerate(hx.DIRECTIONS):
        assert hx.rotate(d, 1) == hx.DIRECTIONS[(i + 1) % 6]
    assert hx.turn(5, 1) == 0 and hx.turn(0, -1) == 5 and hx.turn(2, 9) == 5


# --- arcs -------------------------------------------------------------------------

def test_starboard_arc_of_a_ship_facing_north():
    # Facing north, the starboard broadside looks through the NE and SE sides: the
    # wedge between bearings 30 and 150 degrees.
    one = set(hx.arc_hexes(hx.ORIGIN, 0, hx.STARBOARD, 1))
    assert one == {Hex(1, 0), Hex(1, -1)}
    two = set(hx.arc_hexes(hx.ORIGIN, 0, hx.STARBOARD, 2))
    # At range 2: the spine hexes NE-N (1, 1) and SE-S (1, -2) bound the arc and count,
    # with (2, 0), (2, -1), (2, -2) between them.
    assert two - one == {Hex(1, 1), Hex(2, 0), Hex(2, -1), Hex(2, -2), Hex(1, -2)}
    assert all(30 - 1e-9 <= bearing_to(hx.ORIGIN, h) <= 150 + 1e-9 for h in two)


def test_port_arc_mirrors_starboard_and_misses_the_bow():
    starboard = hx.arc_hexes(hx.ORIGIN, 0, hx.STARBOARD, 4)
    port = hx.arc_hexes(hx.ORIGIN, 0, hx.PORT, 4)
    assert {Hex(-h.q, h.r + h.q) for h in starboard} == set(port)  # mirror in the N-S line
    assert Hex(0, 3) not in starboard + port  # dead ahead
    assert Hex(0, -3) not in starboard + port  # dead astern


@given(hexes, facings, st.integers(1, 6))
def test_arcs_turn_with_the_ship(origin, facing, rng):
    base = hx.arc_hexes(hx.ORIGIN, 0, hx.STARBOARD, rng)
    turned = hx.arc_hexes(origin, facing, hx.STARBOARD, rng)
    assert {origin + hx.rotate(h, facing) for h in base} == set(turned)


@given(facings, st.integers(1, 6))
def test_bow_broadsides_and_stern_cover_the_sea_overlapping_only_on_spines(facing, rng):
    groups = {0: "bow", 1: "starboard", 2: "starboard", 3: "stern", 4: "port", 5: "port"}
    arcs = {name: set(hx.arc_hexes(hx.ORIGIN, facing, sides, rng))
            for name, sides in (("bow", hx.BOW), ("starboard", hx.STARBOARD),
                                ("stern", hx.STERN), ("port", hx.PORT))}
    around = set(hx.within(hx.ORIGIN, rng)) - {hx.ORIGIN}
    assert set().union(*arcs.values()) == around
    for h in around:
        towards = hx.sides_towards(hx.ORIGIN, facing, h)
        assert 1 <= len(towards) <= 2
        assert {name for name, arc in arcs.items() if h in arc} == {groups[s] for s in towards}


def test_sides_towards_tells_a_rake_through_the_stern():
    # A ship facing north; a firer due south at range 3 fires through her stern side.
    assert hx.sides_towards(hx.ORIGIN, 0, Hex(0, -3)) == (3,)
    # On the spine between the stern and the starboard quarter: both sides.
    assert hx.sides_towards(hx.ORIGIN, 0, Hex(1, -2)) == (2, 3)
    assert hx.sides_towards(hx.ORIGIN, 0, hx.ORIGIN) == ()


# --- lines of sight --------------------------------------------------------------

def test_line_examples():
    assert hx.line(Hex(0, 0), Hex(0, 3)) == [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)]
    assert hx.line(Hex(0, 0), Hex(3, -3)) == [Hex(0, 0), Hex(1, -1), Hex(2, -2), Hex(3, -3)]
    # Along a spine the line runs between two hexes; the nudge always takes the same one.
    spine = hx.line(Hex(0, 0), Hex(2, -1))
    assert spine[0] == Hex(0, 0) and spine[-1] == Hex(2, -1) and len(spine) == 3
    assert spine[1] in (Hex(1, 0), Hex(1, -1))
    assert hx.line(Hex(0, 0), Hex(2, -1)) == spine


@given(hexes, hexes)
def test_line_runs_hex_by_hex_between_its_endpoints(a, b):
    path = hx.line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == hx.distance(a, b) + 1
    assert all(hx.distance(p, q) == 1 for p, q in zip(path, path[1:]))


@given(hexes, hexes, hexes)
def test_line_is_the_same_wherever_it_is_drawn(a, b, shift):
    # Without the nudge a line along a spine meets exact halves, and rounding halves to
    # even would pick a different side of the spine in different places.
    assert hx.line(a + shift, b + shift) == [h + shift for h in hx.line(a, b)]


def test_line_of_sight_ignores_the_endpoints():
    reef = {Hex(0, 2)}
    assert not hx.line_of_sight(Hex(0, 0), Hex(0, 4), reef.__contains__)
    assert hx.line_of_sight(Hex(0, 0), Hex(0, 2), reef.__contains__)  # firing at the reef hex
    assert hx.line_of_sight(Hex(0, 0), Hex(3, 0), reef.__contains__)


# --- pixels and the endless plan -------------------------------------------------

@given(hexes)
def test_pixel_round_trip(h):
    x, y = hx.centre(h, 2.5)
    assert hx.hex_at(x, y, 2.5) == h
    for cx, cy in hx.corners(h, 2.5):
        # a point just inside each corner is still in the hex
        assert hx.hex_at(x + (cx - x) * 0.98, y + (cy - y) * 0.98, 2.5) == h


def test_flat_top_corners():
    pts = hx.corners(hx.ORIGIN, 1.0)
    assert pts[0] == pytest.approx((1.0, 0.0)) and pts[3] == pytest.approx((-1.0, 0.0))
    assert pts[1] == pytest.approx((0.5, math.sqrt(3) / 2))  # the north side runs flat


def test_frame_follows_the_ships_anywhere():
    ships = [Hex(1000, -400), Hex(1004, -401)]
    f = hx.frame(ships, margin=1)
    shown = set(f.hexes())
    assert set(ships) <= shown
    for s in ships:
        assert set(hx.neighbours(s)) <= shown  # a hex of sea all round
    assert Hex(0, 0) not in shown
    x0, y0 = hx.centre(Hex(1000, -400))
    assert f.x0 < x0 < f.x1 and f.y0 < y0 < f.y1
    with pytest.raises(ValueError):
        hx.frame([])


def test_frame_hexes_cover_the_frame():
    f = hx.Frame(0.0, 0.0, 10.0, 6.0)
    shown = set(f.hexes())
    for x in range(11):
        for y in range(7):
            assert hx.hex_at(float(x), float(y)) in shown


class _Placed(BaseModel):
    at: Hex
    facing: int
    wake: list[Hex]


def test_coordinates_round_trip_through_json():
    placed = _Placed(at=Hex(-3, 7), facing=4, wake=[Hex(0, 0), Hex(12345, -6789)])
    text = placed.model_dump_json()
    assert _Placed.model_validate_json(text) == placed
    assert '"at":{"q":-3,"r":7}' in text
