"""Optional rule 3: a player's part in two segments (Signal Close Action, the full game's
Sezione 3).

"Primo segmento: tiro di dado per l'Abilità e attivazione degli ordini sulla tabella
Abilità; movimento, la nave può virare, orzare o poggiare alla fine del segmento;
completamento delle azioni; fuoco/caricamento. Secondo segmento: movimento (la velocità
di movimento è in accordo con eventuali variazioni di velatura ordinate ed eseguite nel
primo segmento); ulteriori virate, orzate o poggiate; fuoco/caricamento."

Each segment runs half the part's speed (the turn divided, not doubled). The written order
holds both course changes (``course`` at the end of the first segment, ``course2`` at the
end of the second) and says in which segment she fires (``fire_when``: ``first`` or
``second``); one Ability score serves both segments (Sezione 4 i: "resta valido per
l'intero turno")."""
from __future__ import annotations

from typing import Any

from rules.core.dice import Roller
from rules.sca import ability as A
from rules.sca import wind as W
from rules.sca.courses import change_to, legal_from
from rules.sca.fight import fire_all
from rules.sca.part import (boarding_set, light_all, reload, runners, set_sails, spend, steer, strong_wind_tests,
                            tacking_ships)
from rules.sca.collisions import pair_runs, tangled
from rules.sca.drift import drift_all
from rules.sca.sailing import move_all, ship_speed
from rules.sca.state import ScaState, Ship
from rules.sca.wreckage import work_all

def two_segments(state: ScaState, ships: list[Ship], given: dict[str, dict[str, Any]], roller: Roller) -> set[str]:
    log = roller.log
    tacking = tacking_ships(state, ships, given)
    start = {s.id: (s.x, s.y) for s in ships}
    boarding = boarding_set(ships, given)
    light_all(ships, given, log)
    movers = runners(state, ships, tacking)
    # The first segment's speed is the sail she had: a change thrown now counts from the second.
    first = {s.id: ship_speed(state, s) / 2 for s in movers}
    set_sails(ships, given, log)
    work_all(state, ships, given, log)
    log.emit("segment", n=1)
    pairs = state.options.collisions and state.acting == 0  # optional rule 7 v: the turn's first part
    # Optional rule 5: sails aback drift by the table's first segment.
    drifted = drift_all(state, ships, 1, log, roller) if state.options.navigation else set()
    moved1 = move_all(state, movers, boarding, log, speeds=first, roller=roller,
                      carried=pair_runs(state, 1, log) if pairs else ())
    # Her first segment's leg, run or drifted (in irons, borne away at its end, she runs the second).
    legs = {i: list(state.ship(i).trail) for i in moved1 | drifted}
    for ship in ships:
        steer(state, ship, given[ship.id], roller)
    if state.options.navigation:
        # A tack failed in its second turn: "spinta indietro al termine del primo segmento".
        drifted |= drift_all(state, [s for s in ships if s.pushed_back], 1, log, roller)
    early = [s for s in ships if given[s.id].get("fire_when") == "first"]
    for ship in early:
        ship.fired = given[ship.id].get("fire", "none") != "none"
    if early:
        fire_all(state, early, given, roller)
    reloaded: set[str] = set()
    load(state, ships, early, given, reloaded, log)
    log.emit("segment", n=2)
    movers = runners(state, ships, tacking)
    again = drift_all(state, ships, 2, log, roller) if state.options.navigation else set()
    moved2 = move_all(state, movers, boarding, log, speeds={s.id: ship_speed(state, s) / 2 for s in movers},
                      roller=roller, carried=pair_runs(state, 2, log) if pairs else ())
    join_trails(state, legs, moved2 | again)
    for ship_id in drifted & again:  # drifted in both segments: one line downwind
        ship = state.ship(ship_id)
        ship.trail = [(round(start[ship_id][0], 1), round(start[ship_id][1], 1)), (round(ship.x, 1), round(ship.y, 1))]
    for ship in ships:
        steer_again(state, ship, given[ship.id], log)
    strong_wind_tests(state, ships, roller)
    late = [s for s in ships if s not in early]
    for ship in late:
        ship.fired = given[ship.id].get("fire", "none") != "none"
    fire_all(state, late, given, roller)
    load(state, ships, late, given, reloaded, log)
    return tacking


def load(state: ScaState, ships: list[Ship], firing: list[Ship], given: dict[str, dict[str, Any]],
         reloaded: set[str], log) -> None:
    """A segment's "fuoco/caricamento" with optional rule 6 (v, "Cadenza di tiro"): the ships that
    fired in it have spent those broadsides; the others reload what their order names ("non può
    ricaricare e sparare nello stesso segmento ... Però è possibile ricaricare un bordo in un
    segmento e far fuoco con lo stesso bordo nel segmento successivo"), each once a part."""
    if not state.options.reloads:
        return
    for ship in ships:
        order = given[ship.id]
        if ship in firing and order.get("fire", "none") != "none":
            spend(ship, order)
        elif ship.id not in reloaded:
            reloaded.add(ship.id)
            reload(ship, order, log, perfect=state.options.second_table)


def join_trails(state: ScaState, legs: dict[str, list[tuple[float, float]]], moved2: set[str]) -> None:
    """A ship that moved in both segments — ran, or drifted with her sails aback, in either —
    leaves a dog-leg on the map: where she began, where she turned, where she ended (a shift of
    the sea in the second segment moves the first leg with everything else)."""
    for ship_id in set(legs) & moved2:
        ship = state.ship(ship_id)
        (sx, sy), (mx, my) = legs[ship_id][0], legs[ship_id][-1]
        (nx, ny), end = ship.trail[0], ship.trail[-1]
        dx, dy = nx - mx, ny - my
        ship.trail = [(round(sx + dx, 1), round(sy + dy, 1)), (nx, ny), end]


def steer_again(state: ScaState, ship: Ship, order: dict[str, Any], log) -> None:
    """"ulteriori virate, orzate o poggiate": the second change, on the same score and column
    as the first. Where the first was not made as ordered (failed, or a critical tack or a
    damaged rudder turned her) the second is read from where she is, if it is still a legal
    change from there."""
    point = order.get("course2")
    if not point or ship.fixed or tangled(ship) or ship.tack or ship.irons or not ship.afloat or point == W.name(ship.heading):
        return
    if change_to(ship.heading, point) not in legal_from(state, ship, ship.heading):
        log.emit("course2_void", ship=ship.name, heading=point)
        return
    score = ship.score or 3
    if A.result("course", score) == A.OK:
        ship.heading = W.POINTS.index(point)
        log.emit("course", ship=ship.name, heading=point, score=score)
    else:
        log.emit("course_failed", ship=ship.name, score=score)
