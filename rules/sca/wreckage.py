"""Optional rule 9 v-vi: rigging over the side and jury rigs, a switch (``jury_rigs``).

"La nave che perde un RDC non è in grado di manovrare fino a quando il danno non viene
rimosso e l'equipaggio non riesce ad eseguire una riparazione di fortuna — jury rigging.
La nave va considerata alla deriva per quanto riguarda il punteggio di abilità e il test
del morale mentre la velatura è valutata di un grado inferiore a quello attuale per quanto
riguarda la velocità di movimento ... (la nave non potrà orzare, poggiare o virare) né
potrà aumentare la velatura. La velatura cade sul bordo del vascello opposto a quello da
cui viene il vento; nel caso la nave sia parallela alla direzione del vento il lato è
determinato in modo casuale. La nave subisce una penalità di -1 sul tiro per il bordo su
cui è caduta la velatura danneggiata."

The repair, ordered with ``jury``: first shorten sail to the sail her speed counts, then
cut the wreckage away ("si usa la colonna liberare la nave ... ha successo se il
risultato è almeno A"; two throws for more than one RDC), then, from her next part, one
throw on the same column for each RDC jury-rigged ("è necessario un turno per ogni RDC"),
never after a hit at short range the turn before."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.core.events import EventLog
from rules.sca import ability as A
from rules.sca import wind as W
from rules.sca.state import ScaState, Ship


def lower(sail: str, grades: int) -> str:
    return W.SAILS[max(0, W.SAILS.index(sail) - grades)]  # type: ignore[arg-type]


def rigging_falls(state: ScaState, ship: Ship, log: EventLog) -> None:
    """A RDC lost with the option on: the rigging falls over the side (the last one leaves her
    dismasted, with nothing left to rig)."""
    if not state.options.jury_rigs or ship.fixed or ship.rigging_lost >= ship.rigging:
        return
    ship.wreck += 1
    # "la velocità è di due gradi inferiore alla velatura effettiva" for more than one RDC.
    ship.wreck_sail = lower(ship.sail if ship.wreck == 1 else ship.wreck_sail, 1)
    ship.cut = 0
    if not ship.wreck_side:
        off = (state.wind - ship.heading) % 16
        # The wind on her starboard side (1-7 points clockwise from the bow) lays it to port.
        ship.wreck_side = "port" if 0 < off < 8 else "starboard" if off > 8 else "?"
    if ship.wreck_side == "?":
        log.emit("rigging_overboard_any", ship=ship.name, sail=ship.wreck_sail)
    else:
        log.emit("rigging_overboard", ship=ship.name, side=ship.wreck_side, sail=ship.wreck_sail)


def settle(state: ScaState, roller: Roller) -> None:
    """"nel caso la nave sia parallela alla direzione del vento il lato è determinato in modo
    casuale": a die for each side still to be decided (1-3 port, 4-6 starboard)."""
    for ship in state.ships:
        if ship.wreck_side == "?":
            ship.wreck_side = "port" if roller.roll(6, f"wreckage side of {ship.id}") <= 3 else "starboard"
            roller.log.emit("wreckage_side", ship=ship.name, side=ship.wreck_side)


def fire_score(ship: Ship, side: str) -> int:
    score = ship.score or 3
    return max(3, score - 1) if ship.wreck_side == side else score


def speed_sail(ship: Ship) -> str:
    """The sail her speed counts: one grade lower for rigging over the side (v), never above easy
    sail once three RDCs are jury-rigged (vii)."""
    sail = ship.sail
    if ship.wreck and W.SAILS.index(sail) > W.SAILS.index(ship.wreck_sail):  # type: ignore[arg-type]
        sail = ship.wreck_sail
    if ship.jury_rigged >= EASY_ONLY and sail == "full":
        sail = "easy"
    return sail


# Optional rule 9 vii, "Velocità con RDC ripristinati": "Una nave che ha perso tre RDC, poi
# ripristinati, può navigare solo con vela di manovra — Easy Sail. Una nave che ha perso cinque RDC,
# poi ripristinati, si muove considerando la velocità solo del primo segmento, divisa in parti eguali
# nei due segmenti. Una nave che ha perso tutti gli RDC non può più muovere o manovrare ed è
# considerata alla deriva."
EASY_ONLY, FIRST_SEGMENT_ONLY = 3, 5


def can_make_sail(ship: Ship) -> bool:
    """Whether a sail order may raise her canvas: not past easy sail with three RDCs jury-rigged
    (with optional rule 5, not past its Easy Sail)."""
    if ship.jury_rigged < EASY_ONLY:
        return True
    if ship.canvas:
        from rules.sca import navigation as N
        return N.GRADE[N.step(ship.canvas, "up")] != "full"
    return ship.sail == "furled"


def speed_share(ship: Ship) -> float:
    """Five RDCs jury-rigged: "la velocità solo del primo segmento, divisa in parti eguali nei due
    segmenti" — a segment is half the turn's run here (optional rule 3's reading), so she runs half
    her speed, in one run or in two segments alike."""
    return 0.5 if ship.jury_rigged >= FIRST_SEGMENT_ONLY else 1.0


def dismasted(state: ScaState, ship: Ship, log: EventLog) -> None:
    """Every RDC lost, with the option on: she cannot move nor manoeuvre and counts adrift."""
    if state.options.jury_rigs and not ship.fixed and not ship.adrift:
        ship.adrift = True
        log.emit("dismasted_adrift", ship=ship.name)


def hit_at_short(state: ScaState, ship: Ship) -> bool:
    """"Non è possibile ripristinare un RDC se, nel turno precedente, la nave è stata colpita a
    corta gittata": since her own last part (the turn before, or this turn's earlier parts)."""
    return ship.short_hit_turn is not None and ship.short_hit_turn >= state.turn - 1


def work(state: ScaState, ship: Ship, log: EventLog) -> None:
    """One part's work on the wreckage, when ordered: cut it away, else jury-rig a RDC."""
    if not ship.wreck or not ship.afloat:
        return
    score = ship.score or 3
    if ship.wreck_side:
        if W.SAILS.index(ship.sail) > W.SAILS.index(ship.wreck_sail):  # type: ignore[arg-type]
            log.emit("wreck_sail_first", ship=ship.name, sail=ship.wreck_sail)
            return
        if not A.frees(score, "A"):
            log.emit("wreck_not_cut", ship=ship.name, score=score)
            return
        ship.cut += 1
        if ship.cut >= min(2, ship.wreck):
            ship.wreck_side, ship.cut = "", 0
            log.emit("wreck_cut", ship=ship.name, score=score)
        else:
            log.emit("wreck_cutting", ship=ship.name, score=score)
        return
    if hit_at_short(state, ship):
        log.emit("jury_blocked", ship=ship.name)
        return
    if not A.frees(score, "A"):
        log.emit("jury_failed", ship=ship.name, score=score)
        return
    ship.wreck -= 1
    ship.jury_rigged += 1
    if ship.jury_rigged in (EASY_ONLY, FIRST_SEGMENT_ONLY):
        log.emit("jury_easy_only" if ship.jury_rigged == EASY_ONLY else "jury_half_speed", ship=ship.name,
                 n=ship.jury_rigged)
    if not ship.wreck:
        ship.wreck_sail = ""
    log.emit("jury_rigged", ship=ship.name, left=ship.wreck, score=score)


def work_all(state: ScaState, ships: list[Ship], given: dict[str, dict], log: EventLog) -> None:
    for ship in ships:
        if given[ship.id].get("jury") == "yes":
            work(state, ship, log)
