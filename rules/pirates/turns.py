"""The turn ("Turni"): the order of manoeuvre, one manoeuvre per object, every shot at
once, and the end of the turn (the fog, the "both stuck" clock, the end of the game)."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import crews as C
from rules.pirates import building, cargo, extra, fighting, firepot, keywords, fog, forts, marines, movement, shooting
from rules.pirates import permits
from rules.pirates import towing, treasure
from rules.pirates.catalogue import FIREPOT
from rules.pirates.damage import release, sink
from rules.pirates.legal import missing_guns  # noqa: F401  (read as turns.missing_guns)
from rules.pirates.initiative import manoeuvre_order, roll_initiative
from rules.pirates.movement import Plan
from rules.pirates.state import Fort, PiratesState, Ship, Slot

SCUTTLE = 5  # "tentando l'affondamento (5 o 6 sul dado)"


def may_act(ship: Ship) -> bool:
    """An object that can act: a ship afloat out of the fog, or a derelict that may try to
    scuttle herself."""
    return not ship.acted and ship.towed_by is None and (
        (ship.status == "afloat" and not ship.fog) or ship.status == "derelict")


def to_act(state: PiratesState, side: str) -> list[Ship]:
    return [s for s in state.ships if s.side == side and may_act(s)]


def forts_to_act(state: PiratesState, side: str) -> list[Fort]:
    return [f for f in state.forts if f.side == side and not f.acted]


def objects_to_act(state: PiratesState, side: str) -> list[str]:
    """The objects that can act: "nave che possa agire o forte che possa agire o marine
    che possa agire"."""
    return ([s.id for s in to_act(state, side)] + [f.id for f in forts_to_act(state, side)]
            + [m.id for m in marines.to_act(state, side)])


# -- the start of a turn -----------------------------------------------------------------

def start_turn(state: PiratesState, roller: Roller) -> None:
    for ship in state.ships:
        ship.moved = ship.firing = ship.acted = ship.shaken = ship.ghost = False
    for fort in state.forts:
        fort.acted = fort.firing = False
        fort.changed = []
    for crew in state.crews:
        crew.helped, crew.moved = None, False
    marines.new_turn(state)
    state.extras = []
    for t in state.treasures:
        t.moved = False
    roller.log.emit("turn", turn=state.turn)
    for ship in state.ships:
        if ship.fog and ship.status == "afloat":
            fog.leave_fog(state, ship, roller)
    for ship in state.ships:
        firepot.smoulder(state, ship, roller)
    counts = {side: len(objects_to_act(state, side)) for side in state.sides}
    playing = [side for side in state.sides if counts[side] > 0]
    if len(playing) < 2 and state.turn > 1 or not playing:
        finish(state, roller, "no-fleet")
        return
    state.initiative = roll_initiative(playing, roller)
    rising = sorted(playing, key=lambda s: state.initiative[s])
    state.order = [Slot(side=s, count=n) for s, n in manoeuvre_order([(s, counts[s]) for s in rising])]
    state.acts = 0
    state.step = "manoeuvre"
    roller.log.emit("order", sides=rising, slots=[[s.side, s.count] for s in state.order])


def tidy_order(state: PiratesState) -> None:
    """Slots of a player whose objects are all done (or lost) fall away."""
    left = {side: len(objects_to_act(state, side)) for side in state.sides}
    kept: list[Slot] = []
    for slot in state.order:
        n = min(slot.count, left[slot.side])
        if n > 0:
            kept.append(Slot(side=slot.side, count=n))
            left[slot.side] -= n
    state.order = kept


# -- one manoeuvre ----------------------------------------------------------------------

def plan_of(payload: dict) -> Plan:
    segments = []
    for k in (1, 2, 3):
        if f"go{k}" in payload or f"turn{k}" in payload:
            segments.append((int(payload.get(f"turn{k}", 0)), int(payload.get(f"go{k}", 0))))
    while segments and segments[-1] == (0, 0):
        segments.pop()
    return Plan(segments=segments, dock=payload.get("dock") == "yes", pivot=int(payload.get("pivot", 0) or 0),
                ghost=payload.get("ghost") == "yes")


