"""Marking damage on the log-book (*Danni alle fiancate*, *Danni alla velatura*).

Hull boxes go to the side hit and, once that side is gone, to the other side; each
rigging hit goes to the nearest mast still standing. The last box of a mast means a
roll on the mast-fall table; the last hull box means the ship sinks in d10 turns.
"""
from __future__ import annotations

from rules.cannoni.dice import die, roll
from rules.cannoni.state import CannoniState, DamageItem, ShipState, opposite
from rules.core.dice import Roller


def mast_fall(state: CannoniState, roller: Roller, ship: ShipState, mast_name: str) -> str:
    value = roll(state, roller, "mast fall", ship=ship.id, mast=mast_name)
    # d10: 1-3 starboard, 4-7 into the sea, 8-10 port.
    where = "starboard" if value <= 3 else "sea" if value <= 7 else "port"
    return where


def strike_hull(state: CannoniState, roller: Roller, ship: ShipState, side: str, n: int) -> None:
    if n <= 0 or ship.hull_remaining <= 0:
        return
    left = ship.hull[side].strike(n)
    overflow = ship.hull[opposite(side)].strike(left) if left else 0
    roller.log.emit("hull_damage", ship=ship.id, name=ship.name, side=side, boxes=n - overflow,
                    remaining=ship.hull_remaining)
    if ship.hull_remaining <= 0 and not ship.sinking:
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
        if mast.down:
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


def set_fire(roller: Roller, ship: ShipState, cause: str) -> None:
    if not ship.fire:
        ship.fire = True
        ship.fire_first_try = None
        roller.log.emit("fire_breaks_out", ship=ship.id, name=ship.name, cause=cause)


def apply(state: CannoniState, roller: Roller, item: DamageItem) -> None:
    ship = state.ship(item.target)
    if not ship.on_table:
        return
    if item.kind == "hull":
        strike_hull(state, roller, ship, item.side or "starboard", item.amount)
    elif item.kind == "rigging":
        preference = item.masts or [m.name for m in ship.masts]
        strike_rigging(state, roller, ship, preference, item.amount)
    elif item.kind == "crew":
        strike_crew(state, roller, ship, item.amount)
    elif item.kind == "fire":
        set_fire(roller, ship, item.cause)


def apply_pending(state: CannoniState, roller: Roller) -> None:
    items, state.pending_damage = state.pending_damage, []
    for item in items:
        apply(state, roller, item)


__all__ = ["apply", "apply_pending", "die", "mast_fall", "strike_hull", "strike_rigging", "strike_crew"]
