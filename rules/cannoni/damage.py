"""Marking damage on the log-book (*Danni alle fiancate*, *Danni alla velatura*).

Hull boxes go to the side hit and, once that side is gone, to the other side; each
rigging hit goes to the nearest mast still standing. The last box of a mast means a
roll on the mast-fall table; the last hull box means the ship sinks in d10 turns
(with the optional capture rules: that she is gravely damaged and stays afloat).
A critical hit brings, with the optional rules, a roll for critical damage and the
crew's disorder.
"""
from __future__ import annotations

from rules.cannoni.capture import check_prisoners
from rules.cannoni.crew import disorder
from rules.cannoni.dice import die, roll
from rules.cannoni.repairs import rigging_damaged
from rules.cannoni.state import CannoniState, DamageItem, ShipState, opposite
from rules.core.dice import Roller


def mast_fall(state: CannoniState, roller: Roller, ship: ShipState, mast_name: str) -> str:
    value = roll(state, roller, "mast fall", ship=ship.id, mast=mast_name)
    if state.options.quick_play:
        # *Danni alla velatura in una partita rapida*: 1-2 starboard, 3-4 sea, 5-6 port.
        return "starboard" if value <= 2 else "sea" if value <= 4 else "port"
    # d10: 1-3 starboard, 4-7 into the sea, 8-10 port.
    return "starboard" if value <= 3 else "sea" if value <= 7 else "port"


def strike_hull(state: CannoniState, roller: Roller, ship: ShipState, side: str, n: int) -> None:
    if n <= 0 or ship.hull_remaining <= 0:
        return
    left = ship.hull[side].strike(n)
    overflow = ship.hull[opposite(side)].strike(left) if left else 0
    roller.log.emit("hull_damage", ship=ship.id, name=ship.name, side=side, boxes=n - overflow,
                    remaining=ship.hull_remaining)
    if ship.hull_remaining <= 0 and not ship.sinking and not ship.gravely_damaged:
        if state.options.optional_capture:
            # "Una nave che perde tutti i propri punti scafo è gravemente danneggiata, sul
            # punto di affondare": this rule replaces *Nave affondata*, so she stays afloat.
            ship.gravely_damaged = True
            roller.log.emit("gravely_damaged", ship=ship.id, name=ship.name)
        else:
            start_sinking(state, roller, ship)


def start_sinking(state: CannoniState, roller: Roller, ship: ShipState) -> None:
    turns = roll(state, roller, "sinking turns", ship=ship.id)
    # "il numero dei turni che la nave impiega ad affondare contati a partire
    # dall'attuale": the current turn is the first, so the last is turn + d10 - 1;
    # the ship is removed at step 3 of that turn, which for a 1 is the next turn's.
    ship.sinking_until = state.turn + max(turns - 1, 1)
    roller.log.emit("sinking", ship=ship.id, name=ship.name, turns=turns, removed_turn=ship.sinking_until)


def strike_rigging(state: CannoniState, roller: Roller, ship: ShipState, preference: list[str], n: int) -> None:
    for _ in range(n):
        standing = [m for name in preference for m in ship.masts if m.name == name and not m.down]
        if not standing:
            return
        mast = standing[0]
        mast.strike(1)
        roller.log.emit("rigging_damage", ship=ship.id, name=ship.name, mast=mast.name,
                        remaining=mast.remaining)
        rigging_damaged(state, roller, ship)
        if mast.down:
            disorder(state, roller, ship, "mast lost")
            mast.fell = mast_fall(state, roller, ship, mast.name)  # type: ignore[assignment]
            roller.log.emit("mast_down", ship=ship.id, name=ship.name, mast=mast.name, fell=mast.fell)
            if ship.sails == "full":
                ship.sails = "battle"  # "non può utilizzare le vele spiegate"
            if ship.dismasted:
                roller.log.emit("dismasted", ship=ship.id, name=ship.name)


def strike_crew(state: CannoniState, roller: Roller, ship: ShipState, n: int) -> None:
    if n <= 0 or ship.decimated:
        return
    ship.crew.strike(n)
    roller.log.emit("crew_loss", ship=ship.id, name=ship.name, boxes=n, remaining=ship.crew.remaining)
    if ship.decimated:
        roller.log.emit("decimated", ship=ship.id, name=ship.name)


def strike_prisoners(state: CannoniState, roller: Roller, ship: ShipState, n: int) -> None:
    """A critical hit's loss among the prisoners: "segnate una casella anche per i
    prigionieri"."""
    if ship.prisoners is None or ship.prisoners.remaining <= 0:
        return
    ship.prisoners.strike(n)
    roller.log.emit("prisoners_loss", ship=ship.id, name=ship.name, boxes=n, remaining=ship.prisoners.remaining)


