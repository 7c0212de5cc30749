"""House rule: fleet morale ("Morale della flotta", Lu(ri)doteca).

"è calcolato all'inizio della partita sommando il punteggio di ciascuna nave e il morale
di tutti gli equipaggi e successivamente dividendo il totale ottenuto per due
(arrotondare per eccesso)"; it falls by 1 for every morale test of a ship of the fleet,
by her points when she strikes or is taken, by twice her points when she sinks or blows
up, and rises by half an enemy's points (rounded up) for every enemy taken, sunk or
blown up. "Se in un qualsiasi momento il morale della flotta raggiunge il valore zero
tutte le navi della flotta devono immediatamente eseguire un test del morale ... se anche
una sola si arrende allora l'intera flotta ha un cedimento del morale"; "la flotta che
ha un cedimento del morale per prima è considerata sconfitta".

A ship's "punteggio" is read as her cost in points, her crew's "morale" as her morale
test's base value (a DC / 10).
"""
from __future__ import annotations

import math

from rules.core.dice import Roller
from rules.sca.fleet import cost, ship_type
from rules.sca.morale import morale_score
from rules.sca.state import ScaState, Ship

LOST = ("struck", "captured")
DESTROYED = ("sunk", "exploded", "burnt")


def points(ship: Ship) -> float:
    return cost(ship_type(ship.type), ship.crew)


def initial(state: ScaState) -> dict[str, int]:
    out = {}
    for side in state.sides:
        mine = [s for s in state.ships if s.side == side and not s.fixed]
        out[side] = math.ceil((sum(points(s) for s in mine) + sum(s.dc // 10 for s in mine)) / 2)
    return out


def update(state: ScaState, tests_before: dict[str, int], roller: Roller) -> None:
    """After a part: the fleets' morale for the tests taken and the ships lost in it. A
    fleet at zero tests every ship once: one strikes, and the fleet breaks; all hold, and
    it fights on until it loses another ship ("nel caso una nave della flotta si arrende,
    affonda o esplode la flotta ha un cedimento del morale automatico")."""
    log = roller.log
    lost_now: set[str] = set()
    for ship in state.ships:
        if ship.fixed:
            continue
        state.fleet_morale[ship.side] -= ship.morale_tests - tests_before.get(ship.id, 0)
        if ship.id in state.counted or ship.status not in LOST + DESTROYED:
            continue
        state.counted.append(ship.id)
        lost_now.add(ship.side)
        worth = points(ship)
        state.fleet_morale[ship.side] -= worth * (2 if ship.status in DESTROYED else 1)
        for side in state.sides:
            if side != ship.side and ship.status in ("captured",) + DESTROYED:
                state.fleet_morale[side] += math.ceil(worth / 2)
    for side in state.sides:
        if state.broken or state.fleet_morale[side] > 0:
            continue
        if side in state.morale_spent:
            if side in lost_now:
                break_fleet(state, side, log)
            continue
        state.morale_spent.append(side)
        log.emit("fleet_morale_zero", side=side)
        struck = False
        for ship in state.ships:
            if ship.side != side or ship.status != "afloat" or ship.fixed:
                continue
            total = sum(roller.roll(6, f"fleet morale of {ship.id}") for _ in range(3))
            score = morale_score(total, ship)
            ship.morale_tests += 1
            log.emit("morale", ship=ship.name, roll=total, score=score, struck=score <= 0)
            if score <= 0:
                ship.status, ship.sail, struck = "struck", "furled", True
        if struck:
            break_fleet(state, side, log)


def break_fleet(state: ScaState, side: str, log) -> None:
    state.broken = side
    log.emit("fleet_broken", side=side)
