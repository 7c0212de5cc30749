"""The second course change of optional rule 3's two segments, as the written order holds
it: which points it may name, and whether it follows from the first."""
from __future__ import annotations

from rules.sca import wind as W
from rules.sca.state import ScaState, Ship

WHEN = ("second", "first")  # the segment whose fire phase she fires in; the second by default


def change_to(heading: int, point: str) -> int:
    d = (W.POINTS.index(point) - heading) % 16
    return d if d <= 8 else d - 16


def second_courses(state: ScaState, ship: Ship, courses: list[str]) -> list[str]:
    """Every point a second change could reach from one of the first segment's courses (the
    check holds it to the course actually ordered), the first course's own point first."""
    out: list[str] = []
    for point in courses:
        here = W.POINTS.index(point)
        for p in [point] + [W.name((here + c) % 16) for c in legal_from(state, ship, here)]:
            if p not in out:
                out.append(p)
    return out


def legal_from(state: ScaState, ship: Ship, heading: int) -> list[int]:
    if ship.wreck or ship.adrift:
        return []  # optional rule 9 v: "la nave non potrà orzare, poggiare o virare"; vii: all RDCs lost
    return [c for c in W.legal_changes(heading, state.wind)
            if not (ship.rudder and W.turn_kind(heading, state.wind, c) == "luff")]


def second_is_legal(state: ScaState, ship: Ship, course: str, course2: str) -> bool:
    here = W.POINTS.index(course)
    return course2 == course or change_to(here, course2) in legal_from(state, ship, here)
