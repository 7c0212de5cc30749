"""Placing the ships by hand (2.0), when the options ask for it: after the wind is set,
one ship at a time in the order of the set-up roll, at most one a hex, three empty hexes
(four hexes apart) between enemies, never on the coast. A place is two numbers (the
hex's q and r, within ``REACH`` of the centre of the sea: the forms need bounds, the sea
has none) and a facing; the scenario's place is the default when it is still legal."""
from __future__ import annotations

from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking, DecisionHandlers, StepHandlers
from rules.core.tables.hexmap import Hex, distance, within
from rules.core.texts import say
from rules.hoo import sequence
from rules.hoo.state import HooState, Ship
from rules.hoo.wording import PLACE_TAKEN, PLACE_TOO_NEAR

REACH = 10
MIN_GAP = 4


def why_not(state: HooState, ship: Ship, at: Hex) -> Problem | None:
    if at in state.occupied(exclude=ship.id) or state.shoal(at) == "land":
        return P.problem(PLACE_TAKEN, field="q", hex=f"{at.q},{at.r}")
    for other in state.ships:
        if other.side != ship.side and other.on_map and distance(other.at, at) < MIN_GAP:
            return P.problem(PLACE_TOO_NEAR, field="q", hex=f"{at.q},{at.r}", enemy=other.name,
                             hexes=distance(other.at, at))
    return None


def suggested(state: HooState, ship: Ship) -> Hex:
    """Her scenario place if still legal, else the nearest legal hex to it."""
    for h in within(ship.at, 2 * REACH):
        if max(abs(h.q), abs(h.r)) <= REACH and why_not(state, ship, h) is None:
            return h
    raise ValueError(f"no room to place {ship.id}")


def _pending(state: HooState) -> list[Decision]:
    if not state.to_place:
        return []
    ship = state.ship(state.to_place[0])
    return [Decision(id=f"place.{ship.id}", kind="place", player=ship.seat, subject=ship.id,
                     label=say("hoo.form.place-decision", ship=ship.name))]


def _spec(state: HooState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    ship = state.ship(decision.subject or "")
    h = suggested(state, ship)
    facings = [Choice(value=i, label=say(f"hoo.form.hexside.{i}")) for i in range(6)]
    return DecisionSpec(decision=decision, default={"action": "place", "q": h.q, "r": h.r, "facing": ship.facing},
                        default_text=say("hoo.default.place", hex=f"{h.q},{h.r}"),
                        actions=[ActionSpec(action="place", label=say("hoo.form.place"), params=[
                            ParamSpec(name="q", label="q", kind="number", min=-REACH, max=REACH, step=1,
                                      help=say("hoo.help.place")),
                            ParamSpec(name="r", label="r", kind="number", min=-REACH, max=REACH, step=1),
                            ParamSpec(name="facing", label=say("hoo.form.facing"), choices=facings)])])


def _check(state: HooState, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    found = why_not(state, state.ship(decision.subject or ""), Hex(int(payload["q"]), int(payload["r"])))
    return [found] if found else []


def _resolve(state: HooState, orders: dict[str, Order], roller: Roller) -> None:
    decision = _pending(state)[0]
    ship = state.ship(decision.subject or "")
    order = orders.get(decision.id)
    payload = order.payload if order else _spec(state, decision, None, None).default or {}
    ship.q, ship.r, ship.facing = int(payload["q"]), int(payload["r"]), int(payload["facing"])
    ship.placed = True
    state.to_place.pop(0)
    roller.log.emit("placed", ship=ship.id, name=ship.name, q=ship.q, r=ship.r, facing=ship.facing)
    if not state.to_place:
        sequence.new_turn(state, roller)


STEP = StepHandlers(_pending, {"place": DecisionHandlers(_spec, _check)}, _resolve)
