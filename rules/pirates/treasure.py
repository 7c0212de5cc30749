"""Treasure: exploring ("Esplorare"), zone treasure, banking at home, and the score
("Punteggio").

Treasures lie face down; a side that explores where they lie sees their values (a
private event), and a treasure banked at a home island lies face up.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import crews as C
from rules.pirates import sea
from rules.pirates.catalogue import crew_type
from rules.pirates.state import PiratesState, Ship, Treasure, Zone


def room(state: PiratesState, ship: Ship) -> int:
    """Free cargo: "Ogni equipaggio toglie uno dalla capacità di carico"; a treasure takes one."""
    return ship.cargo - len(C.aboard(state, ship)) - len(state.treasure_at(ship.id))


def explorable(state: PiratesState, ship: Ship) -> str | None:
    """What she may explore: "Un'isola o una nave derelitta possono essere esplorate da una
    nave attraccata o da una nave contigua"."""
    if ship.status != "afloat" or ship.fog:
        return None
    island = state.find_island(ship.docked)
    if island is not None and island.kind == "wild" and state.treasure_at(island.id):
        return island.id
    for other in state.ships:
        if other.id != ship.id and other.status in ("derelict", "wreck") and not other.fog and not other.towed_by \
                and sea.ship_gap(ship.cells(), other.cells()) <= 1 and state.treasure_at(other.id):
            return other.id
    return None


def explore(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """Look at every treasure there and take aboard the richest that fit (the engine picks
    for the explorer what a player would: the highest values)."""
    where = explorable(state, ship)
    if where is None:
        return
    island = state.find_island(where)
    if island is not None:
        island.explored = True
    found = state.treasure_at(where)
    for t in found:
        if ship.side not in t.seen_by:
            t.seen_by.append(ship.side)
    roller.log.emit("explored", ship=ship.id, where=where, count=len(found), names=state.names(where))
    roller.log.emit("treasure_seen", to=[state.seat_of(ship.side)], ship=ship.id, where=where,
                    values=[t.value for t in found], names=state.names(where))
    taken = sorted(found, key=lambda t: (-t.value, t.id))[:max(room(state, ship), 0)]
    for t in taken:
        t.place = ship.id
    if taken:
        roller.log.emit("treasure_loaded", ship=ship.id, where=where, count=len(taken))


def search_zone(state: PiratesState, ship: Ship, zone: Zone, roller: Roller) -> None:
    """"tesori coperti nelle zone speciali, con sopra un dado indicante il numero da fare per
    trovarlo quando si entra in quella zona": a die equal to or above it finds it."""
    for t in state.treasure_at(zone.id):
        if room(state, ship) <= 0:
            return
        die = roller.roll(6, f"search {zone.id}", ship=ship.id, need=t.need)
        if die >= (t.need or 1):
            t.place = ship.id
            if ship.side not in t.seen_by:
                t.seen_by.append(ship.side)
            roller.log.emit("zone_treasure", ship=ship.id, zone=zone.id, die=die, need=t.need, found=True)
            roller.log.emit("treasure_seen", to=[state.seat_of(ship.side)], ship=ship.id, where=zone.id,
                            values=[t.value])
        else:
            roller.log.emit("zone_treasure", ship=ship.id, zone=zone.id, die=die, need=t.need, found=False)


def bank(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """Treasure aboard a ship docked at her home island goes ashore (a free action the
    engine always takes for her: banked treasure is what scores)."""
    if not sea.safe_at_home(ship, state) or ship.status == "sunk":
        return
    cargo = state.treasure_at(ship.id)
    for t in cargo:
        t.place = ship.docked or ""
        t.public = True
    if cargo:
        roller.log.emit("banked", ship=ship.id, island=ship.docked, values=[t.value for t in cargo],
                        names=state.names(ship.docked))


def safe(state: PiratesState, t: Treasure) -> bool:
    island = state.find_island(t.place)
    return (island is not None and island.kind == "home") or state.find_fort(t.place) is not None


def all_safe(state: PiratesState) -> bool:
    """Every treasure still in play is at a home island (or in a fort)."""
    return all(safe(state, t) for t in state.treasures if t.place)


def scores(state: PiratesState) -> dict[str, int]:
    """"Il punteggio è dato dal valore dei tesori nell'isola base e nei propri forti più il
    valore delle proprie navi salve ed equipaggio più il valore delle navi ed equipaggio
    avversari distrutti o in possesso.\""""
    out = {side: 0 for side in state.sides}
    for t in state.treasures:
        island = state.find_island(t.place)
        fort = state.find_fort(t.place)
        if island is not None and island.kind == "home" and island.side in out:
            out[island.side] += t.value
        elif fort is not None:
            out[fort.side] += t.value
    for ship in state.ships:
        if ship.status in ("afloat", "derelict"):
            out[ship.side] += ship.points
    for crew in state.crews:
        if crew.alive:
            out[crew.side] += crew_type(crew.key).points
    for loss in state.losses:
        if loss.by in out:
            out[loss.by] += loss.points
    return out
