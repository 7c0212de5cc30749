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

from dataclasses import dataclass, field

from rules.core.events import EventLog
from rules.sca.collision_chains import carry, place, raft, swing, unit
from rules.sca.scale import told
from rules.sca import wind as W
from rules.sca import drift_rates as drift_table
from rules.sca.fleet import rank
from rules.sca.state import ScaState, Ship
from rules.sca.table_edge import keep_on_table

# "Velocità alla deriva": the drift table's "Drift" row (rules/sca/drift.py), both segments
# of a turn, by the wind's strength (optional rule 2's calm moves nothing; a storm drifts as
# a strong wind).
DRIFT = {strength: drift_table.mm(strength, "easy", "drift")
         for strength in ("light", "breeze", "strong", "calm", "storm")}


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


def after_contact(state: ScaState, mover: Ship, other: Ship, rest: float, log: EventLog, roller=None) -> bool:
    """The movement after the contact; True when the two are entangled (their contacts are marked
    so). The rammer's own placing against her victim, the ship pushed or dragged, and the mover
    following her, are stopped by a third ship or a coast in their way
    (:mod:`rules.sca.collision_chains`); a rammer stopped before her place pushes, slides and
    entangles nothing (the rest of her run is absorbed)."""
    way = direction(mover, other)
    before = {s.id: (s.x, s.y) for s in (mover, other)}
    entangled = way == "B" and not other.fixed
    target: tuple[float, float, int] | None = None
    slide = plan = 0.0
    if other.fixed:
        plan = 0.0  # a battery or a citadel does not move: the run ends at the contact
    elif way in ("A", "D"):
        plan = rest * push_share(mover, other)
    elif way in ("C", "C1"):
        target = square_up(mover, other, way)
        plan = rest * push_share(mover, other)
    elif way == "D1":
        target = bow_to_bow(mover, other)
        plan = rest / 2
    if entangled:
        target, slide, plan = slide_alongside(mover, other, rest)
    if target is not None and not place(state, mover, *target, log, roller, spared=(other.id,)):
        entangled, slide, plan = False, 0.0, 0.0
    log.emit("collision_way", ship=mover.name, other=other.name, way=way, mm=told(state.options, plan),
             entangled=entangled)
    if entangled:
        slid = carry(state, [mover], mover.heading, slide, log, roller, spared=(other.id,))
        mark_entangled(state, mover, other)
        if slid >= slide - 1e-6 and plan:
            carry(state, [mover, other], mover.heading, plan, log, roller)
    elif plan:
        carry(state, [mover, other], mover.heading, plan, log, roller)
    for s in (mover, other):
        if (s.x, s.y) != before[s.id]:
            s.trail = [(round(before[s.id][0], 1), round(before[s.id][1], 1)), (round(s.x, 1), round(s.y, 1))]
    return entangled


def mark_entangled(state: ScaState, mover: Ship, other: Ship) -> None:
    for s, o in ((mover, other), (other, mover)):
        for c in s.contacts:
            if c.other == o.id:
                c.entangled, c.turn, c.rammer = True, state.turn, s is mover


def square_up(mover: Ship, other: Ship, way: str) -> tuple[float, float, int]:
    """"Il vascello in movimento è ruotato e spostato fino a che la base è perfettamente
    perpendicolare alla base dell'altra nave e la prua allineata con il suo albero maestro."
    From her port side (C) she heads to starboard across her, from starboard (C1) to port.
    Returns her place: x, y, heading."""
    heading = (other.heading + (4 if way == "C" else -4)) % 16
    fx, fy = unit(heading)
    reach = (other.width + mover.length) / 2
    return other.x - fx * reach, other.y - fy * reach, heading


def bow_to_bow(mover: Ship, other: Ship) -> tuple[float, float, int]:
    """D1: "si allinea all'altra nave in modo che i lati di prua delle basi siano a contatto ed
    allineati". Returns her place: x, y, heading."""
    fx, fy = unit(other.heading)
    reach = (other.length + mover.length) / 2
    return other.x + fx * reach, other.y + fy * reach, (other.heading + 8) % 16


