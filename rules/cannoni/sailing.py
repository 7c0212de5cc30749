"""Points of sail and speeds (*Andature*, *Velocità di spostamento*).

The points-of-sail diagram is a missing figure; the sectors below are the reading
recorded in docs/rules/cannoni.md. "In caso di dubbio si considera sempre l'andatura
più favorevole": on an exact boundary the faster of the two rows is used.
"""
from __future__ import annotations

from rules.core.tables.open_table import relative_wind
from rules.cannoni.logbook import LogBook, SpeedRange
from rules.cannoni.state import CannoniState, ShipState

EPS = 1e-6
# Upper bound (degrees off the wind) of each point of sail, bow to stern.
SECTORS: tuple[tuple[str, float], ...] = (
    ("in_irons", 45.0),
    ("close_hauled", 67.5),
    ("beam_reach", 112.5),
    ("broad_reach", 157.5),
    ("running", 180.0 + EPS),
)
TEMPLATES = ("A", "B", "C", "D")


def _faster(log: LogBook, a: str, b: str, sails: str) -> str:
    if a == "in_irons":
        return b
    col = "battle" if sails == "furled" else sails
    return a if getattr(log.speeds.row(a), col).max >= getattr(log.speeds.row(b), col).max else b


def point_of_sail(rel: float, log: LogBook, sails: str = "battle") -> str:
    lower = 0.0
    for i, (name, upper) in enumerate(SECTORS):
        if abs(rel - upper) < EPS and i + 1 < len(SECTORS):
            return _faster(log, name, SECTORS[i + 1][0], sails)
        if lower - EPS <= rel < upper:
            return name
        lower = upper
    return "running"


def ship_point_of_sail(state: CannoniState, ship: ShipState) -> str:
    return point_of_sail(relative_wind(ship.heading, state.wind_degrees()), ship.log, ship.sails)


def in_irons(state: CannoniState, ship: ShipState) -> bool:
    return ship_point_of_sail(state, ship) == "in_irons"


def speed_range(state: CannoniState, ship: ShipState) -> SpeedRange | None:
    """Max-min inches this ship may move in one action now, or None if it cannot move."""
    if (not ship.on_table or ship.sails == "furled" or ship.anchor is not None
            or ship.unmanoeuvrable or ship.anchor_raising or state.engaged(ship.id)):
        return None
    point = ship_point_of_sail(state, ship)
    if point == "in_irons":
        return None
    cell: SpeedRange = getattr(ship.log.speeds.row(point), ship.sails)
    down = ship.masts_down
    if down >= 2:
        # Two masts down: only the minimum; a minimum of zero means adrift.
        if cell.min <= 0:
            return None
        return SpeedRange(max=cell.min, min=cell.min)
    if down == 1:
        return SpeedRange(max=cell.max / 2, min=cell.min / 2)
    return cell


def drift_distance(ship: ShipState) -> float:
    return ship.log.speeds.drift_full if ship.sails == "full" else ship.log.speeds.drift_battle


def templates_for(log: LogBook) -> list[str]:
    """A ship may follow its own turning card and every later letter."""
    return list(TEMPLATES[TEMPLATES.index(log.turning):])


def sails_allowed(ship: ShipState) -> list[str]:
    options = ["full", "battle", "furled"]
    if ship.masts_down >= 1:
        options.remove("full")
    return [s for s in options if s != ship.sails]
