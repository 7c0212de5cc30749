"""Crews ("L'equipaggio"): face down until an ability is used, then face up until killed.

"Un equipaggio che sbarca da una nave dove ha già contribuito alla manovra, non può più
contribuire alla manovra su altre navi per quel turno": a crew remembers the ship she
helped this turn (``helped``) and helps no other.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates.catalogue import BOSUN, DOCTOR, GUNNER, HELMSMAN, crew_type
from rules.pirates.state import Crew, PiratesState, Ship

__all__ = ["BOSUN", "DOCTOR", "GUNNER", "HELMSMAN", "aboard", "aboard_with", "use"]


def aboard(state: PiratesState, ship: Ship) -> list[Crew]:
    return state.crew_on(ship.id)


def nation(crew: Crew) -> str:
    """"Su una nave può salire equipaggio di qualunque tipo, ma solo quello della medesima
    nazionalità sarà in grado di agire": a fleet is one nation here, and a crew keeps the
    fleet she came into play with, also once captured with a ship brought home in tow."""
    return crew.born or crew.side


def aboard_with(state: PiratesState, ship: Ship, ability: str) -> Crew | None:
    """A crew aboard with ``ability`` who may help this ship this turn (none while fear
    holds her)."""
    if ship.shaken:
        return None
    for crew in aboard(state, ship):
        if crew.side == ship.side and nation(crew) == ship.side and crew_type(crew.key).ability == ability \
                and crew.helped in (None, ship.id):
            return crew
    return None


def use(state: PiratesState, ship: Ship, ability: str, roller: Roller) -> Crew | None:
    """The ability is used: its crew turns face up and has helped this ship."""
    crew = aboard_with(state, ship, ability)
    if crew is None:
        return None
    crew.helped = ship.id
    if not crew.revealed:
        crew.revealed = True
    roller.log.emit("crew_used", crew=crew.id, key=crew.key, ship=ship.id, ability=ability)
    return crew