def slide_alongside(mover: Ship, other: Ship, rest: float) -> tuple[tuple[float, float, int], float, float]:
    """Direction B: "la nave che provoca la collisione scorre lungo il lato della base della nave
    ferma per metà del proprio restante movimento terminando allineata e con la stessa
    direzione ... Nel caso che, una volta allineate perfettamente le due basi, restasse ancora
    movimento, la nave che ha subito la collisione è trascinata avanti". "La stessa direzione"
    is the rammed ship's keel, the way nearer the mover's heading. The mover is laid alongside
    where she touched (level at most); returns that place (x, y, heading), the millimetres she then
    slides on, and those that drag both once level."""
    parallel = other.heading if abs(off_keel(mover, other)) <= 4 else (other.heading + 8) % 16
    ahead, across = frame(other, mover.x, mover.y)
    side = 1.0 if across >= 0 else -1.0
    along = ahead if parallel == other.heading else -ahead  # her place along the way she now runs
    start = min(0.0, along)
    slide = min(0.0, along + rest / 2) - start
    dragged = max(0.0, along + rest / 2) if not other.fixed else 0.0
    fx, fy = unit(other.heading)
    ahead = start if parallel == other.heading else -start
    gap = (other.width + mover.width) / 2
    return (other.x + fx * ahead + fy * side * gap, other.y + fy * ahead - fx * side * gap, parallel), slide, dragged


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


def drift_entangled(state: ScaState, ships: list[Ship], log: EventLog, roller=None) -> None:
    """Optional rule 7 v, note 19 (without optional rule 3's segments): "la nave del giocatore di
    turno ruota una quarta via dal vento trascinando l'altra con sé e poi muovono alla deriva fino
    a quando non riescono a liberarsi"; "Se la nave del giocatore di turno si trova con il vento in
    poppa o con il vento esattamente di prua non ruota. Entrambe sono comunque mosse simulando la
    deriva." Both furled: "Vascelli con le vele ammainate non si muovono". A third ship or a coast
    stops the swing (a point or nothing) and the drift (a collision of its own). Ships fouled
    together in threes or more (a chain) swing and drift once, with the first pair's ship."""
    done: set[str] = set()
    for ship, other in pairs(state, ships):
        if ship.id in done or other.id in done or not movable(ship, other):
            continue
        members = raft(state, [ship])
        done |= {s.id for s in members}
        mm = drift_mm(state, members)
        turn = W.away_from_wind(ship.heading, state.wind) if 0 < W.off_wind(ship.heading, state.wind) < 8 else 0
        swung = turn and swing_pair(state, ship, other, turn, log)
        if swung:
            log.emit("entangled_drift", ship=ship.name, other=other.name, heading=W.name(ship.heading),
                     mm=told(state.options, mm))
        else:
            log.emit("pair_drift", ship=ship.name, other=other.name, mm=told(state.options, mm))
        carry(state, members, (state.wind + 8) % 16, mm, log, roller)
        keep_on_table(state, members, log)


def movable(ship: Ship, other: Ship) -> bool:
    return ship.afloat and other.afloat and not ship.fixed and not other.fixed


def drift_mm(state: ScaState, members: list[Ship], share: float = 1.0) -> float:
    """The table's "Drift" row for the wind, none when every ship of them is furled."""
    return 0.0 if all(s.sail == "furled" for s in members) else DRIFT[state.strength] * share


def swing_pair(state: ScaState, turner: Ship, other: Ship, turn: int, log: EventLog) -> bool:
    """The turner swings a point, dragging the other round; True when she did."""
    blocker = swing(state, turner, turn)
    if blocker is None:
        return True
    heading = W.name((turner.heading + turn) % 16)
    if blocker == "land":
        log.emit("entangled_blocked_land", ship=turner.name, other=other.name, heading=heading)
    else:
        log.emit("entangled_blocked", ship=turner.name, other=other.name, heading=heading,
                 obstacle=blocker.name)  # type: ignore[attr-defined]
    return False


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