def act(state: PiratesState, payload: dict, roller: Roller) -> None:
    if payload["action"] == "cargo":  # a free action too
        cargo.move(state, str(payload["side"]), str(payload["treasure"]), str(payload["to"]), roller)
        return
    if payload["action"] == permits.PERMIT:  # a free action too
        fort = state.find_fort(str(payload["fort"]))
        assert fort is not None
        permits.change(state, fort, str(payload["guest"]), payload.get("allow", permits.YES) != permits.NO, roller)
        return
    if payload["action"] == "embark":  # a free action: the same player is asked again
        crew = next(c for c in state.crews if c.id == payload["crew"])
        building.transfer(state, crew, str(payload["to"]), roller)
        return
    marine = state.find_marine(str(payload["ship"]))
    if marine is not None:  # "una manovra di movimento [...] o una manovra di sparare"
        marine.acted = True
        roller.log.emit("manoeuvre", ship=marine.id, action=payload["action"])
        if payload["action"] == marines.MARCH:
            marines.march(state, marine, _cell(str(payload["spot"])), roller)
        else:
            marine.firing = True
        _next(state, roller)
        return
    fort = state.find_fort(str(payload["ship"]))
    if fort is not None:  # a fort's one manoeuvre is to shoot
        fort.acted = fort.firing = True
        roller.log.emit("manoeuvre", ship=fort.id, action="fire", names=state.names(fort.id))
        _next(state, roller)
        return
    ship = state.ship(str(payload["ship"]))
    keywords.frighten(state, ship, roller)  # "All'inizio della prima manovra della nave nel turno"
    extra.declare(state, ship, payload, roller)  # "dichiarate immediatamente"
    ship.acted = True
    perform(state, ship, payload, roller)
    _next(state, roller)


def perform(state: PiratesState, ship: Ship, payload: dict, roller: Roller, *, extra_one: bool = False) -> None:
    """A ship's manoeuvre, her first of the turn or an extra one."""
    action = payload["action"]
    roller.log.emit("manoeuvre", ship=ship.id, action=action, **({"extra": True} if extra_one else {}))
    if action != "fire":
        ship.slowed = False  # fear: "per la sua prossima manovra non di sparare"
    if action == "move":
        tow = payload.get("tow")
        if tow == towing.NO and ship.towing:
            towing.cast_off(state, ship, roller)
        elif tow not in (None, towing.NO):
            towing.take(state, ship, str(tow), roller)
        result = movement.move(state, ship, plan_of(payload), roller)
        towing.follow(state, ship)
        towing.arrive(state, ship, roller)
        for other in state.ships:  # "Si disincastra quando la nave avversaria [...] si sposta"
            if other.stuck_to == ship.id and ship.moved:
                other.stuck_to, other.stuck_turns = None, 0
                roller.log.emit("unstuck", ship=other.id, other=ship.id)
        if result.rammed is not None:
            fighting.ram(state, ship, state.ship(result.rammed), roller)
            if payload.get("grapple", "yes") == "yes" and fighting.may_board(state, ship):
                roller.log.emit("free_boarding", ship=ship.id)
                fighting.board(state, ship, roller)
    elif action == "reverse":
        movement.reverse(state, ship, roller)
        towing.follow(state, ship)
    elif action == "fire":
        ship.firing = True
    elif action == "repair":
        gun = missing_guns(ship)[0]
        ship.guns.append(gun)
        roller.log.emit("repaired", ship=ship.id, left=len(ship.guns))
    elif action == "explore":
        treasure.explore(state, ship, roller)
    elif action == "board":
        fighting.board(state, ship, roller)
    elif action == "build":
        building.build(state, ship, str(payload["construct"]), roller)
    elif action == "fort":
        forts.build(state, ship, str(payload["fort"]), roller)
    elif action == "scuttle":
        die = roller.roll(6, f"scuttling {ship.id}", ship=ship.id)
        roller.log.emit("scuttle", ship=ship.id, die=die, sunk=die >= SCUTTLE)
        if die >= SCUTTLE:
            sink(state, ship, None, roller)
    if ship.status != "sunk":
        firepot.douse(state, ship, roller)
        treasure.bank(state, ship, roller)
        forts.bank_in_fort(state, ship, roller)


