"""Fire (3.3) as pure arithmetic and geometry, for the rules and the computer captains.

- Arcs (3.3.1): the hexes in the projection of the two hex sides of a broadside
  (rules.core.tables.hexmap.arc_hexes), no farther than her dice reach; ships in
  between block the shot (they are "ostacolo al tiro", 3.6.1).
- Dice: the card's XD6 less one per hex beyond the first (the figure: power 6 at four
  hexes throws 3D6).
- Raking (3.3.2): fire that comes in through the target's stern side adds all the
  dice, through her bow side half of them rounded up; the shooter must lie in that
  side's projection and in no broadside's (docs/rules/hoo.md).
- Aimed fire (3.3.4): half the dice rounded down are kept ("se ha 3D6 ne perde 2"),
  after the rake's bonus; crew only at contact, guns to two hexes, hull to three, sails
  beyond three.
- Hits (3.4): every 6, and every pair of 5s.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Literal

from rules.core.tables.hexmap import BOW, PORT, STARBOARD, STERN, Hex, distance, in_arc, line_of_sight, sides_towards

Broadside = Literal["port", "starboard"]
BROADSIDES: dict[str, tuple[int, ...]] = {"port": PORT, "starboard": STARBOARD}
AIMS = ("sails", "guns", "hull", "crew")


def range_dice(guns: int, hexes: int) -> int:
    """The dice a broadside of ``guns`` throws at ``hexes`` away (adjacent: 1)."""
    return max(0, guns - max(0, hexes - 1))


def reach(guns: int) -> int:
    """The farthest hex a broadside still throws a die at."""
    return guns


def rake(target: Hex, target_facing: int, shooter: Hex) -> str | None:
    """"stern" or "bow" when fire from ``shooter`` comes in through that side of the
    target, else None."""
    sides = sides_towards(target, target_facing, shooter)
    if sides == STERN:
        return "stern"
    if sides == BOW:
        return "bow"
    return None


def rake_bonus(dice: int, raked: str | None) -> int:
    if raked == "stern":
        return dice
    if raked == "bow":
        return math.ceil(dice / 2)
    return 0


def aimed(dice: int) -> int:
    """The dice kept by aimed fire."""
    return dice // 2


def aim_allowed(aim: str, hexes: int) -> bool:
    return {"crew": hexes <= 1, "guns": hexes <= 2, "hull": hexes <= 3, "sails": hexes > 3}[aim]


def fire_dice(guns: int, hexes: int, raked: str | None, aim: str | None = None) -> int:
    dice = range_dice(guns, hexes)
    dice += rake_bonus(dice, raked)
    return aimed(dice) if aim else dice


def broadside_of(shooter: Hex, facing: int, target: Hex) -> list[str]:
    """The broadsides whose arc holds ``target`` (a hex on a spine between bow and
    broadside lies in one; none astern or ahead)."""
    return [name for name, sides in BROADSIDES.items() if in_arc(shooter, facing, sides, target)]


def can_reach(shooter: Hex, facing: int, guns: int, target: Hex, blocks: Callable[[Hex], bool]) -> list[str]:
    """The broadsides that may fire at ``target``: in arc, in reach, a clear line."""
    d = distance(shooter, target)
    if guns <= 0 or range_dice(guns, d) <= 0:
        return []
    sides = broadside_of(shooter, facing, target)
    if sides and not line_of_sight(shooter, target, blocks):
        return []
    return sides


def hits(rolls: Iterable[int]) -> int:
    """Every 6 is a hit, and every pair of 5s ("ogni 6 o doppio 5")."""
    rolls = list(rolls)
    return rolls.count(6) + rolls.count(5) // 2


def location(roll: int, grappled: bool = False) -> str:
    """Where a hit lands (3.4): sails 1-2, guns 3, hull 4-5, crew 6; between grappled
    ships (3.5) guns 1-2, hull 3-4, crew 5-6."""
    if grappled:
        return ("guns", "guns", "hull", "hull", "crew", "crew")[roll - 1]
    return ("sails", "sails", "guns", "hull", "hull", "crew")[roll - 1]
