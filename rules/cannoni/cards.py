"""Cannoni's turning cards (*carte di virata*) A to D: how fast each turns the bow,
how far it may turn it, and moves given by card and side rather than by rate.

The geometry underneath (the bow following a circle, paths, contact) is the open
table's, in :mod:`rules.core.tables.courses` and :mod:`rules.core.tables.contact`;
this module turns a card and a side into the signed rate those take.
"""
from __future__ import annotations

from typing import Literal, Sequence

from shapely.geometry.base import BaseGeometry

from rules.core.tables import contact, courses
from rules.core.tables.open_table import TOL, Pose, Side, normalise

Template = Literal["A", "B", "C", "D"]

TEMPLATE_RATE: dict[str, float] = {"A": 30.0, "B": 22.5, "C": 15.0, "D": 11.25}
MAX_TURN = 90.0  # no turning card turns the bow more than this


def max_curve(template: str) -> float:
    """Inches of curve after which the card has turned the bow by MAX_TURN."""
    return MAX_TURN / TEMPLATE_RATE[template]


def signed_rate(template: str, direction: str) -> float:
    """Degrees of heading per inch of curve, + to starboard, - to port."""
    if template not in TEMPLATE_RATE:
        raise ValueError(f"unknown turning template {template!r}")
    if direction not in ("port", "starboard"):
        raise ValueError(f"turn direction must be 'port' or 'starboard', not {direction!r}")
    rate = TEMPLATE_RATE[template]
    return rate if direction == "starboard" else -rate


def _rate(template: str | None, direction: str | None) -> float | None:
    return None if template is None else signed_rate(template, direction or "")


def checked_curve(template: str | None, direction: str | None, curve: float,
                  distance: float) -> float:
    """The order's curve, validated against the card, with float noise within TOL removed."""
    if distance < -TOL or curve < -TOL or curve > distance + TOL:
        raise ValueError(f"need 0 <= curve <= distance, got curve={curve}, distance={distance}")
    if template is None:
        if curve > TOL:
            raise ValueError("a curve needs a turning template")
        return 0.0
    signed_rate(template, direction or "")
    if curve > max_curve(template) + TOL:
        raise ValueError(f"template {template} turns at most {MAX_TURN:g} degrees "
                         f"({max_curve(template):g} inches of curve), asked {curve}")
    return min(max(curve, 0.0), max_curve(template), max(distance, 0.0))


def pose_at(pose: Pose, length: float, template: str | None, direction: str | None,
            curve: float, travel: float) -> Pose:
    """Where an order (``curve`` inches on the card, then straight) has put the ship after
    ``travel`` inches of bow travel. Negative travel extends the path straight astern."""
    if template is None or curve <= 0.0 or travel <= 0.0:
        return courses.straight(pose, travel)
    return courses.pose_at(pose, length, signed_rate(template, direction or ""), curve, travel)


def turn(pose: Pose, length: float, template: str, direction: Side, curve: float,
         distance: float) -> Pose:
    """End pose of a turn ("accostare"): the bow follows the card for ``curve`` inches,
    then the rest of ``distance`` is run straight."""
    curve = checked_curve(template, direction, curve, distance)
    return pose_at(pose, length, template, direction, curve, distance)


def travel_to_heading(heading: float, template: str, direction: Side,
                      target: float) -> float | None:
    """Inches of curve after which the card brings ``heading`` onto ``target`` (e.g. head to
    wind, where the move must stop), or None if the card never gets there."""
    rate = signed_rate(template, direction)
    needed = normalise(target - heading) if rate > 0 else normalise(heading - target)
    return needed / abs(rate) if needed <= MAX_TURN + TOL else None


def path_poses(pose: Pose, length: float, template: str | None, direction: str | None,
               curve: float, distance: float, step: float = 0.25) -> list[Pose]:
    """Poses along an order from start to end inclusive, every ``step`` inches of bow
    travel and at the end of the curve."""
    curve = checked_curve(template, direction, curve, distance)
    return courses.path_poses(pose, length, _rate(template, direction), curve, distance, step)


def contact_travel(pose: Pose, length: float, width: float, template: str | None,
                   direction: str | None, curve: float, distance: float,
                   obstacles: Sequence[BaseGeometry], step: float = 0.25) -> float | None:
    """:func:`rules.core.tables.contact.contact_travel` for an order given by card."""
    curve = checked_curve(template, direction, curve, distance)
    return contact.contact_travel(pose, length, width, _rate(template, direction), curve, distance,
                                  obstacles, step)
