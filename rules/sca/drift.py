"""Optional rule 5 (navigation), "Velocità alla deriva": a ship whose sails are aback is
pushed downwind, stern first, by the drift table.

"Una nave alla deriva è spinta, in ogni turno, nella direzione del vento con una velocità che
non dipende dalla stazza. La tabella che segue riporta le velocità di deriva a seconda della
forza del vento e della velatura. Vascelli con le vele ammainate non si muovono."

The table as read (docs/rules/sca.md, "opt. rule 5, the drift table"): millimetres in the
first and the second segment, by the wind's row, the row "Drift" or "Drift/Sails", and the
column of her sail (Easy sail, Full sail). The 1/1200 table lost its moderate breeze's
"Drift" row to the OCR; the house rule's 1/3000 copy of the same table keeps it ("2 2 2 2",
times 2.5). The club's three grades read the printed rows as light air = "light breeze"
(the lightest printed), breeze = "moderate breeze", strong wind = "strong wind".

Here the "Drift/Sails" row moves a ship taken aback (Sezione 5 iv) and a ship whose tack failed
in its second turn ("la nave sarà alla deriva e spinta indietro al termine del primo segmento
... Sarà ancora alla deriva nel secondo segmento"); the "Drift" row is the one optional rule 7's
entangled pairs drift by (:mod:`rules.sca.collisions`)."""
from __future__ import annotations

import math

from rules.core.events import EventLog
from rules.core.tables.contact import touching
from rules.sca import wind as W
from rules.sca.drift_rates import mm
from rules.sca.geometry import base
from rules.sca.scale import told
from rules.sca.state import ScaState, Ship
from rules.sca.table_edge import keep_on_table

STEP = 1.0  # millimetres a drift is looked at, for a base or a coast in her way


def aback(state: ScaState, ship: Ship) -> bool:
    """Her sails aback: taken aback (in irons), or pushed back by a failed tack this part; free
    to drift (a contact holds her; a ship head to wind in the middle of her tack "resta nella
    stessa posizione")."""
    return state.options.navigation and ship.status in ("afloat", "captured") and not ship.fixed \
        and not ship.contacts and ship.tack == 0 and (ship.irons or ship.pushed_back
                                                      or W.in_irons(ship.heading, state.wind))


def drift_all(state: ScaState, ships: list[Ship], segment: int | None, log: EventLog, roller=None) -> set[str]:
    """Every ship of ``ships`` whose sails are aback drifts her segment's (or part's) distance
    downwind. Returns the ships that moved."""
    moved = set()
    for ship in ships:
        if aback(state, ship):
            run = mm(state.strength, ship.sail, "sails", segment)
            if run and push(state, ship, run, log, roller):
                moved.add(ship.id)
    return moved


def push(state: ScaState, ship: Ship, run: float, log: EventLog, roller=None) -> bool:
    """Downwind without turning, stopping at the first base or coast she touches (Sezione 5 vii:
    "Il movimento deve essere interrotto immediatamente nel caso si verifichi una collisione"),
    which is then a collision like any other."""
    from rules.sca.sailing import lands, touched
    way = (state.wind + 8) % 16
    r = math.radians(W.degrees(way))
    fx, fy = math.sin(r), math.cos(r)
    sx, sy = ship.x, ship.y
    land = lands(state)
    near = [o for o in state.ships if o is not ship and o.afloat
            and math.hypot(o.x - ship.x, o.y - ship.y) < run + o.length + ship.length]
    bases = [base(o) for o in near]
    done, hit = 0.0, False
    while done < run and not hit:
        step = min(STEP, run - done)
        ship.x, ship.y = sx + fx * (done + step), sy + fy * (done + step)
        mine = base(ship)
        if any(touching(mine, b) for b in bases + land):
            lo, hi = done, done + step  # the contact is found to a hundredth of a millimetre
            while hi - lo > 0.01:
                mid = (lo + hi) / 2
                ship.x, ship.y = sx + fx * mid, sy + fy * mid
                lo, hi = (lo, mid) if any(touching(base(ship), b) for b in bases + land) else (mid, hi)
            done, hit = hi, True
            ship.x, ship.y = sx + fx * done, sy + fy * done
        else:
            done += step
    if done <= 0:
        ship.x, ship.y = sx, sy
        return False
    ship.trail = [(round(sx, 1), round(sy, 1)), (round(ship.x, 1), round(ship.y, 1))]
    log.emit("drifted", ship=ship.name, mm=told(state.options, done), heading=W.name(way))
    if hit:
        touched(state, ship, near, land, False, log, 0.0, roller)
    keep_on_table(state, [ship], log)
    return True
