"""Deadlines under a hand-wound clock: reminders, defaults, missed turns, pauses."""
from __future__ import annotations

import datetime

import pytest

from bot.service import Pacing, ServiceError

PHASE = 300


async def test_the_deadline_applies_the_published_defaults(table):
    game = await table.duel()
    deadline = await table.db.deadline(game.id)
    assert deadline.due_at == table.clock.now() + PHASE
    await table.advance(PHASE - 1)
    assert await table.db.step_count(game.id) == 0
    await table.advance(1)
    steps = await table.db.steps(game.id)
    assert len(steps) == 1 and steps[0].orders == []
    assert [e["kind"] for e in steps[0].events].count("default_order") == 2
    assert any("sent no order" in t for t in table.transport.public_texts())
    # A new phase, a new deadline counted from now.
    assert (await table.db.deadline(game.id)).due_at == table.clock.now() + PHASE


async def test_reminders_ping_only_who_still_owes(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    await table.advance(PHASE * 0.5)
    assert len(table.transport.reminders) == 1
    half = table.transport.reminders[0]
    assert half.user_ids == [table.BOB] and half.text.startswith("Half time: @user 300,")
    due = datetime.datetime.fromtimestamp(table.clock.now() + PHASE * 0.5, datetime.timezone.utc)
    assert f"due {due:%Y-%m-%d %H:%M} UTC (+2 min)" in half.text  # 150 s, in whole minutes
    await table.advance(PHASE * 0.35)
    last = table.transport.reminders[1]
    assert last.user_ids == [table.BOB] and last.text.startswith("Last call")
    await table.advance(PHASE * 0.15)
    assert len(table.transport.reminders) == 2
    step = (await table.db.steps(game.id))[0]
    assert [o["player"] for o in step.orders] == ["p1"]


async def test_two_missed_turns_flag_the_seat_and_an_ai_takes_over(table):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.advance(PHASE)  # Bob misses turn 1's chits
    seats = {s.seat_id: s for s in await table.db.seats(game.id)}
    assert seats["p2"].missed_turns == 1 and seats["p1"].missed_turns == 0
    for _ in range(20):
        pending = await table.service.my_pending(game.id, table.BOB)
        if pending:
            break
        await table.play_round(game.id, (table.ANNE,))
    await table.advance(PHASE)  # and misses again
    seats = {s.seat_id: s for s in await table.db.seats(game.id)}
    assert seats["p2"].flagged
    flagged = [p for p in table.transport.posts if "missed two turns" in p.lines[0]]
    assert len(flagged) == 1 and flagged[0].mentions == [table.HOST]

    await table.service.hand_to_ai(game.id, table.HOST, "p2", "random")
    await table.settle()
    assert (await table.db.seats(game.id))[1].ai_level == "random"
    assert any("random legal play" in t for t in table.transport.public_texts())
    reminded = len(table.transport.reminders)
    # From now on the computer seat never holds a phase up: only Anne is waited for.
    for _ in range(5):
        await table.play_round(game.id, (table.ANNE,))
    orders = await table.db.orders(game.id)
    assert any(o.source == "ai" and o.seat_id == "p2" for o in orders)
    assert all(table.BOB not in r.user_ids for r in table.transport.reminders[reminded:])


async def test_an_order_after_the_deadline_is_refused(table):
    game = await table.duel()
    await table.loops.stop()  # the bot is busy: the deadline passes before the loop gets to it
    table.clock.advance(PHASE + 5)
    pending = await table.service.my_pending(game.id, table.ANNE)
    result = await table.service.submit_order(game.id, table.ANNE, pending[0].decision.id, {"action": "chits"}, "late")
    assert result.status == "rejected" and result.problems[0].code == "deadline-passed"
    assert await table.db.open_orders(game.id) == []


async def test_an_order_for_a_resolved_phase_is_refused_in_plain_words(table):
    game = await table.duel()
    old = (await table.service.my_pending(game.id, table.ANNE))[0].decision.id
    await table.advance(PHASE)
    result = await table.service.submit_order(game.id, table.ANNE, old, {"action": "chits"}, "too-late")
    assert result.status == "rejected"
    assert result.problems[0].code == "unknown-decision"
    assert f"There is no pending decision {old}" in result.message


async def test_pause_stops_the_clock_and_resume_gives_the_time_back(table):
    game = await table.duel()
    await table.advance(100)
    await table.service.pause(game.id, table.HOST)
    await table.advance(10 * PHASE)
    assert await table.db.step_count(game.id) == 0
    with pytest.raises(ServiceError) as refused:
        await table.service.submit_order(game.id, table.ANNE, "t1.chits.p1", {}, "paused")
    assert refused.value.code == "game-paused"
    await table.service.resume(game.id, table.HOST)
    await table.settle()
    assert (await table.db.deadline(game.id)).due_at == table.clock.now() + PHASE - 100
    await table.advance(PHASE - 100)
    assert await table.db.step_count(game.id) == 1


async def test_the_host_extends_a_deadline(table):
    game = await table.duel()
    due = await table.service.extend_deadline(game.id, table.HOST, 600)
    assert due == table.clock.now() + PHASE + 600
    await table.advance(PHASE)
    assert await table.db.step_count(game.id) == 0
    await table.advance(600)
    assert await table.db.step_count(game.id) == 1
    with pytest.raises(ServiceError) as refused:
        await table.service.extend_deadline(game.id, table.HOST, 5)
    assert refused.value.code == "bad-extension"


async def test_closed_direct_messages_fall_back_to_the_thread(table):
    table.transport.closed_dms.add(table.BOB)
    game = await table.duel()
    notices = [p for p in table.transport.posts if p.lines[0].startswith("@user 300, I could not send")]
    assert len(notices) == 1 and notices[0].mentions == [table.BOB]
    assert "/menus" in notices[0].lines[0]
    seats = {s.seat_id: s for s in await table.db.seats(game.id)}
    assert not seats["p2"].dm_ok
    assert await table.db.prompted(game.id, 1) == {"p1": "dm", "p2": "thread"}
    # Bob still sees his decision privately through the command.
    assert (await table.service.my_pending(game.id, table.BOB))[0].decision.secret


async def test_a_campaign_deadline_is_a_day(table):
    game = await table.duel(pacing=Pacing(style="campaign", deadline="phase"))
    await table.advance(86400 - 1)
    assert await table.db.step_count(game.id) == 0
    await table.advance(1)
    assert await table.db.step_count(game.id) == 1


async def test_a_campaign_turn_has_one_deadline_of_a_day_for_all_its_phases(table):
    game = await table.duel(pacing=Pacing(style="campaign"))  # one deadline a turn by default
    await table.advance(86400 - 1)
    assert await table.db.step_count(game.id) == 0
    await table.advance(1)
    # Nobody answered by the turn's deadline: both seats take their defaults for the rest
    # of the turn, so its later phases do not wait another day each.
    assert (await table.service.public_view(game.id))["turn"] == 2
    steps = await table.db.step_count(game.id)
    assert steps > 1
    await table.advance(86400 - 1)
    assert await table.db.step_count(game.id) == steps, "the next turn has a day of its own"
    await table.advance(1)
    assert await table.db.step_count(game.id) > steps
