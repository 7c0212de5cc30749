"""Boarding attempts (§13) and, before them, the pyrophoros (18 i / Classis 24).

Both players declare at once, in secret. A boarding declared by both ships of a pair
happens by itself; one declared by one side alone needs 4-6 on a die (+1 corvus,
+1 harpax in a frontal contact; medieval: it fails only on 1-2). Each ship makes one
attempt a turn, and a ship already fighting aboard cannot board another.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.nauta.state import Engagement, NautaState, Ship
from rules.nauta.wrecks import burn


def boardable(state: NautaState, ship: Ship) -> list[Ship]:
    """Enemies in contact that this ship may try to board, or [] if it may not board."""
    if not ship.afloat or state.engaged(ship.id):
        return []
    found = [state.ship(i) for i in state.touching(ship.id)]
    return [o for o in found if o.afloat and o.side != ship.side]


def fire_targets(state: NautaState, ship: Ship) -> list[Ship]:
    """Enemies this ship may try to set on fire: once a game, after ramming them this
    turn (Classis: only in a frontal contact), while still alongside."""
    if not (ship.afloat and ship.has("pyrophoros")) or ship.pyrophoros_used:
        return []
    out = []
    for other_id in ship.rams:
        contact = state.contact(ship.id, other_id)
        other = state.ship(other_id)
        if contact is None or not other.afloat:
            continue
        if state.rules.classis and contact.rammer is not None:
            continue
        out.append(other)
    return out


def fire(state: NautaState, roller: Roller, ship: Ship, target: Ship) -> None:
    ship.pyrophoros_used = True
    die = roller.roll(6, "pyrophoros", ship=ship.id)
    roller.log.emit("fire_attempt", ship=ship.id, name=ship.name, target=target.id,
                    target_name=target.name, roll=die, success=die >= 5)
    if die >= 5:
        burn(state, roller, target)


def _modifiers(state: NautaState, ship: Ship, target: Ship) -> list[tuple[str, int]]:
    mods = []
    if ship.has("corvus"):
        mods.append(("corvus", 1))
    contact = state.contact(ship.id, target.id)
    if ship.has("harpax") and contact is not None and contact.rammer is None:
        mods.append(("harpax", 1))
    return mods


def needed(state: NautaState) -> int:
    return 3 if state.rules.medieval else 4


def engage(state: NautaState, a: Ship, b: Ship) -> None:
    if not any(e.has(a.id) and e.has(b.id) for e in state.engagements):
        state.engagements.append(Engagement(a=a.id, b=b.id))


def attempt(state: NautaState, roller: Roller, ship: Ship, target: Ship, mutual: bool) -> None:
    if not (ship.afloat and target.afloat):
        return
    if mutual:
        roller.log.emit("boarding", ship=ship.id, name=ship.name, target=target.id,
                        target_name=target.name, mutual=True, success=True)
        engage(state, ship, target)
        return
    die = roller.roll(6, "boarding", ship=ship.id)
    mods = _modifiers(state, ship, target)
    total = die + sum(v for _, v in mods)
    success = total >= needed(state)
    roller.log.emit("boarding", ship=ship.id, name=ship.name, target=target.id, target_name=target.name,
                    mutual=False, roll=die, mods=mods, total=total, success=success)
    if success:
        engage(state, ship, target)


def resolve(state: NautaState, roller: Roller, declared: dict[str, str], fires: dict[str, str]) -> None:
    """``declared``: ship -> enemy it boards; ``fires``: ship -> enemy it sets alight."""
    for ship_id, target_id in fires.items():
        ship, target = state.ship(ship_id), state.ship(target_id)
        if ship.afloat and target.afloat:
            fire(state, roller, ship, target)
    done: set[tuple[str, str]] = set()
    for ship_id, target_id in declared.items():
        pair = tuple(sorted((ship_id, target_id)))
        if pair in done:
            continue
        mutual = declared.get(target_id) == ship_id
        done.add(pair)  # type: ignore[arg-type]
        attempt(state, roller, state.ship(ship_id), state.ship(target_id), mutual)
