"""AI levels, and the captain of each level for each ruleset.

A ruleset's manifest names its captains by level (``captains``); nothing here lists
rulesets. Every level plays every ruleset: where a ruleset names no captain of a
level, the form-filler plays it.
"""
from __future__ import annotations

import random
from typing import Any, Iterable

from rules.ai.base import AICaptain, Check, FormFiller, Planned
from rules.core.decisions import Decision, DecisionSpec
from rules.core.manifest import load_object
from rules.core.registry import manifest, manifests
from rules.core.ruleset import Ruleset

_CAPTAINS: dict[tuple[str, str], AICaptain] = {}


def captain_levels() -> list[str]:
    """Every level, weakest first: the form-filler, then the levels the manifests name
    (in the order each names them)."""
    levels = [FormFiller.level]
    for m in manifests():
        levels += [level for level in m.captains if level not in levels]
    return levels


def captain_for(ruleset: str, level: str) -> AICaptain:
    """The captain of ``level`` for ``ruleset`` (the form-filler where it names none,
    or where the ruleset has no manifest: one built by hand, as tests do)."""
    if level not in captain_levels():
        raise KeyError(f"unknown AI level {level!r}; known: {', '.join(captain_levels())}")
    key = (ruleset, level)
    if key not in _CAPTAINS:
        try:
            path = manifest(ruleset).captains.get(level)
        except KeyError:
            path = None
        captain = load_object(path)() if path is not None else FormFiller()
        if not isinstance(captain, AICaptain):
            raise TypeError(f"{path} does not make a rules.ai.base.AICaptain")
        _CAPTAINS[key] = captain
    return _CAPTAINS[key]


class LevelCaptain(AICaptain):
    """A level, for whatever ruleset it is asked to play: each decision goes to that
    ruleset's captain of the level."""

    description = "the captain of this level for the game's ruleset"

    def __init__(self, level: str) -> None:
        self.level = level  # type: ignore[misc]

    def candidates(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
                   rng: random.Random, planned: Planned | None = None) -> Iterable[dict[str, Any]]:
        return captain_for(ruleset.name, self.level).candidates(ruleset, view, decision, spec, rng, planned)

    def choose(self, ruleset: Ruleset, view: dict[str, Any], decision: Decision, spec: DecisionSpec,
               rng: random.Random, check: Check | None = None,
               planned: Planned | None = None) -> dict[str, Any]:
        return captain_for(ruleset.name, self.level).choose(ruleset, view, decision, spec, rng, check, planned)


def get_captain(level: str, ruleset: str | None = None) -> AICaptain:
    """The captain of ``level``: for ``ruleset`` if named, else one that plays any
    ruleset with that ruleset's captain of the level."""
    if level not in captain_levels():
        raise KeyError(f"unknown AI level {level!r}; known: {', '.join(captain_levels())}")
    if ruleset is not None:
        return captain_for(ruleset, level)
    return FormFiller() if level == FormFiller.level else LevelCaptain(level)
