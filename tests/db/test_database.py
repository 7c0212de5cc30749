"""The database on its own: migrations, transactions, and the guards the loop relies on."""
from __future__ import annotations

import sqlite3

import pytest

from db import (AlreadySeated, Database, NewGame, NewOrder, NewStep, PickTaken, StaleStep, StartRow, StepConflict,
                WrongStatus, migrations)


@pytest.fixture
async def db(database_url):
    database = await Database.open(database_url)
    yield database
    await database.close()


async def _game(db: Database, status: str = "running") -> int:
    game = await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                        setup={"sides": ["a", "b"]}, host_id=100, language="en", pacing="live",
                                        phase_seconds=300, created_at=1000.0))
    await db.add_seat(game.id, "a", "Anne", 1000.0, user_id=200)
    await db.add_seat(game.id, "b", "Bob", 1000.0, user_id=300)
    if status != "lobby":
        await db.start_game(StartRow(game_id=game.id, seed=5, setup={}, seats=[], rolls=[], events=[], state={},
                                     started_at=1001.0))
    return game.id


def _order(game_id: int, decision: str, *, seat: str = "p1", step: int = 1, key: str | None = None,
           payload: dict | None = None) -> NewOrder:
    return NewOrder(game_id=game_id, step_idx=step, decision_id=decision, seat_id=seat, payload=payload or {},
                    source="player", submitted_at=1002.0, user_id=200, idempotency_key=key)


def _step(idx: int, consumed: list[int], **kw) -> NewStep:
    return NewStep(idx=idx, orders=[{"decision": "d"}], rolls=[{"sides": 6, "value": 2, "reason": "r"}],
                   events=[], state={"turn": idx}, resolved_at=2000.0 + idx, consumed=consumed, **kw)


async def test_migrations_run_once_in_order_and_wal_is_on(tmp_path):
    path = tmp_path / "m.sqlite3"
    db = await Database.open(path)
    latest = migrations()[-1][0]
    assert await db.schema_version() == latest >= 1
    await db.close()
    db = await Database.open(path)  # a second start applies nothing twice
    assert await db.schema_version() == latest
    await db.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        rows = raw.execute("SELECT version, name FROM schema_version ORDER BY version").fetchall()
    assert [r[0] for r in rows] == [v for v, _, _ in migrations()]
    assert rows[0][1].startswith("0001_")


async def test_seats_take_the_lowest_free_id_and_one_per_user(db: Database):
    game_id = await _game(db, "lobby")
    with pytest.raises(AlreadySeated):
        await db.add_seat(game_id, "a", "Anne again", 1.0, user_id=200)
    await db.remove_seat(game_id, "p1")
    ai = await db.add_seat(game_id, "a", "random (a)", 1.0, ai_level="random")
    assert ai.seat_id == "p1" and ai.ai_level == "random" and not ai.vacant
    seat = await db.assign_seat(game_id, "p2", user_id=None, ai_level=None, name="Bob")
    assert seat.vacant


async def test_a_ship_is_picked_once(db: Database):
    game_id = await _game(db, "lobby")
    await db.add_pick(game_id, "p1", "victory", None, 1.0)
    with pytest.raises(PickTaken):
        await db.add_pick(game_id, "p2", "victory", None, 1.0)
    await db.remove_seat(game_id, "p1")
    assert await db.picks(game_id) == []  # a seat's picks go with it


async def test_a_game_starts_once(db: Database):
    game_id = await _game(db)
    with pytest.raises(WrongStatus):
        await db.start_game(StartRow(game_id=game_id, seed=1, setup={}, seats=[], rolls=[], events=[], state={},
                                     started_at=1.0))
    assert (await db.start_record(game_id)).seed == 5


