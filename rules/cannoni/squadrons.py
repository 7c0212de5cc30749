"""Squadrons in line ahead (*Squadre*, optional rule).

While in formation the commodore gives one chit and, each phase, one action for the
whole squadron, and fixes the order the ships carry it out; every crew gets +1 on its
manoeuvre tests. A squadron out of line at the start of a turn, or whose commodore
breaks it, acts ship by ship for the rest of the game.
"""
from __future__ import annotations

from typing import Any

from rules.cannoni import actions
from rules.core.tables import open_table as g
from rules.cannoni.fire import pose
from rules.cannoni.gunnery import valid_targets
from rules.cannoni.manoeuvres import card_problems
from rules.cannoni.state import CannoniState, ShipState, Squadron
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking
from rules.core.texts import say

HEADING_TOLERANCE = 1.0  # degrees: "con la prua rivolta nella stessa direzione"
ORDER_PARAM = ParamSpec(name="order", label=say("cannoni.form.ships-act"), choices=[
    Choice(value="ahead", label=say("cannoni.form.leader-first")),
    Choice(value="astern", label=say("cannoni.form.rear-first"))])


def active_squadrons(state: CannoniState) -> list[Squadron]:
    return [sq for sq in state.squadrons if not sq.broken] if state.options.squadrons else []


def squadron_of(state: CannoniState, ship_id: str) -> Squadron | None:
    return next((sq for sq in active_squadrons(state) if ship_id in sq.ships), None)


def members(state: CannoniState, sq: Squadron) -> list[ShipState]:
    return [state.ship(sid) for sid in sq.ships if state.ship(sid).in_play and not state.ship(sid).struck]


def in_line(ahead: ShipState, follower: ShipState) -> bool:
    """"una dietro l'altra, a non più di una basetta di distanza, con la prua rivolta
    nella stessa direzione ... il lato posteriore della basetta di ogni nave deve essere
    all'interno della striscia ottenuta prolungando i bordi laterali della basetta della
    nave che segue" """
    if abs(g.angle_diff(ahead.heading, follower.heading)) > HEADING_TOLERANCE:
        return False
    fx, fy = g.unit(follower.heading)
    rx, ry = fy, -fx  # to starboard
    half_w = follower.log.base_width / 2
    bow_ahead = follower.log.base_length / 2
    stern = g.stern_point(pose(ahead), ahead.log.base_length)
    sx, sy = stern[0] - follower.x, stern[1] - follower.y
    along, across = sx * fx + sy * fy, sx * rx + sy * ry
    gap = along - bow_ahead
    return abs(across) <= half_w + g.TOL and -g.TOL <= gap <= follower.log.base_length + g.TOL


def in_formation(state: CannoniState, sq: Squadron) -> bool:
    line = members(state, sq)
    if len(line) < 2 or any(not s.on_table or s.unmanoeuvrable or state.engaged(s.id) for s in line):
        return False
    return all(in_line(a, b) for a, b in zip(line, line[1:]))


def check_formations(state: CannoniState, roller: Roller) -> None:
    """At the start of a turn: a squadron out of line is broken for good."""
    for ship in state.ships:
        ship.in_formation = False
    for sq in active_squadrons(state):
        if not in_formation(state, sq):
            break_squadron(state, roller, sq, "out of line")
            continue
        for ship in members(state, sq):
            ship.in_formation = True


def break_squadron(state: CannoniState, roller: Roller, sq: Squadron, why: str) -> None:
    sq.broken = True
    for sid in sq.ships:
        state.ship(sid).in_formation = False
    roller.log.emit("formation_broken", squadron=sq.id, name=sq.name, why=why)


# -- the squadron's action: what every ship of it may do ------------------------------------

def _merge(params: list[ParamSpec]) -> ParamSpec | None:
    first = params[0]
    if first.kind == "number":
        lo = max(p.min or 0 for p in params)
        hi = min(p.max if p.max is not None else lo for p in params)
        return first.model_copy(update={"min": lo, "max": hi}) if lo <= hi + 1e-9 else None
    common = [c for c in first.choices if all(c.value in p.values() for p in params[1:])]
    return first.model_copy(update={"choices": common}) if common else None


def squadron_specs(state: CannoniState, sq: Squadron, only: str | None = None,
                   checking: Checking | None = None) -> list[ActionSpec]:
    """The actions open to every ship of the line, with the values all of them allow;
    a broadside is fired by each ship at her own nearest target."""
    per_ship = [{a.action: a for a in actions.action_specs(state, s, only, checking)} for s in members(state, sq)]
    out = []
    for name, spec in per_ship[0].items():
        if not all(name in specs for specs in per_ship[1:]):
            continue
        merged = []
        for param in spec.params:
            if name == "fire" and param.name == "target":
                continue
            m = _merge([specs[name].param(param.name) for specs in per_ship])
            if m is None:
                break
            merged.append(m)
        else:
            out.append(spec.model_copy(update={"params": merged + [ORDER_PARAM]}))
    if not any(a.action == "pass" for a in out):
        # One ship owes her first move while another cannot move (fouled in a
        # collision): the line has no common action but to wait.
        out.append(ActionSpec(action="pass", label=say("cannoni.form.no-action"), params=[ORDER_PARAM]))
    return out


def default_payload(state: CannoniState, sq: Squadron, checking: Checking | None = None) -> dict[str, Any]:
    specs = {a.action: a for a in squadron_specs(state, sq, None, checking)}
    move = specs.get("move")
    if move is not None and any(s.must_move for s in members(state, sq)):
        return {"action": "move", "distance": move.param("distance").min, "order": "ahead"}
    return {"action": "pass", "order": "ahead"}


def ship_payload(state: CannoniState, ship: ShipState, p: dict[str, Any]) -> dict[str, Any] | None:
    payload = {k: v for k, v in p.items() if k != "order"}
    if payload["action"] != "fire":
        return payload
    target = next((t for t in valid_targets(state, ship, payload["side"]).targets if payload["aim"] in t.aims), None)
    return None if target is None else {**payload, "target": target.ship}


def execute(state: CannoniState, roller: Roller, sq: Squadron, p: dict[str, Any]) -> None:
    line = [s for s in members(state, sq) if not s.acted]
    if p.get("order") == "astern":
        line.reverse()
    for ship in line:
        payload = ship_payload(state, ship, p)
        if payload is None:
            roller.log.emit("order_void", ship=ship.id, name=ship.name,
                            reason="no valid target for that broadside")
            payload = {"action": "pass"}
        actions.execute(state, roller, ship, payload)
        ship.acted = True


def check(state: CannoniState, sq: Squadron, p: dict[str, Any]) -> list[Problem]:
    """The card limits of a turn. Ships of a line follow one another into water the
    ship ahead is leaving, so a contact is met at sea, with its test, not refused here."""
    return card_problems(p) if p["action"] == "turn" else []
