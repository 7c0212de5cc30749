"""When a galley with balistae or crossbowmen shoots: before her move or after it,
whichever finds an enemy within reach (balistae: 4 segments in the arc of 45° either
side of the bow; crossbows: 2 segments all round, base to base).
"""
from __future__ import annotations

from shapely.geometry import Point

from rules.ai.nauta.board import Board, Galley
from rules.ai.nauta.moves import Move
from rules.core.tables.open_table import Pose, base_polygon
from rules.nauta import geometry as g

BALISTAE_REACH = 4.0
CROSSBOW_REACH = 2.0


def armed(ship: Galley) -> str | None:
    if ship.has("balistae"):
        return "balistae"
    if ship.medieval and ship.soldiers > 0:
        return "crossbows"
    return None


def has_target(board: Board, ship: Galley, pose: Pose) -> bool:
    kind = armed(ship)
    mine = base_polygon(pose, ship.length, ship.width)
    for enemy in board.enemies():
        if kind == "crossbows" and mine.distance(enemy.poly) <= CROSSBOW_REACH:
            return True
        if kind == "balistae":
            arc = g.forward_arc(pose, ship.length, BALISTAE_REACH)
            if enemy.poly.intersects(arc) and Point(g.bow_point(pose, ship.length)).distance(enemy.poly) <= BALISTAE_REACH:
                return True
    return False


def shoot_choice(board: Board, ships: list[Galley], move: Move) -> str:
    shooters = [s for s in ships if armed(s)]
    if not shooters:
        return "no"
    lead = shooters[0]
    if has_target(board, lead, move.pose):
        return "after"
    if has_target(board, lead, lead.pose):
        return "before"
    return "after"
