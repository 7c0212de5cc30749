"""The problems an order can have that every ruleset shares, and how a problem is made.

A problem is a code and its parameters; its words come from the catalogue that holds
the code (this module's ``core`` catalogue, or a ruleset's), in the reader's language
(:meth:`rules.core.decisions.Problem.text`). Its ``message`` is the English line.
"""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Problem
from rules.core.texts import Catalogue, Text, say

CORE = Catalogue("core")


def problem(code: str, *, field: str | None = None, **params: Any) -> Problem:
    """A problem; a parameter may be a :class:`Text` (a label, a hint), worded in the
    reader's language with the rest."""
    params = {k: v.model_dump() if isinstance(v, Text) else v for k, v in params.items()}
    return Problem(code=code, message=say(code, **params).render("en"), field=field, params=params)


def problem_text(code: str, lang: str = "en", **params: Any) -> str:
    return Text(code=code, params=params).render(lang)


def stored(problems: list[Problem]) -> list[dict[str, Any]]:
    """Problems as an event keeps them: codes and values."""
    return [{"code": p.code, "params": p.params} for p in problems]


def worded(problems: list[dict[str, Any]], lang: str = "en") -> str:
    return "; ".join(Text.model_validate(p).render(lang) for p in problems)


UNKNOWN_DECISION = CORE.add(
    "unknown-decision",
    "There is no pending decision {decision}. Pending now: {pending}.",
    "Non c'è nessuna decisione {decision} in attesa. In attesa ora: {pending}.",
)
NOT_YOUR_DECISION = CORE.add(
    "not-your-decision",
    "Decision {decision} belongs to {owner}, not to you.",
    "La decisione {decision} spetta a {owner}, non a te.",
)
UNKNOWN_ACTION = CORE.add(
    "unknown-action",
    "{action} is not an action you can take now. You can: {legal}.",
    "{action} non è un'azione possibile ora. Puoi: {legal}.",
)
MISSING_PARAM = CORE.add(
    "missing-param",
    "{action} needs {param}. {hint}",
    "{action} richiede {param}. {hint}",
)
BAD_CHOICE = CORE.add(
    "bad-choice",
    "{param} cannot be {value}. Legal: {legal}.",
    "{param} non può essere {value}. Valori leciti: {legal}.",
)
OUT_OF_RANGE = CORE.add(
    "out-of-range",
    "{param} must be between {min} and {max} in steps of {step}, not {value}.",
    "{param} deve essere tra {min} e {max} a passi di {step}, non {value}.",
)
NOT_A_NUMBER = CORE.add(
    "not-a-number",
    "{param} must be a number, not {value}.",
    "{param} deve essere un numero, non {value}.",
)
UNEXPECTED_PARAM = CORE.add(
    "unexpected-param",
    "{action} takes no {param}. It takes: {legal}.",
    "{action} non prevede {param}. Prevede: {legal}.",
)
# Parts of the lines above.
HINT_LEGAL = CORE.add("hint.legal", "Legal: {legal}.", "Valori leciti: {legal}.")
HINT_BETWEEN = CORE.add("hint.between", "Between {min} and {max}.", "Tra {min} e {max}.")
HINT_NONE = CORE.add("hint.none", "", "")
LEGAL_LIST = CORE.add("legal.list", "{values}", "{values}")
LEGAL_MORE = CORE.add("legal.more", "{values} (+{more} more)", "{values} (+{more} altri)")
LEGAL_NONE = CORE.add("legal.none", "none", "nessuno")
LEGAL_NOTHING = CORE.add("legal.nothing", "nothing", "niente")

GAME_OVER = CORE.add(
    "game-over",
    "The game is over: no more orders.",
    "La partita è finita: niente più ordini.",
)
