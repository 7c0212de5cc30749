"""Standing orders and "same as last turn" in Cannoni's terms (see
:mod:`rules.core.standing`).

A captain may leave each of his ships a standing order, applied whenever she is active
in a phase and he gave her no order: hold her course (straight ahead as far as she may
sail), keep station (only the move she must make, then nothing), fire at the nearest
enemy when a broadside is loaded (loading an empty one otherwise), or do as she did in
the last phase. Orders may also be written for one phase still to come this turn. A
burning ship left to her standing orders takes her fire damage where the default puts it
(the hull side and mast with the most boxes left).

The chits of a turn may be placed as last turn, but only while that is legal: a chit is
not used again until all five have been spent ("una volta utilizzate tutte e cinque le
pedine, queste vengono rimesse a disposizione"), so last turn's chits can be repeated
only in the turn a ship's set comes back.
"""
from __future__ import annotations

import re
from typing import Any

from rules.cannoni.fire import fire_options
from rules.cannoni.gunnery import loadable, valid_targets
from rules.cannoni.sailing import speed_range
from rules.cannoni.sequence import chit_units, fire_damage_default
from rules.cannoni.state import SIDES, CannoniState, ShipState
from rules.core.decisions import Choice, Decision
from rules.core.standing import EVERY_PHASE, History, Standing, StandingKind, StandingOffer
from rules.core.texts import say

HOLD_COURSE, KEEP_STATION, FIRE_NEAREST, AS_LAST = "hold-course", "keep-station", "fire-nearest", "as-last"
KINDS = (HOLD_COURSE, KEEP_STATION, FIRE_NEAREST, AS_LAST)
PHASES = (5, 4, 3, 2, 1)
_ACTION_ID = re.compile(r"^t(\d+)\.p(\d)\.(.+)$")


def kinds() -> list[StandingKind]:
    return [StandingKind(kind=k, label=say(f"cannoni.standing.{k}"), help=say(f"cannoni.standing.{k}.help"))
            for k in KINDS]


def moment(turn: int, phase: int) -> str:
    return f"t{turn}.p{phase}"


def phases_to_come(state: CannoniState, ship: ShipState) -> list[int]:
    """The phases of this turn in which the ship may still be asked to act."""
    if state.step in ("wind_choice", "fire_damage", "chits"):
        top = ship.chit or 5
        return [p for p in PHASES if p <= top]
    if state.step == "action" and state.phase is not None and ship.chit is not None:
        return [p for p in PHASES if p <= min(ship.chit, state.phase)
                and not (p == state.phase and ship.acted)]
    return []


def offers(state: CannoniState, seat: str) -> list[StandingOffer]:
    out = []
    for ship in state.ships:
        if ship.player != seat or not ship.in_play or ship.struck:
            continue
        moments = [Choice(value=moment(state.turn, p), label=say("cannoni.standing.moment", turn=state.turn, phase=p))
                   for p in phases_to_come(state, ship)]
        out.append(StandingOffer(subject=ship.id, label=ship.name, kinds=kinds(), moments=moments))
    return out


def moment_of(state: CannoniState, decision: Decision) -> str | None:
    if decision.kind == "fire_damage":
        return EVERY_PHASE  # a ship left to her standing orders allocates fire damage the usual way
    if decision.kind != "action" or state.phase is None:
        return None
    return moment(state.turn, state.phase)


def payload(state: CannoniState, decision: Decision, standing: Standing, history: History) -> dict[str, Any] | None:
    if decision.subject != standing.subject:
        return None
    ship = state.ship(standing.subject)
    if decision.kind == "fire_damage":
        return fire_damage_default(ship)
    if decision.kind != "action":
        return None
    if standing.kind == HOLD_COURSE:
        speeds = speed_range(state, ship)
        return {"action": "move", "distance": speeds.max} if speeds is not None else None
    if standing.kind == KEEP_STATION:
        return _least(state, ship) if ship.must_move else {"action": "pass"}
    if standing.kind == FIRE_NEAREST:
        return _least(state, ship) if ship.must_move else _guns(state, ship)
    if standing.kind == AS_LAST:
        return last_action(ship.id, history)
    return None


def _least(state: CannoniState, ship: ShipState) -> dict[str, Any] | None:
    speeds = speed_range(state, ship)
    return {"action": "move", "distance": speeds.min} if speeds is not None else None


def _guns(state: CannoniState, ship: ShipState) -> dict[str, Any] | None:
    """Fire the loaded broadside whose target is nearest; else load the empty side that
    bears on an enemy (either, if none does); None when neither can be done."""
    shots = []
    for side in SIDES:
        if ship.loaded.get(side) is not None:
            for target in valid_targets(state, ship, side).targets:
                shots.append((target.distance, side, target))
    if shots:
        _distance, side, target = min(shots, key=lambda s: (s[0], s[1]))
        aim = "hull" if "hull" in target.aims else target.aims[0]
        return {"action": "fire", "side": side, "target": target.ship, "aim": aim}
    empty = [s for s in loadable(state, ship) if ship.loaded.get(s) is None]
    if not empty or ship.decimated:
        return None
    bearing = [s for s in empty if fire_options(state, ship, s).targets]
    return {"action": "load", "side": (bearing or empty)[0]}


def last_action(ship_id: str, history: History) -> dict[str, Any] | None:
    """The payload of the ship's newest action order, if any."""
    for order in history:
        match = _ACTION_ID.match(order.decision)
        if match and match[3] == ship_id:
            return dict(order.payload)
    return None


def repeat(state: CannoniState, decision: Decision, history: History) -> dict[str, Any] | None:
    """Last turn's chits for the same ships, when every one of them may be placed again."""
    if decision.kind != "chits" or state.chit_round:
        return None
    before = f"t{state.turn - 1}.chits.{decision.player}"
    last = next((o.payload for o in history if o.decision == before), None)
    if not last:
        return None
    chosen: dict[str, Any] = {"action": "chits"}
    for unit in chit_units(state):
        if unit.player != decision.player or unit.ships[0].chit is not None:
            continue
        chit = last.get(unit.id)
        if not isinstance(chit, int) or chit not in unit.ships[0].chits_available():
            return None
        chosen[unit.id] = chit
    return chosen if len(chosen) > 1 else None
