"""The one interface every ruleset implements.

A ruleset is a plugin: it owns its state model, its scenarios, its decisions and
their legal options, its resolution and its view. The bot, the database, the game
loop and the renderer only ever talk to this interface.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar

from pydantic import BaseModel, Field


from rules.core import problems as P
from rules.core.decisions import Decision, DecisionSpec, Order, Problem
from rules.core.dice import Roller
from rules.core.events import Event
from rules.core.forms import check_form
from rules.core.standing import History, Standing, StandingOffer
from rules.core.texts import Text


class Seat(BaseModel):
    """A player's place at the table. ``ai`` names an AI captain level, if any."""

    id: str
    side: str
    name: str = ""
    ai: str | None = None


class ShipEntry(BaseModel):
    """One ship of a setup, as a lobby lists it."""

    id: str
    name: str
    side: str
    points: float | None = None
    player: str | None = None  # the seat the setup gives her to, if any


class Outcome(BaseModel):
    winner: str | None  # a side, or None for a draw / doubtful result
    kind: str  # "crushing", "partial", "doubtful", ...
    scores: dict[str, float] = Field(default_factory=dict)
    reason: str = ""  # in English
    # The reason as a code of the ruleset's catalogue, for other languages; None in
    # outcomes stored before it.
    why: Text | None = None

    @classmethod
    def because(cls, code: str, /, *, winner: str | None, kind: str, scores: dict[str, float] | None = None,
                **params: Any) -> "Outcome":
        why = Text(code=code, params=params)
        return cls(winner=winner, kind=kind, scores=scores or {}, reason=why.render("en"), why=why)


# How much an event weighs in the story a thread is told (``Ruleset.event_weight``).
# The bot decides from these, never from the wording, what to post and when.
ACTION = "action"  # something happened on the table
REVEAL = "reveal"  # a hidden value made public (a chit shown): told in one line per side
FILLER = "filler"  # says that nothing happens, or restates the sequence of play
HEADING = "heading"  # names what follows (a phase's active ships): told only above some action
PHASE_END = "phase_end"  # filler that closes a phase: what follows belongs to the next one
TURN_START = "turn_start"  # a heading that opens a turn (and closes the phase before it)
EVENT_WEIGHTS = (ACTION, REVEAL, FILLER, HEADING, PHASE_END, TURN_START)


def accept_with(order: Order, payload: dict[str, Any], form: Callable[[str | None], DecisionSpec],
                check: Callable[[dict[str, Any]], list[Problem]]) -> tuple[Order | None, list[Problem]]:
    """One order checked against its form (``form(action)``: the form, for that action
    only when the order names one) and then by the ruleset (``check``): the order with
    its cleaned payload, or every problem."""
    wanted = payload.get("action")
    only = wanted if isinstance(wanted, str) else None
    spec = form(only)
    if only is not None and spec.action(only) is None:
        spec = form(None)  # to list every legal action in the problem
    _action, clean, problems = check_form(spec, payload)
    problems = problems or check(clean)
    if problems:
        return None, problems
    return with_payload(order, clean), []


def with_payload(order: Order, payload: dict[str, Any]) -> Order:
    """``order.model_copy(update={"payload": payload})``, less pydantic's generic copy
    (every order of every step goes through it)."""
    if type(order) is not Order or order.__pydantic_extra__ is not None or order.__pydantic_private__ is not None:
        return order.model_copy(update={"payload": payload})
    made = _new_order(Order)
    _set(made, "__dict__", {**order.__dict__, "payload": payload})
    _set(made, "__pydantic_fields_set__", order.__pydantic_fields_set__ | {"payload"})
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
    return made


_new_order = Order.__new__
_set = object.__setattr__


