"""Cannoni's turning cards (rules/cannoni/cards.py): rates, the 90-degree cap, and
moves given by card and side.

Expected values are worked out by hand in the comments, not recomputed with the
engine's own formulas, so that a sign or frame error in the engine shows up.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from rules.cannoni import cards
from rules.core.tables import contact, courses
from rules.core.tables import open_table as g

L, W = 2.0, 1.0  # a base 2" long and 1" wide
ORIGIN_N = g.Pose(0.0, 0.0, 0.0)  # centre at the origin, heading north


def close(a: float, b: float, tol: float = 1e-9) -> bool:
    return abs(a - b) <= tol


def assert_pose(p: g.Pose, x: float, y: float, heading: float, tol: float = 1e-9) -> None:
    assert close(p.x, x, tol) and close(p.y, y, tol), (p, x, y)
    assert abs(g.angle_diff(p.heading, heading)) <= tol, (p.heading, heading)


def test_rulebook_example_c_turn_three_inches_to_port():
    # C = 15 deg/inch, R = 180/(15*pi) = 12/pi = 3.8197186; the bow starts at (0, 1) and
    # circles about (-R, 1); after 3" it has turned 45 deg:
    # bow = (-R + R*cos45, 1 + R*sin45) = (-1.1187697, 3.7009489), heading 315,
    # centre = bow - unit(315) * 1 = bow + (0.7071068, -0.7071068).
    q = cards.turn(ORIGIN_N, L, "C", "port", 3, 3)
    assert_pose(q, -0.41166290, 2.99384217, 315, tol=1e-7)
    assert g.bow_point(q, L) == pytest.approx((-1.11876969, 3.70094895), abs=1e-7)


@pytest.mark.parametrize("template,rate", [("A", 30), ("B", 22.5), ("C", 15), ("D", 11.25)])
@pytest.mark.parametrize("direction", ["port", "starboard"])
def test_each_card_bow_on_its_circle(template, rate, direction):
    # Two inches of curve then one straight; the bow ends on the circle of radius
    # R = 180/(pi*rate) tangent to the start heading at the start bow (0, 1), then 1"
    # further along the new heading.
    radius = 180 / (math.pi * rate)
    theta = math.radians(rate * 2)
    sign = 1 if direction == "starboard" else -1
    bow_x = sign * (radius - radius * math.cos(theta)) + sign * math.sin(theta)
    bow_y = 1 + radius * math.sin(theta) + math.cos(theta)
    q = cards.turn(ORIGIN_N, L, template, direction, 2, 3)
    assert close(g.angle_diff(q.heading, 0), sign * rate * 2)
    assert g.bow_point(q, L) == pytest.approx((bow_x, bow_y), abs=1e-9)


def test_full_a_card_then_straight():
    # A: R = 6/pi; 3" of curve is a quarter circle to starboard about (R, 1): the bow
    # ends at (R, 1 + R) heading east; 2" more along x; centre 1" behind the bow.
    r = 6 / math.pi
    assert_pose(cards.turn(ORIGIN_N, L, "A", "starboard", 3, 5), r - 1 + 2, 1 + r, 90)


@pytest.mark.parametrize("template,inches", [("A", 3), ("B", 4), ("C", 6), ("D", 8)])
def test_ninety_degree_cap(template, inches):
    assert close(cards.max_curve(template), inches)
    q = cards.turn(ORIGIN_N, L, template, "starboard", inches, inches + 4)
    assert close(q.heading, 90)
    with pytest.raises(ValueError):
        cards.turn(ORIGIN_N, L, template, "starboard", inches + 0.01, inches + 4)
    # Float noise on the cap is not an error.
    assert close(cards.turn(ORIGIN_N, L, template, "port", inches + 1e-9, inches).heading, 270)


@pytest.mark.parametrize("bad", [dict(template="E", direction="port"),
                                 dict(template="C", direction="left"),
                                 dict(template="C", direction="port", curve=3, distance=2),
                                 dict(template="C", direction="port", curve=-1, distance=2)])
def test_bad_orders_raise(bad):
    args = dict(curve=1, distance=2) | bad
    with pytest.raises(ValueError):
        cards.turn(ORIGIN_N, L, args["template"], args["direction"], args["curve"], args["distance"])


def test_travel_to_heading():
    assert close(cards.travel_to_heading(0, "C", "starboard", 45), 3)
    assert close(cards.travel_to_heading(10, "A", "port", 340), 1)
    assert cards.travel_to_heading(0, "C", "starboard", 315) is None  # would need 315 deg
    assert cards.travel_to_heading(0, "C", "starboard", 0) == 0


# --- properties --------------------------------------------------------------------

coord = st.floats(-50, 50, allow_nan=False)
headings = st.floats(0, 360, allow_nan=False, exclude_max=True)
poses_st = st.builds(g.Pose, coord, coord, headings)
templates = st.sampled_from(sorted(cards.TEMPLATE_RATE))
directions = st.sampled_from(["port", "starboard"])


@st.composite
def orders(draw):
    template = draw(templates)
    curve = draw(st.floats(0, cards.max_curve(template)))
    distance = curve + draw(st.floats(0, 8))
    return template, draw(directions), curve, distance


@settings(max_examples=200)
@given(poses_st, orders())
def test_turn_changes_heading_by_rate_times_curve(start, order):
    template, direction, curve, distance = order
    q = cards.turn(start, L, template, direction, curve, distance)
    signed = cards.TEMPLATE_RATE[template] * curve * (1 if direction == "starboard" else -1)
    assert abs(g.angle_diff(q.heading, start.heading + signed)) <= 1e-6


@given(poses_st, orders())
def test_bow_keeps_its_distance_from_the_arc_centre(start, order):
    template, direction, curve, distance = order
    radius = 180 / (math.pi * cards.TEMPLATE_RATE[template])
    side = 90 if direction == "starboard" else -90
    bx, by = g.bow_point(start, L)
    sx, sy = g.unit(start.heading + side)
    cx, cy = bx + radius * sx, by + radius * sy
    for p in cards.path_poses(start, L, template, direction, curve, distance):
        if abs(g.angle_diff(p.heading, start.heading)) < cards.TEMPLATE_RATE[template] * curve - 1e-6:
            assert abs(g.distance(g.bow_point(p, L), (cx, cy)) - radius) <= 1e-6


@given(poses_st, orders(), st.floats(0, 1))
def test_a_card_is_the_core_turn_at_its_signed_rate(start, order, fraction):
    # Bit for bit: replays of stored games depend on it.
    template, direction, curve, distance = order
    rate = cards.TEMPLATE_RATE[template] * (1 if direction == "starboard" else -1)
    assert cards.signed_rate(template, direction) == rate
    travel = fraction * distance
    assert cards.pose_at(start, L, template, direction, curve, travel) == courses.pose_at(start, L, rate, curve, travel)
    assert (cards.path_poses(start, L, template, direction, curve, distance)
            == courses.path_poses(start, L, rate, curve, distance))


def test_contact_travel_by_card():
    block = box(2.2, 1.0, 4.0, 4.0)
    by_card = cards.contact_travel(g.Pose(0, 0, 0), L, W, "A", "starboard", 3, 6, [block])
    assert by_card == contact.contact_travel(g.Pose(0, 0, 0), L, W, 30.0, 3, 6, [block])
    assert by_card is not None and 0 < by_card < 6
    with pytest.raises(ValueError):  # beyond the card's 90 degrees
        cards.contact_travel(g.Pose(0, 0, 0), L, W, "A", "starboard", 3.5, 6, [block])
