"""The exact travel at which one ship's move meets another: the bisection settles most
steps of a straight move from the margins at its start, and must land on exactly the
travel a step-by-step test of the corners gives, to the last bit, including moves that
graze the other ship's side or meet her exactly edge to edge."""
from __future__ import annotations

import math
import random

from rules.cannoni import cards
from rules.core.tables import contact
from rules.core.tables import open_table as g
from rules.cannoni import movement
from rules.cannoni.fire import pose

from tests.cannoni.conftest import make_state, ship


def _touching(a: list[tuple[float, float]], b: list[tuple[float, float]], tol: float = g.TOL) -> bool:
    """Two rectangles overlap or lie within ``tol``: no separating edge direction."""
    for quad in (a, b):
        for i in range(2):
            (x1, y1), (x2, y2) = quad[i], quad[i + 1]
            nx, ny = y2 - y1, x1 - x2
            n = math.hypot(nx, ny)
            nx, ny = nx / n, ny / n
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if min(pa) > max(pb) + tol or min(pb) > max(pa) + tol:
                return False
    return True


def _step_by_step(mover, p: movement.Plan, other, lo: float, hi: float) -> float:
    """The bisection with every step tested on the corners where the move puts her."""
    start, length, width = pose(mover), mover.log.base_length, mover.log.base_width
    target = movement._corners(pose(other), other.log.base_length, other.log.base_width)
    while hi - lo > contact.CONTACT_TRAVEL_TOL:
        mid = (lo + hi) / 2
        q = cards.pose_at(start, length, p.template, p.direction, p.curve, mid)
        lo, hi = (lo, mid) if _touching(movement._corners(q, length, width), target) else (mid, hi)
    return hi


def test_contact_travel_matches_the_step_by_step_bisection():
    rng = random.Random(20240611)
    state = make_state(ship("a", "hms_sophie", "britain", 30, 24, 0),
                       ship("b", "hms_sophie", "france", 30, 30, 0))
    a, b = state.ship("a"), state.ship("b")
    beam = (a.log.base_width + b.log.base_width) / 2
    for _ in range(600):
        a.x, a.y = rng.uniform(15, 55), rng.uniform(15, 35)
        a.heading = rng.choice([0.0, 90.0, 180.0, 270.0, 45.0, round(rng.uniform(0, 360), 6)])
        distance = rng.choice([1.0, 2.5, 4.0, rng.uniform(0.5, 8.0)])
        ux, uy = g.unit(a.heading)
        ahead = rng.uniform(0.5, distance + 3.0)
        # Dead ahead, off to one side, or alongside: edge to edge, or a hair in or out.
        across = rng.choice([0.0, rng.uniform(-2.0, 2.0), beam, -beam,
                             beam + rng.choice([1e-9, -1e-9, 1e-7, -1e-7, 1e-6, -1e-6])])
        b.x, b.y = a.x + ux * ahead + uy * across, a.y + uy * ahead - ux * across
        b.heading = rng.choice([a.heading, (a.heading + 180.0) % 360.0, (a.heading + 90.0) % 360.0,
                                (a.heading + 1e-7) % 360.0, rng.uniform(0, 360)])
        p = movement.plan(state, a, None, None, 0.0, distance)
        for lo, hi in ((0.0, distance), (rng.uniform(0.0, distance), distance)):
            if hi > lo:
                assert movement._ship_contact_travel(a, p, b, lo, hi) == _step_by_step(a, p, b, lo, hi)
