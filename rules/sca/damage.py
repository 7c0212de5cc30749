"""Damage to the DC tracks (Sezione 2 iii-v), fire spreading and explosions (Sezione 4,
"Estinguere un incendio").

"Il valore corrispondente è il numero di punti danno che può subire ogni DC. Quando i
danni raggiungono questo valore il DC è perso ed eliminato dalla scheda della nave, i
punti danno rimanenti sono attribuiti al DC successivo."
"""
from __future__ import annotations

from rules.core.events import EventLog
from rules.sca.geometry import mast_distance
from rules.sca.state import ScaState, Ship
from rules.sca.wreckage import dismasted, rigging_falls

SHORT = 100.0  # mm: corta gittata


def other_side(side: str) -> str:
    return "port" if side == "starboard" else "starboard"


def hull_left(ship: Ship, side: str) -> int:
    return ship.hull[side] - ship.hull_lost[side]


def broadside(ship: Ship, side: str) -> float:
    """"La perdita di HDC influisce sulla capacità di fuoco del bordo danneggiato,
    riducendo di 1 il valore della Bordata — BF — per ogni HDC perso.\""""
    return max(0.0, ship.bf - ship.hull_lost[side])


def damage_hull(state: ScaState, ship: Ship, side: str, points: float, log: EventLog) -> int:
    """Points of damage on one side's hull; returns the HDC lost. "Quando una nave perde
    tutti gli HDC di un bordo i danni successivi alla stessa fiancata sono segnati su
    quella opposta.\""""
    lost = 0
    while points > 1e-9 and ship.hdc_left > 0:
        if hull_left(ship, side) <= 0:
            side = other_side(side)
            continue
        room = ship.dc - ship.hull_points[side]
        if points < room - 1e-9:
            ship.hull_points[side] += points
            break
        points -= room
        ship.hull_points[side] = 0.0
        ship.hull_lost[side] += 1
        lost += 1
        dc_lost(state, ship, "hull", log)
    return lost


def damage_rigging(state: ScaState, ship: Ship, points: float, log: EventLog) -> int:
    lost = 0
    while points > 1e-9 and ship.rigging_lost < ship.rigging:
        room = ship.dc - ship.rigging_points
        if points < room - 1e-9:
            ship.rigging_points += points
            break
        points -= room
        ship.rigging_points = 0.0
        ship.rigging_lost += 1
        lost += 1
        dc_lost(state, ship, "rigging", log)
    return lost


def percent_of_dc(ship: Ship, percent: float) -> float:
    """"il 10% di un RDC": a percentage of the points one DC takes."""
    return ship.dc * percent / 100.0


def dc_lost(state: ScaState, ship: Ship, where: str, log: EventLog) -> None:
    log.emit("dc_lost", ship=ship.name, where=where, total=ship.dcs_lost)
    if morale_trigger(ship) and not (ship.fireship and ship.fireship_lit):
        # A lit fireship's crew has left her, or is leaving: no morale to test.
        ship.morale_due = True
    if ship.status not in ("afloat", "struck", "captured"):
        return
    if where == "hull" and ship.hdc_left <= 0:
        if ship.fires:
            explode(state, ship, log)
        else:
            ship.status = "sunk"
            log.emit("sinking", ship=ship.name)
    elif where == "rigging" and ship.rigging_lost >= ship.rigging:
        if ship.fireship and ship.fireship_lit:
            ship.status = "burnt"
            log.emit("burnt", ship=ship.name)
        elif ship.fires:
            explode(state, ship, log)
        else:
            log.emit("dismasted", ship=ship.name)
            dismasted(state, ship, log)
    elif where == "rigging":
        rigging_falls(state, ship, log)


def morale_trigger(ship: Ship) -> bool:
    """Sezione 8 i: "per i vascelli ad un solo ponte ogni volta che si perde un DC; per i
    vascelli a due ponti quando perdono il secondo DC e, successivamente, ogni volta ...;
    per i vascelli a tre ponti quando perdono il terzo DC e, successivamente ...\""""
    return ship.dcs_lost >= max(1, ship.decks)


def explode(state: ScaState, ship: Ship, log: EventLog) -> None:
    """"Quando un veliero perde l'ultimo RDC esplode. Un incendio si sviluppa
    automaticamente su tutti i vascelli che si trovano ad una distanza dalla nave
    esplosa pari o inferiore alla corta gittata." (and a well-laid shot's 15-18)."""
    if ship.status == "exploded":
        return
    ship.status = "exploded"
    log.emit("exploded", ship=ship.name)
    for other in state.ships:
        if other is ship or not other.afloat:
            continue
        if mast_distance(ship, other) <= SHORT:
            if other.fireship:
                other.fireship_lit = True
                log.emit("fireship_lit", ship=other.name)
            else:
                start_fire(other, "hull", log, cause="explosion")


def start_fire(ship: Ship, where: str, log: EventLog, cause: str) -> None:
    if ship.fireship:
        ship.fireship_lit = True
        log.emit("fireship_lit", ship=ship.name)
        return
    if where == "hull":
        ship.fires_hull += 1
    else:
        ship.fires_rigging += 1
    log.emit("fire", ship=ship.name, where=where, cause=cause)
