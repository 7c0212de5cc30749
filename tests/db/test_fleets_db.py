"""The fleets' tables: purchases checked against the budget in their own transaction,
only in the lobby, and a server's scenarios replaced by name (migration 0009)."""
from __future__ import annotations

import asyncio
import re
from importlib import resources

import pytest

from db import Database, NewGame, StartRow, WrongStatus
from db.fleets import FleetFull, FleetShip, OverBudget, SavedScenario


@pytest.fixture
async def db(tmp_path):
    database = await Database.open(tmp_path / "test.sqlite3")
    yield database
    await database.close()


async def _lobby(db: Database) -> int:
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="points", options={},
                                        setup={"points": {"budget": 40}}, host_id=100, language="en",
                                        pacing="live", phase_seconds=300, created_at=1000.0))
    return game.id


def _ship(game_id: int, points: float, design: str = "x") -> FleetShip:
    return FleetShip(game_id, 0, "britain", "p1", design, {"guns": "74"}, design, points, 1000.0)


async def test_two_purchases_at_once_cannot_pass_the_budget(db):
    game = await _lobby(db)
    # Straight to the database, as two service processes would: no lock of the service.
    results = await asyncio.gather(*(db.buy_fleet_ship(_ship(game, 29, f"s{i}"), budget=40, most=None)
                                     for i in range(5)), return_exceptions=True)
    assert sum(isinstance(r, FleetShip) for r in results) == 1
    assert all(isinstance(r, OverBudget) for r in results if not isinstance(r, FleetShip))
    (kept,) = await db.fleet_ships(game)
    assert (kept.n, kept.params, kept.points) == (1, {"guns": "74"}, 29)


async def test_a_side_full_and_numbers_never_reused_within_the_game(db):
    game = await _lobby(db)
    for _ in range(2):
        await db.buy_fleet_ship(_ship(game, 5), budget=40, most=2)
    with pytest.raises(FleetFull):
        await db.buy_fleet_ship(_ship(game, 5), budget=40, most=2)
    assert await db.sell_fleet_ship(game, 2, ("britain",))
    assert not await db.sell_fleet_ship(game, 1, ("france",))  # not that side's ship
    again = await db.buy_fleet_ship(_ship(game, 5), budget=40, most=2)
    assert again.n == 2 and [s.n for s in await db.fleet_ships(game)] == [1, 2]


async def test_no_purchase_nor_sale_once_started(db):
    game = await _lobby(db)
    await db.buy_fleet_ship(_ship(game, 5), budget=40, most=None)
    await db.start_game(StartRow(game_id=game, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    with pytest.raises(WrongStatus):
        await db.buy_fleet_ship(_ship(game, 5), budget=40, most=None)
    with pytest.raises(WrongStatus):
        await db.sell_fleet_ship(game, 1, ("britain",))


async def test_a_scenario_saved_again_replaces_it(db):
    await db.save_scenario(SavedScenario(1, "sophie", "cannoni", {"budget": 50}, 100, 1.0))
    await db.save_scenario(SavedScenario(1, "sophie", "cannoni", {"budget": 60}, 200, 2.0))
    await db.save_scenario(SavedScenario(2, "sophie", "nauta", {"budget": 300}, 300, 3.0))
    (mine,) = await db.saved_scenarios(1)
    assert (mine.body, mine.saved_by) == ({"budget": 60}, 200)
    assert [s.ruleset for s in await db.saved_scenarios(2, "sophie")] == ["nauta"]


def test_the_migration_is_portable_sql():
    sql = (resources.files("db") / "migrations" / "0009_scenarios.sql").read_text()
    code = "\n".join(line.split("--")[0] for line in sql.splitlines())
    for sqlite_only in ("AUTOINCREMENT", "INSERT OR", "WITHOUT ROWID", "STRICT", "PRAGMA", "DATETIME("):
        assert sqlite_only not in code.upper()
    assert set(re.findall(r"\b(INTEGER|TEXT|REAL|BLOB)\b", code)) <= {"INTEGER", "TEXT", "REAL"}
