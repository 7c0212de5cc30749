"""Small tables for Hearts of Oak's rule tests: ships placed by hand, forced dice."""
from __future__ import annotations

from rules.core.dice import ForcedDice, Roller
from rules.core.events import EventLog
from rules.core.ruleset import Seat
from rules.hoo.ruleset import HooRuleset
from rules.hoo.ships import card
from rules.hoo.state import HooState, Ship

RULES = HooRuleset()
SEATS = [Seat(id="pa", side="a"), Seat(id="pb", side="b")]


def ship(id: str, side: str = "a", q: int = 0, r: int = 0, facing: int = 0, cls: str = "74", **kw) -> Ship:
    return Ship(id=id, name=id.title(), side=side, seat=f"p{side}", card=cls, q=q, r=r, facing=facing,
                speed=kw.pop("speed", card(cls).sails[0]), **kw)


def table(*ships: Ship, wind: int = 0, step: str = "fire", order: list[str] | None = None) -> HooState:
    return HooState(seats=SEATS, sides=["a", "b"], ships=list(ships), wind=wind, step=step,
                    order=order if order is not None else [s.id for s in ships], active=0)


def roller(*values: int) -> Roller:
    return Roller(ForcedDice(list(values)), EventLog())


def kinds(r: Roller) -> list[str]:
    return [e.kind for e in r.log.events if e.kind != "roll"]


def event(r: Roller, kind: str) -> dict:
    return next(e.data for e in r.log.events if e.kind == kind)
