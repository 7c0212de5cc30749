"""Which ships a seat commands, chosen in the lobby.

Today a scenario fixes the ships: a pick only says which seat of a side commands
which of that side's ships (the setup's ``player`` field); unpicked ships are
shared out by the ruleset. A points-buy plugs in as another :class:`ShipPicks`
whose options carry points and whose budget is not None; the service already
enforces budgets and stores points with each pick.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from rules.core.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class ShipOption:
    ship_id: str
    label: str
    side: str
    points: float | None = None
    taken_by: str | None = None  # seat id


class ShipPicks(Protocol):
    def options(self, ruleset: Ruleset, setup: dict[str, Any]) -> list[ShipOption]:
        """Every ship a seat could pick (empty: this setup offers no picks)."""

    def budget(self, ruleset: Ruleset, setup: dict[str, Any], side: str) -> float | None:
        """Points a seat of ``side`` may spend; None: no limit."""

    def apply(self, ruleset: Ruleset, setup: dict[str, Any], picks: dict[str, str]) -> dict[str, Any]:
        """The setup to start from, given ship id -> seat id."""


class ScenarioShips:
    """Picks among the ships a scenario lists; the ruleset says what they are."""

    def options(self, ruleset: Ruleset, setup: dict[str, Any]) -> list[ShipOption]:
        model = ruleset.setup_model.model_validate(setup)
        return [ShipOption(ship_id=s.id, side=s.side, label=s.name) for s in ruleset.ship_entries(model)]

    def budget(self, ruleset: Ruleset, setup: dict[str, Any], side: str) -> float | None:
        return None

    def apply(self, ruleset: Ruleset, setup: dict[str, Any], picks: dict[str, str]) -> dict[str, Any]:
        model = ruleset.setup_model.model_validate(setup)
        return ruleset.assign_ships(model, picks).model_dump(mode="json")
