"""The captains' extra manoeuvres (rules.pirates.extra): what a double ship declares with
her first manoeuvre, and how she plays it when its time comes.

A simple rule of thumb: a ship that will have an enemy within her guns' reach where her
first manoeuvre leaves her (holding, or at the end of the move she was ordered) declares
an extra shot after the damage (a moving ship would otherwise not shoot this turn; a
holding one shoots twice); otherwise she declares a move before the shots, to sail on
(or off, with what she got at an island). An extra that can no longer be played lapses
by itself."""
from __future__ import annotations

from typing import Any

from rules.pirates import extra, movement, shooting
from rules.pirates.catalogue import DOUBLE, SHIPS
from rules.pirates.state import PiratesState, Ship
from rules.pirates.turns import plan_of


def declare(state: PiratesState, payload: dict[str, Any]) -> dict[str, Any]:
    ship = state.find_ship(str(payload.get("ship")))
    kind = SHIPS.get(ship.key) if ship is not None else None
    if ship is None or kind is None or DOUBLE not in kind.keywords or ship.acted:
        return payload
    if payload.get("action") == "scuttle":
        return payload
    if _in_reach_after(state, ship, payload):
        return {**payload, "double": "fire", "double_when": extra.AFTER}
    return {**payload, "double": "move", "double_when": extra.BEFORE}


def _in_reach_after(state: PiratesState, ship: Ship, payload: dict[str, Any]) -> bool:
    probe = ship.model_copy()
    if payload.get("action") == "move":
        probe.put(movement.sail(state, ship, plan_of(payload)).end)
    elif payload.get("action") != "fire":
        return False
    return any(shooting.reach(state, probe, g) for g in probe.guns)
