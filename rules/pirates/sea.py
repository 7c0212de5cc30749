"""The sea as the rules read it: which squares are land, coast, zone, or taken by a
ship, all from the state (the squares were counted once when the game was set up,
``rules.pirates.setup``)."""
from __future__ import annotations

from rules.core.tables.squares import Square, distance
from rules.pirates.state import Cell, Island, PiratesState, Ship, Zone


def in_bounds(state: PiratesState, cell: Cell) -> bool:
    return 0 <= cell[0] < state.cols and 0 <= cell[1] < state.rows


def land(state: PiratesState) -> set[Cell]:
    return {tuple(c) for i in state.islands for c in i.land}  # type: ignore[misc]


def coast_of(state: PiratesState) -> dict[Cell, list[Island]]:
    out: dict[Cell, list[Island]] = {}
    for island in state.islands:
        for c in island.coast:
            out.setdefault(tuple(c), []).append(island)  # type: ignore[arg-type]
    return out


def zone_at(state: PiratesState) -> dict[Cell, Zone]:
    out: dict[Cell, Zone] = {}
    for zone in state.zones:
        for c in zone.squares:
            out.setdefault(tuple(c), zone)  # type: ignore[arg-type]
    return out


def fog_cells(state: PiratesState) -> set[Cell]:
    return {tuple(c) for z in state.zones if z.kind == "fog" for c in z.squares}  # type: ignore[misc]


def occupied(state: PiratesState, but: str | None = None) -> dict[Cell, Ship]:
    """Every square a ship lies on (sunk ships are gone), but one ship's."""
    out: dict[Cell, Ship] = {}
    for ship in state.ships:
        if ship.on_sea and ship.id != but and ship.towed_by is None:
            for c in ship.cells():
                out[c] = ship
    return out


def cell_distance(a: Cell, b: Cell) -> int:
    return distance(Square(*a), Square(*b))


def ship_gap(a: list[Cell], b: list[Cell]) -> int:
    """Squares between two groups of squares (1: contiguous)."""
    return min(cell_distance(x, y) for x in a for y in b)


def dockable(state: PiratesState, ship: Ship) -> Island | None:
    """The island she may dock at where she lies: "Se uno dei quadretti su cui la nave si
    ferma è la costa di un'isola selvaggia o della propria isola base"."""
    coasts = coast_of(state)
    for cell in ship.cells():
        for island in coasts.get(cell, []):
            if island.kind == "wild" or island.side == ship.side:
                return island
    return None


def safe_at_home(ship: Ship, state: PiratesState) -> bool:
    """"La nave attraccata sulla propria isola base non può essere colpita, né speronata.\""""
    island = state.find_island(ship.docked)
    return island is not None and island.kind == "home" and island.side == ship.side
