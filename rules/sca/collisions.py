"""Optional rule 7, collisions ("Regola opzionale 7: collisioni"), a switch (``collisions``).

"Se la nave in movimento urta seguendo la direzione A o C, relativamente al vascello
speronato, allora lo spinge nella direzione A o C1 rispettivamente. In tutti gli altri casi
il vascello che ha provocato la collisione scivolerà in modo da affiancare l'altra
imbarcazione e la trascinerà, impigliata, solo se il restante movimento lo porta a superarne
la base."

The figure of the directions is missing from the document; the reading (docs/rules/sca.md)
judges a contact by the two headings and where the mover's bow meets the rammed ship:

- A: on the same course (within a point), into her stern half: pushed ahead;
- C, C1: across her (three to five points off her keel), from port (C) or starboard (C1):
  the mover squared up, her bow on the rammed ship's mainmast, and both pushed across;
- D: seven points off, into her bow half: "Come per la direzione A";
- D1: exactly head on: the bows aligned, the rammed ship pushed back half the rest;
- B: every other contact: the mover slides alongside for half her rest and the two are
  entangled; what is left once they are aligned drags the other along.
"""
from __future__ import annotations

import math

from rules.core.events import EventLog
from rules.sca.scale import told
from rules.sca import wind as W
from rules.sca.fleet import rank
from rules.sca.state import ScaState, Ship
from rules.sca.table_edge import keep_on_table

# "Velocità alla deriva": the "Drift" row, both segments of a turn (light breeze 5 + -, strong
# wind 10 + 10; the moderate breeze's row is lost in the OCR: read as 5 + 5).
DRIFT = {"light": 5.0, "breeze": 10.0, "strong": 20.0,
         # optional rule 2's extremes: no wind moves nothing; a storm drifts as a strong wind
         "calm": 0.0, "storm": 20.0}


def unit(heading: int) -> tuple[float, float]:
    r = math.radians(W.degrees(heading))
    return math.sin(r), math.cos(r)


def frame(ship: Ship, x: float, y: float) -> tuple[float, float]:
    """A point in her frame: how far ahead of her centre, how far to starboard."""
    fx, fy = unit(ship.heading)
    dx, dy = x - ship.x, y - ship.y
    return dx * fx + dy * fy, dx * fy - dy * fx


def bow(ship: Ship) -> tuple[float, float]:
    fx, fy = unit(ship.heading)
    return ship.x + fx * ship.length / 2, ship.y + fy * ship.length / 2


def off_keel(mover: Ship, other: Ship) -> int:
    """The points between the two headings, signed (-7 .. 8)."""
    d = (mover.heading - other.heading) % 16
    return d - 16 if d > 8 else d


def direction(mover: Ship, other: Ship) -> str:
    d = abs(off_keel(mover, other))
    ahead, across = frame(other, *bow(mover))
    if d <= 1 and ahead < 0:
        return "A"
    if d == 8:
        return "D1"
    if d == 7 and ahead > 0:
        return "D"
    if 3 <= d <= 5:
        return "C" if across < 0 else "C1"
    return "B"


def push_share(mover: Ship, other: Ship) -> float:
    """"spinge l'altra avanti ... di un quarto del restante movimento, a meno che: la nave che
    ha provocato la collisione è almeno di due classi più grande dell'altra, in tal caso la
    spinge di metà del restante movimento; oppure è di due classi più piccola, allora il
    restante movimento è assorbito dalla collisione". A first rate is the largest class."""
    gap = rank(other) - rank(mover)
    return 0.5 if gap >= 2 else 0.0 if gap <= -2 else 0.25


def shift(ships: list[Ship], heading: int, mm: float) -> None:
    fx, fy = unit(heading)
    for s in ships:
        s.x, s.y = s.x + fx * mm, s.y + fy * mm


