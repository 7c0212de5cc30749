"""Fleets bought by points in a lobby, and a server's saved custom scenarios.

A purchase is checked against its side's budget and ship limit inside the
transaction that stores it, so two clicks racing each other cannot both pass a
budget that has room for one (the service's per-game lock orders them too, but the
database does not rely on it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from db.errors import DatabaseError, WrongStatus


class OverBudget(DatabaseError):
    """The side's ships would cost more than its budget."""

    def __init__(self, spent: float) -> None:
        super().__init__(spent)
        self.spent = spent


class FleetFull(DatabaseError):
    """The side has as many ships as it may."""


@dataclass(frozen=True, slots=True)
class FleetShip:
    game_id: int
    n: int
    side: str
    seat_id: str
    design: str
    params: dict[str, str] = field(default_factory=dict)
    name: str = ""
    points: float = 0.0
    bought_at: float = 0.0


@dataclass(frozen=True, slots=True)
class SavedScenario:
    guild_id: int
    name: str
    ruleset: str
    body: dict[str, Any]
    saved_by: int
    saved_at: float


async def _in_lobby(conn: Any, game_id: int) -> None:
    # A builder menu left open after the start must not change the fleets the game
    # started with: the status is read in the purchase's own transaction.
    row = await conn.one("SELECT status FROM games WHERE id = ?", (game_id,))
    if row is None or row["status"] != "lobby":
        raise WrongStatus(row["status"] if row else "missing")


def _ship(row: Any) -> FleetShip:
    return FleetShip(game_id=row["game_id"], n=row["n"], side=row["side"], seat_id=row["seat_id"],
                     design=row["design"], params=json.loads(row["params"]), name=row["name"],
                     points=row["points"], bought_at=row["bought_at"])


class FleetsMixin:
    """The fleets' part of :class:`db.database.Database` (its plumbing: ``_write``,
    whose transaction has ``execute``/``one``, and ``_read``)."""

    async def buy_fleet_ship(self, ship: FleetShip, *, budget: float, most: int | None) -> FleetShip:
        """Store a purchase as the side's next ship; OverBudget / FleetFull refuse it."""
        async with self._write(ship.game_id) as conn:  # type: ignore[attr-defined]
            await _in_lobby(conn, ship.game_id)
            row = await conn.one("SELECT COALESCE(SUM(points), 0) AS spent, COUNT(*) AS ships"
                                 " FROM fleet_ships WHERE game_id = ? AND side = ?", (ship.game_id, ship.side))
            if most is not None and row["ships"] >= most:
                raise FleetFull(most)
            if row["spent"] + ship.points > budget + 1e-9:
                raise OverBudget(row["spent"])
            top = await conn.one("SELECT COALESCE(MAX(n), 0) AS n FROM fleet_ships WHERE game_id = ?",
                                 (ship.game_id,))
            n = top["n"] + 1
            await conn.execute("INSERT INTO fleet_ships (game_id, n, side, seat_id, design, params, name, points,"
                               " bought_at) VALUES (?,?,?,?,?,?,?,?,?)",
                               (ship.game_id, n, ship.side, ship.seat_id, ship.design, json.dumps(ship.params),
                                ship.name, ship.points, ship.bought_at))
        return FleetShip(ship.game_id, n, ship.side, ship.seat_id, ship.design, ship.params, ship.name,
                         ship.points, ship.bought_at)

    async def sell_fleet_ship(self, game_id: int, n: int, sides: tuple[str, ...]) -> bool:
        """Remove ship ``n`` if she sails for one of ``sides``; False if there is none."""
        marks = ",".join("?" for _ in sides) or "NULL"
        async with self._write(game_id) as conn:  # type: ignore[attr-defined]
            await _in_lobby(conn, game_id)
            sold = await conn.execute(f"DELETE FROM fleet_ships WHERE game_id = ? AND n = ? AND side IN ({marks})",
                                      (game_id, n, *sides))
            return sold > 0

    async def fleet_ships(self, game_id: int) -> list[FleetShip]:
        rows = await self._read("SELECT * FROM fleet_ships WHERE game_id = ? ORDER BY n", (game_id,))  # type: ignore[attr-defined]
        return [_ship(r) for r in rows]

    async def save_scenario(self, scenario: SavedScenario) -> None:
        async with self._write(None) as conn:  # type: ignore[attr-defined]
            await conn.execute("INSERT INTO scenarios (guild_id, name, ruleset, body, saved_by, saved_at)"
                               " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, name) DO UPDATE SET"
                               " ruleset = excluded.ruleset, body = excluded.body, saved_by = excluded.saved_by,"
                               " saved_at = excluded.saved_at",
                               (scenario.guild_id, scenario.name, scenario.ruleset, json.dumps(scenario.body),
                                scenario.saved_by, scenario.saved_at))

    async def saved_scenarios(self, guild_id: int, name: str | None = None) -> list[SavedScenario]:
        if name is None:
            rows = await self._read("SELECT * FROM scenarios WHERE guild_id = ? ORDER BY name", (guild_id,))  # type: ignore[attr-defined]
        else:
            rows = await self._read("SELECT * FROM scenarios WHERE guild_id = ? AND name = ?",  # type: ignore[attr-defined]
                                    (guild_id, name))
        return [SavedScenario(r["guild_id"], r["name"], r["ruleset"], json.loads(r["body"]), r["saved_by"],
                              r["saved_at"]) for r in rows]
