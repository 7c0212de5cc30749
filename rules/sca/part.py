"""One player's part of the turn (Sezione 3): "ordini; tiro di dado per l'Abilità e
attivazione degli ordini sulla tabella Abilità; modifica della rotta; movimento/fuoco;
abbordaggi; test del morale", with the Ability table's actions in its own column order
(Sezione 4 ii: "Le azioni devono essere eseguite nello stesso ordine con il quale sono
riportate sulla tabella")."""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Order
from rules.core.dice import Roller
from rules.sca import ability as A
from rules.sca import signals
from rules.sca import wind as W
from rules.sca.collisions import drift_entangled, tangled
from rules.sca.damage_tests import rigging_test
from rules.sca.damage import damage_hull, damage_rigging, percent_of_dc, start_fire
from rules.sca.drift import drift_all
from rules.sca.fight import board_all, fire_all, morale_tests
from rules.sca.orders import commanders, decision_id, order_of
from rules.sca.sailing import (begin_tack, bear_away_one, can_move, change_sail, fail_tack, finish_tack, free,
                               hardest_contact, hove_to, move_all, ship_speed, SEGMENT)
from rules.sca.state import ScaState, Ship
from rules.sca.tacking import after_the_run, held, in_segments, not_begun, pushed_back, second_turn
from rules.sca.wreckage import settle, work_all


def dice3(roller: Roller, reason: str) -> tuple[int, int, int]:
    return (roller.roll(6, reason), roller.roll(6, reason), roller.roll(6, reason))


def begin_part(state: ScaState, orders: dict[str, Order], roller: Roller) -> tuple[list[Ship], dict[str, dict]]:
    """The orders revealed, the Ability throw, then the first columns of the Ability table:
    putting out fires and freeing the ship."""
    log = roller.log
    side = state.acting_side
    ships = commanders(state, side)
    given = {s.id: order_of(state, s, orders[decision_id(state, s)].payload if decision_id(state, s) in orders
                            else None) for s in ships}
    log.emit("part_start", side=side, turn=state.turn)
    for ship in ships:
        log.emit("orders", ship=ship.name, **given[ship.id])
    ability_roll(state, ships, roller)
    for ship in ships:
        fight_fire(state, ship, log)
    free_all(state, ships, given, log)
    return ships, given


def free_all(state: ScaState, ships: list[Ship], given: dict[str, dict], log) -> None:
    for ship in ships:
        if given[ship.id].get("cast_off") == "yes" and ship.contacts and not ship.melee:
            grade = hardest_contact(ship)
            if A.frees(ship.score or 3, grade):
                free(state, ship)
                log.emit("freed", ship=ship.name, grade=grade, score=ship.score)
            else:
                log.emit("not_freed", ship=ship.name, grade=grade, score=ship.score)


def set_sails(ships: list[Ship], given: dict[str, dict], log) -> None:
    for ship in ships:
        way = given[ship.id].get("sail", "hold")
        if way in ("up", "down"):
            column = "sail_up" if way == "up" else "sail_down"
            if A.result(column, ship.score or 3) == A.OK:
                log.emit("sail_set", ship=ship.name, sail=change_sail(ship, way))
            else:
                log.emit("sail_failed", ship=ship.name, way=way, score=ship.score)


def tacking_ships(state: ScaState, ships: list[Ship], given: dict[str, dict]) -> set[str]:
    """A ship tacking this turn turns without moving ahead (Sezione 5 vi), and so does one
    whose tack failed and was put back where it began (optional rule 5: :mod:`tacking`)."""
    return held(state, ships, given)


def light_all(ships: list[Ship], given: dict[str, dict], log) -> None:
    for ship in ships:
        if given[ship.id].get("action") == "light":
            light_fireship(ship, log)


def runners(state: ScaState, ships: list[Ship], tacking: set[str]) -> list[Ship]:
    """The part's movers, and its lit fireships: "la nave ... continuerà sulla sua rotta
    senza essere governata"."""
    side = state.acting_side
    drifting = [s for s in state.ships if s.fireship and s.fireship_lit and (s.owner or s.side) == side
                and s.status in ("afloat", "captured") and not s.contacts and s not in ships]
    return [s for s in ships if can_move(s) and s.id not in tacking and not (s.fireship and s.fireship_lit)] \
        + drifting


def boarding_set(ships: list[Ship], given: dict[str, dict]) -> set[str]:
    return {s.id for s in ships if given[s.id].get("boarders") == "yes"}


