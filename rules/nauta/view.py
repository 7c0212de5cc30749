"""What a viewer may see of a Nauta state: the only exit for secrets.

Hidden until the rules reveal them: each ship's written speed and formation (shown
when the ship moves, when a ramming compares her speed, or to her own player).
"""
from __future__ import annotations

import random
from typing import Any

from rules.core.copying import clone_model
from rules.nauta import deployment as dep
from rules.nauta.movement import units
from rules.nauta.sequence import move_seat
from rules.nauta.shooting import weapon
from rules.nauta.speeds import legal_speeds, max_speed
from rules.nauta.state import NautaState, Ship
from rules.nauta.victory import losses

UNIT_CM = 2


def ship_view(state: NautaState, ship: Ship, viewer: str | None) -> dict[str, Any]:
    data = ship.model_dump(mode="json", exclude={"written", "formation"})
    shown = ship.revealed or (viewer is not None and viewer == ship.player)
    data["written"] = ship.written if shown else None
    data["formation"] = ship.formation if shown else None
    data["speed_hidden"] = ship.written is not None and not shown
    data["max_speed"] = max_speed(ship)
    data["engaged_with"] = state.enemies_engaged(ship.id)
    data["touching"] = state.touching(ship.id)
    data["weapon"] = weapon(state, ship)  # what she may shoot with, as the map draws its reach
    return data


def view(state: NautaState, viewer: str | None) -> dict[str, Any]:
    data = state.model_dump(mode="json", exclude={"ships"})
    data["viewer"] = viewer
    data["board"] = {"kind": "open", "unit": "segment", "unit_cm": UNIT_CM,
                     "width": state.table.width, "height": state.table.height}
    data["ships"] = [ship_view(state, s, viewer) for s in state.ships]
    data["losses"] = {side: losses(state, side) for side in state.sides}
    data["to_move"] = to_move(state)
    if state.step == "deploy":
        data["deploy_zones"] = {side: list(dep.zone(state, side).bounds) for side in state.sides}
    return data


def to_move(state: NautaState) -> list[str]:
    """The ships of the player asked to move now, in table order: public (whose move it
    is shows on the table), and listed singly so a formation written in secret does not
    show through the grouping."""
    if state.step != "move":
        return []
    seat = move_seat(state)
    ids = {s.id for unit in units(state, seat) for s in unit.ships} if seat is not None else set()
    return [s.id for s in state.ships if s.id in ids]


def perturb_secrets(state: NautaState, rng: random.Random) -> NautaState:
    """Every unrevealed written speed changed to another the ship could have written,
    out of formation (sailing alone is always a legal way to write it)."""
    copy = clone_model(state)
    for ship in copy.ships:
        if ship.written is None or ship.revealed:
            continue
        others = [v for v in legal_speeds(copy, ship) if v != ship.written]
        if others:
            ship.written = rng.choice(others)
        ship.formation = None
    return copy
