"""Ramming (§11) and damage (§12).

Each ship rolls a die + its Size, +1 for the faster ship at that moment, -1 if rammed
while at zero speed, -2 if damaged, +1 for a reinforced prow when ramming. A lateral
or rear rammer that does not win suffers nothing; in a frontal ramming the winner
rolls for effect, and on a tie both do. Friendly ships that touch roll the same,
with -1 on the effect. A sinking ship 3 or more Sizes bigger than the one that sank
her may drag it down (1 on a die).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Roller
from rules.nauta.speeds import speed_now
from rules.nauta.state import NautaState, Ship
from rules.nauta.wrecks import damage, sink


@dataclass
class Side:
    ship: Ship
    speed: int
    rams: bool  # its prow does the ramming (lateral rammer, or either in a frontal)
    rammed: bool  # it is struck (the target of a lateral ramming, or either in a frontal)


def _modifiers(state: NautaState, me: Side, other: Side, friendly: bool) -> list[tuple[str, int]]:
    mods = [("size", me.ship.size)]
    if me.speed > other.speed:
        mods.append(("faster", 1))
    if me.rammed and me.speed == 0:
        mods.append(("rammed at zero speed", -1))
    if me.ship.damage:
        mods.append(("damaged", -2))
    # Nauta: "when ramming another ship"; Classis: "quando speronano una nave nemica".
    if me.ship.has("prow") and me.rams and not (friendly and state.rules.classis):
        mods.append(("reinforced prow", 1))
    return mods


def _roll(state: NautaState, roller: Roller, me: Side, other: Side, friendly: bool) -> int:
    die = roller.roll(6, "ramming", ship=me.ship.id)
    mods = _modifiers(state, me, other, friendly)
    total = die + sum(v for _, v in mods)
    roller.log.emit("ram_roll", ship=me.ship.id, name=me.ship.name, roll=die, mods=mods, total=total)
    return total


def effect_of(state: NautaState, value: int) -> str:
    """"none", "damaged" or "sunk" for an effect die (already modified)."""
    if state.rules.medieval:  # Classis §26: 1-2 nothing, 3-5 damaged, 6 sunk
        return "none" if value <= 2 else "damaged" if value <= 5 else "sunk"
    return "damaged" if value <= 3 else "sunk"


def _effect(state: NautaState, roller: Roller, by: Ship, on: Ship, friendly: bool) -> tuple[Ship, Ship, str]:
    die = roller.roll(6, "ramming effect", ship=by.id)
    value = die - (1 if friendly else 0)
    result = effect_of(state, value)
    roller.log.emit("ram_effect", ship=by.id, name=by.name, target=on.id, target_name=on.name,
                    roll=die, value=value, friendly=friendly, result=result)
    return by, on, result


def _apply(state: NautaState, roller: Roller, by: Ship, on: Ship, result: str) -> None:
    if result == "damaged":
        damage(state, roller, on, cause="ramming")
    elif result == "sunk":
        sink(state, roller, on, cause="ramming")
        if on.size - by.size >= 3 and by.afloat:
            # "if the sinking ship has a size of 3 or more than the size of the ramming
            # ship, roll another die; 1 = the ramming ship sinks too"
            if roller.roll(6, "dragged down", ship=by.id) == 1:
                sink(state, roller, by, cause="dragged down", by=on.id)


def ram(state: NautaState, roller: Roller, mover: Ship, target: Ship, rammer: str | None,
        mover_speed: int) -> None:
    """Resolve the contact of ``mover`` (running at ``mover_speed``) with ``target``;
    ``rammer`` is the id of the ship whose prow struck the other's flank, or None."""
    friendly = mover.side == target.side
    target_speed = speed_now(state, target)
    if target.written is not None and not target.moved:
        target.revealed = True  # the speed at that moment is compared openly
    a = Side(mover, mover_speed, rams=rammer in (None, mover.id), rammed=rammer in (None, target.id))
    b = Side(target, target_speed, rams=rammer in (None, target.id), rammed=rammer in (None, mover.id))
    roller.log.emit("ram", ship=mover.id, name=mover.name, target=target.id, target_name=target.name,
                    kind="frontal" if rammer is None else "lateral",
                    rammer=rammer, friendly=friendly, speed=mover_speed, target_speed=target_speed)
    ta = _roll(state, roller, a, b, friendly)
    tb = _roll(state, roller, b, a, friendly)
    # Both effect dice (on a tie) are thrown before either is applied: simultaneous.
    for by, on, result in _winner_effects(state, roller, a, ta, b, tb, rammer, friendly):
        if on.afloat:
            _apply(state, roller, by, on, result)


def _winner_effects(state: NautaState, roller: Roller, a: Side, ta: int, b: Side, tb: int,
                    rammer: str | None, friendly: bool) -> list[tuple[Ship, Ship, str]]:
    if rammer is not None:
        striker, struck, ts, tt = (a, b, ta, tb) if rammer == a.ship.id else (b, a, tb, ta)
        if ts > tt:
            return [_effect(state, roller, striker.ship, struck.ship, friendly)]
        roller.log.emit("ram_glances", ship=striker.ship.id, name=striker.ship.name)
        return []
    if ta > tb:
        return [_effect(state, roller, a.ship, b.ship, friendly)]
    if tb > ta:
        return [_effect(state, roller, b.ship, a.ship, friendly)]
    # A tie in a frontal ramming: both roll, both may damage or sink the other.
    return [_effect(state, roller, a.ship, b.ship, friendly), _effect(state, roller, b.ship, a.ship, friendly)]
