"""What each seat sees (``view``) and the proof that nothing hidden leaks
(``perturb_secrets``): face-down treasure values and face-down crews are secrets; a
treasure's value is shown to the sides that have looked at it, a crew to her own side."""
from __future__ import annotations

import random
from typing import Any

from rules.pirates.catalogue import CREWS, crew_type
from rules.pirates.state import PiratesState, Ship, Treasure
from rules.pirates.marines import landed
from rules.pirates.turns import objects_to_act


def _treasure(t: Treasure, side: str | None, over: bool) -> dict[str, Any]:
    shown = over or t.public or (side is not None and side in t.seen_by)
    out: dict[str, Any] = {"id": t.id, "value": t.value if shown else None}
    if t.need is not None:
        out["need"] = t.need
    return out


def _crew(state: PiratesState, ship_or_island: str, side: str | None) -> list[dict[str, Any]]:
    out = []
    for c in state.crew_on(ship_or_island):
        shown = c.revealed or state.over or c.side == side
        out.append({"id": c.id, "side": c.side, "revealed": c.revealed,
                    "key": c.key if shown else None, "name": crew_type(c.key).name if shown else None,
                    "ability": crew_type(c.key).ability if shown else None})
    return out


def _ship(state: PiratesState, s: Ship, side: str | None) -> dict[str, Any]:
    return {"id": s.id, "name": s.name, "side": s.side, "player": state.seat_of(s.side), "status": s.status,
            "x": s.col, "y": s.row, "heading": 45.0 * s.facing, "cells": 1 if s.towed_by else s.length,
            "key": s.key, "towing": s.towing, "towed_by": s.towed_by, "length": s.length,
            "points": s.points, "masts": s.masts, "masts_left": s.masts_left,
            "guns": [{"range": g.range, "score": g.score} for g in s.guns], "cargo": s.cargo, "speed": s.speed,
            "docked": s.docked, "stuck_to": s.stuck_to, "fog": s.fog, "becalmed": s.becalmed,
            "moved": s.moved, "firing": s.firing, "acted": s.acted,
            # open to all: fear's die, a ghost's passage and fires are seen across the water
            "shaken": s.shaken, "slowed": s.slowed, "ghost": s.ghost, "burning": s.burning,
            "hold": [_treasure(t, side, state.over) for t in state.treasure_at(s.id)],
            "crew": _crew(state, s.id, side)}


def view(state: PiratesState, viewer: str | None) -> dict[str, Any]:
    side = next((s.side for s in state.seats if s.id == viewer), None)
    acting = state.order[0].side if state.order and state.step == "manoeuvre" else None
    banked = {sd: sum(t.value for t in state.treasures if t.public and t.place == state.home(sd).id)
              + sum(t.value for f in state.forts if f.side == sd for t in state.treasure_at(f.id))
              for sd in state.sides}
    return {
        "ruleset": "pirates", "board": {"kind": "square", "cols": state.cols, "rows": state.rows},
        "viewer": viewer, "title": state.title, "scenario": state.scenario, "turn": state.turn,
        "turns_limit": state.turns_limit, "step": state.step, "sides": list(state.sides),
        "islands": [{"id": i.id, "name": i.name, "kind": i.kind, "side": i.side, "outline": i.outline,
                     "land": i.land, "coast": i.coast, "explored": i.explored,
                     "treasure": [_treasure(t, side, state.over) for t in state.treasure_at(i.id)],
                     "crew": _crew(state, i.id, side)} for i in state.islands],
        "zones": [{"id": z.id, "kind": z.kind, "outline": z.outline, "squares": z.squares, "die": z.die,
                   "treasure": [_treasure(t, side, state.over) for t in state.treasure_at(z.id)]}
                  for z in state.zones],
        "ships": [_ship(state, s, side) for s in state.ships if s.status != "sunk"],
        # Sunk ships leave the map; the summary still reads how they went (PublicView.gone).
        "gone": [{"id": s.id, "name": s.name, "side": s.side, "status": s.status}
                 for s in state.ships if s.status == "sunk"],
        "forts": [{"id": f.id, "name": f.name, "key": f.key, "side": f.side, "island": f.island, "value": f.value,
                   "squares": f.squares, "flags": f.flags, "guns": [{"range": g.range, "score": g.score} for g in f.guns],
                   "guests": list(f.guests),  # the fleets its owner lets use it: told to all
                   "treasure": [_treasure(t, side, state.over) for t in state.treasure_at(f.id)]}
                  for f in state.forts],
        # a landed marine stands face up on her square, in everyone's sight
        "marines": [{"id": m.id, "side": m.side, "island": m.place, "key": m.key,
                     "cell": list(m.cell),  # type: ignore[arg-type]
                     "acted": m.acted, "firing": m.firing, "hits": m.hits} for m in landed(state)],
        "acting": acting, "to_act": objects_to_act(state, acting) if acting else [],
        "order": [[s.side, s.count] for s in state.order],
        # declared at once, in the open: "vanno dichiarate immediatamente"
        "extras": [e.model_dump() for e in state.extras], "initiative": dict(state.initiative),
        "banked": banked, "closing_in": state.closing_in,
        "scores": dict(state.scores) if state.over else None, "winner": state.winner, "over": state.over,
    }


def perturb_secrets(state: PiratesState, rng: random.Random) -> PiratesState:
    """Every face-down value changed: treasure nobody has turned up, crews face down."""
    out = state.model_copy(deep=True)
    if out.over:
        return out
    for t in out.treasures:
        if not t.public:
            t.value = rng.choice([v for v in range(1, 8) if v != t.value])
    unnamed = [k for k, c in CREWS.items() if not c.named]
    for c in out.crews:
        if not c.revealed and c.alive:
            c.key = rng.choice([k for k in unnamed if k != c.key])
    return out
