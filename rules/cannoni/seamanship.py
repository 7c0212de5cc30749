"""The manoeuvre test (*test di manovra*) and its general modifiers.

d10 + ability > 10, where the ability plus every modifier is held to 1..9: "ci deve
essere pur sempre una possibilità di fallire ed una di riuscire".
"""
from __future__ import annotations

from rules.cannoni.dice import roll
from rules.cannoni.state import BatteryState, CannoniState, ShipState
from rules.core.dice import Roller

Mods = list[tuple[str, int]]


def crew_modifiers(unit: ShipState | BatteryState) -> Mods:
    """The modifiers of a ship's crew or a battery's gunners: losses, and a hit this
    phase (a battery tests "con gli stessi modificatori")."""
    mods: Mods = []
    if unit.decimated:
        mods.append(("crew decimated", -2))
    elif unit.crew.remaining * 2 <= unit.crew.boxes:
        mods.append(("crew at half or less", -1))
    if unit.hit_this_phase:
        mods.append(("hit this phase", -1))
    return mods


def general_modifiers(ship: ShipState) -> Mods:
    mods = crew_modifiers(ship)
    if ship.in_formation:
        mods.append(("ship in formation", +1))  # *Squadre*: "un bonus di +1"
    if ship.disordered:
        mods.append(("crew disordered", -2))  # *Equipaggio disordinato*
    if ship.captain_killed:
        mods.append(("captain killed", -2))  # *Danno critico* 3
    return mods


def held_ability(manoeuvre: int, general: Mods, specific: Mods) -> tuple[int, Mods]:
    """``manoeuvre`` plus the general modifiers and the specific ones that are not 0,
    held to 1..9; and the modifiers counted."""
    mods = general + [m for m in specific if m[1] != 0]
    return max(1, min(9, manoeuvre + sum(v for _, v in mods))), mods


def effective_ability(ship: ShipState, specific: Mods) -> tuple[int, Mods]:
    return held_ability(ship.log.manoeuvre, general_modifiers(ship), specific)


def roll_test(state: CannoniState, roller: Roller, unit: ShipState | BatteryState, purpose: str, ability: int,
              mods: Mods) -> bool:
    """Roll the test for a ship or a battery at ``ability`` and log it with its modifiers."""
    value = roll(state, roller, "manoeuvre test", ship=unit.id, purpose=purpose)
    passed = value + ability > 10
    roller.log.emit("test", ship=unit.id, name=unit.name, purpose=purpose, roll=value,
                    ability=ability, mods=[[k, v] for k, v in mods], passed=passed)
    return passed


def manoeuvre_test(state: CannoniState, ship: ShipState, roller: Roller, purpose: str,
                   specific: Mods | None = None) -> bool:
    ability, mods = effective_ability(ship, specific or [])
    return roll_test(state, roller, ship, purpose, ability, mods)


def straight_inches_mod(ship: ShipState) -> int:
    """-1 per whole inch moved in a straight line this turn (collisions, grounding)."""
    return -int(ship.straight_this_turn + 1e-9)


def first_try_turn(state: CannoniState, unit: ShipState | BatteryState, attr: str) -> int:
    """The turn of the unit's first attempt at a test it repeats until it succeeds,
    kept in its field ``attr`` (cleared by the caller on success) and noted now if
    this is that attempt: the play sheet's bonuses grow with the turns since."""
    first = getattr(unit, attr)
    if first is None:
        first = state.turn
        setattr(unit, attr, first)
    return first


def later_turn_bonus(state: CannoniState, unit: ShipState | BatteryState, attr: str) -> int:
    """+1 in the turns after the one of the first attempt (see :func:`first_try_turn`)."""
    return 1 if state.turn > first_try_turn(state, unit, attr) else 0
