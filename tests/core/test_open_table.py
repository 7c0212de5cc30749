"""The open table: angles, bases, moves along a circle of a given rate, contacts,
firing sectors and the table's edge (rules/core/tables).

Expected values are worked out by hand in the comments, not recomputed with the
engine's own formulas, so that a sign or frame error in the engine shows up. Turns
are given by signed rate in degrees per inch (+ to starboard): 30 turns as Cannoni's
card A does, -15 as card C to port.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from rules.core.tables import contact, courses, sectors
from rules.core.tables import open_table as g

L, W = 2.0, 1.0  # a base 2" long and 1" wide
ORIGIN_N = g.Pose(0.0, 0.0, 0.0)  # centre at the origin, heading north


def close(a: float, b: float, tol: float = 1e-9) -> bool:
    return abs(a - b) <= tol


def assert_pose(p: g.Pose, x: float, y: float, heading: float, tol: float = 1e-9) -> None:
    assert close(p.x, x, tol) and close(p.y, y, tol), (p, x, y)
    assert abs(g.angle_diff(p.heading, heading)) <= tol, (p.heading, heading)


def square(x: float, y: float, half: float = 0.01) -> Polygon:
    return box(x - half, y - half, x + half, y + half)


# --- angles ------------------------------------------------------------------------

def test_unit_vectors_are_compass():
    assert all(close(a, b) for a, b in zip(g.unit(0), (0, 1)))
    assert all(close(a, b) for a, b in zip(g.unit(90), (1, 0)))
    assert all(close(a, b) for a, b in zip(g.unit(180), (0, -1)))
    assert all(close(a, b) for a, b in zip(g.unit(270), (-1, 0)))


@pytest.mark.parametrize("a,b,diff", [(10, 350, 20), (350, 10, -20), (180, 0, 180), (0, 180, 180),
                                      (90, 90, 0), (720.5, 0.5, 0), (-90, 90, 180)])
def test_angle_diff(a, b, diff):
    assert close(g.angle_diff(a, b), diff)


def test_normalise():
    assert g.normalise(-90) == 270
    assert g.normalise(360) == 0
    assert g.normalise(-1e-13) == 0  # no 359.9999999999999 from float noise
    assert g.Pose(0, 0, 450).heading == 90


@pytest.mark.parametrize("to,brg", [((1, 1), 45), ((0, -1), 180), ((-1, 0), 270), ((0, 5), 0),
                                    ((1, -1), 135)])
def test_bearing(to, brg):
    assert close(g.bearing((0, 0), to), brg)


@pytest.mark.parametrize("heading,wind,rel", [(0, 0, 0), (0, 180, 180), (350, 10, 20),
                                              (10, 350, 20), (90, 0, 90), (270, 0, 90),
                                              (45, 225, 180)])
def test_relative_wind(heading, wind, rel):
    assert close(g.relative_wind(heading, wind), rel)


# --- the base ----------------------------------------------------------------------

def test_base_polygon_heading_east():
    # Heading 90: the 2" length lies along x, the 1" width along y.
    assert g.base_polygon(g.Pose(10, 5, 90), L, W).bounds == pytest.approx((9, 4.5, 11, 5.5))


def test_bow_stern_and_masts():
    p = g.Pose(10, 5, 90)
    assert g.bow_point(p, L) == pytest.approx((11, 5))
    assert g.stern_point(p, L) == pytest.approx((9, 5))
    assert g.mast_point(p, L) == pytest.approx((10, 5))
    assert g.mast_point(p, L, 0.25) == pytest.approx((10.5, 5))


@pytest.mark.parametrize("pose,point,side,end", [
    (ORIGIN_N, (3, 1), "starboard", "bow"),
    (ORIGIN_N, (-3, -1), "port", "stern"),
    (g.Pose(0, 0, 90), (0, -5), "starboard", "bow"),  # heading east, south is to the right
    (g.Pose(0, 0, 90), (-1, 5), "port", "stern"),
    (g.Pose(0, 0, 225), (-1, 0), "starboard", "bow"),  # heading SW: west is ahead-right
    (g.Pose(0, 0, 225), (1, 0), "port", "stern"),
])
def test_side_and_end_facing(pose, point, side, end):
    assert g.side_facing(pose, point) == side
    assert g.end_facing(pose, point) == end


# --- straight moves and turns ------------------------------------------------------

def test_straight_moves():
    assert_pose(courses.straight(g.Pose(0, 0, 90), 3), 3, 0, 90)
    assert_pose(courses.straight(g.Pose(1, 1, 45), math.sqrt(2)), 2, 2, 45)
    assert_pose(courses.straight(g.Pose(5, 5, 180), 2), 5, 3, 180)


# --- pivots ------------------------------------------------------------------------

def test_pivot_about_mainmast():
    assert_pose(courses.pivot(g.Pose(3, 4, 0), L, 90, "centre"), 3, 4, 90)
    assert_pose(courses.pivot(g.Pose(3, 4, 10), L, -45, "centre"), 3, 4, 325)


def test_pivot_about_bow_anchor():
    # Bow (0, 1) stays put; heading east puts the centre 1" west of it.
    q = courses.pivot(ORIGIN_N, L, 90, "bow")
    assert_pose(q, -1, 1, 90)
    assert g.bow_point(q, L) == pytest.approx((0, 1))


def test_pivot_about_stern_anchor():
    # Stern (0, -1) stays put; heading west puts the centre 1" west of it.
    q = courses.pivot(ORIGIN_N, L, -90, "stern")
    assert_pose(q, -1, -1, 270)
    assert g.stern_point(q, L) == pytest.approx((0, -1))


# --- firing sectors ----------------------------------------------------------------

STARBOARD = sectors.sector_polygon(ORIGIN_N, L, W, "starboard", 10)
PORT = sectors.sector_polygon(ORIGIN_N, L, W, "port", 10)
BOW_CORNER_S, STERN_CORNER_S = (0.5, 1.0), (0.5, -1.0)


def test_sector_shape():
    # Near edge = the starboard side x = 0.5; far edge 10" out at x = 10.5, each end
    # 10" further fore/aft than its corner because the rays are at 45 degrees.
    assert set(STARBOARD.exterior.coords) == {(0.5, 1.0), (10.5, 11.0), (10.5, -11.0), (0.5, -1.0)}
    assert close(STARBOARD.area, (2 + 22) / 2 * 10)


def test_ship_abeam_is_in_and_dead_ahead_is_not():
    abeam = g.base_polygon(g.Pose(5, 0, 0), L, W)
    assert sectors.in_sector(abeam, STARBOARD) and not sectors.in_sector(abeam, PORT)
    ahead = g.base_polygon(g.Pose(0, 6, 0), L, W)
    astern = g.base_polygon(g.Pose(0, -6, 90), L, W)
    for sector in (STARBOARD, PORT):
        assert not sectors.in_sector(ahead, sector) and not sectors.in_sector(astern, sector)
    assert sectors.in_sector(g.base_polygon(g.Pose(-5, 0, 0), L, W), PORT)


@pytest.mark.parametrize("off_beam,inside", [(44, True), (46, False), (0, True), (30, True)])
def test_sector_edges_at_45_degrees_off_the_beam(off_beam, inside):
    # Starboard beam is bearing 90; towards the bow the ray from the bow corner is at
    # 45, towards the stern the ray from the stern corner at 135.
    for corner, brg in ((BOW_CORNER_S, 90 - off_beam), (STERN_CORNER_S, 90 + off_beam)):
        dx, dy = g.unit(brg)
        target = square(corner[0] + 5 * dx, corner[1] + 5 * dy)
        assert sectors.in_sector(target, STARBOARD) is inside


def test_sector_follows_the_ship():
    # Heading east, the starboard beam points south and the bow corner is (11, 4.5).
    sector = sectors.sector_polygon(g.Pose(10, 5, 90), L, W, "starboard", 10)
    for brg, inside in ((90 + 46, True), (90 + 44, False)):  # 44 and 46 deg off the beam
        dx, dy = g.unit(brg)
        assert sectors.in_sector(square(11 + 5 * dx, 4.5 + 5 * dy), sector) is inside


def test_reach_cuts_the_sector():
    assert sectors.in_sector(square(10.4, 0), STARBOARD)
    assert not sectors.in_sector(square(10.6, 0), STARBOARD)


def test_fully_versus_partly_in_sector():
    well_inside = g.base_polygon(g.Pose(4, 0, 0), L, W)
    assert sectors.fully_in_sector(well_inside, STARBOARD)
    # Centred on the bow ray: half in, half out.
    straddling = g.base_polygon(g.Pose(4.5, 5, 0), L, W)
    assert sectors.in_sector(straddling, STARBOARD) and not sectors.fully_in_sector(straddling, STARBOARD)
    # Lying alongside, its side on the firer's side: wholly in, the touch counts.
    alongside = g.base_polygon(g.Pose(1.0, 0, 0), L, W)
    assert sectors.fully_in_sector(alongside, STARBOARD)
    assert not sectors.fully_in_sector(g.base_polygon(g.Pose(0, 8, 0), L, W), STARBOARD)


def test_fully_in_sector_tolerates_float_noise_on_the_edge():
    # A triangle with a side laid along the bow ray of a ship heading 33 deg, built with
    # separate trig: the engine's own rounding must not push it "out".
    p = g.Pose(17.3, 9.1, 33)
    sector = sectors.sector_polygon(p, L, W, "starboard", 10)
    bow_corner = (p.x + math.sin(math.radians(33)) + 0.5 * math.cos(math.radians(33)),
                  p.y + math.cos(math.radians(33)) - 0.5 * math.sin(math.radians(33)))
    ray, beam = g.unit(33 + 45), g.unit(33 + 90)
    tri = Polygon([(bow_corner[0] + 3 * ray[0], bow_corner[1] + 3 * ray[1]),
                   (bow_corner[0] + 6 * ray[0], bow_corner[1] + 6 * ray[1]),
                   (bow_corner[0] + 5 * beam[0], bow_corner[1] + 5 * beam[1])])
    assert sectors.fully_in_sector(tri, sector)


# --- paths and contacts ------------------------------------------------------------

def test_path_poses_samples_and_curve_end():
    poses = courses.path_poses(ORIGIN_N, L, -15, 3.1, 5)
    assert poses[0] == ORIGIN_N
    assert g.same_pose(poses[-1], courses.pose_at(ORIGIN_N, L, -15, 3.1, 5))
    assert any(close(p.heading, 360 - 15 * 3.1) for p in poses)  # the end of the curve
    straight = courses.path_poses(ORIGIN_N, L, None, 0, 1)
    assert [p.y for p in straight] == pytest.approx([0, 0.25, 0.5, 0.75, 1])
    assert courses.path_poses(ORIGIN_N, L, None, 0, 0) == [ORIGIN_N]


def test_first_contact_on_a_straight_path():
    # A ship lying across the path at y = 6 occupies 5.5 <= y <= 6.5; the mover's bow
    # starts at y = 1 and meets it after 4.5", sample 18 at 0.25" a step.
    poses = courses.path_poses(ORIGIN_N, L, None, 0, 10)
    blocker = g.base_polygon(g.Pose(0, 6, 90), L, W)
    aside = g.base_polygon(g.Pose(5, 6, 90), L, W)
    i = contact.first_contact(poses, L, W, [aside, blocker])
    assert i == 18
    assert close(courses.travelled(poses, i), 4.5)
    assert_pose(courses.back_along(poses, i, 1), 0, 3.5, 0)
    assert contact.first_contact(poses, L, W, [aside]) is None
    assert contact.first_contact(poses, L, W, []) is None


def test_first_contact_on_a_turn_and_exact_contact_travel():
    # Turning hard to starboard on A the ship swings into a block east of it.
    block = box(2.2, 1.0, 4.0, 4.0)
    poses = courses.path_poses(ORIGIN_N, L, 30, 3, 6)
    i = contact.first_contact(poses, L, W, [block])
    assert i is not None and i > 0
    assert not contact.touching(g.base_polygon(poses[i - 1], L, W), block)
    assert contact.touching(g.base_polygon(poses[i], L, W), block)
    t = contact.contact_travel(ORIGIN_N, L, W, 30, 3, 6, [block])
    assert courses.travelled(poses, i - 1) < t <= courses.travelled(poses, i)
    at = g.base_polygon(courses.pose_at(ORIGIN_N, L, 30, 3, t), L, W)
    assert at.distance(block) <= g.TOL and at.intersection(block).area < 1e-9


def test_ship_alongside_may_sail_off_but_not_into_its_neighbour():
    # Touching the forward half of the starboard side, and touching the stern.
    alongside = g.base_polygon(g.Pose(1.0, 1.0, 0), L, W)
    astern = g.base_polygon(g.Pose(0, -2.0, 0), L, W)
    ahead = courses.path_poses(ORIGIN_N, L, None, 0, 5)
    assert contact.first_contact(ahead, L, W, [alongside, astern]) is None
    # Turning to starboard swings the bow into the neighbour at once.
    into = courses.path_poses(ORIGIN_N, L, 30, 3, 3)
    assert contact.first_contact(into, L, W, [alongside]) == 1
    # The bow corner first slides along the neighbour's side (its inward motion is second
    # order), so contact registers, at a hair's overlap, within the first tenth of an inch.
    t = contact.contact_travel(ORIGIN_N, L, W, 30, 3, 3, [alongside])
    assert 0 < t < 0.1
    at = g.base_polygon(courses.pose_at(ORIGIN_N, L, 30, 3, t), L, W)
    assert at.intersection(alongside).area <= 2 * g.AREA_TOL


def test_back_along_on_the_arc_and_past_the_start():
    poses = courses.path_poses(ORIGIN_N, L, -15, 3, 5)
    last = len(poses) - 1
    assert close(courses.travelled(poses, last), 5)
    assert g.same_pose(courses.back_along(poses, last, 3.3), courses.pose_at(ORIGIN_N, L, -15, 3, 1.7))
    assert_pose(courses.back_along(poses, 2, 1.5), 0, -1, 0)  # 0.5" done, 1" more astern


def test_swept_area_covers_every_sample():
    poses = courses.path_poses(ORIGIN_N, L, 22.5, 4, 7)
    swept = contact.swept_area(poses, L, W).buffer(1e-9)
    assert all(swept.covers(g.base_polygon(p, L, W)) for p in poses)
    assert close(contact.swept_area(courses.path_poses(ORIGIN_N, L, None, 0, 3), L, W).area, 5 * 1)


# --- the table ---------------------------------------------------------------------

def test_outside_table():
    assert not g.outside_table(g.base_polygon(g.Pose(1.5, 10, 0), L, W), 72, 48)
    assert g.outside_table(g.base_polygon(g.Pose(0.5, 10, 0), L, W), 72, 48)  # touching
    assert g.outside_table(g.base_polygon(g.Pose(-3, 10, 0), L, W), 72, 48)
    assert g.outside_table(g.base_polygon(g.Pose(30, 47.5, 90), L, W), 72, 48)
    assert close(g.distance_to_edge(g.Pose(10, 5, 0), 72, 48), 5)
    assert close(g.distance_to_edge(g.Pose(70, 30, 0), 72, 48), 2)
    assert close(g.base_distance_to_edge(g.base_polygon(g.Pose(70, 30, 0), L, W), 72, 48), 1.5)
    assert g.table_polygon(72, 48).bounds == (0, 0, 72, 48)


def test_table_edge_as_an_obstacle():
    # Heading west from x = 5 the bow (x = 4 - t) touches the edge after 4", and comes
    # within 1" of it after 3".
    poses = courses.path_poses(g.Pose(5, 10, 270), L, None, 0, 6)
    assert contact.first_contact(poses, L, W, [g.table_edge_zone(72, 48)]) == 16
    assert contact.first_contact(poses, L, W, [g.table_edge_zone(72, 48, margin=1)]) == 12


def test_reentry_pose():
    assert_pose(g.reentry_pose((-0.5, 20), L, 72, 48, 1), 2, 20, 90)
    assert_pose(g.reentry_pose((30, 48.2), L, 72, 48, 2), 30, 45, 180)


# --- properties --------------------------------------------------------------------

coord = st.floats(-50, 50, allow_nan=False)
headings = st.floats(0, 360, allow_nan=False, exclude_max=True)
poses_st = st.builds(g.Pose, coord, coord, headings)
@st.composite
def moves(draw):
    """A signed rate (degrees per inch, + to starboard), a curve and a distance."""
    rate = draw(st.floats(5, 40)) * draw(st.sampled_from([-1, 1]))
    curve = draw(st.floats(0, 90 / abs(rate)))
    return rate, curve, curve + draw(st.floats(0, 8))


@given(poses_st, st.floats(-20, 20), st.floats(-20, 20))
def test_straight_moves_add(start, a, b):
    assert g.same_pose(courses.straight(courses.straight(start, a), b), courses.straight(start, a + b))


@given(poses_st, st.floats(-180, 180), st.sampled_from(["centre", "bow", "stern"]))
def test_pivot_keeps_its_point(start, angle, about):
    q = courses.pivot(start, L, angle, about)
    point = {"centre": g.mast_point, "bow": g.bow_point, "stern": g.stern_point}[about]
    assert g.distance(point(q, L), point(start, L)) <= 1e-9
    assert abs(g.angle_diff(q.heading, start.heading + angle)) <= 1e-9


@settings(max_examples=50, deadline=None)
@given(poses_st, moves())
def test_swept_area_contains_start_and_end(start, move):
    rate, curve, distance = move
    poses = courses.path_poses(start, L, rate, curve, distance)
    swept = contact.swept_area(poses, L, W).buffer(1e-7)
    assert swept.covers(g.base_polygon(poses[0], L, W))
    assert swept.covers(g.base_polygon(poses[-1], L, W))


@given(poses_st, moves(), st.floats(0, 1))
def test_travel_and_back_along_agree_with_pose_at(start, move, back_fraction):
    rate, curve, distance = move
    poses = courses.path_poses(start, L, rate, curve, distance)
    last = len(poses) - 1
    assert abs(courses.travelled(poses, last) - distance) <= 1e-6
    back = back_fraction * distance
    expected = courses.pose_at(start, L, rate, curve, distance - back)
    assert g.same_pose(courses.back_along(poses, last, back), expected)


@given(poses_st, st.floats(0, 43.9), st.sampled_from([-1, 1]), st.floats(1, 8),
       st.sampled_from(["starboard", "port"]))
def test_sector_contains_targets_within_45_of_the_beam(firer, off_beam, fore_aft, dist, side):
    # Measured from the nearer corner of that side, anything within 45 deg of the beam
    # is in; the mirror image on the other side is not.
    beam = firer.heading + (90 if side == "starboard" else -90)
    brg = beam - fore_aft * off_beam * (1 if side == "starboard" else -1)
    sign = 1 if side == "starboard" else -1
    ux, uy = g.unit(firer.heading)
    nx, ny = g.unit(beam)
    corner = (firer.x + fore_aft * ux * L / 2 + nx * W / 2,
              firer.y + fore_aft * uy * L / 2 + ny * W / 2)
    dx, dy = g.unit(brg)
    target = square(corner[0] + dist * dx, corner[1] + dist * dy, 0.001)
    assert sectors.in_sector(target, sectors.sector_polygon(firer, L, W, side, 10))
    other = "port" if sign == 1 else "starboard"
    assert not sectors.in_sector(target, sectors.sector_polygon(firer, L, W, other, 10))


# --- what the core adds for every open-table game -------------------------------------

def test_a_curve_needs_a_rate_and_fits_in_the_move():
    with pytest.raises(ValueError):
        courses.path_poses(ORIGIN_N, L, None, 1, 2)
    with pytest.raises(ValueError):
        courses.path_poses(ORIGIN_N, L, 30, 3, 2)
    assert courses.checked_curve(30, 2 + 1e-9, 2) == 2  # float noise is no error


def test_base_corners_run_bow_starboard_first():
    # Heading east: bow-starboard is ahead-right, i.e. east and south.
    corners = g.base_corners(0, 0, 90, L, W)
    for got, want in zip(corners, [(1, -0.5), (-1, -0.5), (-1, 0.5), (1, 0.5)]):
        assert got == pytest.approx(want)


def test_sector_tests_for_many_targets_at_once():
    targets = [g.base_polygon(g.Pose(5, 0, 0), L, W), g.base_polygon(g.Pose(0, 6, 0), L, W),
               g.base_polygon(g.Pose(-5, 0, 0), L, W)]
    assert list(sectors.touching_sector(targets, STARBOARD)) == [True, False, False]
    assert list(sectors.touching_sector([], STARBOARD)) == []


class _Area:
    def __init__(self, points):
        self.points = points


def test_land_polygons_and_land_in_the_line_of_fire():
    islands = g.land_polygons([_Area([(3, -1), (4, -1), (4, 1), (3, 1)]), _Area([(20, 20), (21, 20), (21, 21)])])
    assert [round(p.area, 9) for p in islands] == [2.0, 0.5]
    # Starboard of a ship at the origin heading north: the island 3" out is nearer than a
    # target 6" out, but not nearer than one 2" out.
    assert sectors.land_in_the_way(islands, STARBOARD, (0, 0), 6.0, 1e-6)
    assert not sectors.land_in_the_way(islands, STARBOARD, (0, 0), 2.0, 1e-6)
    assert not sectors.land_in_the_way(islands, PORT, (0, 0), 6.0, 1e-6)
