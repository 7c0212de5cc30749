"""Speeds (§8-10, 12): the maximum a ship may write, the limits of acceleration and
deceleration, moving astern, and the written orders of each turn.

A speed is a whole number of segments ("non è possibile muovere per frazioni di
segmenti"); a negative speed is a run astern, at most two segments, which only a
ship at zero speed may begin ("only a ship with zero speed can begin a backwards
movement"; Classis: "né passare direttamente da un movimento in avanti a uno
all'indietro"): the speed of the previous turn must have been zero or astern.
"""
from __future__ import annotations

from rules.nauta.equipment import fitting
from rules.nauta.formations import holding
from rules.nauta.state import NautaState, Ship
from rules.core.texts import Text, say, worded

ASTERN_MAX = 2


def max_speed(ship: Ship) -> int:
    """The table's maximum, with its fittings (fast +1, towers -1), less 2 for each
    damage, 1 for each dash and 1 for each balistae hit."""
    top = ship.base_max + sum(fitting(k).speed for k in ship.equipment)
    return max(0, top - 2 * ship.damage - ship.dashes - ship.speed_lost)


def legal_speeds(state: NautaState, ship: Ship) -> list[int]:
    """Speeds the ship may write this turn, astern first."""
    top, last = max_speed(ship), ship.last_speed
    if state.rules.acceleration_limits:
        hi = min(top, max(last, 0) + ship.accel)
        lo = min(max(0, last - ship.decel), hi) if last > 0 else 0
        astern = min(ASTERN_MAX, -last + ship.accel) if last <= 0 else 0
    else:
        lo, hi = 0, top
        astern = ASTERN_MAX if last <= 0 else 0
    return list(range(-astern, 0)) + list(range(lo, hi + 1))


def default_speed(state: NautaState, ship: Ship) -> int:
    """For a missed deadline: the speed of the last turn, or the nearest legal one."""
    legal = legal_speeds(state, ship)
    return min(legal, key=lambda v: (abs(v - ship.last_speed), abs(v)))


def writers(state: NautaState, player: str | None = None) -> list[Ship]:
    """Ships whose speed is written this turn: afloat, not fighting aboard and not
    holding a prize."""
    return [s for s in state.ships
            if s.afloat and not state.engaged(s.id) and not holding(state, s)
            and (player is None or s.player == player)]


def speed_now(state: NautaState, ship: Ship) -> int:
    """Speed "in that moment", in segments (astern counts by its size): zero once
    stopped, when fighting aboard, or without a written speed."""
    if ship.stopped or not ship.afloat or ship.written is None or state.engaged(ship.id):
        return 0
    return abs(ship.written)


def speed_text(value: int) -> Text | str:
    """A written speed as a player reads it: astern speeds in words."""
    return say("nauta.speed.astern", n=-value) if value < 0 else str(value)


def speed_label(value: int, lang: str = "en") -> str:
    return worded(speed_text(value), lang)