def _cell(value: str) -> tuple[int, int]:
    col, row = value.split(",")
    return int(col), int(row)


def _next(state: PiratesState, roller: Roller) -> None:
    state.acts += 1
    if state.order:
        state.order[0].count -= 1
    tidy_order(state)
    if not state.order:
        to_fire(state, roller)


# -- shooting and the end of the turn -------------------------------------------------------

def shooters(state: PiratesState) -> list[shooting.Shooter]:
    every: list[shooting.Shooter] = [*state.ships, *state.forts, *marines.landed(state)]
    return [s for s in every if shooting.can_fire(state, s)
            and any(shooting.reach(state, s, g) for g in shooting.guns_of(s))]


def to_fire(state: PiratesState, roller: Roller) -> None:
    if extra.begin(state, extra.BEFORE, roller):  # extra manoeuvres "prima degli spari"
        return
    if shooters(state):
        state.step = "fire"
        roller.log.emit("fire_phase", turn=state.turn)
    else:
        after_damage(state, roller)


def fire(state: PiratesState, aims: dict[str, list[str]], roller: Roller, broadsides: set[str] = frozenset(),
         firepots: dict[str, int] | None = None) -> None:
    for ship_id in firepots or {}:
        C.use(state, state.ship(ship_id), FIREPOT, roller)
    shooting.shoot(state, aims, roller, broadsides, firepots)
    after_damage(state, roller)


def after_damage(state: PiratesState, roller: Roller) -> None:
    if extra.begin(state, extra.AFTER, roller):  # extra manoeuvres "dopo aver subito i danni"
        return
    end_turn(state, roller)


def extra_done(state: PiratesState, when: str, roller: Roller) -> None:
    """One extra manoeuvre played: the next one, or the turn goes on where it stood."""
    (to_fire if when == extra.BEFORE else after_damage)(state, roller)


def end_turn(state: PiratesState, roller: Roller) -> None:
    if state.options.both_stuck:
        # counted at each turn's end, the ram's own included: free once three whole turns
        # have passed since it
        for ship in state.ships:
            if ship.stuck_to is not None:
                ship.stuck_turns += 1
        for ship in state.ships:
            other = state.find_ship(ship.stuck_to)
            if other is not None and ship.stuck_turns > fighting.STUCK_TURNS and other.stuck_to == ship.id:
                release(state, other, roller)
                roller.log.emit("unstuck", ship=ship.id, other=other.id)
    roller.log.emit("turn_end", turn=state.turn)
    if state.closing_in is None and treasure.all_safe(state):
        state.closing_in = 3  # "La partita finisce 3 turni dopo che tutti i tesori [...]"
        roller.log.emit("treasure_safe", turns=3)
    elif state.closing_in is not None:
        state.closing_in -= 1
    if state.closing_in == 0:
        finish(state, roller, "treasure")
        return
    if state.turn >= state.turns_limit:
        finish(state, roller, "turns")
        return
    state.turn += 1
    start_turn(state, roller)


def finish(state: PiratesState, roller: Roller, why: str) -> None:
    state.scores = treasure.scores(state)
    best = max(state.scores.values())
    leaders = [s for s, v in state.scores.items() if v == best]
    state.winner = leaders[0] if len(leaders) == 1 else None
    state.over = True
    state.step = "over"
    state.order = []
    for crew in state.crews:
        crew.revealed = crew.revealed or not crew.alive
    roller.log.emit("game_over", why=why, winner=state.winner, scores=dict(state.scores))

