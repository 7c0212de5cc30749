"""The wind (2.1): points of sail, what a turn costs, and the wind's shift (2.1.2).

The wind blows *from* a hex side ``wind``. A ship facing side ``f`` is, by how many
sides her bow lies off the wind's side: 0 head to wind (prua), 1 close-hauled
(bolina), 2 reaching (traverso: on a hex the wind cannot be abeam, so the quarter),
3 running (poppa). The four cost diagrams are lost from the text; their reading
(docs/rules/hoo.md): a turn costs 1 PM, and 1 PM more when it brings the bow nearer
the wind's side ("Virare controvento ... costa 1PM in più") — except from running,
where either turn only brings the wind on the quarter, as the worked example shows
(speed 3: two hexes ahead and a turn in the last one).
"""
from __future__ import annotations

from rules.core.tables.hexmap import SIDES, turn

HEAD, CLOSE, REACH, RUN = 0, 1, 2, 3
POINTS = {HEAD: "head", CLOSE: "close", REACH: "reach", RUN: "run"}


def point_of_sail(facing: int, wind: int) -> int:
    """How many sides the bow lies off the side the wind blows from (0-3)."""
    d = (facing - wind) % SIDES
    return min(d, SIDES - d)


def turn_cost(facing: int, steps: int, wind: int) -> int:
    """The PM one turn of one side (``steps`` +1 starboard, -1 port) costs."""
    before, after = point_of_sail(facing, wind), point_of_sail(turn(facing, steps), wind)
    if before == RUN:
        return 1
    return 2 if after < before else 1


def into_the_wind(facing: int, wind: int) -> int:
    """The turn (+1 or -1) that brings a ship's bow one side nearer the wind; running,
    either does (she turns to starboard); head to wind, none (0)."""
    d = (facing - wind) % SIDES
    if d == 0:
        return 0
    return -1 if d < 3 else 1  # 1-2 off to starboard come back to port; running (3) to starboard


def tiebreaks_for_change(ships: int) -> int:
    """The tie-break of a turn's initiative that shifts the wind (2.1.2): half the ships
    in play rounded down, at least the second."""
    return max(2, ships // 2)


def shifted(wind: int, roll: int) -> int:
    """The wind after a shift: one side clockwise on an even roll, anticlockwise on odd."""
    return turn(wind, 1 if roll % 2 == 0 else -1)
