"""Small tables for the rulebook's examples: a few ships placed by hand, dice forced."""
from __future__ import annotations

from typing import Any

from rules.core import game, registry
from rules.core.decisions import Order
from rules.core.dice import ForcedDice
from rules.core.ruleset import Seat
from rules.sca.state import ScaOptions, ScaSetup

SEATS = [Seat(id="p1", side="british", name="Anne"), Seat(id="p2", side="french", name="Bob")]


def ship(id: str, side: str, x: float, y: float, heading: int, type: str = "36-40", crew: str = "average",
         sail: str = "easy", **kw: Any) -> dict[str, Any]:
    return {"id": id, "name": id.title(), "side": side, "type": type, "crew": crew, "x": x, "y": y,
            "heading": heading, "sail": sail, **kw}


def start(*ships: dict[str, Any], wind: int = 0, strength: str = "breeze", turns: int = 15, **options: Any):
    ruleset = registry.get_ruleset("sca")
    setup = ScaSetup(name="test", sides=["british", "french"], wind=wind, strength=strength, turns=turns,
                     table={"width": 3000, "height": 2000}, ships=list(ships))
    state, _ = game.start(ruleset, setup, ScaOptions(**options), SEATS, ForcedDice([]))
    return ruleset, state


def order(state, ship_id: str, **payload: Any) -> Order:
    s = state.ship(ship_id)
    full = {"action": "sail", "course": None, "sail": "hold", "fire": "none", "aim": "hull", "boarders": "no"}
    full.update(payload)
    if full["action"] == "sail" and full["course"] is None:
        from rules.sca.wind import name
        full["course"] = name(s.heading)
    if full["action"] == "tack":
        full = {k: full[k] for k in ("action", "fire", "aim")}
    if s.contacts and not s.melee and full["action"] == "sail":
        full.setdefault("cast_off", "no")
    if state.options.signals and s.flagship and full["action"] == "sail":
        full.setdefault("signal_course", "none")
        full.setdefault("signal_sail", "none")
    return Order(decision=f"t{state.turn}.{ship_id}", player=s.seat, payload=full)


def part(ruleset, state, orders: list[Order], dice: list[int]):
    """One player's part with these orders and dice (every die must be used)."""
    forced = ForcedDice(dice)
    accepted = []
    for o in orders:
        ok, problems = ruleset.accept(state, o)
        assert not problems, [p.message for p in problems]
        accepted.append(ok)
    state, step = game.resolve(ruleset, state, accepted, forced)
    assert forced.remaining == 0, f"{forced.remaining} dice unused"
    return state, step


def kinds(step) -> list[str]:
    return [e.kind for e in step.events if e.kind != "roll"]


def event(step, kind: str):
    return next(e for e in step.events if e.kind == kind)
