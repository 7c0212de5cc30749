"""Leaving the fog: "Al prossimo proprio turno tira un dado ed esce dal quadretto vicino al
risultato ottenuto, nella direzione desiderata, libera di manovrare subito."

The fog bank's edge is numbered like a die face around it (the printed template is lost):
six arcs of 60 degrees clockwise from north, 1 to 6. The ship comes out on the free sea
square of the rolled arc nearest its middle, bow outward (she may turn at once: her
manoeuvre follows), or the nearest free square beyond it.
"""
from __future__ import annotations

import math

from rules.core.dice import Roller
from rules.core.tables.squares import ShipPlace, Square
from rules.pirates import sea
from rules.pirates.state import Cell, PiratesState, Ship, Zone


def fog_of(state: PiratesState, ship: Ship) -> Zone | None:
    cells = set(ship.cells())
    return next((z for z in state.zones if z.kind == "fog" and cells & {tuple(c) for c in z.squares}), None)


def _angle(centre: tuple[float, float], cell: Cell) -> float:
    return math.degrees(math.atan2(cell[0] + 0.5 - centre[0], cell[1] + 0.5 - centre[1])) % 360


def exits(state: PiratesState, zone: Zone, die: int) -> list[tuple[Cell, int]]:
    """The exit squares with their outward facing, best first for the rolled number."""
    inside = {tuple(c) for c in zone.squares}
    cx = sum(c[0] + 0.5 for c in zone.squares) / len(zone.squares)
    cy = sum(c[1] + 0.5 for c in zone.squares) / len(zone.squares)
    ring = {(c[0] + dc, c[1] + dr) for c in inside for dc in (-1, 0, 1) for dr in (-1, 0, 1)} - inside
    land = sea.land(state)
    ring = {c for c in ring if sea.in_bounds(state, c) and c not in land}
    middle = (die - 1) * 60 + 30

    def off(cell: Cell) -> float:
        d = abs(_angle((cx, cy), cell) - middle) % 360
        return min(d, 360 - d)

    return [(c, round(_angle((cx, cy), c) / 45) % 8) for c in sorted(ring, key=lambda c: (off(c), c))]


def leave_fog(state: PiratesState, ship: Ship, roller: Roller) -> None:
    zone = fog_of(state, ship)
    if zone is None:
        ship.fog = False
        return
    die = roller.roll(6, f"{ship.id} leaves the fog", ship=ship.id)
    taken = sea.occupied(state, but=ship.id)
    fog, land = sea.fog_cells(state), sea.land(state)
    for cell, facing in exits(state, zone, die):
        place = ShipPlace(Square(*cell), facing, ship.length)
        cells = [(s.col, s.row) for s in place.squares()]
        if all(sea.in_bounds(state, c) and c not in taken and c not in fog and c not in land for c in cells):
            ship.put(place)
            ship.fog = False
            roller.log.emit("left_fog", ship=ship.id, die=die, at=list(cell), facing=facing)
            return
    roller.log.emit("fogbound", ship=ship.id, die=die)
