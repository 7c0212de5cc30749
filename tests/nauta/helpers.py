"""Builders for the rulebook tests of Nauta / Classis.

Every example starts from a table laid out by hand: two fleets ("a" and "b", one seat
each) at given poses, the game put straight into the step the rule is about. Dice
are always forced and every forced die must be thrown: a rule that throws one die
more or less than the rulebook says fails its test.

Frame: segments of 2 cm, x east, y north, compass headings (0 = north).
"""
from __future__ import annotations

from typing import Any, Iterable

from rules.core import game
from rules.core.decisions import Decision, Order, Problem
from rules.core.dice import ForcedDice, Roller
from rules.core.events import Event, EventLog
from rules.core.ruleset import Seat
from rules.nauta.options import NautaOptions
from rules.nauta.ruleset import NautaRuleset
from rules.nauta.setup import FleetSetup, NautaSetup, ShipSetup, initial_state
from rules.nauta.state import Contact, Engagement, LandArea, NautaState, Table

RULES = NautaRuleset()
A, B = "pa", "pb"  # one seat a side
SEATS = [Seat(id=A, side="a", name="Alpha"), Seat(id=B, side="b", name="Beta")]


def ship(id: str, type: str, side: str, x: float, y: float, heading: float, **kw: Any) -> dict[str, Any]:
    return dict(id=id, type=type, side=side, x=x, y=y, heading=heading, **kw)


def setup(*ships: dict[str, Any], nations: tuple[str, str] = ("roman_imperial", "roman_imperial"),
          crews: tuple[str | None, str | None] = (None, None), admirals: tuple[str | None, str | None] = (None, None),
          land: Iterable[list[tuple[float, float]]] = (), width: float = 30, height: float = 30,
          scenario_options: dict[str, Any] | None = None, points: tuple[float | None, float | None] = (None, None)
          ) -> NautaSetup:
    fleets = []
    for i, side in enumerate(("a", "b")):
        mine = [ShipSetup(**{k: v for k, v in s.items() if k != "side"}) for s in ships if s["side"] == side]
        fleets.append(FleetSetup(side=side, nation=nations[i], crew=crews[i], edge="south" if side == "a" else "north",
                                 admiral=admirals[i], points=points[i], ships=mine))
    return NautaSetup(name="example", title="Rulebook example", table=Table(
        width=width, height=height, land=[LandArea(points=list(p)) for p in land]),
        options=scenario_options or {}, fleets=fleets)


def make_state(*ships: dict[str, Any], options: dict[str, Any] | None = None, **kw: Any) -> NautaState:
    """A game at the start of turn 1, before the speeds are written."""
    state = initial_state(setup(*ships, **kw), NautaOptions(**(options or {})), SEATS)
    state.step = "speeds"
    return state


def quiet() -> Roller:
    return Roller(ForcedDice([]), EventLog())


def roller(*values: int) -> tuple[Roller, ForcedDice]:
    dice = ForcedDice(list(values))
    return Roller(dice, EventLog()), dice


def moving(state: NautaState, speeds: dict[str, int], first: str = "a",
           formations: dict[str, str] | None = None) -> NautaState:
    """Speeds written (as given; others 0) and the movement begun, ``first`` to move."""
    for s in state.ships:
        if s.afloat and not state.engaged(s.id):
            s.written = speeds.get(s.id, 0)
            s.formation = (formations or {}).get(s.id)
    state.step = "move"
    state.mover_side = first
    state.move_no = 1
    return state


def decision(state: NautaState, player: str | None = None) -> Decision:
    found = [d for d in RULES.pending(state) if player is None or d.player == player]
    assert found, f"nothing pending for {player}: {RULES.pending(state)}"
    return found[0]


def order(state: NautaState, payload: dict[str, Any], player: str | None = None) -> Order:
    d = decision(state, player)
    return Order(decision=d.id, player=d.player, payload=payload)


def problems(state: NautaState, payload: dict[str, Any], player: str | None = None) -> list[Problem]:
    return RULES.validate(state, order(state, payload, player))


def codes(state: NautaState, payload: dict[str, Any], player: str | None = None) -> list[str]:
    return [p.code for p in problems(state, payload, player)]


def lines(events: list[Event]) -> list[str]:
    """Every event as a player reads it, in both languages; none may fall back to data."""
    out = []
    for event in events:
        for lang in ("en", "it"):
            line = RULES.describe(event, lang)
            assert not line.startswith(f"{event.kind}:"), (lang, event)
            out.append(line)
    return out


def resolve(state: NautaState, orders: list[Order], dice: Iterable[int] = ()) -> tuple[NautaState, list[Event]]:
    forced = ForcedDice(list(dice))
    new, result = game.resolve(RULES, state, orders, forced)
    assert forced.remaining == 0, f"{forced.remaining} forced dice were not thrown"
    lines(result.events)
    return new, result.events


def move(state: NautaState, unit: str, turn: int = 0, dice: Iterable[int] = (), **kw: Any
         ) -> tuple[NautaState, list[Event]]:
    """The move of whoever is to move now, resolved with exactly ``dice``."""
    payload = {"action": "move", "unit": unit, "turn": turn, **kw}
    return resolve(state, [order(state, payload)], dice)


def touch(state: NautaState, a: str, b: str, rammer: str | None = None) -> None:
    state.contacts.append(Contact(a=a, b=b, rammer=rammer))


def grapple(state: NautaState, a: str, b: str) -> None:
    state.engagements.append(Engagement(a=a, b=b))


def of(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def rolls(events: list[Event]) -> list[tuple[str, int]]:
    return [(e.data["reason"], e.data["value"]) for e in events if e.kind == "roll"]
