"""What a player sees of the table: the shared view contract plus what the SCA board
draws. Nothing in the state is hidden — written orders live in the pending decisions,
secret until the part resolves and ``orders`` reveals them — so every seat sees the
public view, marked with the viewer."""
from __future__ import annotations

from typing import Any

from rules.sca import wind as W
from rules.sca.orders import ordering
from rules.sca.sailing import hove_to, ship_speed
from rules.sca.scale import factor, scale_label, shown
from rules.sca.state import ScaState, Ship


def ship_view(state: ScaState, s: Ship) -> dict[str, Any]:
    o = state.options
    return {"id": s.id, "name": s.name, "side": s.side, "player": s.seat, "owner": s.owner or s.side,
            "status": "afloat" if s.afloat else s.status, "state": s.status,
            "x": shown(o, s.x), "y": shown(o, s.y), "heading": W.degrees(s.heading), "point": W.name(s.heading),
            "length": shown(o, s.length), "width": shown(o, s.width), "type": s.type, "rate": s.rate,
            "crew": s.crew, "bf": s.bf,
            "dc": s.dc, "sail": s.sail, "canvas": s.canvas or s.sail, "hull": sum(s.hull.values()), "hull_lost": sum(s.hull_lost.values()),
            "hull_sides": {k: s.hull[k] - s.hull_lost[k] for k in s.hull}, "rigging": s.rigging,
            "rigging_lost": s.rigging_lost, "fires": s.fires, "rudder": s.rudder, "tack": s.tack,
            # sails aback (taken aback, or a tack failed in its second turn): with optional rule 5 she drifts
            "aback": s.irons or s.pushed_back, "tack_barred": s.tack_barred >= state.turn,
            "contacts": [c.other for c in s.contacts],
            "entangled": [c.other for c in s.contacts if c.entangled], "hove_to": hove_to(s), "fixed": s.fixed,
            "fireship": s.fireship, "fireship_lit": s.fireship_lit, "morale_tests": s.morale_tests,
            "speed": shown(o, ship_speed(state, s)), "point_of_sail": W.point_of_sail(s.heading, state.wind),
            "trail": [[shown(o, c) for c in p] for p in s.trail], "wreck": s.wreck, "jury_rigged": s.jury_rigged,
            "adrift": s.adrift, "unloaded": sorted(s.unloaded),  # optional rule 6: broadsides still to reload
            "wreck_side": s.wreck_side if s.wreck_side in ("port", "starboard") else ""}


def view(state: ScaState, viewer: str | None) -> dict[str, Any]:
    to_act = [s.id for s in ordering(state)] if state.step == "orders" else []
    o = state.options
    return {"ruleset": "sca", "board": "open_table", "viewer": viewer, "title": state.title,
"scenario": state.scenario, "turn": state.turn, "turns_limit": state.turns,
            "step": state.step, "sides": list(state.sides), "acting": state.acting_side,
            "cards": state.options.card_turn,
            "wind": W.degrees(state.wind), "wind_point": W.name(state.wind), "strength": state.strength,
            "table": {"width": shown(o, state.table.width), "height": shown(o, state.table.height),
                      "land": [{"name": a.name, "points": [[shown(o, c) for c in p] for p in a.points]}
                               for a in state.table.land]},
            # the house rules' scale: every measure above is in millimetres of this scale
            "scale": scale_label(o), "mm_factor": factor(o),
            "ships": [ship_view(state, s) for s in state.ships], "to_act": to_act,
            "over": state.step == "over", "winner": state.winner, "scores": dict(state.scores)}