def strong_wind_tests(state: ScaState, ships: list[Ship], roller: Roller) -> None:
    """Optional rule 9's test under full sail in a strong wind; in a storm (optional rule 2, with
    or without optional rule 9): "tutti i vascelli che hanno vele superiori a vele di manovra — easy
    sail — devono effettuare un test per i danni alla velatura"."""
    why = "storm" if state.strength == "storm" else \
        "strong wind" if state.options.rigging_tests and state.strength == "strong" else None
    if why:
        for ship in ships:
            if ship.sail == "full" and ship.afloat:
                rigging_test(state, ship, why, roller)


def one_run(state: ScaState, ships: list[Ship], given: dict[str, dict], roller: Roller) -> set[str]:
    """The fast play's part: sails, course changes, then one run, fire before or after it."""
    log = roller.log
    set_sails(ships, given, log)
    work_all(state, ships, given, log)
    tacking = tacking_ships(state, ships, given)
    steer_and_run(state, ships, given, roller, lambda: runners(state, ships, tacking))
    return tacking


def steer_and_run(state: ScaState, ships: list[Ship], given: dict[str, dict], roller: Roller, movers_of) -> None:
    """The course changes, then the run and its fire. With optional rule 5 a ship beginning her
    tack runs her first segment before she comes head to wind, and a tack's run is half the
    part's (:mod:`tacking`); ``movers_of`` gives the movers once the ships have steered."""
    second = [s for s in ships if s.tack] if in_segments(state) else []
    later = after_the_run(state, ships, given)
    for ship in ships:
        if ship not in later:
            steer(state, ship, given[ship.id], roller)
    light_all(ships, given, roller.log)
    halves = later + [s for s in second if not s.tack and not s.pushed_back]
    speeds = {s.id: ship_speed(state, s) / 2 for s in halves}

    def come_about() -> None:
        for ship in later:
            steer(state, ship, given[ship.id], roller)
    run_and_fire(state, ships, movers_of(), given, roller, speeds=speeds, after_run=come_about)


