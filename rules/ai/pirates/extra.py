"""The captains' extra manoeuvres (rules.pirates.extra): what a double ship declares with
her first manoeuvre, and how she plays it when its time comes.

A simple rule of thumb: a ship that moves or holds declares an extra shot after the
damage (a moving ship would otherwise not shoot this turn; a holding one shoots twice);
a ship busy at an island (exploring, repairing, building, boarding) declares a move
before the shots, to sail off with what she got. Without guns she always declares the
move. An extra that can no longer be played lapses by itself."""
from __future__ import annotations

from typing import Any

from rules.pirates import extra
from rules.pirates.catalogue import DOUBLE, SHIPS
from rules.pirates.state import PiratesState


def declare(state: PiratesState, payload: dict[str, Any]) -> dict[str, Any]:
    ship = state.find_ship(str(payload.get("ship")))
    kind = SHIPS.get(ship.key) if ship is not None else None
    if ship is None or kind is None or DOUBLE not in kind.keywords or ship.acted:
        return payload
    if payload.get("action") in ("move", "fire") and ship.guns:
        return {**payload, "extra": "fire", "extra_when": extra.AFTER}
    if payload.get("action") == "scuttle":
        return payload
    return {**payload, "extra": "move", "extra_when": extra.BEFORE}