CRITICAL_RESULTS = {1: "magazine", 2: "rudder", 3: "captain"}
NOT_ON_RIGGING_SHOTS = ("magazine", "rudder")


def critical_damage(state: CannoniState, roller: Roller, ship: ShipState, side: str, aim: str | None) -> None:
    """*Danno critico*: d10 plus "il numero di sezioni non ancora eliminate del bordo
    colpito" — sections of the side hit with a box still standing, a broken one
    included, counted once the critical hit's own damage is marked. 1 the magazine, 2
    the rudder (neither on a shot at the rigging), 3 the captain; anything else, no
    critical damage."""
    sections = ship.hull[side].sections_left
    value = roll(state, roller, "critical damage", ship=ship.id)
    total = value + sections
    result = CRITICAL_RESULTS.get(total, "none")
    if aim == "rigging" and result in NOT_ON_RIGGING_SHOTS:
        result = "none"
    roller.log.emit("critical_damage", ship=ship.id, name=ship.name, roll=value, sections=sections, total=total,
                    result=result, side=side)
    if result == "magazine":
        explode(state, roller, ship)
    elif result == "rudder":
        ship.rudder_lost = True  # "non può manovrare per tutto il resto della partita"
    elif result == "captain":
        ship.captain_killed = True  # "-2 per tutto il resto del gioco"


def explode(state: CannoniState, roller: Roller, ship: ShipState) -> None:
    """"La nave esplode ed è rimossa dal gioco": lost as if sunk."""
    remove_sunk(state, ship)
    roller.log.emit("exploded", ship=ship.id, name=ship.name)


def remove_sunk(state: CannoniState, ship: ShipState) -> None:
    """A ship gone down: whatever held her — grapples, a melee, fouled rigging — goes
    with her, and a ship so freed must move at her next action, as any ship that
    becomes manoeuvrable again."""
    ship.status = "sunk"
    ship.lost_turn = state.turn
    ship.sinking_until = None
    bound = {x for gr in state.grapples if ship.id in (gr.attacker, gr.defender) for x in (gr.attacker, gr.defender)}
    bound |= set(ship.fouled_with)
    state.grapples = [gr for gr in state.grapples if ship.id not in (gr.attacker, gr.defender)]
    for melee in list(state.melees):
        if ship.id in melee.attackers:
            melee.attackers.remove(ship.id)
        if melee.defender == ship.id or not melee.attackers:
            state.melees.remove(melee)
    ship.fouled_with = []
    for other in state.ships:
        if ship.id in other.fouled_with:
            other.fouled_with.remove(ship.id)
        if other.id in bound and other.id != ship.id and not other.unmanoeuvrable and not state.engaged(other.id):
            other.must_move = True


def set_fire(roller: Roller, ship: ShipState, cause: str) -> None:
    if not ship.fire:
        ship.fire = True
        ship.fire_first_try = None
        roller.log.emit("fire_breaks_out", ship=ship.id, name=ship.name, cause=cause)


def apply(state: CannoniState, roller: Roller, item: DamageItem) -> None:
    ship = state.ship(item.target)
    if not ship.on_table:
        return
    if item.kind == "hull" and ship.gravely_damaged and item.cause == "fire":
        # "se l'avversario tira allo scafo i danni sono attribuiti agli Effettivi"
        strike_crew(state, roller, ship, item.amount)
    elif item.kind == "hull":
        strike_hull(state, roller, ship, item.side or "starboard", item.amount)
    elif item.kind == "rigging":
        preference = item.masts or [m.name for m in ship.masts]
        strike_rigging(state, roller, ship, preference, item.amount)
    elif item.kind == "crew":
        strike_crew(state, roller, ship, item.amount)
    elif item.kind == "fire":
        set_fire(roller, ship, item.cause)
    elif item.kind == "prisoners":
        strike_prisoners(state, roller, ship, item.amount)
    elif item.kind == "critical":
        disorder(state, roller, ship, "critical hit")
        if state.options.critical_damage:
            critical_damage(state, roller, ship, item.side or "starboard", item.aim)


def apply_pending(state: CannoniState, roller: Roller) -> None:
    items, state.pending_damage = state.pending_damage, []
    for item in items:
        apply(state, roller, item)
    # "Se nel corso del gioco il rapporto scende sotto questa proporzione": gunfire that
    # thins a prize crew (or the prisoners) is checked once the phase's damage is in.
    for ship in state.ships:
        if ship.original is not None and ship.on_table:
            check_prisoners(state, roller, ship)


__all__ = ["apply", "apply_pending", "critical_damage", "die", "explode", "remove_sunk", "mast_fall", "strike_hull",
           "strike_rigging", "strike_crew", "strike_prisoners"]