def run_and_fire(state: ScaState, ships: list[Ship], movers: list[Ship], given: dict[str, dict],
                 roller: Roller, speeds: dict[str, float] | None = None, after_run=None) -> None:
    """"il giocatore può scegliere di tirare in ogni punto del movimento rettilineo": here before
    the run, in its middle, or after it, each a volley of its own. The run is the usual one, every
    mover 10 mm at a time in turn, paused when a ship that fires in her middle has run half her
    speed (to the 10 mm below) for her volley."""
    log = roller.log
    boarding = boarding_set(ships, given)
    if state.options.collisions:
        drift_entangled(state, ships, log, roller)
    if state.options.navigation:
        drift_all(state, ships, None, log, roller)  # both segments' drift in the one run
    early = [s for s in ships if given[s.id].get("fire_when") == "before"]
    if early:
        fire_all(state, early, given, roller)
    midway = [s for s in ships if given[s.id].get("fire_when") == "middle"]
    full = {s.id: (speeds or {}).get(s.id, ship_speed(state, s)) for s in movers}
    point = {s.id: SEGMENT * int(full.get(s.id, 0.0) / 2 // SEGMENT) for s in midway}
    done = {s.id: 0.0 for s in movers}
    start = {s.id: (s.x, s.y) for s in movers}
    logged = len(log.events)
    for at in sorted(set(point.values())):
        going = [s for s in movers if can_run(s) and done[s.id] < full[s.id]]
        legs = {s.id: min(full[s.id], at) - done[s.id] for s in going}
        if going:
            move_all(state, going, boarding, log, speeds=legs, roller=roller)
        for s in going:
            done[s.id] += legs[s.id]
        fire_all(state, [s for s in midway if point[s.id] == at], given, roller)
    going = [s for s in movers if can_run(s) and done[s.id] < full[s.id]]
    if going:
        move_all(state, going, boarding, log, speeds={s.id: full[s.id] - done[s.id] for s in going}, roller=roller)
    if midway and not any(e.kind == "sea_shift" for e in log.events[logged:]):
        for s in movers:  # one straight run, drawn as one line
            if (s.x, s.y) != start[s.id]:
                s.trail = [(round(start[s.id][0], 1), round(start[s.id][1], 1)), (round(s.x, 1), round(s.y, 1))]
    if after_run is not None:
        after_run()
    strong_wind_tests(state, ships, roller)
    for ship in ships:
        ship.fired = given[ship.id].get("fire", "none") != "none"
    fire_all(state, [s for s in ships if s not in early and s not in midway], given, roller)


def can_run(ship: Ship) -> bool:
    """Still running after a pause: not stopped by a contact, still afloat and on the table."""
    return ship.status in ("afloat", "captured") and not ship.contacts

def end_part(state: ScaState, ships: list[Ship], given: dict[str, dict], tacking: set[str], roller: Roller) -> None:
    """Reloading (optional rule 6), boarding, the morale tests, the flagship's signal."""
    log = roller.log
    side = state.acting_side
    if state.options.reloads and not state.options.segmented:  # by segment: :mod:`segments`
        reload_all(ships, given, log, perfect=state.options.second_table)
    run_out_all(state, ships, given, log)
    board_all(state, ships, given, roller)
    morale_tests(state, roller)
    if state.options.signals:
        flag = signals.flagship(state, side)
        if flag is not None and flag.id in given:
            signals.send(state, side, given[flag.id], roller)
    settle(state, roller)
    for ship in ships:
        ship.score = None
        if ship.id not in tacking:
            ship.half_speed = False
    log.emit("part_end", side=side, turn=state.turn)


def ability_roll(state: ScaState, ships: list[Ship], roller: Roller) -> None:
    """"tira 3d6 e li lascia in vista sul tavolo"; one throw for the whole fleet, or one per
    ship (Sezione 3 leaves it to the player: a switch here)."""
    fleet = dice3(roller, f"ability of {state.acting_side}") if state.options.fleet_roll else None
    for ship in ships:
        dice = fleet or dice3(roller, f"ability of {ship.id}")
        mods = A.Modifiers(crew=ship.crew, dcs_lost=ship.dcs_lost,
                           fires=0 if ship.fireship else ship.fires, hove_to=hove_to(ship), rudder=ship.rudder,
                           extra_contacts=max(0, len(ship.contacts) - 1))
        ship.score = A.score(sum(dice), mods)
        roller.log.emit("ability", ship=ship.name, roll=sum(dice), dice=list(dice), mods=mods.total(),
                        score=ship.score)


def fight_fire(state: ScaState, ship: Ship, log) -> None:
    """"Il giocatore che controlla la nave con un incendio a bordo deve tentare di spegnerlo
    non appena ne ha la possibilità"; "Un incendio alla velatura, che non viene estinto ...
    costa alla nave un RDC per turno. Un incendio allo scafo si propaga automaticamente alla
    velatura." Struck crews may not (translator's note 3 makes it a switch)."""
    if not ship.fires:
        return
    if ship.status == "struck" and not state.options.struck_fight_fires:
        return
    got = A.result("extinguish", ship.score or 3)
    if got == A.OK:
        ship.fires_hull = ship.fires_rigging = 0
        log.emit("extinguished", ship=ship.name, score=ship.score)
        return
    assert isinstance(got, A.Failed)
    points = got.dcs * ship.dc + percent_of_dc(ship, got.percent)
    log.emit("fire_burns", ship=ship.name, score=ship.score, dcs=got.dcs, percent=got.percent)
    if points:
        if ship.fires_hull:
            side = "starboard" if ship.hull_lost["starboard"] <= ship.hull_lost["port"] else "port"
            damage_hull(state, ship, side, points, log)
        else:
            damage_rigging(state, ship, points, log)
    if ship.fires_rigging and ship.afloat:
        ship.rigging_points = 0.0
        log.emit("rigging_burns", ship=ship.name)
        damage_rigging(state, ship, ship.dc, log)
    if ship.fires_hull and not ship.fires_rigging and ship.afloat:
        start_fire(ship, "rigging", log, cause="spread")
    for c in ship.contacts:
        if c.other != "land":
            other = state.ship(c.other)
            if other.afloat and not other.fires_rigging:
                # "Un incendio si propaga automaticamente alla velatura delle navi in contatto"
                start_fire(other, "rigging", log, cause="contact")


def steer(state: ScaState, ship: Ship, order: dict[str, Any], roller: Roller) -> None:
    """Course changes on the "modificare la rotta" column, the tack over two turns, the
    critical tack at 3, a damaged rudder and a ship taken aback."""
    log = roller.log
    if ship.fixed or tangled(ship):
        return  # optional rule 7 v: an entangled pair turns only as the pair drifts
    if ship.wreck or ship.adrift:
        # Optional rule 9 v: "l'equipaggio non sarà in grado di manovrare (la nave non potrà orzare,
        # poggiare o virare)": a tack under way fails, nothing else turns her.
        if ship.tack and in_segments(state):
            pushed_back(state, ship, roller)
        elif ship.tack:
            fail_tack(state, ship, log)
            log.emit("tack_failed", ship=ship.name, heading=W.name(ship.heading), score=ship.score)
        taken_aback(state, ship, roller)
        return
    score = ship.score or 3
    got = A.result("course", score)
    if ship.tack and in_segments(state):
        second_turn(state, ship, roller)
    elif ship.tack:
        if got == A.OK:
            finish_tack(state, ship)
            log.emit("tack_done", ship=ship.name, heading=W.name(ship.heading), score=score)
        else:
            fail_tack(state, ship, log, tested=roller if state.options.rigging_tests else None)
            log.emit("tack_failed", ship=ship.name, heading=W.name(ship.heading), score=score)
    elif order.get("action") == "tack":
        if got == A.OK:
            begin_tack(state, ship)
            log.emit("tack_begun", ship=ship.name, heading=W.name(ship.heading), score=score)
        elif in_segments(state):
            not_begun(ship, log)
        else:
            fail_tack(state, ship, log)
            log.emit("tack_failed", ship=ship.name, heading=W.name(ship.heading), score=score)
    elif order.get("course") and order["course"] != W.name(ship.heading):
        if got == A.OK:
            ship.heading = W.POINTS.index(order["course"])
            ship.irons = False
            log.emit("course", ship=ship.name, heading=order["course"], score=score)
        else:
            log.emit("course_failed", ship=ship.name, score=score)
    if got == A.CRITICAL_TACK and not ship.tack:
        # "La nave deve immediatamente poggiare una quarta allontanando la prua dal vento anche
        # se la nave non ha ricevuto ordine di modificare la propria rotta."
        bear_away_one(state, ship)
        log.emit("critical_tack", ship=ship.name, heading=W.name(ship.heading))
    if ship.rudder and ship.sail != "furled" and W.point_of_sail(ship.heading, state.wind) in ("close", "beam"):
        # "obbligato a poggiare di una quarta per turno fino a trovarsi in andatura di lasco"
        bear_away_one(state, ship)
        log.emit("rudder_forced", ship=ship.name, heading=W.name(ship.heading))
    taken_aback(state, ship, roller)


def taken_aback(state: ScaState, ship: Ship, roller: Roller) -> None:
    log = roller.log
    ship.irons = not ship.tack and W.in_irons(ship.heading, state.wind)
    if ship.irons:
        # Sezione 5 iv: "deve immediatamente interrompere il movimento perdendo il 10% di RDC".
        log.emit("irons", ship=ship.name)
        if state.options.rigging_tests:
            rigging_test(state, ship, "irons", roller)
        else:
            damage_rigging(state, ship, percent_of_dc(ship, 10), log)


# Optional rule 6 viii: "3-4: caricamento fallito; 5-6: equipaggi Elite ok, altri fallito; 7: Elite e
# Good ok ...; 8: Elite, Good e Average ok, Poor fallito; 9-15: tutti ok; 16-18: perfetto".
RELOAD_NEEDS = {"elite": 5, "good": 7, "average": 8, "poor": 9}


def run_out_all(state: ScaState, ships: list[Ship], orders: dict[str, dict[str, Any]], log) -> None:
    """Optional rule 6 iii: "l'ordine cannoni in batteria può essere impartito in ogni turno in
    cui l'equipaggio non ha fatto fuoco né ha avuto l'ordine di ricaricare"."""
    for ship in ships:
        if orders[ship.id].get("run_out") == "yes" and not ship.run_out:
            ship.run_out = True
            log.emit("guns_run_out", ship=ship.name)


def reload_all(ships: list[Ship], orders: dict[str, dict[str, Any]], log, perfect: bool = False) -> None:
    for ship in ships:
        order = orders[ship.id]
        if ship.fired:
            spend(ship, order)
            continue
        reload(ship, order, log, perfect)


def spend(ship: Ship, order: dict[str, Any]) -> None:
    """The broadsides she fired are empty until reloaded."""
    fired = order.get("fire", "none")
    ship.unloaded = sorted(set(ship.unloaded) | ({"port", "starboard"} if fired == "both" else {fired}))


def reload(ship: Ship, order: dict[str, Any], log, perfect: bool = False) -> None:
    """The reloading table for the sides the order names that are empty."""
    wanted = order.get("reload", "none")
    if wanted == "none":
        return
    sides = [s for s in (["port", "starboard"] if wanted == "both" else [wanted]) if s in ship.unloaded]
    if not sides:
        return
    ok = (ship.score or 3) >= RELOAD_NEEDS[ship.crew]
    # "16-18: perfetto, equivalente alla bordata iniziale" (with the second table).
    best = perfect and (ship.score or 3) >= 16
    for side in sides:
        log.emit("reloaded_perfect" if best else "reloaded" if ok else "reload_failed", ship=ship.name,
                 side=side, score=ship.score)
    if ok:
        ship.unloaded = [s for s in ship.unloaded if s not in sides]
    if best:
        ship.fresh = sorted(set(ship.fresh) | set(sides))


def light_fireship(ship: Ship, log) -> None:
    """"si utilizza la colonna Corta gittata della Tabella di abilità, un risultato di
    colpito — hit — indica che l'ordine è stato eseguito con successo\"."""
    if A.result("short", ship.score or 3) in (A.HIT, A.DECISIVE):
        ship.fireship_lit = True
        log.emit("fireship_lit", ship=ship.name)
    else:
        log.emit("fireship_failed", ship=ship.name, score=ship.score)
