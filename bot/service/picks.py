"""Which ships a seat commands, chosen in the lobby.

Today a scenario fixes the ships: a pick only says which seat of a side commands
which of that side's ships (the setup's ``player`` field); unpicked ships are
shared out by the ruleset. A points-buy plugs in as another :class:`ShipPicks`
whose options carry points and whose budget is not None; the service already
enforces budgets and stores points with each pick.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class ShipOption:
    ship_id: str
    label: str
    side: str
    points: float | None = None
    taken_by: str | None = None  # seat id


class ShipPicks(Protocol):
    def options(self, setup: dict[str, Any]) -> list[ShipOption]:
        """Every ship a seat could pick (empty: this setup offers no picks)."""

    def budget(self, setup: dict[str, Any], side: str) -> float | None:
        """Points a seat of ``side`` may spend; None: no limit."""

    def apply(self, setup: dict[str, Any], picks: dict[str, str]) -> dict[str, Any]:
        """The setup to start from, given ship id -> seat id."""


class ScenarioShips:
    """Picks among the ships a scenario lists under ``ships`` (each with id and side)."""

    def options(self, setup: dict[str, Any]) -> list[ShipOption]:
        ships = setup.get("ships")
        if not isinstance(ships, list):
            return []
        return [ShipOption(ship_id=s["id"], side=s["side"], label=_label(s))
                for s in ships if isinstance(s, dict) and "id" in s and "side" in s]

    def budget(self, setup: dict[str, Any], side: str) -> float | None:
        return None

    def apply(self, setup: dict[str, Any], picks: dict[str, str]) -> dict[str, Any]:
        out = copy.deepcopy(setup)
        for ship in out.get("ships", []):
            if ship.get("id") in picks:
                ship["player"] = picks[ship["id"]]
        return out


def _label(ship: dict[str, Any]) -> str:
    name = ship.get("name") or ship.get("ship") or ship["id"]
    return str(name).replace("_", " ")