async def test_an_idempotency_key_makes_a_redelivery_harmless(db: Database):
    game_id = await _game(db)
    first = await db.add_order(_order(game_id, "d1", key="interaction-9", payload={"x": 1}))
    again = await db.add_order(_order(game_id, "d1", key="interaction-9", payload={"x": 2}))
    assert not first.duplicate and again.duplicate
    assert again.order.seq == first.order.seq and again.order.payload == {"x": 1}
    assert len(await db.orders(game_id)) == 1


async def test_a_resubmission_replaces_and_comes_later(db: Database):
    game_id = await _game(db)
    a = await db.add_order(_order(game_id, "d1", payload={"x": 1}))
    b = await db.add_order(_order(game_id, "d2", seat="p2"))
    c = await db.add_order(_order(game_id, "d1", payload={"x": 2}))
    assert c.replaced and c.order.seq > b.order.seq > a.order.seq
    assert [(o.decision_id, o.payload) for o in await db.open_orders(game_id)] == [("d2", {}), ("d1", {"x": 2})]


async def test_an_order_for_a_resolved_step_is_stale(db: Database):
    game_id = await _game(db)
    await db.record_step(game_id, _step(1, []))
    with pytest.raises(StaleStep):
        await db.add_order(_order(game_id, "d1", step=1))
    assert await db.orders(game_id) == []


async def test_a_step_commits_with_everything_it_changes(db: Database):
    game_id = await _game(db)
    a = await db.add_order(_order(game_id, "d1"))
    await db.add_order(_order(game_id, "d2", seat="p2"))
    await db.open_deadline(game_id, 1, 1000.0, 1300.0)
    step = await db.record_step(game_id, _step(1, [a.order.seq], missed={"p1": False, "p2": True}))
    assert step.idx == 1 and step.state == {"turn": 1} and not step.announced
    statuses = {o.decision_id: o.status for o in await db.orders(game_id)}
    assert statuses == {"d1": "consumed", "d2": "discarded"}
    assert await db.deadline(game_id) is None
    seats = await db.seats(game_id)
    assert [s.missed_turns for s in seats] == [0, 1]


async def test_a_phase_is_never_stored_twice(db: Database):
    game_id = await _game(db)
    a = await db.add_order(_order(game_id, "d1"))
    await db.record_step(game_id, _step(1, [a.order.seq]))
    with pytest.raises(StepConflict):
        await db.record_step(game_id, _step(1, []))
    with pytest.raises(StepConflict):
        await db.record_step(game_id, _step(3, []))
    assert await db.step_count(game_id) == 1


async def test_a_failed_step_leaves_nothing_behind(db: Database):
    game_id = await _game(db)
    a = await db.add_order(_order(game_id, "d1"))
    await db.open_deadline(game_id, 1, 1000.0, 1300.0)
    with pytest.raises(StepConflict):  # an order that is not open: the transaction rolls back
        await db.record_step(game_id, _step(1, [a.order.seq, 999], missed={"p1": True}, over=True))
    assert await db.step_count(game_id) == 0
    assert [o.status for o in await db.open_orders(game_id)] == ["open"]
    assert (await db.deadline(game_id)).due_at == 1300.0
    assert (await db.game(game_id)).status == "running"
    assert all(s.missed_turns == 0 for s in await db.seats(game_id))


async def test_the_last_step_ends_the_game(db: Database):
    game_id = await _game(db)
    await db.record_step(game_id, _step(1, [], over=True))
    game = await db.game(game_id)
    assert game.status == "over" and game.ended_at == 2001.0


async def test_undo_sets_the_step_aside_and_reopens_its_index(db: Database):
    game_id = await _game(db)
    await db.record_step(game_id, _step(1, []))
    await db.record_step(game_id, _step(2, [], over=True))
    await db.note_prompt(game_id, 3, "p1", "dm", 1.0)
    undone = await db.undo_last_step(game_id, 3000.0)
    assert undone.idx == 2
    assert (await db.game(game_id)).status == "running"
    assert [s.idx for s in await db.steps(game_id)] == [1]
    assert await db.prompted(game_id, 3) == {}
    again = await db.record_step(game_id, _step(2, []))
    assert again.idx == 2 and (await db.last_step(game_id)).id == again.id