def after_contact(state: ScaState, mover: Ship, other: Ship, rest: float, log: EventLog) -> bool:
    """The movement after the contact; True when the two are entangled."""
    way = direction(mover, other)
    before = {s.id: (s.x, s.y) for s in (mover, other)}
    entangled = False
    if other.fixed:
        pushed = 0.0  # a battery or a citadel does not move: the run ends at the contact
    elif way in ("A", "D"):
        pushed = rest * push_share(mover, other)
        shift([mover, other], mover.heading, pushed)
    elif way in ("C", "C1"):
        square_up(mover, other, way)
        pushed = rest * push_share(mover, other)
        shift([mover, other], mover.heading, pushed)
    elif way == "D1":
        # "si allinea all'altra nave in modo che i lati di prua delle basi siano a contatto ed
        # allineati e spinge l'altra nave per metà del restante movimento"
        mover.heading = (other.heading + 8) % 16
        fx, fy = unit(other.heading)
        reach = (other.length + mover.length) / 2
        mover.x, mover.y = other.x + fx * reach, other.y + fy * reach
        pushed = rest / 2
        shift([mover, other], mover.heading, pushed)
    else:
        pushed = slide_alongside(mover, other, rest)
        entangled = True
    log.emit("collision_way", ship=mover.name, other=other.name, way=way, mm=told(state.options, pushed),
             entangled=entangled)
    for s in (mover, other):
        if (s.x, s.y) != before[s.id]:
            s.trail = [(round(before[s.id][0], 1), round(before[s.id][1], 1)), (round(s.x, 1), round(s.y, 1))]
    return entangled


def square_up(mover: Ship, other: Ship, way: str) -> None:
    """"Il vascello in movimento è ruotato e spostato fino a che la base è perfettamente
    perpendicolare alla base dell'altra nave e la prua allineata con il suo albero maestro."
    From her port side (C) she heads to starboard across her, from starboard (C1) to port."""
    mover.heading = (other.heading + (4 if way == "C" else -4)) % 16
    fx, fy = unit(mover.heading)
    reach = (other.width + mover.length) / 2
    mover.x, mover.y = other.x - fx * reach, other.y - fy * reach


def slide_alongside(mover: Ship, other: Ship, rest: float) -> float:
    """Direction B: "la nave che provoca la collisione scorre lungo il lato della base della nave
    ferma per metà del proprio restante movimento terminando allineata e con la stessa
    direzione ... Nel caso che, una volta allineate perfettamente le due basi, restasse ancora
    movimento, la nave che ha subito la collisione è trascinata avanti". "La stessa direzione"
    is the rammed ship's keel, the way nearer the mover's heading. Returns the mm dragged."""
    parallel = other.heading if abs(off_keel(mover, other)) <= 4 else (other.heading + 8) % 16
    ahead, across = frame(other, mover.x, mover.y)
    side = 1.0 if across >= 0 else -1.0
    along = ahead if parallel == other.heading else -ahead  # her place along the way she now runs
    along += rest / 2
    dragged = max(0.0, along)
    along = min(0.0, along)
    mover.heading = parallel
    fx, fy = unit(other.heading)
    ahead = along if parallel == other.heading else -along
    gap = (other.width + mover.width) / 2
    mover.x = other.x + fx * ahead + fy * side * gap
    mover.y = other.y + fy * ahead - fx * side * gap
    if dragged and not other.fixed:
        shift([mover, other], parallel, dragged)
    return dragged if not other.fixed else 0.0


def pairs(state: ScaState, ships: list[Ship]) -> list[tuple[Ship, Ship]]:
    """The entangled pairs with a ship of this part in them, each once."""
    seen: set[frozenset[str]] = set()
    found = []
    for ship in ships:
        for c in ship.contacts:
            if c.entangled and c.other != "land" and frozenset((ship.id, c.other)) not in seen:
                seen.add(frozenset((ship.id, c.other)))
                found.append((ship, state.ship(c.other)))
    return found


def drift_entangled(state: ScaState, ships: list[Ship], log: EventLog) -> None:
    """Optional rule 7 v, note 19 (without optional rule 3's segments, and here with them
    too): "la nave del giocatore di turno ruota una quarta via dal vento trascinando l'altra con
    sé e poi muovono alla deriva fino a quando non riescono a liberarsi"; "Se la nave del
    giocatore di turno si trova con il vento in poppa o con il vento esattamente di prua non
    ruota. Entrambe sono comunque mosse simulando la deriva." Both furled: "Vascelli con le
    vele ammainate non si muovono"."""
    for ship, other in pairs(state, ships):
        if not (ship.afloat and other.afloat) or ship.fixed or other.fixed:
            continue
        off = W.off_wind(ship.heading, state.wind)
        if 0 < off < 8:
            turn = W.away_from_wind(ship.heading, state.wind)
            pivot(ship, other, turn)
        mm = 0.0 if ship.sail == other.sail == "furled" else DRIFT[state.strength]
        if mm:
            shift([ship, other], (state.wind + 8) % 16, mm)
        log.emit("entangled_drift", ship=ship.name, other=other.name, heading=W.name(ship.heading), mm=told(state.options, mm))
        keep_on_table(state, [ship, other], log)


