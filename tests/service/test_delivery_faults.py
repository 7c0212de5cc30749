"""The loop against a failing world, in process: direct messages that fail after the
public post, a thread that is gone or closed to the bot, a wall clock set forward, and a
database that refuses writes. No public line twice, no order lost, the host told."""
from __future__ import annotations

import pytest

from tests.disk_full import StepsRefused


from bot.service import ServiceError
from bot.transport import PermanentDeliveryError, Place, TransientDeliveryError

CHITS = "— Turn 1 —"  # the heading of the first post after the chits
THREAD, CHANNEL = 11, 10


def _count(table, text: str) -> int:
    return sum(line.count(text) for line in table.transport.public_texts())


def _dms(table, user: int) -> list[str]:
    return [line for uid, lines in table.transport.privates if uid == user for line in lines]


def _waiting(table) -> int:
    return sum(1 for p in table.transport.posts for line in p.lines if line.startswith("Waiting for"))


async def test_a_direct_message_failing_after_the_public_post_never_repeats_it(table):
    game = await table.duel()
    table.transport.dm_faults[table.ANNE] = [TransientDeliveryError("HTTP 500", code=0)]
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    assert _count(table, CHITS) == 1
    assert not any("chit" in line for line in _dms(table, table.ANNE))  # her lines are still owed
    await table.advance(30)  # past any retry
    assert _count(table, CHITS) == 1
    assert sum("chit" in line for line in _dms(table, table.ANNE)) == 1
    assert sum("chit" in line for line in _dms(table, table.BOB)) == 1
    assert (await table.db.unannounced(game.id)) == (False, [])
    assert _waiting(table) == 2  # and the next phase opened


async def test_a_deleted_thread_pauses_the_game_tells_the_host_and_resume_goes_on_in_the_channel(table):
    game = await table.duel()
    table.transport.broken[THREAD] = PermanentDeliveryError("HTTP 404: Unknown Channel", code=10003,
                                                            target=THREAD)
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    paused = await table.service.game(game.id)
    assert paused.status == "paused" and paused.thread_id is None
    assert [a.action for a in await table.db.audit_log(game.id)][-1] == "delivery-failed"
    said = table.transport.posts[-1]
    assert said.place == Place(1, CHANNEL, None) and said.mentions == [table.HOST]
    assert "its thread was deleted" in said.lines[0] and "/host resume" in said.lines[0]
    assert any("/host resume" in line for line in _dms(table, table.HOST))
    await table.advance(3600)  # nothing retries while paused, and no clock runs
    assert _count(table, CHITS) == 0 and (await table.service.game(game.id)).status == "paused"

    await table.service.resume(game.id, table.HOST)
    await table.settle()
    assert _count(table, CHITS) == 1
    story = next(p for p in table.transport.posts if CHITS in p.lines)
    assert story.place == Place(1, CHANNEL, None)
    assert _waiting(table) == 2 and (await table.db.deadline(game.id)).step_idx == 2


async def test_a_lost_permission_pauses_the_game_and_resume_after_the_fix_posts_once(table):
    game = await table.duel()
    table.transport.broken[THREAD] = PermanentDeliveryError("HTTP 403: Missing Permissions", code=50013,
                                                            target=THREAD)
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    paused = await table.service.game(game.id)
    assert paused.status == "paused" and paused.thread_id == THREAD
    said = table.transport.posts[-1]
    assert said.place == Place(1, CHANNEL, None) and "Send Messages" in said.lines[0]
    assert any("Send Messages" in line and "/host resume" in line for line in _dms(table, table.HOST))

    # Resumed before the fix: paused again, the host told again, nothing posted.
    await table.service.resume(game.id, table.HOST)
    await table.settle()
    assert (await table.service.game(game.id)).status == "paused" and _count(table, CHITS) == 0

    del table.transport.broken[THREAD]
    await table.service.resume(game.id, table.HOST)
    await table.settle()
    assert (await table.service.game(game.id)).status == "running"
    assert _count(table, CHITS) == 1 and _waiting(table) == 2


async def test_the_waiting_line_is_posted_once_when_the_first_prompt_fails(table):
    table.transport.dm_faults[table.ANNE] = [TransientDeliveryError("HTTP 503", code=0)]
    game = await table.duel()
    assert _waiting(table) == 1 and not [u for u, _ in table.transport.prompts if u == table.ANNE]
    await table.advance(30)
    assert _waiting(table) == 1
    assert [u for u, _ in table.transport.prompts].count(table.ANNE) == 1
    assert await table.service.prompted(game.id, 1) == {"p1": "dm", "p2": "dm"}