async def test_announcements_are_tracked_for_the_start_and_each_step(db: Database):
    game_id = await _game(db)
    await db.record_step(game_id, _step(1, []))
    start, steps = await db.unannounced(game_id)
    assert start and [s.idx for s in steps] == [1]
    await db.mark_announced(game_id, 0)
    await db.mark_announced(game_id, 1)
    assert await db.unannounced(game_id) == (False, [])


async def test_a_deadline_survives_and_pausing_keeps_what_was_left(db: Database):
    game_id = await _game(db)
    first = await db.open_deadline(game_id, 1, 1000.0, 1300.0)
    assert await db.open_deadline(game_id, 1, 5000.0, 5300.0) == first  # a restart keeps the stored one
    await db.note_reminders(game_id, 1, 1)
    await db.pause(game_id, 1100.0)
    with pytest.raises(WrongStatus):
        await db.pause(game_id, 1100.0)
    await db.extend_deadline(game_id, 60)
    await db.resume(game_id, 9000.0)
    deadline = await db.deadline(game_id)
    assert (deadline.opened_at, deadline.due_at, deadline.reminders_sent) == (8900.0, 9260.0, 1)
    assert deadline.paused_remaining is None
    assert (await db.open_deadline(game_id, 2, 9999.0, 10299.0)).reminders_sent == 0


async def test_the_audit_trail_keeps_host_actions(db: Database):
    game_id = await _game(db)
    await db.audit(game_id, 1.0, 100, "undo", {"step": 3})
    log = await db.audit_log(game_id)
    assert [(a.actor_id, a.action, a.detail) for a in log] == [(100, "undo", {"step": 3})]


async def test_games_of_one_scenario_share_their_parsed_setup(db: Database):
    """Every running game's row is remembered: the setup (a scenario's ships, the same
    text for each of its games) is parsed once and shared, not held once a game."""
    setup = {"sides": ["a", "b"], "ships": [{"id": f"s{n}", "name": "Ship"} for n in range(20)]}

    async def new(setup: dict) -> int:
        return (await db.create_game(NewGame(guild_id=1, channel_id=10, ruleset="cannoni", scenario="s", options={},
                                             setup=setup, host_id=100, language="en", pacing="live",
                                             phase_seconds=300, created_at=1000.0))).id

    first, second, other = await new(setup), await new(setup), await new({**setup, "sides": ["b", "a"]})
    a, b, c = [await db.game(g) for g in (first, second, other)]
    assert a.setup == b.setup == setup and a.setup is b.setup
    assert c.setup == {**setup, "sides": ["b", "a"]} and c.setup is not a.setup


async def test_a_start_without_its_state_is_read_once_and_remembered(db):
    """A start is written once, as the game leaves the lobby: its loop, which reads it on
    every pass of the first turn (its events) and for the dice, reads the database once.
    With the state it is read every time; announcing it changes nothing remembered."""
    game_id = await _game(db)
    reads: list[str] = []
    real = db._read

    async def counted(sql, params=()):
        reads.append(sql)
        return await real(sql, params)

    db._read = counted
    first = await db.start_record(game_id, with_state=False)
    again = await db.start_record(game_id, with_state=False)
    assert again is first and first.state is None and (first.seed, first.started_at) == (5, 1001.0)
    assert len([r for r in reads if "FROM starts" in r]) == 1
    await db.mark_announced(game_id, 0)
    assert await db.start_record(game_id, with_state=False) is first
    whole = await db.start_record(game_id)
    assert whole.state == {} and whole.announced
    assert len([r for r in reads if "FROM starts" in r]) == 2
    assert await db.start_record(game_id + 1000, with_state=False) is None  # not started: nothing kept
    assert await db.start_record(game_id + 1000, with_state=False) is None
    assert len([r for r in reads if "FROM starts" in r]) == 4
