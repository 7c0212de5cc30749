"""The step "extra": one decision at a time for the extra manoeuvre declared first (those
before the shots, then those after the damage), for the player of the ship that declared
it. Its form is the declared manoeuvre's, for that ship alone, or ``skip`` (also the
default when the deadline passes: an extra manoeuvre may be forgone)."""
from __future__ import annotations

from typing import Any

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Decision, DecisionSpec, Order, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking, DecisionHandlers, StepHandlers
from rules.core.texts import say
from rules.pirates import crews as C
from rules.pirates import extra, firepot, shooting, steps, turns
from rules.pirates.catalogue import FIREPOT
from rules.pirates.naming import ship_words
from rules.pirates.state import PiratesState

SKIP = "skip"


def pending(state: PiratesState) -> list[Decision]:
    now = extra.current(state)
    if now is None:
        return []
    ship = state.ship(now.ship)
    return [Decision(id=f"t{state.turn}.x.{ship.id}", kind="extra", player=state.seat_of(ship.side),
                     subject=ship.id, secret=now.action == "fire",
                     label=say("pirates.form.extra-act", ship=ship_words(ship), turn=state.turn,
                               action=say(f"pirates.form.extra-{now.action}")))]


def spec(state: PiratesState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    now = extra.current(state)
    assert now is not None
    ship = state.ship(now.ship)
    if now.action == "fire":
        params, _ = steps.gun_params(state, ship)
        action = ActionSpec(action="fire", label=say("pirates.form.hold"), params=params)
    else:
        action = steps.action_spec(state, now.action, [ship])
    skip = ActionSpec(action=SKIP, label=say("pirates.form.extra-skip"), params=[])
    actions = [a for a in (action, skip) if only is None or a.action == only]
    return DecisionSpec(decision=decision, actions=actions, default={"action": SKIP},
                        default_text=say("pirates.form.extra-skip"))


def check(state: PiratesState, decision: Decision, payload: dict[str, Any],
          checking: Checking | None) -> list[Problem]:
    now = extra.current(state)
    assert now is not None
    ship = state.ship(now.ship)
    action = payload.get("action")
    if action == SKIP:
        return []
    if action != now.action:
        return [P.problem("pirates-extra-declared", field="action", ship=ship_words(ship),
                          action=say(f"pirates.form.extra-{now.action}"))]
    if action == "fire":
        return steps.fire_check(state, decision, payload, checking)
    return steps.check_action(state, ship, str(action), payload)


def resolve(state: PiratesState, orders: dict[str, Order], roller: Roller) -> None:
    now = extra.current(state)
    if now is None:
        return
    ship = state.ship(now.ship)
    decision = pending(state)[0]
    order = orders.get(decision.id)
    payload: dict[str, Any] = dict(order.payload) if order is not None and order.payload else {"action": SKIP}
    state.extras.remove(now)
    if payload.get("action") == SKIP:
        roller.log.emit("extra_skipped", ship=ship.id, action=now.action)
    elif now.action == "fire":
        roller.log.emit("manoeuvre", ship=ship.id, action="fire", extra=True)
        salvo = {ship.id} if payload.get("salvo") == "yes" else set()
        pot = firepot.gun_of(payload)
        pots = {ship.id: pot} if pot is not None else {}
        if pots:
            C.use(state, ship, FIREPOT, roller)
        shooting.shoot(state, {ship.id: steps.aims_of(state, ship, payload)}, roller, salvo, pots)
    else:
        payload["ship"] = ship.id
        turns.perform(state, ship, payload, roller, extra_one=True)
    turns.extra_done(state, now.when, roller)


STEP = StepHandlers(pending, {"extra": DecisionHandlers(spec, check)}, resolve)
