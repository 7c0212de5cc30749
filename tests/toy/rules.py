"""Toy race: two counters race along the lanes of a square grid. Each turn both players
secretly pick a speed 1-3 (3 costs a point of stamina), then a die is rolled for each
counter: a 1 stumbles (one square less), a 6 is a tailwind (one more). First past the
finish line wins; level, the farther one; level again, a draw."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from rules.core import problems as P
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.ruleset import Outcome, Seat, ShipEntry
from rules.core.scenarios import packaged_scenarios
from rules.core.steps import Checking, DecisionHandlers, StepHandlers, SteppedRuleset
from rules.core.tables.squares import Square, ahead
from rules.core.texts import say, word_code
from tests.toy.manifest import MANIFEST
from tests.toy.wording import NO_STAMINA, TEXTS

EAST = 2  # the facing the lanes run along
STAMINA = 2
MAX_TURNS = 30


class ToySetup(BaseModel):
    name: str
    title: str = ""
    sides: list[str]
    finish: int  # the column of the finish line


class ToyOptions(BaseModel):
    pass


class Counter(BaseModel):
    id: str
    name: str
    side: str
    seat: str
    # Where the counter stands, as plain numbers: rules.core.copying cannot copy a
    # Square held in a state yet (tests/toy/test_toy_rules.py says so).
    col: int
    row: int
    stamina: int = STAMINA

    @property
    def at(self) -> Square:
        return Square(self.col, self.row)


class ToyState(BaseModel):
    seats: list[Seat]
    finish: int
    counters: list[Counter]
    step: str = "race"
    turn: int = 1
    winner: str | None = None  # a side
    drawn: bool = False


def _counter(state: ToyState, seat: str) -> Counter:
    return next(c for c in state.counters if c.seat == seat)


def _pending(state: ToyState) -> list[Decision]:
    return [Decision(id=f"t{state.turn}.{c.seat}", kind="speed", player=c.seat, subject=c.id, secret=True,
                     label=say("toy.form.speed-of", counter=c.name, turn=state.turn)) for c in state.counters]


def _spec(state: ToyState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    speeds = [Choice(value=n, label=str(n)) for n in (1, 2, 3)]
    return DecisionSpec(decision=decision, default={"action": "run", "speed": 1}, default_text=say("toy.form.speed-1"),
                        actions=[ActionSpec(action="run", label=say("toy.form.run"), params=[
                            ParamSpec(name="speed", label=say("toy.form.speed"), choices=speeds)])])


def _check(state: ToyState, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    counter = _counter(state, decision.player)
    if payload["speed"] == 3 and counter.stamina == 0:
        return [P.problem(NO_STAMINA, field="speed", counter=counter.name)]
    return []


def _resolve(state: ToyState, orders: dict[str, Order], roller: Roller) -> None:
    for decision in _pending(state):
        counter = _counter(state, decision.player)
        order = orders.get(decision.id)
        speed = int(order.payload["speed"]) if order is not None else 1
        counter.stamina -= speed == 3
        die = roller.roll(6, f"stride of {counter.id}")
        moved = speed - (die == 1) + (die == 6)
        counter.col = ahead(counter.at, EAST, moved).col
        roller.log.emit("ran", counter=counter.name, speed=speed, die=die, moved=moved, col=counter.col)
    home = sorted((c for c in state.counters if c.col >= state.finish), key=lambda c: -c.col)
    if home:
        state.winner = home[0].side if len(home) == 1 or home[0].col > home[1].col else None
        state.drawn = state.winner is None
    elif state.turn >= MAX_TURNS:
        state.drawn = True
    if home or state.drawn:
        state.step = "over"
        roller.log.emit("finished", winner=state.winner)
    state.turn += 1


class ToyRace(SteppedRuleset):
    name = "toy"
    title = MANIFEST.title.render()
    options_model = ToyOptions
    setup_model = ToySetup
    state_model = ToyState
    steps = {"race": StepHandlers(_pending, {"speed": DecisionHandlers(_spec, _check)}, _resolve)}

    def scenarios(self) -> dict[str, BaseModel]:
        return packaged_scenarios(MANIFEST.scenarios, ToySetup)

    def sides(self, setup: ToySetup) -> list[str]:
        return list(setup.sides)

    def ship_entries(self, setup: ToySetup) -> list[ShipEntry]:
        return [ShipEntry(id=side, name=side.title(), side=side) for side in setup.sides]

    def assign_ships(self, setup: BaseModel, picks: dict[str, str]) -> BaseModel:
        return setup

    def new_game(self, setup: ToySetup, options: BaseModel, seats: list[Seat], roller: Roller) -> ToyState:
        counters = [Counter(id=s.side, name=s.side.title(), side=s.side, seat=s.id, col=0, row=lane)
                    for lane, s in enumerate(sorted(seats, key=lambda s: setup.sides.index(s.side)))]
        return ToyState(seats=seats, finish=setup.finish, counters=counters)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.step != "over":
            return None
        return Outcome(winner=state.winner, kind="draw" if state.drawn else "first home",
                       scores={c.side: float(c.col) for c in state.counters})

    def view(self, state: ToyState, viewer: str | None) -> dict[str, Any]:
        # Nothing in the state is secret: the speeds are secret orders until the turn resolves.
        ships = [{"id": c.id, "name": c.name, "side": c.side, "col": c.col, "row": c.row,
                  "stamina": c.stamina} for c in state.counters]
        return {"ruleset": self.name, "board": "squares", "viewer": viewer, "turn": state.turn, "finish": state.finish,
                "ships": ships, "winner": state.winner, "over": state.step == "over"}

    def perturb_secrets(self, state: ToyState, rng: random.Random) -> ToyState:
        return state

    def describe(self, event: Event, lang: str = "en") -> str:
        d = event.data
        if event.kind == "finished":
            return TEXTS.text("toy.event.won" if d["winner"] else "toy.event.draw", lang, winner=d["winner"])
        if event.kind == "ran":
            luck_code = word_code("toy.luck", d["die"])
            luck = TEXTS.text(luck_code, lang) if luck_code in TEXTS else ""
            return TEXTS.text("toy.event.ran", lang, **d, luck=luck)
        # A roll is not posted (the event it decided tells it), but a log may show it.
        return TEXTS.text("toy.event.roll", lang, **d)
