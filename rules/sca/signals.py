"""Signals (Appendice 3, optional rule 11), a switch: the fleet keeps its course and sails
until the flagship signals otherwise.

"Se viene usata questa opzione la flotta dovrebbe mantenere rotta e velocità fino a
quando non le viene ordinato diversamente da un segnale proveniente dall'ammiraglia. I
vascelli, però, possono far fuoco senza ordine apposito e agire in modo indipendente a
200mm o meno dal nemico." "È possibile mandare un solo segnale, composto al massimo di
due elementi, per turno." "Per ricevere ed interpretare un messaggio composto di un solo
elemento è necessario un punteggio pari o superiore a 7 ... di due elementi ... 8 o più."
Optional rule 11: signals are sent and received "al termine del turno del giocatore", so
a signal made in a part is obeyed from that side's next part.

The two elements a signal may hold here: a course (a point of the rose, which each ship
steers for as nearly as the wind and her turning allow) and a sail change.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.sca import wind as W
from rules.sca.geometry import mast_distance
from rules.sca.state import ScaState, Ship

FREE_RANGE = 200.0  # mm: "agire in modo indipendente a 200mm o meno dal nemico"


def flagship(state: ScaState, side: str) -> Ship | None:
    mine = [s for s in state.ships if (s.owner or s.side) == side and s.status == "afloat" and not s.fixed]
    return next((s for s in mine if s.flagship), None)


def independent(state: ScaState, ship: Ship) -> bool:
    """The flagship, and any ship within 200 mm of an enemy, act on their own."""
    if not state.options.signals or ship.flagship or ship.fixed:
        return True
    return any(mast_distance(ship, o) <= FREE_RANGE for o in state.ships
               if (o.owner or o.side) != (ship.owner or ship.side) and o.status == "afloat")


def signalled_course(state: ScaState, ship: Ship) -> str | None:
    """The legal course nearest the signalled point (None: hold)."""
    if not ship.signal_course:
        return None
    want = W.POINTS.index(ship.signal_course)
    options = [ship.heading] + [(ship.heading + c) % 16 for c in W.legal_changes(ship.heading, state.wind)]
    best = min(options, key=lambda h: min((h - want) % 16, (want - h) % 16))
    return W.name(best)


def send(state: ScaState, side: str, order: dict, roller: Roller) -> None:
    """The flagship's signal, received (or not) by every other ship of her side."""
    course = order.get("signal_course", "none")
    sail = order.get("signal_sail", "none")
    elements = (course != "none") + (sail != "none")
    if not elements:
        return
    log = roller.log
    log.emit("signal", side=side, course=course, sail=sail)
    for ship in state.ships:
        if (ship.owner or ship.side) != side or ship.flagship or ship.status != "afloat" or ship.fixed:
            continue
        total = sum(roller.roll(6, f"signal to {ship.id}") for _ in range(3))
        # "nave sotto tiro avversario: -[1]; nave con ordine di tirare: -1; nave impegnata in
        # abbordaggio: -1; incendio a bordo: -1".
        score = total - bool(ship.hit_by) - bool(ship.fired) - bool(ship.melee or ship.boarders_ready) \
            - bool(ship.fires)
        got = score >= (7 if elements == 1 else 8)
        log.emit("signal_read" if got else "signal_missed", ship=ship.name, roll=total, score=score)
        if got:
            ship.signal_course = None if course == "none" else course
            ship.signal_sail = None if sail == "none" else sail
