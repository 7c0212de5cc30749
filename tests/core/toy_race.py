"""A toy ruleset for the tests of the step table and the manifests: two counters
race to a finish line, each seat moving its own 1 to 3 squares a turn (3 is refused
by a check the form does not show while the counter is still on the start line)."""
from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from rules.ai.base import AICaptain
from rules.core.decisions import ActionSpec, Choice, Decision, DecisionSpec, Order, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.manifest import Manifest, OrderParam
from rules.core.ruleset import Outcome, Seat, ShipEntry
from rules.core.scenarios import packaged_scenarios
from rules.core.steps import Checking, DecisionHandlers, StepHandlers, SteppedRuleset, remembered
from rules.core.texts import Catalogue

FINISH = 6
TEXTS = Catalogue("race")
TEXTS.add_pairs({
    "race.title": ("Race", "Corsa"),
    "race.param.squares": ("squares", "caselle"),
    "race.param.squares.about": ("How far to run", "Quanto correre"),
})


class RaceSetup(BaseModel):
    name: str = "sprint"
    finish: int = FINISH


class RaceOptions(BaseModel):
    pass


class RaceState(BaseModel):
    seats: list[Seat]
    step: str = "move"
    turn: int = 1
    squares: dict[str, int] = {}
    winner: str | None = None


# How often the costly question was asked: the tests count it.
ASKED: list[str] = []


def _reach(state: RaceState, seat: str) -> list[int]:
    ASKED.append(seat)
    return [1, 2, 3]


def _pending(state: RaceState) -> list[Decision]:
    return [Decision(id=f"t{state.turn}.{s.id}", kind="advance", player=s.id, label="advance") for s in state.seats]


def _spec(state: RaceState, decision: Decision, only: str | None, checking: Checking | None) -> DecisionSpec:
    steps = remembered(checking, state, ("reach", decision.player), lambda: _reach(state, decision.player))
    return DecisionSpec(decision=decision, actions=[ActionSpec(action="advance", label="advance", params=[
        ParamSpec(name="squares", label="squares", choices=[Choice(value=n, label=str(n)) for n in steps])])],
        default={"action": "advance", "squares": 1})


def _check(state: RaceState, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    remembered(checking, state, ("reach", decision.player), lambda: _reach(state, decision.player))
    if payload["squares"] == 3 and state.squares.get(decision.player, 0) == 0:
        return [Problem(code="slow-start", message="no running start from the line", field="squares")]
    return []


def _resolve(state: RaceState, orders: dict[str, Order], roller: Roller) -> None:
    for decision in _pending(state):
        order = orders.get(decision.id)
        moved = int(order.payload["squares"]) if order is not None else 1
        state.squares[decision.player] = state.squares.get(decision.player, 0) + moved
        roller.log.emit("advanced", seat=decision.player, squares=moved)
    ahead = [s for s, n in state.squares.items() if n >= FINISH]
    if ahead:
        state.winner = max(ahead, key=lambda s: state.squares[s])
        state.step = "over"
    state.turn += 1


class Race(SteppedRuleset):
    name = "race"
    title = "Race"
    options_model = RaceOptions
    setup_model = RaceSetup
    state_model = RaceState
    steps = {"move": StepHandlers(_pending, {"advance": DecisionHandlers(_spec, _check)}, _resolve)}

    def scenarios(self) -> dict[str, BaseModel]:
        return packaged_scenarios(MANIFEST.scenarios, RaceSetup)

    def sides(self, setup: BaseModel) -> list[str]:
        return ["red", "blue"]

    def ship_entries(self, setup: BaseModel) -> list[ShipEntry]:
        return []

    def assign_ships(self, setup: BaseModel, picks: dict[str, str]) -> BaseModel:
        return setup

    def new_game(self, setup: BaseModel, options: BaseModel, seats: list[Seat], roller: Roller) -> RaceState:
        return RaceState(seats=seats, squares={s.id: 0 for s in seats})

    def outcome(self, state: RaceState) -> Outcome | None:
        return None if state.winner is None else Outcome(winner=state.winner, kind="first home")

    def view(self, state: RaceState, viewer: str | None) -> dict[str, Any]:
        return {"ruleset": self.name, **state.model_dump(mode="json")}

    def perturb_secrets(self, state: RaceState, rng: random.Random) -> RaceState:
        return state

    def describe(self, event: Event, lang: str = "en") -> str:
        return f"{event.data.get('seat')} +{event.data.get('squares')}"


class Sprinter(AICaptain):
    """The toy's own captain: as far as it may go."""

    level = "captain"
    description = "runs"

    def candidates(self, ruleset, view, decision, spec, rng, planned=None):
        return [{"action": "advance", "squares": n} for n in (3, 2, 1)]


class Champion(Sprinter):
    level = "champion"


MANIFEST = Manifest(
    name="race", title="race.title", board="squares",
    # Any board shows the wiring: the registry builds the one the manifest names.
    ruleset="tests.core.toy_race:Race", board_factory="renderer.cannoni.board:CannoniBoard", scenarios="tests.core",
    params=(OrderParam(name="squares", kind="number", label="race.param.squares",
                       description="race.param.squares.about"),),
    captains={"captain": "tests.core.toy_race:Sprinter", "champion": "tests.core.toy_race:Champion"},
)