@dataclass
class PairRun:
    """An entangled raft's movement in one segment of optional rule 3, made 10 mm at a time among
    the segment's other movers (:func:`rules.sca.sailing.move_all`)."""

    members: list[Ship]
    heading: int
    left: float
    step_mm: float = 10.0
    gone: float = 0.0

    start: dict[str, tuple[float, float]] = field(default_factory=dict)

    def step(self, state: ScaState, log: EventLog, roller=None) -> list[Ship]:
        if not self.start:
            self.start = {s.id: (s.x, s.y) for s in self.members}
        asked = min(self.step_mm, self.left)
        went = carry(state, self.members, self.heading, asked, log, roller, so_far=self.gone)
        self.gone += went
        self.left -= asked
        if went < asked - 1e-6 or self.left <= 1e-9:
            self.left = 0.0
        keep_on_table(state, self.members, log)
        for s in self.members:  # one line on the map for the whole run
            (sx, sy) = self.start[s.id]
            if (s.x, s.y) != (sx, sy):
                s.trail = [(round(sx, 1), round(sy, 1)), (round(s.x, 1), round(s.y, 1))]
        return raft(state, self.members)


def pair_runs(state: ScaState, segment: int, log: EventLog) -> list[PairRun]:
    """Optional rule 7 v with optional rule 3, in the turn's first part: "Nel primo segmento del
    turno successivo al contatto la nave che è stata urtata deve ruotare una quarta via dal vento,
    trascinando l'altra con sé; successivamente deve spostarsi nella direzione attuale con la
    velocità determinata dalla velatura originale ... Nel secondo segmento del turno entrambe le
    navi devono andare alla deriva"; "Nel turno ancora successivo la nave che ha provocato la
    collisione è ruotata una quarta verso il vento ... Poi entrambe ... alla deriva in entrambi i
    segmenti"; "Nel terzo turno ... la nave che è stata urtata ruota di una quarta via dal vento ...
    E così via". The swing comes at the start of the first segment; the run (her sail's half, or
    half the drift) is made within each segment's movement, among the other ships."""
    from rules.sca.wreckage import speed_sail, speed_share
    runs: list[PairRun] = []
    done: set[str] = set()
    for ship, other in pairs(state, state.ships):
        if ship.id in done or other.id in done or not movable(ship, other):
            continue
        mine = next(c for c in ship.contacts if c.other == other.id)
        rammer, struck = (ship, other) if mine.rammer else (other, ship)
        since = state.turn - mine.turn
        if since <= 0:
            continue
        members = raft(state, [ship])
        done |= {s.id for s in members}
        downwind = (state.wind + 8) % 16
        if segment == 2:
            mm = drift_mm(state, members, 0.5)
            log.emit("pair_drift", ship=struck.name, other=rammer.name, mm=told(state.options, mm))
            runs.append(PairRun(members, downwind, mm))
            continue
        turner, partner = (rammer, struck) if since % 2 == 0 else (struck, rammer)
        turn = 0
        if 0 < W.off_wind(turner.heading, state.wind) < 8:
            away = W.away_from_wind(turner.heading, state.wind)
            turn = away if turner is struck else -away
        swung = turn and swing_pair(state, turner, partner, turn, log)
        if since == 1:
            mm = W.speed(state.strength, speed_sail(struck), struck.rigging_lost,  # type: ignore[arg-type]
                         struck.masts) * speed_share(struck) / 2
            log.emit("entangled_sail", ship=struck.name, other=rammer.name, heading=W.name(struck.heading),
                     mm=told(state.options, mm))
            runs.append(PairRun(members, struck.heading, mm))
            continue
        mm = drift_mm(state, members, 0.5)
        if swung:
            log.emit("entangled_drift", ship=turner.name, other=partner.name, heading=W.name(turner.heading),
                     mm=told(state.options, mm))
        else:
            log.emit("pair_drift", ship=turner.name, other=partner.name, mm=told(state.options, mm))
        runs.append(PairRun(members, downwind, mm))
    return runs
