"""Writing the speeds: each galley's speed is judged by the best move it allows, on
the table as it lies and on the table as the enemy is likely to row it (each enemy
straight on at her last speed); on the approach, lines of our galleys are written as
formations, so that they arrive together, sides covered by their neighbours.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from rules.ai.nauta.board import Board, Galley
from rules.ai.nauta.judge import Judge, Weights
from rules.ai.nauta.moves import moves_at
from rules.nauta import geometry as g
from rules.nauta.formations import LETTERS, MIN_GAP

# Wheels tried while choosing a speed (the move itself tries every 5 degrees).
PLANNING_STEP = 15
# A formation is kept only while every enemy is this much further than she and we
# could row in one turn together.
FORMATION_CLEAR = 4.0


def predicted(board: Board) -> Board:
    """The board as it would be had every enemy rowed first, straight on at her last
    speed (where that keeps her on the table): what her wake says she will do."""
    ships = []
    for ship in board.ships:
        if ship.side == board.enemy_side and ship.afloat and not ship.engaged_with:
            pose = g.run(ship.pose, abs(ship.last_speed), ship.last_speed < 0)
            inside = (ship.length / 2 < pose.x < board.width - ship.length / 2
                      and ship.length / 2 < pose.y < board.height - ship.length / 2)
            if not inside:
                pose = ship.pose
            ship = replace(ship, x=pose.x, y=pose.y, moved=True, written=ship.last_speed)
        ships.append(ship)
    return replace(board, ships=ships)


# How much the table as it lies counts against the table after the enemy has rowed.
AS_IT_LIES = 0.65


def speed_value(board: Board, ship_id: str, speed: int, weights: Weights, planning: bool = True) -> float:
    ship = board.by_id[ship_id]
    judge = Judge(board, weights, planning=planning)
    obstacles = board.obstacles(ship_id)
    return max((judge.move(ship, m) for m in moves_at(board, ship, speed, PLANNING_STEP, obstacles)),
               default=-math.inf)


def best_speeds(boards: list[Board], allowed: dict[str, list[int]], weights: Weights) -> dict[str, int]:
    """Each galley's speed: the best on average over the boards (the angle is chosen
    later, at her move, knowing more). Ties go to the faster speed: the faster ship
    has +1 in a ramming."""
    out: dict[str, int] = {}
    for ship_id, values in allowed.items():
        if not values:
            continue
        scored = []
        for v in values:
            if len(boards) == 1:
                mean = speed_value(boards[0], ship_id, v, weights)
            else:
                mean = (AS_IT_LIES * speed_value(boards[0], ship_id, v, weights)
                        + (1 - AS_IT_LIES) * speed_value(boards[1], ship_id, v, weights, planning=False))
            scored.append((mean + 0.01 * v, v))
        out[ship_id] = max(scored)[1]
    return out


def _far_from_enemies(board: Board, ship: Galley) -> bool:
    return all(math.hypot(e.x - ship.x, e.y - ship.y) > e.reach() + ship.reach() + FORMATION_CLEAR
               for e in board.enemies())


def _lines(board: Board, ships: list[Galley]) -> list[list[Galley]]:
    """Groups of our galleys on one heading, each within the formation's spacing of
    another member and at least a segment from every other (the rules' spacing)."""
    gap = float(board.rules.get("formation_max_gap", 2.0)) or math.inf
    groups: list[list[Galley]] = []
    left = sorted(ships, key=lambda s: (s.x, s.y))
    while left:
        group = [left.pop(0)]
        grown = True
        while grown:
            grown = False
            for ship in list(left):
                if abs(((ship.heading - group[0].heading + 180) % 360) - 180) > 1:
                    continue
                gaps = [board.gap(ship, member) for member in group]
                if min(gaps) <= gap and min(gaps) >= MIN_GAP + 1e-3:
                    group.append(ship)
                    left.remove(ship)
                    grown = True
        if len(group) >= 2:
            groups.append(group)
    return groups


def formations(board: Board, chosen: dict[str, int], allowed: dict[str, list[int]]) -> dict[str, Any]:
    """The speeds as written: galleys in line on the approach, out of every enemy's
    reach, go as one formation at the slowest of their chosen speeds."""
    payload: dict[str, Any] = dict(chosen)
    ready = [board.by_id[i] for i in chosen if board.by_id[i].afloat and _far_from_enemies(board, board.by_id[i])
             and chosen[i] > 0]
    letters = list(LETTERS[: len(allowed) // 2])
    for group in _lines(board, ready):
        if not letters:
            break
        speed = min(chosen[s.id] for s in group)
        if any(speed not in allowed[s.id] for s in group):
            continue
        letter = letters.pop(0)
        for ship in group:
            payload[ship.id] = letter
        payload[f"formation_{letter}"] = speed
    return payload
