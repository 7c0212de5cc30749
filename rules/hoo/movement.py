"""Movement (3.2): a course is a string of steps, ``F`` into the hex ahead, ``L`` a
turn of one side to port, ``R`` one to starboard, each paid in PM (1 a hex, the
turns by rules.hoo.wind). Pure: it works on places and facings, so the computer
captains plot courses with it from what their view shows.

What a course may do:
- at most one turn in each hex entered or started in; a frigate two, both the same
  way ("non una verso sinistra ed una verso destra");
- never enter a hex that holds a ship (at most one a hex, 2.0), nor sail ahead head to
  wind; a turn that brings the bow head to wind ends the move at once (2.1);
- spend every PM ("ogni nave deve spendere tutti i PM"): when no course can, because
  ships or the wind hem her in, the courses that spend the most.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rules.core.tables.hexmap import Hex, ahead, turn
from rules.hoo.wind import HEAD, point_of_sail, turn_cost

STEPS = ("F", "L", "R")


class IllegalCourse(ValueError):
    def __init__(self, why: str, at: int) -> None:
        super().__init__(f"{why} at step {at + 1}")
        self.why = why  # a key: occupied, head-to-wind, turns, helm, cost, after-irons
        self.at = at


@dataclass(frozen=True)
class Sailed:
    """Where a course ends and what it cost."""

    at: Hex
    facing: int
    cost: int
    path: tuple[Hex, ...]  # the hexes entered
    trail: tuple[tuple[Hex, int, int], ...]  # her place, facing and PM spent after each step
    turned: bool
    in_irons: bool  # the last turn brought her head to wind


def sail(start: Hex, facing: int, course: str, wind: int, pm: int, frigate: bool = False,
         occupied: Callable[[Hex], bool] = lambda h: False, can_turn: bool = True) -> Sailed:
    """The course sailed, or IllegalCourse saying why not."""
    at, cost, path, trail = start, 0, [], []
    turns_here: list[int] = []
    turned = irons = False
    for i, step in enumerate(course):
        if irons:
            raise IllegalCourse("after-irons", i)
        if step == "F":
            if point_of_sail(facing, wind) == HEAD:
                raise IllegalCourse("head-to-wind", i)
            nxt = ahead(at, facing)
            if occupied(nxt):
                raise IllegalCourse("occupied", i)
            at, cost, turns_here = nxt, cost + 1, []
            path.append(at)
        elif step in ("L", "R"):
            way = 1 if step == "R" else -1
            if not can_turn:
                raise IllegalCourse("helm", i)
            limit = 2 if frigate else 1
            if len(turns_here) >= limit or (turns_here and turns_here[0] != way):
                raise IllegalCourse("turns", i)
            cost += turn_cost(facing, way, wind)
            facing = turn(facing, way)
            turns_here.append(way)
            turned = True
            irons = point_of_sail(facing, wind) == HEAD
        else:
            raise IllegalCourse("step", i)
        if cost > pm:
            raise IllegalCourse("cost", i)
        trail.append((at, facing, cost))
    return Sailed(at, facing, cost, tuple(path), tuple(trail), turned, irons)


def courses(start: Hex, facing: int, wind: int, pm: int, frigate: bool = False,
            occupied: Callable[[Hex], bool] = lambda h: False, can_turn: bool = True) -> dict[str, Sailed]:
    """Every legal course that spends all ``pm`` (or ends head to wind); when there is
    none, those that spend the most. The empty course is ``""``."""
    found: dict[str, Sailed] = {}

    def grow(course: str) -> None:
        try:
            done = sail(start, facing, course, wind, pm, frigate, occupied, can_turn)
        except IllegalCourse:
            return
        found[course] = done
        if done.in_irons or done.cost >= pm:
            return
        for step in STEPS:
            grow(course + step)

    grow("")
    complete = {c: s for c, s in found.items() if s.cost == pm or s.in_irons}
    if complete:
        return complete
    best = max(s.cost for s in found.values())
    return {c: s for c, s in found.items() if s.cost == best}
