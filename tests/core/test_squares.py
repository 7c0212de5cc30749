"""The square grid: facings, rotations, ships along 1-3 squares, moves, and zones
counted by the squares an area touches. Expected squares are read off a drawn grid
(x east, y north, square (c, r) from (c, r) to (c + 1, r + 1))."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel
from shapely.geometry import Polygon, box

from rules.core.tables import squares as sq
from rules.core.tables.squares import ShipPlace, Square

coords = st.integers(-30, 30)
cells = st.builds(Square, coords, coords)
facings = st.integers(0, 7)
lengths = st.integers(1, 3)
places = st.builds(ShipPlace, cells, facings, lengths)


# --- facings and rotations --------------------------------------------------------

def test_facings_run_clockwise_from_north():
    assert [sq.ahead(Square(0, 0), f) for f in range(8)] == [
        Square(0, 1), Square(1, 1), Square(1, 0), Square(1, -1),
        Square(0, -1), Square(-1, -1), Square(-1, 0), Square(-1, 1)]
    assert [sq.bearing(f) for f in (0, 2, 5)] == [0.0, 90.0, 225.0]
    assert sq.diagonal(1) and not sq.diagonal(2)


@given(facings)
def test_eight_45_degree_turns_and_four_90_degree_turns_are_the_identity(f):
    turned = f
    for _ in range(8):
        turned = sq.turn(turned, 1)
    assert turned == f
    assert sq.turn(sq.turn(sq.turn(sq.turn(f, 2), 2), 2), 2) == f
    assert sq.turn(f, -1) == sq.turn(f, 7)


@given(cells, cells)
def test_four_quarter_turns_of_a_square_are_the_identity(s, about):
    turned = s
    for _ in range(4):
        turned = sq.rotate(turned, 1, about)
        assert sq.distance(turned, about) == sq.distance(s, about)
    assert turned == s


def test_a_quarter_turn_is_clockwise():
    assert sq.rotate(Square(0, 2), 1) == Square(2, 0)  # north of the centre -> east of it
    assert sq.rotate(Square(3, 1), 1, about=Square(3, 0)) == Square(4, 0)


@given(cells, facings)
def test_the_step_of_a_turned_facing_is_the_step_rotated(s, f):
    assert sq.ahead(Square(0, 0), sq.turn(f, 2)) == sq.rotate(sq.ahead(Square(0, 0), f), 1)


# --- ships ------------------------------------------------------------------------

def test_a_ship_lies_astern_of_her_bow():
    assert ShipPlace(Square(5, 5), 0, 3).squares() == [Square(5, 5), Square(5, 4), Square(5, 3)]
    # Facing north-east she lies along the diagonal, towards the south-west.
    assert ShipPlace(Square(5, 5), 1, 2).squares() == [Square(5, 5), Square(4, 4)]
    assert ShipPlace(Square(5, 5), 6, 1).squares() == [Square(5, 5)]
    with pytest.raises(ValueError):
        ShipPlace(Square(0, 0), 0, 4)
    with pytest.raises(ValueError):
        ShipPlace(Square(0, 0), 0, 0)


@given(places)
def test_a_ship_covers_as_many_squares_as_her_length_in_a_line(place):
    cover = place.squares()
    assert len(set(cover)) == place.length
    assert cover[0] == place.bow and cover[-1] == place.stern
    assert all(sq.adjacent(a, b) and sq.ahead(b, place.facing) == a for a, b in zip(cover, cover[1:]))


@given(places, st.integers(-3, 3))
def test_turns_pivot_on_the_bow(place, eighths):
    turned = place.turned(eighths)
    assert turned.bow == place.bow and turned.length == place.length
    assert turned.facing == sq.turn(place.facing, eighths)


@given(places)
def test_reversing_swaps_bow_and_stern_in_place(place):
    back = place.reversed()
    assert set(back.squares()) == set(place.squares())
    assert back.bow == place.stern and back.reversed() == place


@given(places, st.integers(0, 4))
def test_moving_ahead(place, n):
    moved = place.moved(n)
    assert moved.facing == place.facing
    assert sq.distance(moved.bow, place.bow) == n
    assert place.moved(n).moved(-n) == place


def test_squares_passed_over():
    brig = ShipPlace(Square(0, 0), 2, 2)  # facing east over (0, 0) and (-1, 0)
    assert sq.path_squares(brig, 3) == [Square(1, 0), Square(2, 0), Square(3, 0)]
    # Pivoting 90 degrees to starboard passes the 45-degree position first.
    assert sq.turn_squares(brig, 2) == [Square(-1, 1), Square(0, 1)]
    assert sq.turn_squares(brig, -1) == [Square(-1, -1)]
    assert sq.turn_squares(brig, 0) == []


# --- zones ------------------------------------------------------------------------

def test_zone_squares_are_the_squares_an_area_touches():
    # An island from (1.5, 1.5) to (3.2, 2.5): columns 1-3, rows 1-2.
    island = box(1.5, 1.5, 3.2, 2.5)
    assert sq.touched_squares(island) == [Square(c, r) for c in (1, 2, 3) for r in (1, 2)]
    # An outline along the grid lines touches only the squares inside it.
    assert sq.touched_squares(box(2, 2, 4, 3)) == [Square(2, 2), Square(3, 2)]
    # An L-shaped island meets the square in its crook only along two edges.
    ell = Polygon([(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)])
    assert sq.touched_squares(ell) == [Square(0, 0), Square(0, 1), Square(1, 0)]
    # A triangle cutting a square's corner touches it however little.
    corner = Polygon([(0.9, 0.0), (1.0, 0.0), (1.0, 0.1)])
    assert sq.touched_squares(corner) == [Square(0, 0)]
    assert sq.touched_squares(Polygon()) == []


def test_coast_squares_are_touched_by_island_and_sea():
    island = box(2.5, 2.0, 5.0, 4.5)  # whole squares (3, 2), (4, 2), (3, 3), (4, 3)
    coast = sq.coast_squares([island], cols=10, rows=10)
    assert coast == [Square(2, 2), Square(2, 3), Square(2, 4), Square(3, 4), Square(4, 4)]
    assert Square(3, 2) not in coast  # all land
    # Two islands sharing a square's sea: the square they fill between them is land.
    left, right = box(0, 0, 1.5, 1), box(1.5, 0, 3, 1)
    assert sq.coast_squares([left, right], cols=5, rows=5) == []
    # The board's edge is not sea: land running off it leaves no coast there.
    assert sq.coast_squares([box(-2, 0, 1, 1)], cols=5, rows=5) == []


class _Placed(BaseModel):
    ship: Square
    wake: list[Square]


def test_squares_round_trip_through_json():
    placed = _Placed(ship=Square(3, -2), wake=[Square(0, 0), Square(99, 7)])
    text = placed.model_dump_json()
    assert _Placed.model_validate_json(text) == placed
    assert '"ship":{"col":3,"row":-2}' in text
