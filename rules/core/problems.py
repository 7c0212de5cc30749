"""The catalogue of problems an order can have, shared by every ruleset.

Each code has a plain-word template in English and Italian. Rulesets add their own
codes with :func:`register`; a code is registered once, so two rulesets cannot give
the same code two meanings.
"""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Problem

_CATALOGUE: dict[str, dict[str, str]] = {}


def register(code: str, en: str, it: str) -> str:
    existing = _CATALOGUE.get(code)
    if existing is not None and existing != {"en": en, "it": it}:
        raise ValueError(f"problem code {code!r} registered twice with different texts")
    _CATALOGUE[code] = {"en": en, "it": it}
    return code


def problem(code: str, *, field: str | None = None, lang: str = "en", **params: Any) -> Problem:
    return Problem(code=code, message=problem_text(code, lang, **params), field=field)


def problem_text(code: str, lang: str = "en", **params: Any) -> str:
    texts = _CATALOGUE[code]
    return texts.get(lang, texts["en"]).format(**params)


def codes() -> dict[str, dict[str, str]]:
    return dict(_CATALOGUE)


UNKNOWN_DECISION = register(
    "unknown-decision",
    "There is no pending decision {decision}. Pending now: {pending}.",
    "Non c'è nessuna decisione {decision} in attesa. In attesa ora: {pending}.",
)
NOT_YOUR_DECISION = register(
    "not-your-decision",
    "Decision {decision} belongs to {owner}, not to you.",
    "La decisione {decision} spetta a {owner}, non a te.",
)
UNKNOWN_ACTION = register(
    "unknown-action",
    "{action} is not an action you can take now. You can: {legal}.",
    "{action} non è un'azione possibile ora. Puoi: {legal}.",
)
MISSING_PARAM = register(
    "missing-param",
    "{action} needs {param}. {hint}",
    "{action} richiede {param}. {hint}",
)
BAD_CHOICE = register(
    "bad-choice",
    "{param} cannot be {value}. Legal: {legal}.",
    "{param} non può essere {value}. Valori leciti: {legal}.",
)
OUT_OF_RANGE = register(
    "out-of-range",
    "{param} must be between {min} and {max} in steps of {step}, not {value}.",
    "{param} deve essere tra {min} e {max} a passi di {step}, non {value}.",
)
NOT_A_NUMBER = register(
    "not-a-number",
    "{param} must be a number, not {value}.",
    "{param} deve essere un numero, non {value}.",
)
UNEXPECTED_PARAM = register(
    "unexpected-param",
    "{action} takes no {param}. It takes: {legal}.",
    "{action} non prevede {param}. Prevede: {legal}.",
)
GAME_OVER = register(
    "game-over",
    "The game is over: no more orders.",
    "La partita è finita: niente più ordini.",
)
