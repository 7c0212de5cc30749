"""Fixtures of the database tests.

Here rather than in a helper module, so the tests do not depend on how the test
folders are packaged.
"""
from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

SEATS = [Seat(id="p1", side="britain", name="Britain"), Seat(id="p2", side="france", name="France")]


@pytest.fixture(scope="session")
def fleet():
    """A real 20-ship game: the fleet action played at random. ``fleet(count)`` is its start
    state and first ``count`` steps (orders, rolls, events, state as the service stores them)."""
    return _fleet_steps


@functools.cache
def _fleet_steps(count: int, seed: int = 3) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ruleset = get_ruleset("cannoni")
    setup = ruleset.scenarios()["fleet-action"]
    dice, rng = SeededDice(seed), random.Random(seed)
    state, start = game.start(ruleset, setup, ruleset.options_model(), SEATS, dice)
    steps = []
    while len(steps) < count and ruleset.outcome(state) is None:
        orders = [random_order(ruleset, state, d, rng, prefer=("fire", "load", "move"), avoid=("strike",))
                  for d in ruleset.pending(state)]
        state, result = game.resolve(ruleset, state, [o for o in orders if o is not None], dice)
        steps.append({"orders": [o.model_dump(mode="json") for o in result.orders],
                      "rolls": [r.model_dump(mode="json") for r in result.rolls],
                      "events": [e.model_dump(mode="json") for e in result.events], "state": result.state})
    assert len(steps) == count, "the game ended early: pick another seed"
    return start.state, steps


@pytest.fixture
async def db(tmp_path):
    """A fresh SQLite database (a test file may define its own)."""
    from db import Database

    database = await Database.open(tmp_path / "db.sqlite3")
    yield database
    await database.close()


@pytest.fixture
async def started_game(db) -> int:
    """The id of a started game in ``db``, with one seat ("a", user 200)."""
    from db import NewGame, StartRow

    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={"sides": ["a", "b"]}, host_id=100, language="en", pacing="live",
                                        phase_seconds=300, created_at=1000.0))
    await db.add_seat(game.id, "a", "Anne", 1000.0, user_id=200)
    await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                 started_at=1001.0))
    return game.id
