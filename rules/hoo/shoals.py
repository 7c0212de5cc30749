"""Obstacles to navigation (4.0): sandbars, reefs and the coast.

- A sandbar (4.1) stops a ship that strikes it, costs her 1D6 sail boxes and leaves her
  aground in the hex. Frigates clear it and sail on; flagships (ammiraglie) always
  stick; a ship of the line rolls 1D6 and sticks on an even roll (4.1.1).
- Aground (4.1.2), a ship neither moves nor turns; at the start of her phase she rolls
  1D6 plus her sails' value, and more than 5 floats her off at speed 1.
- A reef (4.2) does not stop her but costs 1D6 hull boxes; a frigate rolls 1D6 and an
  even roll spares her (the second "4.1.1"). A ship sunk on a reef stays there, barring
  the hex to every other ship.
- The coast is land: no ship enters it, and it hides what lies behind.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.hoo import damage
from rules.hoo.state import HooState, Ship

FLOAT_OFF = 5


def strikes_sandbar(ship: Ship, roller: Roller) -> bool:
    if ship.kind == "fregata":
        return False
    if ship.kind == "ammiraglia":
        return True
    return roller.roll(6, f"sandbar under {ship.id}", ship=ship.id) % 2 == 0


def run_aground(state: HooState, ship: Ship, roller: Roller) -> None:
    ship.aground = True
    ship.speed = 0
    lost = roller.roll(6, f"sandbar damage to {ship.id}", ship=ship.id)
    roller.log.emit("aground", ship=ship.id, name=ship.name, q=ship.q, r=ship.r)
    damage.strike_home(state, ship, {"sails": lost}, roller, criticals=False, cause="sandbar")


def over_reef(state: HooState, ship: Ship, roller: Roller) -> None:
    if ship.kind == "fregata" and roller.roll(6, f"reef under {ship.id}", ship=ship.id) % 2 == 0:
        roller.log.emit("reef_cleared", ship=ship.id, name=ship.name)
        return
    lost = roller.roll(6, f"reef damage to {ship.id}", ship=ship.id)
    roller.log.emit("reef", ship=ship.id, name=ship.name, q=ship.q, r=ship.r)
    damage.strike_home(state, ship, {"hull": lost}, roller, criticals=False, cause="reef")
    if ship.status == "sunk":
        ship.wreck = True


def try_float_off(ship: Ship, roller: Roller) -> bool:
    die = roller.roll(6, f"floating off {ship.id}", ship=ship.id)
    total = die + ship.max_speed
    free = total > FLOAT_OFF
    roller.log.emit("float_off", ship=ship.id, name=ship.name, die=die, total=total, free=free)
    if free:
        ship.aground = False
        ship.speed = min(1, ship.max_speed)
    return free
