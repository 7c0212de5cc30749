"""Standing orders: what a player tells a ship to do whenever no order is given.

A ruleset offers them in its own terms (:meth:`rules.core.ruleset.Ruleset.standing_offers`):
for each subject a seat commands (a ship), the kinds of standing order it may take
("hold course") and the moments still to come this turn for which an order may be
written in advance (a conditional order: "in phase 3"). When a decision about that
subject is pending and its player gave no order, the ruleset turns the standing order
into a payload for that decision (:meth:`~rules.core.ruleset.Ruleset.standing_payload`);
that payload then goes through the ruleset's normal order check like any other order,
so a standing order can never make an illegal move. A payload of None, or one the
check refuses, means the order does not fit the situation: the ship takes the
published default.

``history`` is what a ruleset may read of a seat's past orders (the payloads the engine
used, newest first), for "as last phase" and "same as last turn".
"""
from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core.decisions import Choice, Order, Worded
from rules.core.texts import Text

EVERY_PHASE = ""  # the moment of a standing order given for every phase until cancelled


class StandingKind(Worded):
    kind: str
    label: str | Text
    help: str | Text = ""


class StandingOffer(Worded):
    """One subject a seat may give standing orders to: its kinds, and the moments still
    to come this turn in which it may be asked to act (for conditional orders)."""

    subject: str
    label: str | Text
    kinds: list[StandingKind] = Field(default_factory=list)
    moments: list[Choice] = Field(default_factory=list)
    # What a player must know of when these orders apply, if it is not simply "whenever
    # you give her no order" (a decision about a whole fleet waits for every ship's):
    # shown with the menus and in the confirmation.
    note: str | Text = ""

    def kind(self, name: str) -> StandingKind | None:
        return next((k for k in self.kinds if k.kind == name), None)

    def has_moment(self, moment: str) -> bool:
        return moment == EVERY_PHASE or any(str(m.value) == moment for m in self.moments)


class Standing(BaseModel):
    """A standing order as the rules read it."""

    subject: str
    kind: str
    moment: str = EVERY_PHASE


History = list[Order]