def pivot(ship: Ship, other: Ship, turn: int) -> None:
    """She turns a point about her centre, dragging the other round with her."""
    ahead, across = frame(ship, other.x, other.y)
    ship.heading = (ship.heading + turn) % 16
    other.heading = (other.heading + turn) % 16
    fx, fy = unit(ship.heading)
    other.x = ship.x + fx * ahead + fy * across
    other.y = ship.y + fy * ahead - fx * across


def tangled(ship: Ship) -> bool:
    return any(c.entangled for c in ship.contacts)


def tangle_target(state: ScaState, shooter: Ship, found: list, target):
    """Optional rule 7 vii: "Se un vascello amico è tra le navi impigliate questo riceve un terzo
    dei danni se si trova oltre la nave nemica, due terzi dei danni se invece è davanti
    all'avversario ... Se la nave amica copre oltre la metà della nave nemica il tiro è
    impossibile", judged as note 20 proposes: the friend nearer and in the same half of the
    sector as the enemy covers her (no shot); nearer in the other half, she takes 2/3; farther,
    1/3. Returns (the target, the friend, her share), or None when the shot is impossible."""
    ids = {c.other for c in target.ship.contacts if c.entangled}
    if not ids:
        return target, None, 0.0
    if target.ship.side == shooter.side:
        enemy = next((t for t in found if t.ship.id in ids and t.ship.side != shooter.side), None)
        if enemy is None:
            return target, None, 0.0
        if enemy.half == target.half:
            return None
        return enemy, target.ship, 2 / 3
    friend = next((state.ship(i) for i in sorted(ids) if state.ship(i).side == shooter.side
                   and state.ship(i).afloat), None)
    return target, friend, (1 / 3 if friend is not None else 0.0)


def drift_by_segments(state: ScaState, log: EventLog) -> None:
    """Optional rule 7 v with optional rule 3, once a turn (in its first part, before anyone runs):
    "Nel primo segmento del turno successivo al contatto la nave che è stata urtata deve ruotare una
    quarta via dal vento, trascinando l'altra con sé; successivamente deve spostarsi nella direzione
    attuale con la velocità determinata dalla velatura originale ... Nel secondo segmento del turno
    entrambe le navi devono andare alla deriva"; "Nel turno ancora successivo la nave che ha
    provocato la collisione è ruotata una quarta verso il vento ... Poi entrambe ... alla deriva in
    entrambi i segmenti"; "Nel terzo turno ... la nave che è stata urtata ruota di una quarta via dal
    vento ... E così via"."""
    from rules.sca.wreckage import speed_sail
    for ship, other in pairs(state, state.ships):
        if not (ship.afloat and other.afloat) or ship.fixed or other.fixed:
            continue
        mine = next(c for c in ship.contacts if c.other == other.id)
        rammer, struck = (ship, other) if mine.rammer else (other, ship)
        since = state.turn - mine.turn
        if since <= 0:
            continue
        turner = rammer if since % 2 == 0 else struck
        off = W.off_wind(turner.heading, state.wind)
        if 0 < off < 8:
            way = W.away_from_wind(turner.heading, state.wind)
            pivot(turner, rammer if turner is struck else struck, way if turner is struck else -way)
        sailed = 0.0
        if since == 1:
            sailed = W.speed(state.strength, speed_sail(struck), struck.rigging_lost, struck.masts) / 2  # type: ignore[arg-type]
            shift([ship, other], struck.heading, sailed)
        mm = 0.0 if ship.sail == other.sail == "furled" else DRIFT[state.strength] / (2 if since == 1 else 1)
        if mm:
            shift([ship, other], (state.wind + 8) % 16, mm)
        if sailed:
            log.emit("entangled_sail", ship=struck.name, other=rammer.name, heading=W.name(struck.heading),
                     mm=told(state.options, sailed))
        log.emit("entangled_drift", ship=turner.name, other=(other if turner is ship else ship).name,
                 heading=W.name(turner.heading), mm=told(state.options, mm))
        keep_on_table(state, [ship, other], log)
