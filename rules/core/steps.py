"""One dispatch shape for every ruleset: a table of handlers by step of play.

A ruleset's state names the step it stands at (``state.step``). For each step the
table says who must decide (``pending``), and how to resolve the step once the orders
are in (``resolve``); for each kind of decision those steps ask for, how to build its
form (``spec``) and what the ruleset checks beyond the form (``check``). The generic
parts — finding the handlers, copying the state before resolving, the orders by
decision id — are :class:`SteppedRuleset`'s, written once.

Checking one order builds its form and then checks it against the same state, and the
two often ask the same costly question (Cannoni: which ships a broadside may reach).
:class:`Checking` is the place they share those answers: one is made for each order
checked and handed to both, so nothing is remembered between checks or behind the
engine's back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Mapping, TypeVar

from pydantic import BaseModel

from rules.core.copying import clone_model
from rules.core.decisions import Decision, DecisionSpec, Order, Problem
from rules.core.dice import Roller
from rules.core.ruleset import Ruleset, accept_with

S = TypeVar("S", bound=BaseModel)
T = TypeVar("T")


class Checking:
    """Answers shared while one order is checked against one state.

    Nothing moves while an order is checked, so a question asked twice (for the form,
    then for the order) has one answer. Asked about another state — a copy, a later
    table — it computes afresh.
    """

    __slots__ = ("state", "answers")

    def __init__(self, state: BaseModel) -> None:
        self.state = state
        self.answers: dict[Any, Any] = {}

    def remember(self, state: BaseModel, key: Any, compute: Callable[[], T]) -> T:
        return remembered(self, state, key, compute)


def remembered(checking: Checking | None, state: BaseModel, key: Any, compute: Callable[[], T]) -> T:
    """``compute()``, shared through ``checking`` when an order is being checked.

    (One function rather than a method call on top: it runs for every broadside's
    targets of every order checked.)"""
    if checking is None or state is not checking.state:
        return compute()
    answers = checking.answers
    if key not in answers:
        answers[key] = compute()
    return answers[key]


def no_problems(state: Any, decision: Decision, payload: dict[str, Any], checking: Checking | None) -> list[Problem]:
    return []


# spec(state, decision, only, checking): ``only`` names the one action an order asks for
# (a handler may then build only that part of the form and leave out the default);
# ``checking`` is None when the form is asked for to be shown.
SpecHandler = Callable[[S, Decision, "str | None", "Checking | None"], DecisionSpec]
CheckHandler = Callable[[S, Decision, dict[str, Any], "Checking | None"], list[Problem]]


@dataclass(frozen=True)
class DecisionHandlers(Generic[S]):
    """The form of one kind of decision, and the ruleset's checks beyond the form."""

    spec: SpecHandler
    check: CheckHandler = no_problems


@dataclass(frozen=True)
class StepHandlers(Generic[S]):
    """One step of play: its pending decisions, their handlers by kind, and how the
    step is resolved (on a copy of the state, with the orders by decision id)."""

    pending: Callable[[S], list[Decision]]
    decisions: Mapping[str, DecisionHandlers] = field(default_factory=dict)
    resolve: Callable[[S, dict[str, Order], Roller], None] | None = None


class SteppedRuleset(Ruleset):
    """A ruleset dispatched through its table of steps (``steps``, by the name its state
    keeps in ``state.step``).

    A step missing from the table asks for nothing and resolves to nothing (the game
    is over)."""

    steps: ClassVar[Mapping[str, StepHandlers]]

    def decision_handlers(self, state: BaseModel, decision: Decision) -> DecisionHandlers:
        handlers = self.steps.get(state.step)  # type: ignore[attr-defined]
        found = handlers.decisions.get(decision.kind) if handlers is not None else None
        if found is None:
            raise KeyError(f"{self.name}: no handler for a {decision.kind!r} decision at step "
                           f"{state.step!r}")  # type: ignore[attr-defined]
        return found

    def pending(self, state: BaseModel) -> list[Decision]:
        handlers = self.steps.get(state.step)  # type: ignore[attr-defined]
        return handlers.pending(state) if handlers is not None else []

    def spec(self, state: BaseModel, decision: Decision, only: str | None = None) -> DecisionSpec:
        return self.decision_handlers(state, decision).spec(state, decision, only, None)

    def check(self, state: BaseModel, decision: Decision, payload: dict[str, Any]) -> list[Problem]:
        return self.decision_handlers(state, decision).check(state, decision, payload, None)

    def new_checking(self, state: BaseModel, payload: dict[str, Any]) -> Checking:
        return Checking(state)

    def accept_checked(self, state: BaseModel, decision: Decision, order: Order, payload: dict[str, Any],
                       checking: Any) -> tuple[Order | None, list[Problem]]:
        """:meth:`Ruleset.accept_checked` with the decision's handlers found once (it
        runs for every order of a phase, and the form and the checks share them)."""
        handlers = self.decision_handlers(state, decision)
        return accept_with(order, payload, lambda only: handlers.spec(state, decision, only, checking),
                           lambda clean: handlers.check(state, decision, clean, checking))

    def form_to_check(self, state: BaseModel, decision: Decision, only: str | None,
                      checking: Checking) -> DecisionSpec:
        return self.decision_handlers(state, decision).spec(state, decision, only, checking)

    def check_order(self, state: BaseModel, decision: Decision, payload: dict[str, Any],
                    checking: Checking) -> list[Problem]:
        return self.decision_handlers(state, decision).check(state, decision, payload, checking)

    def resolve(self, state: BaseModel, orders: list[Order], roller: Roller) -> BaseModel:
        state = clone_model(state)
        handlers = self.steps.get(state.step)  # type: ignore[attr-defined]
        if handlers is not None and handlers.resolve is not None:
            handlers.resolve(state, {o.decision: o for o in orders}, roller)
        return state