class Ruleset(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    options_model: ClassVar[type[BaseModel]]
    setup_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseModel]]

    # -- scenarios and start -------------------------------------------------
    @abstractmethod
    def scenarios(self) -> dict[str, BaseModel]:
        """Ready-made setups, by name."""

    # -- what a lobby needs to know of a setup ------------------------------------------
    @abstractmethod
    def sides(self, setup: BaseModel) -> list[str]:
        """The sides of a setup, in order (seats join one of them)."""

    @abstractmethod
    def ship_entries(self, setup: BaseModel) -> list[ShipEntry]:
        """The setup's ships, for players to pick which they command."""

    @abstractmethod
    def assign_ships(self, setup: BaseModel, picks: dict[str, str]) -> BaseModel:
        """The setup with ship id -> seat id picks applied (unpicked ships are shared out
        by the ruleset when the game starts)."""

    @abstractmethod
    def new_game(self, setup: BaseModel, options: BaseModel, seats: list[Seat], roller: Roller) -> BaseModel:
        """The state before the first decision (may throw dice, e.g. the initial wind)."""

    # -- decisions -----------------------------------------------------------
    @abstractmethod
    def pending(self, state: BaseModel) -> list[Decision]:
        """Decisions the game waits for now; empty when the game is over."""

    @abstractmethod
    def spec(self, state: BaseModel, decision: Decision, only: str | None = None) -> DecisionSpec:
        """The legal options of a pending decision, as a form.

        ``only`` names one action: a ruleset may then build just that action's part
        of the form and leave out the default (validating an order needs no more),
        and may ignore it.
        """

    def check(self, state: BaseModel, decision: Decision, payload: dict[str, Any]) -> list[Problem]:
        """Ruleset-specific checks once the form is valid. Override as needed."""
        return []

    def accept(self, state: BaseModel, order: Order,
               pending: list[Decision] | None = None) -> tuple[Order | None, list[Problem]]:
        """The order with its payload coerced to the form's types, or every problem with it.

        ``pending`` may pass ``self.pending(state)`` when checking many orders at once.
        """
        if self.outcome(state) is not None:
            return None, [P.problem(P.GAME_OVER)]
        if pending is None:
            pending = self.pending(state)
        # A plain search: a phase checks each of its orders against the same list.
        wanted = order.decision
        for decision in pending:
            if decision.id == wanted:
                break
        else:
            ids = ", ".join(dict.fromkeys(d.id for d in pending))
            return None, [P.problem(P.UNKNOWN_DECISION, decision=str(order.decision)[:60], pending=ids or "nothing")]
        if decision.player != order.player:
            return None, [P.problem(P.NOT_YOUR_DECISION, decision=decision.id, owner=decision.player)]
        payload = order.payload if isinstance(order.payload, dict) else {}
        return self.accept_checked(state, decision, order, payload, self.new_checking(state, payload))

    def accept_checked(self, state: BaseModel, decision: Decision, order: Order, payload: dict[str, Any],
                       checking: Any) -> tuple[Order | None, list[Problem]]:
        """The form and the ruleset's checks of one order for a pending decision of its
        player, sharing ``checking`` (see :meth:`new_checking`)."""
        return accept_with(order, payload, lambda only: self.form_to_check(state, decision, only, checking),
                           lambda clean: self.check_order(state, decision, clean, checking))

    def new_checking(self, state: BaseModel, payload: dict[str, Any]) -> Any:
        """What the form and the checks of one order share (see
        :class:`rules.core.steps.Checking`); None for a ruleset that shares nothing."""
        return None

    def form_to_check(self, state: BaseModel, decision: Decision, only: str | None,
                      checking: Any) -> DecisionSpec:
        return self.spec(state, decision, only=only)

    def check_order(self, state: BaseModel, decision: Decision, payload: dict[str, Any],
                    checking: Any) -> list[Problem]:
        return self.check(state, decision, payload)

    def validate(self, state: BaseModel, order: Order) -> list[Problem]:
        """Every problem with an order, in plain words; empty means legal."""
        return self.accept(state, order)[1]

    # -- fewer taps: standing orders and repeats (optional) ----------------------
    def standing_offers(self, state: BaseModel, seat: str) -> list[StandingOffer]:
        """The subjects this seat may give standing orders to, with the kinds of order
        and the moments still to come this turn (see :mod:`rules.core.standing`).
        Empty: this ruleset offers none (now)."""
        return []

    def moment_of(self, state: BaseModel, decision: Decision) -> str | None:
        """Whether standing orders answer a pending decision about their subject, and which:
        None, none do; :data:`~rules.core.standing.EVERY_PHASE`, only those given for every
        phase; else the moment (one of the offers' ``moments``) it belongs to, whose
        conditional orders come first."""
        return None

    def standing_payload(self, state: BaseModel, decision: Decision, standing: Standing,
                         history: History) -> dict[str, Any] | None:
        """What ``standing`` orders for this pending decision about its subject, or None
        when it does not fit the situation. The caller checks the payload with
        :meth:`accept` like any order."""
        return None

    def standing_subjects(self, state: BaseModel, decision: Decision) -> list[str]:
        """The subjects whose standing orders together answer a pending decision: its
        own subject by default. A ruleset whose decisions each cover several ships (one
        form for a whole fleet's speeds) names them all; standing orders answer such a
        decision only when every one of them has one."""
        return [decision.subject] if decision.subject is not None else []

    def standing_payload_all(self, state: BaseModel, decision: Decision, standings: list[Standing],
                             history: History) -> dict[str, Any] | None:
        """What the standing orders of :meth:`standing_subjects` (one each, in that
        order) give this decision together, or None when they do not fit. By default a
        decision about one subject takes :meth:`standing_payload`."""
        if len(standings) != 1:
            return None
        return self.standing_payload(state, decision, standings[0], history)

    def repeat_payload(self, state: BaseModel, decision: Decision, history: History) -> dict[str, Any] | None:
        """The order this decision got last time round ("same as last turn"), when the
        ruleset offers one and it may still be legal; the caller checks it with
        :meth:`accept`. None: nothing to repeat."""
        return None

    # -- resolution ------------------------------------------------------------
    @abstractmethod
    def resolve(self, state: BaseModel, orders: list[Order], roller: Roller) -> BaseModel:
        """Resolve the pending decisions with ``orders`` (in submission order).

        Decisions without an order take their published default. Returns a new
        state (the input is not modified); events go to ``roller.log``.
        """

    def preview(self, state: BaseModel, order: Order) -> dict[str, Any] | None:
        """The public view as it would be once this accepted order's movement is sailed,
        for a player to look at before sending it; None when the ruleset has no such
        picture for this kind of order. Nothing is rolled and the state is not changed."""
        return None

    def fleets(self) -> Any:
        """The ruleset's :class:`rules.core.fleets.FleetBuilder` (ships sold by points,
        a setup from the fleets bought), or None: no fleets by points."""
        return None

    @abstractmethod
    def outcome(self, state: BaseModel) -> Outcome | None:
        """The result once the game is over, else None."""

    def losses(self, state: BaseModel) -> dict[str, list[str]]:
        """Each side's ships out of the fight, by name, as everyone at the table sees
        them (nothing secret): the last post of a game lists them. Empty: not known."""
        return {}

    # -- what players see ----------------------------------------------------------
    @abstractmethod
    def view(self, state: BaseModel, viewer: str | None) -> dict[str, Any]:
        """The state as ``viewer`` may see it (None: the public). The only exit for secrets."""

    @abstractmethod
    def perturb_secrets(self, state: BaseModel, rng: random.Random) -> BaseModel:
        """A copy of ``state`` with every value hidden from the public changed to another
        value it could legally have had. The public view must not change: this is how
        the conformance tests prove that no secret leaks into it."""

    @abstractmethod
    def describe(self, event: Event, lang: str = "en") -> str:
        """One line a player would read in the channel."""

    def event_weight(self, event: Event) -> str:
        """One of :data:`EVENT_WEIGHTS`: whether an event tells action, a reveal, filler,
        a heading, or marks where a phase ends or a turn starts. The bot groups a thread's
        posts by these marks and leaves a phase with no action unposted. A ruleset with no
        marks gets one post per resolution that has action."""
        return ACTION

    def load_state(self, data: dict[str, Any]) -> BaseModel:
        return self.state_model.model_validate(data)
