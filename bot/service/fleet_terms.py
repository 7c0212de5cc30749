"""What marks a lobby as a fleets-by-points game, read by the lobby without the fleets.

A points game's lobby stores, as its setup, only the head every setup shares (name,
title) and its terms under ``points``: the budget, the set-up pattern, the wind and
the table. The ruleset's real setup is made from the fleets bought when the game
starts (``FleetsMixin``).
"""
from __future__ import annotations

from typing import Any

from rules.core.fleets import PATTERNS, Battle, FleetBuilder, Terms
from rules.core.registry import get_ruleset

POINTS = "points"
SCENARIO = "points"  # the games row's scenario name for a points game
SAVED = "saved:"  # /game new scenario:saved:<name>, a server's custom scenario
MAX_BUDGET = 100_000
WIND_POINTS = 16


def points_terms(setup: Any) -> dict[str, Any] | None:
    """A points game's terms, None for a scenario's game."""
    if isinstance(setup, dict) and isinstance(setup.get(POINTS), dict):
        return setup[POINTS]
    return None


def points_choice(scenario: str) -> str | None:
    """What ``/game new scenario:`` asks for: None a ruleset's scenario, "" fleets by
    points, else the name of a server's saved scenario."""
    if scenario.startswith(SAVED):
        return scenario[len(SAVED):]
    return "" if scenario == SCENARIO else None


def builder(ruleset: str) -> FleetBuilder | None:
    return get_ruleset(ruleset).fleets()


def game_sides(terms: Terms, points: dict[str, Any] | None) -> tuple[str, ...]:
    """The sides of a points game: as many as its host chose (``points["sides"]``; a game
    stored before the choice existed has the ruleset's own)."""
    return terms.sides_for((points or {}).get("sides"))


def battle(terms: dict[str, Any], name: str, sides: tuple[str, ...] = ()) -> Battle:
    return Battle(pattern=terms["pattern"], wind=terms.get("wind"), width=terms.get("width"),
                  height=terms.get("height"), name=name, budget=terms["budget"], sides=sides)


__all__ = ["MAX_BUDGET", "PATTERNS", "POINTS", "SAVED", "SCENARIO", "WIND_POINTS", "battle", "builder", "game_sides", "points_choice", "points_terms"]
