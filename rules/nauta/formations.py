"""Formations (§9): ships written at one speed and moved as one.

"To be considered in formation, ships must maintain at least one segment of distance
from each other, and move by the same speed." The text gives no upper spacing;
Broadside keeps a formation together by chaining its ships, each within
``formation_max_gap`` segments of another member (0: no limit).
"""
from __future__ import annotations

from rules.nauta.placement import base_of
from rules.nauta.state import NautaState, Ship

MIN_GAP = 1.0  # segments
GAP_TOL = 1e-6
LETTERS = ("A", "B", "C", "D", "E", "F")


def letters_for(count: int) -> list[str]:
    """Formation letters a player with ``count`` movable ships may use."""
    return list(LETTERS[: count // 2])


def spacing_problem(state: NautaState, ships: list[Ship]) -> str | None:
    """"too-close", "too-far", or None when the ships may sail in formation now."""
    bases = [base_of(s) for s in ships]
    for i in range(len(bases)):
        for j in range(i + 1, len(bases)):
            if bases[i].distance(bases[j]) < MIN_GAP - GAP_TOL:
                return "too-close"
    reach = state.rules.formation_max_gap
    if reach <= 0 or len(ships) < 2:
        return None
    linked, frontier = {0}, [0]
    while frontier:
        i = frontier.pop()
        for j in range(len(bases)):
            if j not in linked and bases[i].distance(bases[j]) <= reach + GAP_TOL:
                linked.add(j)
                frontier.append(j)
    return None if len(linked) == len(bases) else "too-far"


def members(state: NautaState, player: str, letter: str) -> list[Ship]:
    return [s for s in state.ships if s.player == player and s.formation == letter and s.written is not None]


def ready_to_move(state: NautaState, ship: Ship) -> bool:
    """Not yet moved this turn and free to: afloat, not fighting aboard, not holding a prize."""
    return (ship.afloat and ship.written is not None and not ship.moved
            and not state.engaged(ship.id) and not holding(state, ship))


def holding(state: NautaState, ship: Ship) -> bool:
    """A captor stays a whole turn alongside her prize (§15)."""
    return ship.hold_until is not None and ship.hold_until >= state.turn


def intact(state: NautaState, ships: list[Ship]) -> bool:
    """A written formation still moves as one: every ship ready, none stopped by a
    contact, and the spacing kept."""
    if len(ships) < 2:
        return False
    if any(not ready_to_move(state, s) or s.stopped for s in ships):
        return False
    if len({s.written for s in ships}) != 1:
        return False
    return spacing_problem(state, ships) is None
