"""Small builders for the rulebook-example tests (tests/cannoni/test_rules_*.py).

Every example starts from a table laid out by hand: catalogue ships at given poses,
a given wind, the game put straight into the step or the action phase the rule is
about. Dice are always forced (``ForcedDice``) and every forced die must be used:
a rule that throws one die more or less than the rulebook says fails the example.

Frame (docs/rules/cannoni-geometry.md): inches, x east, y north, headings in compass
degrees (0 = north, 90 = east); the wind is the point of the 16-point rose it blows
FROM (0 = N, 4 = E, 8 = S, 12 = W).
"""
from __future__ import annotations

from typing import Any, Iterable

from rules.cannoni import sequence
from rules.cannoni.options import CannoniOptions
from rules.cannoni.ruleset import CannoniRuleset
from rules.cannoni.setup import CannoniSetup, ShipSetup, initial_state
from rules.cannoni.state import CannoniState, LandArea, Table
from rules.core import game
from rules.core.decisions import Decision, DecisionSpec, Order, Problem
from rules.core.dice import ForcedDice, Roller
from rules.core.events import Event, EventLog
from rules.core.ruleset import Seat

RULES = CannoniRuleset()
BRIT, FRAN = "brit", "fran"  # one seat a side
SEATS = [Seat(id=BRIT, side="britain", name="Britain"), Seat(id=FRAN, side="france", name="France")]


def ship(id: str, catalogue: str, side: str, x: float, y: float, heading: float, **kw: Any) -> dict[str, Any]:
    """One ship of a hand-made setup: ``side`` is "britain" or "france"."""
    return dict(id=id, ship=catalogue, side=side, x=x, y=y, heading=heading, **kw)


def make_state(*ships: dict[str, Any], wind: int = 0, width: float = 72, height: float = 48,
               land: Iterable[list[tuple[float, float]]] = (), turn: int = 1, turns: int = 12,
               objectives: Iterable[str] = ()) -> CannoniState:
    """A game at the start of ``turn`` (before any step has run), wind fixed, the
    initiative of the previous turn in the order the ships are listed."""
    setup = CannoniSetup(
        name="example", title="Rulebook example",
        table=Table(width=width, height=height, land=[LandArea(points=list(p)) for p in land]),
        wind=wind, turns=turns, sides=["britain", "france"], ships=[ShipSetup(**s) for s in ships],
        objectives=list(objectives),
    )
    state = initial_state(setup, CannoniOptions(), SEATS)
    state.wind = wind
    state.turn = turn
    state.initiative = [s["id"] for s in ships]
    return state


def quiet() -> Roller:
    """A roller for set-up steps that throw no die (it fails if one is thrown)."""
    return Roller(ForcedDice([]), EventLog())


def roller(*values: int) -> tuple[Roller, ForcedDice]:
    dice = ForcedDice(list(values))
    return Roller(dice, EventLog()), dice


def in_phase(state: CannoniState, phase: int, chits: dict[str, int],
             previous: list[str] | None = None) -> CannoniState:
    """Chits placed, initiative ordered, and the action ``phase`` entered.

    A ship whose chit equals ``phase`` is activated now (its first move is owed);
    one with a higher chit was activated before and owes nothing.
    """
    if previous is not None:
        state.initiative = list(previous)
    for s in state.ships:
        s.chit = chits.get(s.id)
    state.step = "action"
    sequence.order_initiative(state)
    sequence.enter_phase(state, quiet(), phase)
    sequence.advance(state, quiet())  # the engine's own automatic steps (sinking ships)
    return state


def decision(state: CannoniState, ship_id: str) -> Decision:
    return next(d for d in RULES.pending(state) if d.subject == ship_id)


def spec(state: CannoniState, ship_id: str) -> DecisionSpec:
    return RULES.spec(state, decision(state, ship_id))


def offered(state: CannoniState, ship_id: str) -> list[str]:
    """The actions the form offers a ship now."""
    return [a.action for a in spec(state, ship_id).actions]


def order(state: CannoniState, ship_id: str, payload: dict[str, Any]) -> Order:
    d = decision(state, ship_id)
    return Order(decision=d.id, player=d.player, payload=payload)


def problems(state: CannoniState, ship_id: str, payload: dict[str, Any]) -> list[Problem]:
    return RULES.validate(state, order(state, ship_id, payload))


def act(state: CannoniState, ship_id: str, payload: dict[str, Any] | None,
        dice: Iterable[int] = ()) -> tuple[CannoniState, list[Event]]:
    """The ship's action (None: no order, so the published default), resolved with
    exactly ``dice``; returns the new state and the events."""
    forced = ForcedDice(list(dice))
    orders = [] if payload is None else [order(state, ship_id, payload)]
    if payload is None:
        assert any(d.subject == ship_id for d in RULES.pending(state)), f"{ship_id} is not awaited"
    new, result = game.resolve(RULES, state, orders, forced)
    assert forced.remaining == 0, f"{forced.remaining} forced dice were not thrown"
    return new, result.events


def resolve(state: CannoniState, orders: list[Order], dice: Iterable[int] = ()) -> tuple[CannoniState, list[Event]]:
    forced = ForcedDice(list(dice))
    new, result = game.resolve(RULES, state, orders, forced)
    assert forced.remaining == 0, f"{forced.remaining} forced dice were not thrown"
    return new, result.events


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def rolls(events: list[Event]) -> list[tuple[str, int]]:
    return [(e.data["reason"], e.data["value"]) for e in events if e.kind == "roll"]
