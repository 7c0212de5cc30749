"""The actions an active ship may take in a phase (*Azione*): the form offered, the
checks, the published default, and carrying an action out. Each action lives in its
own module and registers itself (see :mod:`rules.cannoni.orders`).
"""
from __future__ import annotations

from typing import Any

# Importing the action modules registers them, in the order the form lists them.
from rules.cannoni import manoeuvres  # noqa: F401,I001  (registration, in form order)
from rules.cannoni import gunnery  # noqa: F401,I001
from rules.cannoni import emergency  # noqa: F401,I001
from rules.cannoni import boarding  # noqa: F401,I001
from rules.cannoni import capture  # noqa: F401,I001
from rules.cannoni import crew  # noqa: F401,I001
from rules.cannoni import repairs
from rules.cannoni.gunnery import check_fire
from rules.cannoni.orders import REGISTRY
from rules.cannoni.sailing import speed_range
from rules.cannoni.state import CannoniState, ShipState
from rules.core.decisions import ActionSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking
from rules.core.texts import say

__all__ = ["action_specs", "check_action", "check_fire", "default_action", "execute"]

PASS = "pass"


def _pass(label: str = "cannoni.form.no-action") -> ActionSpec:
    return ActionSpec(action=PASS, label=say(label))


def action_specs(state: CannoniState, ship: ShipState, only: str | None = None,
                 checking: Checking | None = None) -> list[ActionSpec]:
    """The ship's legal actions; with ``only``, just that one if she may take it (fire
    options are costly). ``checking`` is the check of an order under way, if any."""
    if ship.sinking:
        return [_pass("cannoni.form.no-action-sinking")]
    if ship.gravely_damaged:
        # "La nave non può manovrare né compiere qualsiasi altra azione"
        return [_pass("cannoni.form.no-action-grave")]
    if not ship.on_table:
        specs = [s for a in REGISTRY.values() if a.off_table and (s := a.form(state, ship, checking)) is not None]
        return specs + [_pass()]
    if ship.must_move:
        obligatory = [s for a in REGISTRY.values() if a.obligatory and (s := a.form(state, ship, checking)) is not None]
        if obligatory:
            return obligatory  # "il primo movimento è obbligatorio"
    # Checking an order needs only its own action (a turn's form costs as much as a
    # move's, and accepting twenty orders a phase adds up).
    wanted = REGISTRY.values() if only is None else [REGISTRY[only]] if only in REGISTRY else []
    specs = []
    for action in wanted:
        # Obliged to move but unable to: the obligatory actions were all None above.
        if action.off_table or (action.obligatory and ship.must_move):
            continue
        spec = action.form(state, ship, checking)
        if spec is not None:
            specs.append(spec)
    if only is None or only == PASS:
        specs.append(_pass())
    return specs


def check_action(state: CannoniState, ship: ShipState, p: dict[str, Any],
                 checking: Checking | None = None) -> list[Problem]:
    action = REGISTRY.get(p["action"])
    return action.problems(state, ship, p, checking) if action is not None else []


def default_action(state: CannoniState, ship: ShipState) -> dict[str, Any]:
    """Published default: the obligatory move straight ahead at minimum speed, else nothing."""
    speeds = speed_range(state, ship)
    if ship.must_move and speeds is not None and not ship.sinking:
        return {"action": "move", "distance": speeds.min}
    return {"action": PASS}


def execute(state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
    # The form offered only moves while the obligation stood and a move was possible;
    # whatever the ship does now spends it. An action that makes her manoeuvrable
    # again (refloating, clearing a mast) sets it anew, so it is cleared first.
    ship.must_move = False
    repairs.note_action(state, roller, ship, p["action"])
    action = REGISTRY.get(p["action"])
    if action is None:
        roller.log.emit("no_action", ship=ship.id, name=ship.name)
    else:
        action.execute(state, roller, ship, p)
