"""What a sail order and a course would make a ship's speed, by the engine's own speed
functions: the Fast Play's grades (Sezione 5 ii-iii) or, with optional rule 5
(``navigation``), its six settings and speeds by point of sail and ship type.

The captains see only the view, which carries no switch: they read optional rule 5 from
it (a setting only that rule has, or a ship whose speed only its table explains)."""
from __future__ import annotations

from typing import Any

from rules.sca import fleet as F
from rules.sca import navigation as N
from rules.sca import wind as W

NAVIGATION_ONLY = frozenset(N.SETTINGS) - frozenset(W.SAILS)


def masts_of(s: dict[str, Any]) -> int:
    """Her masts from her rigging DCs (fleet.rigging_dcs: one mast 1 RDC, else 2 a mast):
    the view shows the RDCs, a setup may give a sixth rate two masts."""
    return 1 if s["rigging"] <= 1 else max(1, s["rigging"] // 2)


def decks_of(s: dict[str, Any]) -> int:
    try:
        return F.ship_type(s["type"]).decks
    except KeyError:
        return 1


def point_index(heading_degrees: float) -> int:
    return int(round(heading_degrees / 22.5)) % 16


def fast_play_speed(view: dict[str, Any], s: dict[str, Any], grade: str) -> float:
    sail = N.GRADE.get(grade, grade)
    return W.speed(view["strength"], sail, s["rigging_lost"], masts_of(s))  # type: ignore[arg-type]


def navigation_speed(view: dict[str, Any], s: dict[str, Any], setting: str, heading: int) -> float:
    point = W.point_of_sail(heading, point_index(view["wind"]))
    return N.speed(view["strength"], setting, point, decks_of(s), s["rigging_lost"], masts_of(s))


def _explains(seen: float, model: float) -> bool:
    return model > 0 and (abs(seen - model) < 0.6 or abs(seen - model / 2) < 0.6)


def navigation_on(view: dict[str, Any]) -> bool:
    """Optional rule 5 is in play: a ship carries a setting the Fast Play has not, or her
    speed is one its table gives and the Fast Play's does not (or the other way round)."""
    found = False
    ships = [s for s in view["ships"] if s.get("state") == "afloat" and not s.get("fixed")]
    if any(s.get("canvas") in NAVIGATION_ONLY for s in ships):
        found = True
    elif view.get("strength") != "calm":
        for s in ships:
            if s.get("contacts") or s.get("wreck") or s.get("tack") or not s.get("speed"):
                continue
            fp = _explains(s["speed"], fast_play_speed(view, s, s["sail"]))
            nv = _explains(s["speed"], navigation_speed(view, s, s["canvas"], point_index(s["heading"])))
            if fp != nv:
                found = nv
                break
    return found


def next_setting(s: dict[str, Any], sail: str | None, navigation: bool) -> str:
    """The setting a sail order gives her if it succeeds (one step of the ladder)."""
    if sail not in ("up", "down"):
        return s["canvas"] if navigation else s["sail"]
    if navigation:
        return N.step(s["canvas"], sail)
    i = W.SAILS.index(s["sail"]) + (1 if sail == "up" else -1)
    return W.SAILS[max(0, min(2, i))]


def speed_after(view: dict[str, Any], s: dict[str, Any], sail: str | None, heading: int | None = None,
                navigation: bool = False) -> float:
    """Her speed on ``heading`` (a rose point) after the sail order ``sail``, by the engine's
    speed for that setting and point of sail, scaled as the view's speed is scaled against
    the engine's for what she has set now (half speed after a tack or a freeing, rigging
    over the side counting a lower sail)."""
    seen = float(s.get("speed", 0.0))
    if s.get("contacts"):
        return seen / 2  # once freed, at half speed
    if view.get("strength") == "calm" or s.get("fixed"):
        return seen
    here = point_index(s["heading"])
    heading = here if heading is None else heading

    def engine(setting: str, point: int) -> float:
        return navigation_speed(view, s, setting, point) if navigation else fast_play_speed(view, s, setting)

    now = engine(s["canvas"] if navigation else s["sail"], here)
    new = engine(next_setting(s, sail, navigation), heading)
    if now > 0:
        return new * min(1.0, seen / now)
    # From furled (or in irons): "dopo essere andati alla deriva alla metà della velocità".
    return new / 2 if s["sail"] == "furled" else new
