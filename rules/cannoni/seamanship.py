"""The manoeuvre test (*test di manovra*) and its general modifiers.

d10 + ability > 10, where the ability plus every modifier is held to 1..9: "ci deve
essere pur sempre una possibilità di fallire ed una di riuscire".
"""
from __future__ import annotations

from rules.cannoni.dice import roll
from rules.cannoni.state import CannoniState, ShipState
from rules.core.dice import Roller

Mods = list[tuple[str, int]]


def general_modifiers(ship: ShipState) -> Mods:
    mods: Mods = []
    if ship.decimated:
        mods.append(("crew decimated", -2))
    elif ship.crew.remaining * 2 <= ship.crew.boxes:
        mods.append(("crew at half or less", -1))
    if ship.hit_this_phase:
        mods.append(("hit this phase", -1))
    if ship.in_formation:
        mods.append(("ship in formation", +1))  # *Squadre*: "un bonus di +1"
    if ship.disordered:
        mods.append(("crew disordered", -2))  # *Equipaggio disordinato*
    if ship.captain_killed:
        mods.append(("captain killed", -2))  # *Danno critico* 3
    return mods


def effective_ability(ship: ShipState, specific: Mods) -> tuple[int, Mods]:
    mods = general_modifiers(ship) + [m for m in specific if m[1] != 0]
    raw = ship.log.manoeuvre + sum(v for _, v in mods)
    return max(1, min(9, raw)), mods


def manoeuvre_test(state: CannoniState, ship: ShipState, roller: Roller, purpose: str,
                   specific: Mods | None = None) -> bool:
    ability, mods = effective_ability(ship, specific or [])
    value = roll(state, roller, "manoeuvre test", ship=ship.id, purpose=purpose)
    passed = value + ability > 10
    roller.log.emit("test", ship=ship.id, name=ship.name, purpose=purpose, roll=value,
                    ability=ability, mods=[[k, v] for k, v in mods], passed=passed)
    return passed


def straight_inches_mod(ship: ShipState) -> int:
    """-1 per whole inch moved in a straight line this turn (collisions, grounding)."""
    return -int(ship.straight_this_turn + 1e-9)
