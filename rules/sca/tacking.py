"""Optional rule 5, section 2 vi-vii (the switch ``navigation``): the tack in segments.

"Se il punteggio di Abilità è sufficiente per effettuare la virata la nave è spostata in avanti
nel primo segmento, quindi la prua della nave è ruotata di tre quarte fino ad essere direttamente
controvento. La nave resta nella stessa posizione nel secondo segmento ... Nel turno successivo
... la nave ruota di altre tre quarte, nello stesso verso ... Nel secondo segmento il vascello è
spostato, in andatura di bolina ma non può poggiare alla fine del segmento."

"Fallire la virata: Se il punteggio di Abilità nel primo turno indica che l'operazione non ha
avuto successo la nave deve muovere, con andatura di bolina, in entrambi i segmenti. Se il
punteggio di Abilità nel secondo turno indica che la virata è fallita il giocatore deve eseguire
un test per valutare i danni alla velatura ... la nave sarà alla deriva e spinta indietro al
termine del primo segmento riportando la prua della nave nella direzione originale. Sarà ancora
alla deriva nel secondo segmento. Nel turno successivo la nave deve riprendere il vento, prima che
possa di nuovo tentare una virata."

With optional rule 3 the segments are its own; without it the part's single run is read as the
two segments end to end: the first turn runs half her speed and then comes head to wind, the
second turns and then runs half her speed, and a failed second turn drifts both segments'
distance at once. The Fast Play's tack (:mod:`rules.sca.sailing`) stays without the switch."""
from __future__ import annotations

from typing import Any

from rules.core.dice import Roller
from rules.sca import ability as A
from rules.sca import wind as W
from rules.sca.collisions import tangled
from rules.sca.damage import damage_rigging, percent_of_dc
from rules.sca.state import ScaState, Ship


def in_segments(state: ScaState) -> bool:
    return state.options.navigation


def held(state: ScaState, ships: list[Ship], given: dict[str, dict[str, Any]]) -> set[str]:
    """The ships a tack keeps from running this part. The Fast Play's tack turns without moving
    ahead (both turns, and a failed one is put back where it began); with navigation only a ship
    head to wind is held, and :func:`rules.sca.sailing.can_move` already holds her."""
    if in_segments(state):
        return set()
    return {s.id for s in ships if s.tack or given[s.id].get("action") == "tack"}


def ordered(ship: Ship, order: dict[str, Any]) -> bool:
    return order.get("action") == "tack" and not ship.tack and not ship.wreck and not ship.fixed \
        and not tangled(ship)


def comes_about(ship: Ship) -> bool:
    return A.result("course", ship.score or 3) == A.OK


def after_the_run(state: ScaState, ships: list[Ship], given: dict[str, dict[str, Any]]) -> list[Ship]:
    """A single run: the ships that begin their tack run their first segment before they come
    head to wind (their Ability is known before the run: the table needs no other throw)."""
    if not in_segments(state):
        return []
    return [s for s in ships if ordered(s, given[s.id]) and comes_about(s)]


def half_runs(state: ScaState, ships: list[Ship], given: dict[str, dict[str, Any]],
              speed) -> dict[str, float]:
    """A single run: a tack's moving segment is half the part's run (``speed`` is
    :func:`rules.sca.sailing.ship_speed`): the first turn's before she comes head to wind, the
    second turn's after she has come round."""
    if not in_segments(state):
        return {}
    return {s.id: speed(state, s) / 2 for s in ships
            if given[s.id].get("action") == "tack" and (s.tack or comes_about(s))}


def second_turn(state: ScaState, ship: Ship, roller: Roller) -> None:
    """The second turn's throw (with navigation): three more points the same way, or the sails
    aback. Section vii: "Se il cambiamento è sfavorevole la virata non può essere completata ed il
    vascello deve eseguire un test sui danni alla velatura ed è spinto indietro nella direzione
    iniziale allo stesso modo di una virata che non ha avuto successo" (the three points would
    leave her within two points of the wind); a favourable change leaves her further off it."""
    log = roller.log
    assert ship.tack_from is not None
    start = ship.tack_from[2]
    step = 1 if (ship.heading - start) % 16 <= 8 else -1
    new = (ship.heading + 3 * step) % 16
    if comes_about(ship) and not W.in_irons(new, state.wind):
        ship.heading, ship.tack, ship.tack_from = new, 0, None
        ship.half_speed = False  # her second segment is her run: no half speed after
        log.emit("tack_done", ship=ship.name, heading=W.name(ship.heading), score=ship.score)
        return
    pushed_back(state, ship, roller, wind=comes_about(ship))


def pushed_back(state: ScaState, ship: Ship, roller: Roller, wind: bool = False) -> None:
    """The second turn failed (or the wind headed her, ``wind``): the rigging test (optional rule
    9; the Fast Play's 10 % of a RDC without it), her bow back where the tack began, and her
    sails aback for the rest of the part (:mod:`rules.sca.drift`); no tack next turn."""
    log = roller.log
    assert ship.tack_from is not None
    ship.heading = ship.tack_from[2]
    ship.tack, ship.tack_from = 0, None
    ship.pushed_back, ship.tack_barred = True, state.turn + 1
    log.emit("tack_headed" if wind else "tack_aback", ship=ship.name, heading=W.name(ship.heading),
             score=ship.score)
    if state.options.rigging_tests:
        from rules.sca.damage_tests import rigging_test
        rigging_test(state, ship, "tack", roller)
    else:
        damage_rigging(state, ship, percent_of_dc(ship, 10), log)


def not_begun(ship: Ship, log) -> None:
    """The first turn failed: "la nave deve muovere, con andatura di bolina, in entrambi i
    segmenti" (no damage is printed for it)."""
    log.emit("tack_not_begun", ship=ship.name, heading=W.name(ship.heading), score=ship.score)


def may_tack(state: ScaState, ship: Ship) -> bool:
    """"deve muovere un turno prima di tentare una nuova virata"."""
    return state.turn > ship.tack_barred
