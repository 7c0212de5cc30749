"""What a viewer may see of a Hearts of Oak state: the only exit for secrets.

Hidden: each ship's speed marker for this turn (3.2.1), from the moment it is set until
the ship's own phase reveals it; her own player sees it. Everything else on the table
is public, the card's boxes too.
"""
from __future__ import annotations

import random
from typing import Any

from rules.core.copying import clone_model
from rules.core.tables.hexmap import bearing
from rules.hoo.targets import fire_options
from rules.hoo.ships import card
from rules.hoo.state import HooState, Ship


def ship_view(state: HooState, ship: Ship, viewer: str | None) -> dict[str, Any]:
    c = card(ship.card)
    own = viewer is not None and viewer == ship.seat
    hidden = ship.marker is not None and not ship.revealed
    return {
        "id": ship.id, "name": ship.name, "side": ship.side, "player": ship.seat, "status": ship.status,
        "x": ship.q if ship.placed else None, "y": ship.r if ship.placed else None,
        "heading": bearing(ship.facing), "facing": ship.facing,
        "card": ship.card, "class": c.name, "kind": c.kind, "points": c.points,
        "speed": ship.speed, "max_speed": ship.max_speed, "guns": ship.guns, "crew": ship.crew,
        "hull": ship.current("hull"), "hull_boxes": c.hull, "yellow": c.yellow,
        "lost": dict(ship.lost), "tracks": {"sails": list(c.sails), "guns": list(c.guns), "crew": list(c.crew)},
        "marker_hidden": hidden and not own,
        "marker": ship.marker if own else None,
        "captured_by": ship.side if ship.taken_from is not None else None,
        "prize": ship.taken_from is not None, "grappled": ship.grappled, "leak": ship.leak,
        "aground": ship.aground, "wreck": ship.wreck, "in_irons": ship.irons_turn >= state.turn,
        "helm_dead": ship.no_turn_turn == state.turn, "dismasted": ship.dismasted,
    }


def view(state: HooState, viewer: str | None) -> dict[str, Any]:
    active = state.active_ship
    arcs: dict[str, list[str]] = {}
    if active is not None and state.step == "fire":
        opts = fire_options(state, active)
        arcs = {"port": opts.port, "starboard": opts.starboard}
    return {
        "ruleset": "hoo", "board": {"kind": "hex", "margin": 2, "hexes": [[h.q, h.r] for h in state.shoals]},
        "viewer": viewer, "shoals": [h.model_dump() for h in state.shoals],
        "title": state.title, "scenario": state.scenario, "turn": state.turn, "turns_limit": state.turns_limit,
        "step": state.step, "sides": list(state.sides), "wind": state.wind, "wind_from": bearing(state.wind),
        "ships": [ship_view(state, s, viewer) for s in state.ships if s.on_map or not s.placed],
        "gone": [{"id": s.id, "name": s.name, "side": s.side, "status": s.status,
                  "captured_by": s.side if s.taken_from is not None else None}
                 for s in state.ships if s.placed and not s.on_map],
        "shots": [shot.model_dump() for shot in state.shots],
        "to_place": list(state.to_place),
        "to_act": [active.id] if active is not None else [],
        "order": list(state.order), "active": state.active, "targets": arcs,
        "numbers": {side: list(ids) for side, ids in state.numbers.items()},
        "winner": state.winner, "over": state.step == "over", "scores": dict(state.scores),
        "why": state.over_reason,
    }


def perturb_secrets(state: HooState, rng: random.Random) -> HooState:
    out = clone_model(state)
    for ship in out.ships:
        if ship.marker is not None and not ship.revealed:
            ship.marker = rng.randint(0, max(0, ship.max_speed))
    return out
