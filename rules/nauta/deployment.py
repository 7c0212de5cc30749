"""Deployment (§7): where each fleet may be placed, and how.

Nauta: "within 15 cm (6") from their base edge"; Classis: "entro 1/4 della profondità
dell'area di gioco". Behind a screen both fleets are placed at once (written
secretly here); or a die decides which fleet is placed first (the loser of the roll
places first, the winner sees it); or, in Classis, one ship at a time, alternately.
A placed ship lies wholly in its zone, clear of the coast and of every other ship.
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon, box

from rules.core.tables.open_table import Pose, base_polygon
from rules.core.decisions import Choice, ParamSpec
from rules.core.dice import Roller
from rules.nauta import geometry as g
from rules.nauta.fleets import initiative_modifier
from rules.nauta.placement import base_of, land_polygons, set_pose
from rules.nauta.state import NautaState, Ship
from rules.core.texts import say

NAUTA_DEPTH = 7.5  # 15 cm in 2 cm segments
GRID = 0.5
HEADINGS = list(range(0, 360, 15))


def zone(state: NautaState, side: str) -> Polygon:
    w, h = state.table.width, state.table.height
    edge = state.fleet(side).edge
    across = h if edge in ("south", "north") else w
    depth = across / 4 if state.rules.classis else NAUTA_DEPTH
    depth = min(depth, across)
    return {"south": box(0, 0, w, depth), "north": box(0, h - depth, w, h),
            "west": box(0, 0, depth, h), "east": box(w - depth, 0, w, h)}[edge]


def _grid(lo: float, hi: float, first: float) -> list[float]:
    n = int((hi - lo) / GRID + 1e-9)
    values = [round(lo + GRID * k, 6) for k in range(n + 1)]
    return [first] + [v for v in values if abs(v - first) > 1e-9]


def pose_params(state: NautaState, ship: Ship, prefix: str = "") -> list[ParamSpec]:
    """x, y and heading of one ship, the scenario's place first."""
    minx, miny, maxx, maxy = zone(state, ship.side).bounds
    xs = _grid(minx + GRID, maxx - GRID, ship.x)
    ys = _grid(miny + GRID, maxy - GRID, ship.y)
    hs = [ship.heading] + [h for h in HEADINGS if abs(h - ship.heading) > 1e-9]
    code = "nauta.form.ship-pose" if prefix else "nauta.form.pose"
    return [
        ParamSpec(name=f"{prefix}x", label=say(code, name=ship.name, what=say("nauta.form.x")),
                  choices=[Choice(value=v, label=f"{v:g}") for v in xs]),
        ParamSpec(name=f"{prefix}y", label=say(code, name=ship.name, what=say("nauta.form.y")),
                  choices=[Choice(value=v, label=f"{v:g}") for v in ys]),
        ParamSpec(name=f"{prefix}heading", label=say(code, name=ship.name, what=say("nauta.form.heading")),
                  choices=[Choice(value=v, label=f"{v:g}") for v in hs]),
    ]


def placement_problem(state: NautaState, ship: Ship, pose: Pose,
                      placed: list[tuple[Ship, Polygon]]) -> tuple[str, dict[str, Any]] | None:
    poly = base_polygon(pose, ship.length, ship.width)
    if not zone(state, ship.side).buffer(1e-9).covers(poly):
        return "deploy-outside-zone", {"ship": ship.name}
    if any(g.touches(poly, land) for land in land_polygons(state)):
        return "deploy-on-land", {"ship": ship.name}
    others = [(s, base_of(s)) for s in state.ships if s.on_table and s.id != ship.id] + placed
    for other, other_poly in others:
        if other.id != ship.id and g.touches(poly, other_poly):
            return "deploy-touching", {"ship": ship.name, "other": other.name}
    return None


def place(state: NautaState, roller: Roller, ship: Ship, pose: Pose) -> None:
    set_pose(ship, pose)
    ship.status = "afloat"
    roller.log.emit("deployed", ship=ship.id, name=ship.name, x=ship.x, y=ship.y, heading=ship.heading)


def undeployed(state: NautaState, player: str) -> list[Ship]:
    return [s for s in state.ships if s.player == player and s.status == "undeployed"]


def roll_off(state: NautaState, roller: Roller, reason: str) -> str:
    """A die each side, modified by crew; re-rolled on a tie. Returns the winner."""
    while True:
        totals = {}
        for side in state.sides:
            die = roller.roll(6, reason, side=side)
            totals[side] = die + initiative_modifier(state.fleet(side).crew)
        roller.log.emit("roll_off", reason=reason, totals=totals)
        a, b = state.sides
        if totals[a] != totals[b]:
            return a if totals[a] > totals[b] else b
