"""What a player sees of the table: the shared view contract plus what the SCA board
draws. Nothing in the state is hidden — written orders live in the pending decisions,
secret until the part resolves and ``orders`` reveals them — so every seat sees the
public view, marked with the viewer."""
from __future__ import annotations

from typing import Any

from rules.sca import wind as W
from rules.sca.orders import ordering
from rules.sca.sailing import hove_to, ship_speed
from rules.sca.state import ScaState, Ship


def ship_view(state: ScaState, s: Ship) -> dict[str, Any]:
    return {"id": s.id, "name": s.name, "side": s.side, "player": s.seat, "owner": s.owner or s.side,
            "status": "afloat" if s.afloat else s.status, "state": s.status,
            "x": round(s.x, 3), "y": round(s.y, 3), "heading": W.degrees(s.heading), "point": W.name(s.heading),
            "length": s.length, "width": s.width, "type": s.type, "rate": s.rate, "crew": s.crew, "bf": s.bf,
            "dc": s.dc, "sail": s.sail, "canvas": s.canvas or s.sail, "hull": sum(s.hull.values()), "hull_lost": sum(s.hull_lost.values()),
            "hull_sides": {k: s.hull[k] - s.hull_lost[k] for k in s.hull}, "rigging": s.rigging,
            "rigging_lost": s.rigging_lost, "fires": s.fires, "rudder": s.rudder, "tack": s.tack,
            "contacts": [c.other for c in s.contacts],
            "entangled": [c.other for c in s.contacts if c.entangled], "hove_to": hove_to(s), "fixed": s.fixed,
            "fireship": s.fireship, "fireship_lit": s.fireship_lit, "morale_tests": s.morale_tests,
            "speed": ship_speed(state, s), "point_of_sail": W.point_of_sail(s.heading, state.wind),
            "trail": [list(p) for p in s.trail], "wreck": s.wreck,
            "wreck_side": s.wreck_side if s.wreck_side in ("port", "starboard") else ""}


def view(state: ScaState, viewer: str | None) -> dict[str, Any]:
    to_act = [s.id for s in ordering(state)] if state.step == "orders" else []
    return {"ruleset": "sca", "board": "open_table", "viewer": viewer, "title": state.title,
"scenario": state.scenario, "turn": state.turn, "turns_limit": state.turns,
            "step": state.step, "sides": list(state.sides), "acting": state.acting_side,
            "cards": state.options.card_turn,
            "wind": W.degrees(state.wind), "wind_point": W.name(state.wind), "strength": state.strength,
            "table": {"width": state.table.width, "height": state.table.height,
                      "land": [{"name": a.name, "points": [list(p) for p in a.points]} for a in state.table.land]},
            "ships": [ship_view(state, s) for s in state.ships], "to_act": to_act,
            "over": state.step == "over", "winner": state.winner, "scores": dict(state.scores)}
