"""Pending decisions, the orders that answer them, and the problems with an order.

A decision says who must decide what and who may see the answer. Its legal options
are a small form (:class:`DecisionSpec`): a choice of actions, each with parameters
given as explicit choices or a numeric range, which is what a chat client needs to
offer autocomplete and select menus. Validation returns *every* problem with an
order, each coded and in plain words.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class Decision(BaseModel):
    id: str  # stable within a state: "t3.p4.surprise" — orders name it
    kind: str  # "chits", "action", "wind", "speeds", ...
    player: str  # the seat that decides
    subject: str | None = None  # usually a ship id
    # Secret: the order is seen only by its player until the rules reveal it.
    secret: bool = False
    label: str = ""  # short human description ("Chits for turn 3")


class Choice(BaseModel):
    value: str | int | float
    label: str


class ParamSpec(BaseModel):
    name: str
    label: str
    kind: Literal["choice", "number", "text"] = "choice"
    choices: list[Choice] = Field(default_factory=list)
    min: float | None = None
    max: float | None = None
    step: float | None = None
    required: bool = True
    help: str = ""

    def values(self) -> list[Any]:
        return [c.value for c in self.choices]


class ActionSpec(BaseModel):
    action: str
    label: str
    params: list[ParamSpec] = Field(default_factory=list)
    help: str = ""

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)


class DecisionSpec(BaseModel):
    decision: Decision
    actions: list[ActionSpec]
    default: dict[str, Any] | None = None  # what happens if the deadline passes
    default_text: str = ""

    def action(self, name: str) -> ActionSpec | None:
        return next((a for a in self.actions if a.action == name), None)


class Order(BaseModel):
    decision: str  # Decision.id
    player: str
    payload: dict[str, Any] = Field(default_factory=dict)


class Problem(BaseModel):
    code: str  # stable, catalogued: "chit-used", "distance-range", ...
    message: str  # plain words in English: what is wrong and what would be legal
    field: str | None = None
    # What the words are made of, so that they can be said in the reader's language.
    params: dict[str, Any] = Field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        from rules.core.texts import Text, known

        if not known(self.code):
            return self.message
        try:
            return Text(code=self.code, params=self.params).render(lang)
        except (KeyError, IndexError, ValueError):
            return self.message  # made by hand without its parameters
