"""Where a move order would take a ship, drawn before it is sent.

The path is the one the engine would sail: the card's curve, the stop head to wind,
and the first contact with a ship, the coast or the table edge — where the move would
stop for its test. Nothing is thrown, so the test's outcome is not shown. The facts
come with their words (``said``, a text of Cannoni's catalogue), which the bot shows
under the picture without knowing what they mean.
"""
from __future__ import annotations

from typing import Any

from rules.cannoni import cards
from rules.core.tables import courses
from rules.cannoni import movement
from rules.cannoni.fire import pose
from rules.cannoni.manoeuvres import plan_of
from rules.cannoni.sequence import actions_pending
from rules.cannoni.state import CannoniState
from rules.cannoni.view import view
from rules.cannoni.wording import TEXTS
from rules.core.copying import clone_model
from rules.core.decisions import Order
from rules.core.texts import Text, say

MOVES = ("move", "turn")


def preview_move(state: CannoniState, order: Order) -> dict[str, Any] | None:
    if state.step != "action":
        return None  # only a ship's action moves her
    decision = next((d for d in actions_pending(state) if d.id == order.decision), None)
    if decision is None or decision.kind != "action" or order.payload.get("action") not in MOVES:
        return None
    copy = clone_model(state)
    ship = copy.ship(decision.subject or "")
    plan = plan_of(copy, ship, order.payload)
    found = movement.first_exact_contact(copy, ship, plan)
    travel = found[1] if found is not None else plan.distance
    start = pose(ship)
    end = cards.pose_at(start, ship.log.base_length, plan.template, plan.direction, plan.curve, travel)
    sailed = [(q.x, q.y) for i, q in enumerate(plan.poses) if courses.travelled(plan.poses, i) < travel]
    ship.trail = sailed + [(end.x, end.y)]
    ship.x, ship.y, ship.heading = round(end.x, 6), round(end.y, 6), round(end.heading, 6)
    data = view(copy, None)
    stopped = None if found is None else found[0].kind
    data["preview"] = {"ship": ship.id, "distance": round(travel, 2), "stopped_by": stopped,
                       "head_to_wind": plan.head_to_wind,
                       "said": said(round(travel, 2), stopped).model_dump(mode="json")}
    return data


def said(distance: float, stopped_by: str | None) -> Text:
    """What the move would cover and what would stop it, in words."""
    stop = f"cannoni.preview.stop.{stopped_by or 'none'}"
    inches = str(int(distance)) if float(distance).is_integer() else f"{distance:g}"
    return say("cannoni.preview.sailed", distance=inches, stop=say(stop) if stop in TEXTS else "")
