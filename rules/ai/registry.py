"""AI levels by name."""
from __future__ import annotations

import random
from typing import Any, Callable

from rules.ai.base import AICaptain, Check, FormFiller, Planned
from rules.ai.cannoni.captains import Captain, Deckhand
from rules.ai.nauta import captains as nauta
from rules.core.decisions import Decision, DecisionSpec
from rules.core.ruleset import Ruleset

_LEVELS: dict[str, Callable[[], AICaptain]] = {
    Deckhand.level: Deckhand,
    Captain.level: Captain,
    FormFiller.level: FormFiller,
}
# A level's captain made for one ruleset, by (ruleset, level); other rulesets get _LEVELS'.
_RULESET_LEVELS: dict[tuple[str, str], Callable[[], AICaptain]] = {
    ("nauta", nauta.Deckhand.level): nauta.Deckhand,
    ("nauta", nauta.Captain.level): nauta.Captain,
}


class _ByRuleset(AICaptain):
    """One level across rulesets: each decision goes to the captain made for the game's
    ruleset, if the level has one, else to the level's general captain."""

    def __init__(self, level: str) -> None:
        self.level = level  # type: ignore[misc]
        self._general = _LEVELS[level]()
        self.description = self._general.description  # type: ignore[misc]
        self._own: dict[str, AICaptain] = {}

    def for_ruleset(self, name: str) -> AICaptain:
        factory = _RULESET_LEVELS.get((name, self.level))
        if factory is None:
            return self._general
        if name not in self._own:
            self._own[name] = factory()
        return self._own[name]

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None):
        return self.for_ruleset(ruleset.name).candidates(ruleset, view, decision, spec, rng, planned)

    def choose(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
               rng: random.Random, check: Check | None = None, planned: Planned | None = None) -> dict[str, Any]:
        return self.for_ruleset(ruleset.name).choose(ruleset, view, decision, spec, rng, check=check,
                                                     planned=planned)


def captain_levels() -> list[str]:
    """Every level, weakest first."""
    return [FormFiller.level, Deckhand.level, Captain.level]


def get_captain(level: str) -> AICaptain:
    """The captain of ``level``. Every level plays any ruleset: a level made for one
    ruleset fills the forms of a ruleset it does not know as the form-filler does."""
    if level not in _LEVELS:
        raise KeyError(f"unknown AI level {level!r}; known: {', '.join(captain_levels())}")
    if any(lv == level for _, lv in _RULESET_LEVELS):
        return _ByRuleset(level)
    return _LEVELS[level]()