async def test_a_wall_clock_set_past_the_deadline_resolves_within_a_slice(table):
    game = await table.duel()  # live, 300 s a phase
    table.clock.jump(400)  # set forward: timers started before keep running on their own clock
    await table.settle()
    assert await table.db.step_count(game.id) == 0
    await table.advance(60)
    assert await table.db.step_count(game.id) == 1


async def test_an_order_refused_as_late_wakes_the_loop_to_resolve(table):
    game = await table.duel()
    table.clock.jump(400)
    pending = await table.service.my_pending(game.id, table.ANNE)
    result = await table.service.submit_order(game.id, table.ANNE, pending[0].decision.id, {}, "late")
    assert [p.code for p in result.problems] == ["deadline-passed"]
    await table.settle()
    assert await table.db.step_count(game.id) == 1


async def test_a_read_only_database_apologises_tells_the_host_and_the_order_goes_through_later(table):
    game = await table.duel()
    await table.db._conn.execute("PRAGMA query_only = ON")  # the file can no longer be written
    pending = await table.service.my_pending(game.id, table.ANNE)
    with pytest.raises(ServiceError) as refused:
        await table.order_for(game.id, table.ANNE)
    assert refused.value.code == "storage-unavailable"
    assert "your order was not recorded" in refused.value.message("en")
    assert "il tuo ordine non è stato registrato" in refused.value.message("it")
    with pytest.raises(ServiceError):
        await table.order_for(game.id, table.ANNE)
    told = [line for line in _dms(table, table.HOST) if "cannot write my database" in line]
    assert len(told) == 1  # once per outage
    assert await table.db.open_orders(game.id) == []

    await table.db._conn.execute("PRAGMA query_only = OFF")
    assert await table.order_for(game.id, table.ANNE) == len(pending)
    await table.order_for(game.id, table.BOB)
    await table.settle()
    assert await table.db.step_count(game.id) == 1 and _count(table, CHITS) == 1


async def test_a_full_disk_at_resolution_stores_nothing_and_the_phase_resolves_once_there_is_room(table, monkeypatch):
    game = await table.duel()
    await table.order_for(game.id, table.ANNE)
    await table.settle()
    disk = StepsRefused(table.db._conn, monkeypatch)
    await table.advance(300)  # the deadline passes: the resolution cannot be stored
    await table.advance(30)
    assert disk.refused and await table.db.step_count(game.id) == 0  # the step's insert was refused
    assert [o.seat_id for o in await table.db.open_orders(game.id)] == ["p1"]  # Anne's order kept
    assert sum("cannot write my database" in line for line in _dms(table, table.HOST)) == 1
    assert _count(table, CHITS) == 0

    disk.room()
    await table.advance(300)  # the next retry
    assert await table.db.step_count(game.id) == 1 and _count(table, CHITS) == 1
    step = await table.db.step(game.id, 1)
    assert any(o["player"] == "p1" for o in step.orders)


async def test_a_story_broken_off_after_one_message_goes_on_after_it_even_after_a_restart(table, monkeypatch):
    game = await table.duel()
    real_post = table.transport.post
    skips: list[int] = []

    async def post(place, lines, **kwargs):
        if CHITS in lines:
            skips.append(kwargs.get("skip", 0))
            if len(skips) == 1:  # Discord took the first message of the story, then failed
                raise TransientDeliveryError("HTTP 503", code=0, delivered=1)
        await real_post(place, lines, **kwargs)

    monkeypatch.setattr(table.transport, "post", post)
    await table.order_for(game.id, table.ANNE)
    await table.settle()  # an order arriving while a pass fails wakes the loop at once: not this test
    await table.order_for(game.id, table.BOB)
    await table.settle()
    step = await table.db.step(game.id, 1)
    parts = await table.db.announce_parts(game.id, step.id)  # the post is noted where it ends
    assert list(parts.values()) == [(1, False)] and next(iter(parts)).startswith("public:")
    await table.close()
    await table.open()  # a restart before the retry: the note is in the database
    assert skips == [0, 1]
    assert await table.db.announce_parts(game.id, step.id) == {}
    assert await table.db.unannounced(game.id) == (False, [])
