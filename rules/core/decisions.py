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

from rules.core.texts import Text


class Worded(BaseModel):
    """A form part whose words (``label``, ``help``, ``default_text``) are plain
    strings or texts (:class:`Text`: a code and its parameters).

    A text is kept as it was given and worded only when someone reads it, in the
    reader's language (:meth:`words`): forms are built for every order checked, and
    most are never shown to anyone, so wording them all up front (even in English)
    was most of what the forms cost.
    """

    def words(self, name: str, lang: str = "en") -> str:
        value = getattr(self, name)
        return value.render(lang) if type(value) is Text else value

    def label_in(self, lang: str = "en") -> str:
        return self.words("label", lang)

    def text_of(self, name: str) -> Text | str:
        """The field as a problem's parameter: its text, or its plain words."""
        return getattr(self, name)


class Decision(Worded):
    id: str  # stable within a state: "t3.p4.surprise" — orders name it
    kind: str  # "chits", "action", "wind", "speeds", ...
    player: str  # the seat that decides
    subject: str | None = None  # usually a ship id
    # Secret: the order is seen only by its player until the rules reveal it.
    secret: bool = False
    label: str | Text = ""  # short human description ("Chits for turn 3")


class Choice(Worded):
    value: str | int | float
    label: str | Text


class ParamSpec(Worded):
    name: str
    label: str | Text
    kind: Literal["choice", "number", "text"] = "choice"
    choices: list[Choice] = Field(default_factory=list)
    min: float | None = None
    max: float | None = None
    step: float | None = None
    required: bool = True
    help: str | Text = ""

    def values(self) -> list[Any]:
        return [c.value for c in self.choices]


class ActionSpec(Worded):
    action: str
    label: str | Text
    params: list[ParamSpec] = Field(default_factory=list)
    help: str | Text = ""

    def param(self, name: str) -> ParamSpec | None:
        return next((p for p in self.params if p.name == name), None)


class DecisionSpec(Worded):
    decision: Decision
    actions: list[ActionSpec]
    default: dict[str, Any] | None = None  # what happens if the deadline passes
    default_text: str | Text = ""

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
        from rules.core.texts import known

        if not known(self.code):
            return self.message
        try:
            return Text(code=self.code, params=self.params).render(lang)
        except (KeyError, IndexError, ValueError):
            return self.message  # made by hand without its parameters
