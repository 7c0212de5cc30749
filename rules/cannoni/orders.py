"""What a ship's action is: a form, a check, and how it is carried out.

Each action of the rulebook's list (*Azione*) is one :class:`ShipAction` in its own
module, registered here in the order the form shows them; the dispatch functions in
:mod:`rules.cannoni.actions` walk the registry. A new action touches no other code.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from rules.cannoni.state import CannoniState, ShipState
from rules.core.decisions import ActionSpec, Choice, ParamSpec, Problem
from rules.core.dice import Roller
from rules.core.steps import Checking
from rules.core.texts import Text, say

SIDE_LABEL = {s: say(f"cannoni.form.side-choice.{s}") for s in ("starboard", "port")}


def side_choices(sides: list[str] | tuple[str, ...]) -> list[Choice]:
    return [Choice(value=s, label=SIDE_LABEL[s]) for s in sides]


def side_param(sides: list[str] | tuple[str, ...], name: str = "side", label: Text | None = None) -> ParamSpec:
    return ParamSpec(name=name, label=label or say("cannoni.form.side"), choices=side_choices(sides))


def ship_param(state: CannoniState, ship_ids: list[str], name: str, label: Text) -> ParamSpec:
    """A parameter naming one of these ships, offered by her name."""
    return ParamSpec(name=name, label=label, choices=[Choice(value=i, label=state.ship(i).name) for i in ship_ids])


class ShipAction(ABC):
    name: ClassVar[str]
    # Counts as the obligatory first move of an activated ship.
    obligatory: ClassVar[bool] = False
    # Taken by a ship that has left the table (re-entering, giving up); only these are.
    off_table: ClassVar[bool] = False

    @abstractmethod
    def spec(self, state: CannoniState, ship: ShipState) -> ActionSpec | None:
        """The form of this action for this ship now, or None if it cannot be taken."""

    def check(self, state: CannoniState, ship: ShipState, p: dict[str, Any]) -> list[Problem]:
        return []

    # While an order is checked its form and its check are asked for with the
    # ``checking`` made for that order, through which an action may share costly
    # answers between the two (a broadside's targets); most actions have none to share.
    def form(self, state: CannoniState, ship: ShipState, checking: Checking | None) -> ActionSpec | None:
        return self.spec(state, ship)

    def problems(self, state: CannoniState, ship: ShipState, p: dict[str, Any],
                 checking: Checking | None) -> list[Problem]:
        return self.check(state, ship, p)

    @abstractmethod
    def execute(self, state: CannoniState, roller: Roller, ship: ShipState, p: dict[str, Any]) -> None:
        """Carry the (checked) action out; effects that wait for the end of the phase
        go to ``state.pending_damage``."""


REGISTRY: dict[str, ShipAction] = {}


def register(action: type[ShipAction]) -> type[ShipAction]:
    REGISTRY[action.name] = action()
    return action
