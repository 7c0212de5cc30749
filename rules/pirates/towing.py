"""Towing derelicts ("Una nave derelitta può essere trainata").

"Una nave derelitta può essere trainata da una nave che la tocca e che ha diritto a
muovere, la quale si muoverà di massimo S. [...] Una nave trainata occupa il quadretto di
poppa della nave trainante e non può essere esplorata o trainata da altre navi, né
effettuare alcuna manovra o azione gratuita, ma può essere bersagliata da spari." Taking
her in tow or casting her off is free ("Attaccare o staccare una nave per il traino è
un'azione gratuita"): the ``tow`` of a move names the derelict to tow (or ``no``).

"Una nave derelitta che arriva trainata in un'isola base diventa di proprietà del
giocatore proprietario dell'isola base compreso equipaggio e tesori trasportati."
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.core.tables.squares import ShipPlace, Square
from rules.pirates import sea
from rules.pirates.state import PiratesState, Ship

NO = "no"
TOW_SEGMENT = "S"


def towable(state: PiratesState, ship: Ship) -> list[str]:
    """The derelicts she touches and may take in tow (or tows already)."""
    if ship.status != "afloat" or ship.fog or ship.stuck_to is not None:
        return []
    out = [ship.towing] if ship.towing else []
    for other in state.ships:
        if (other.status == "derelict" and other.towed_by is None and not other.fog and other.id != ship.id
                and sea.ship_gap(ship.cells(), other.cells()) <= 1):
            out.append(other.id)
    return out


def cast_off(state: PiratesState, ship: Ship, roller: Roller | None) -> None:
    """She lets her tow go: the derelict lies again on her own squares, bow on the square she
    was towed on, the first way round that is free."""
    towed = state.find_ship(ship.towing)
    ship.towing = None
    if towed is None:
        return
    towed.towed_by = None
    taken = sea.occupied(state, but=towed.id)
    land = sea.land(state)
    for turn in range(8):
        place = ShipPlace(Square(towed.col, towed.row), (towed.facing + turn) % 8, towed.length)
        cells = [(s.col, s.row) for s in place.squares()]
        if all(sea.in_bounds(state, c) and c not in taken and c not in land for c in cells):
            towed.put(place)
            break
    if roller is not None:
        roller.log.emit("cast_off", ship=ship.id, towed=towed.id)


def take(state: PiratesState, ship: Ship, towed_id: str, roller: Roller) -> None:
    if ship.towing == towed_id:
        return
    if ship.towing is not None:
        cast_off(state, ship, roller)
    towed = state.ship(towed_id)
    ship.towing, towed.towed_by = towed.id, ship.id
    follow(state, ship)
    roller.log.emit("towing", ship=ship.id, towed=towed.id)


def follow(state: PiratesState, ship: Ship) -> None:
    towed = state.find_ship(ship.towing)
    if towed is not None:
        stern = ship.cells()[-1]
        towed.col, towed.row, towed.facing = stern[0], stern[1], ship.facing


def arrive(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """Brought to a home island, the derelict changes hands with her crew and cargo."""
    towed = state.find_ship(ship.towing)
    island = state.find_island(ship.docked)
    if towed is None or island is None or island.kind != "home" or towed.side == island.side:
        return
    was = towed.side
    towed.taken_from = towed.taken_from or was
    towed.side = island.side or ship.side
    for crew in state.crew_on(towed.id):
        crew.born = crew.born or crew.side  # a ransom knows her own fleet's island
        crew.side = towed.side
    roller.log.emit("captured", ship=ship.id, towed=towed.id, was=was, side=towed.side)
