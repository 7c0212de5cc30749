"""Whom the active ship may fire at (3.3), by broadside, and which struck enemies
alongside she may take or sink (3.6.1): what the fire step's form offers."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules.core.tables.hexmap import distance
from rules.hoo.gunnery import can_reach
from rules.hoo.state import HooState, Ship


@dataclass
class FireOptions:
    """Whom the active ship may fire at, by broadside, and which struck enemies
    alongside she may take or sink."""

    port: list[str] = field(default_factory=list)
    starboard: list[str] = field(default_factory=list)
    seize: list[str] = field(default_factory=list)

    @property
    def targets(self) -> list[str]:
        return self.port + [t for t in self.starboard if t not in self.port]

    @property
    def any(self) -> bool:
        return bool(self.port or self.starboard or self.seize)

    def broadside(self, target: str) -> str:
        return "port" if target in self.port else "starboard"


def fire_options(state: HooState, ship: Ship) -> FireOptions:
    out = FireOptions()
    if not ship.combatant or ship.grappled:
        return out
    blocked = state.occupied(exclude=ship.id)  # ships, wrecks and the coast hide what lies behind
    if not state.boarded and ship.guns > 0:
        for enemy in state.enemies(ship):
            # "Non è permesso fare fuoco contro navi agganciate tra loro."
            if not enemy.combatant or enemy.grappled:  # a prize is neither a target nor a threat
                continue
            sides = can_reach(ship.at, ship.facing, ship.guns, enemy.at, lambda h: h in blocked and h != enemy.at)
            for side in sides:
                getattr(out, side).append(enemy.id)
    out.seize = [e.id for e in state.enemies(ship)
                 if e.status == "struck" and distance(e.at, ship.at) == 1 and ship.crew > 0]
    return out


