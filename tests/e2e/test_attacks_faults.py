"""Unlucky faults, through the unmodified client against the loopback Discord: direct
messages that keep failing after the public post, a deleted thread, a lost Send Messages
permission, a prompt failing right after the "Waiting for" line, a wall clock set
forward, a database that cannot be written, and the gateway dropping mid-phase.
No public line twice, no order lost, and the host always hears of what needs a person."""
from __future__ import annotations

import pytest

from bot.discord.replies import split_lines
from bot.service import FakeClock
from bot.transport import Place, TransientDeliveryError
from tests.disk_full import CommitRefused, StepsRefused
from tests.e2e.scenario_helpers import (dm_form, duel_world, make_bot, no_errors_logged, open_duel, option_value,
                                        posts_starting)

CHITS_RESOLVED = "— Turn 1 —"  # the first post after the chits (its filler is not posted)
ANNE_CHIT = "HMS Indefatigable: chit 4."
DEFAULT_CHITS = "Anne sent no order for the chits in time"  # the seat by its player's name


def posts_saying(channel, text: str) -> list:
    """Posts with a line that starts with ``text`` (a story post may open with headings)."""
    return [m for m in channel.messages if any(line.startswith(text) for line in m.content.splitlines())]


def waiting_lines(channel) -> list:
    return posts_starting(channel, "Waiting for")


async def chits_in(server, w, *, confirm_bob: bool = True):
    """Anne confirms chit 4; Bob chooses 5 and (unless told not to) confirms it too."""
    anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
    await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
    await w.anne.click(anne_form, "Confirm")
    await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
    if confirm_bob:
        await w.bob.click(bob_form, "Confirm")
    return bob_form


def private_chits(user) -> list:
    return [m for m in user.dm.messages if ANNE_CHIT in m.content]


@pytest.mark.e2e_budget(90)
async def test_fault_dm_500_after_public_post_posts_once(fake_discord, tmp_path, quick_server_error_retries):
    server, clock = fake_discord, FakeClock()
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "dm500.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            bob_form = await chits_in(server, w, confirm_bob=False)
            # Anne's DM channel answers 500 until discord.py gives up (five tries; its backoff is shortened).
            broken = server.fail(500, 5, route=f"POST /channels/{w.anne.dm.id}/messages")
            await w.bob.click(bob_form, "Confirm")
            await server.wait_for(lambda: len(broken.hits) == 5, 40, what="discord.py giving up on Anne's DM")
            await bot.loops.settle()
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1 and private_chits(w.anne) == []

            clock.advance(30)  # the retries come and go
            await server.wait_for(lambda: private_chits(w.anne), 10, what="Anne's private line, late")
            await server.wait_for(lambda: len(waiting_lines(thread)) == 2, 10, what="the next phase")
            await bot.loops.settle()
            await server.idle()
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1
            assert len(private_chits(w.anne)) == 1
            assert server.violations == []


@pytest.mark.e2e_budget(45)
async def test_fault_thread_deleted_pauses_tells_the_host_and_resume_goes_on_in_the_channel(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "deleted.sqlite3")
    async with server.running(bot):
        thread = await open_duel(server, w)
        bob_form = await chits_in(server, w, confirm_bob=False)
        thread.deleted = True  # a moderator deletes the game's thread mid-phase
        await server.gateway.dispatch("THREAD_DELETE", {"id": str(thread.id), "guild_id": str(w.guild.id),
                                                        "parent_id": str(w.battles.id), "type": thread.type})
        await w.bob.click(bob_form, "Confirm")

        notice = await server.wait_for(lambda: posts_starting(w.battles, "Game #1"), 10,
                                       what="the pause said in the channel")
        assert "its thread was deleted" in notice[0].content and f"<@{w.host.id}>" in notice[0].content
        told = await server.wait_for(lambda: [m for m in w.host.dm.messages if "/host resume" in m.content], 10,
                                     what="the host's direct message")
        assert f"<#{w.battles.id}>" in told[0].content
        await bot.loops.settle()
        game = await bot.db.game(1)
        assert game.status == "paused" and game.thread_id is None
        assert (await bot.db.audit_log(1))[-1].action == "delivery-failed"
        assert server.take_violations(10003)  # the bot learnt of the deletion by posting there

        resumed = await w.host.run(w.battles, "host resume")
        assert resumed.reply.ephemeral
        await server.wait_for(lambda: posts_starting(w.battles, CHITS_RESOLVED), 10, what="the story, late")
        await server.wait_for(lambda: waiting_lines(w.battles), 10, what="the next phase, in the channel")
        await bot.loops.settle()
        await server.idle()
        assert len(posts_starting(w.battles, CHITS_RESOLVED)) == 1
        assert len(private_chits(w.anne)) == 1
        assert server.violations == []


@pytest.mark.e2e_budget(45)
async def test_fault_send_permission_lost_pauses_and_resume_after_the_fix_posts_once(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "forbidden.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            bob_form = await chits_in(server, w, confirm_bob=False)
            thread.bot_can_send = False  # a moderator takes Send Messages away in the thread
            await w.bob.click(bob_form, "Confirm")

            notice = await server.wait_for(lambda: posts_starting(w.battles, "Game #1"), 10,
                                           what="the pause said in the channel")
            assert "Send Messages" in notice[0].content and f"<#{thread.id}>" in notice[0].content
            await server.wait_for(lambda: [m for m in w.host.dm.messages if "/host resume" in m.content], 10,
                                  what="the host's direct message")
            await bot.loops.settle()
            assert (await bot.db.game(1)).status == "paused"
            assert posts_starting(thread, CHITS_RESOLVED) == []

            thread.bot_can_send = True  # fixed
            await w.host.run(thread, "host resume")
            await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 10, what="the story, once")
            await server.wait_for(lambda: len(waiting_lines(thread)) == 2, 10, what="the next phase")
            await bot.loops.settle()
            await server.idle()
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1
            assert (await bot.db.game(1)).status == "running"
            assert server.violations == []


async def test_fault_dm_prompt_error_posts_the_waiting_line_once(fake_discord, tmp_path):
    server, clock = fake_discord, FakeClock()
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "prompt.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="campaign",
                             phase="12h")
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="britain")
            await w.bob.run(thread, "game join", side="france")
            # Anne's DM answers 503 (discord.py does not retry that) just after the waiting line.
            broken = server.fail(503, 1, route=f"POST /channels/{w.anne.dm.id}/messages")
            await w.host.run(thread, "game start")
            await server.wait_for(lambda: broken.hits, 10, what="the failed prompt")
            await bot.loops.settle()
            clock.advance(30)  # the retry
            await dm_form(server, w.anne)
            await bot.loops.settle()
            await server.idle()
            assert len(waiting_lines(thread)) == 1
            assert server.violations == []


async def test_fault_wall_clock_set_past_the_deadline_resolves_when_an_order_is_refused_late(fake_discord,
                                                                                                tmp_path):
    server, clock = fake_discord, FakeClock()
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "jump.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)  # 12 h a phase
            anne_form = await dm_form(server, w.anne)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            clock.jump(13 * 3600)  # the host's clock is set forward; the loop's timer runs on
            await w.anne.click(anne_form, "Confirm")
            await server.wait_for(lambda: posts_saying(thread, DEFAULT_CHITS), 10,
                                  what="the phase resolved at once")
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            assert await bot.db.step_count(game.id) == 1
            assert [o for o in await bot.db.orders(game.id) if o.seat_id == "p1"] == []  # refused as late


async def test_fault_wall_clock_set_past_the_deadline_resolves_within_a_minute(fake_discord, tmp_path):
    server, clock = fake_discord, FakeClock()
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "slice.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            await bot.loops.settle()
            clock.jump(13 * 3600)
            clock.advance(60)  # a minute of real time passes
            await server.wait_for(lambda: posts_saying(thread, DEFAULT_CHITS), 10, what="the phase resolved")


@pytest.mark.e2e_budget(45)
async def test_fault_database_read_only_apologises_tells_the_host_and_takes_the_order_when_fixed(fake_discord,
                                                                                                tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "readonly.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
            await bot.loops.settle()  # the prompts are noted before the file turns read-only
            await bot.db._conn.execute("PRAGMA query_only = ON")  # the database can no longer be written
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            refused = await w.anne.click(anne_form, "Confirm")
            assert "your order was not recorded" in refused.text and refused.reply.ephemeral
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            told = [m for m in w.host.dm.messages if "cannot write my database" in m.content]
            assert len(told) == 1
            assert await bot.db.orders(1) == []  # nothing half-stored

            await bot.db._conn.execute("PRAGMA query_only = OFF")  # fixed
            await w.anne.click(anne_form, "Confirm")
            await w.bob.click(bob_form, "Confirm")
            await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 10, what="the phase resolved")
            await bot.loops.settle()
            await server.idle()
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1
            assert server.violations == []


@pytest.mark.e2e_budget(45)
async def test_fault_commit_refused_rolls_back_and_the_next_order_is_stored(fake_discord, tmp_path, monkeypatch):
    """A COMMIT that SQLite refuses leaves its transaction open. Not rolled back, every
    later write of the game fails ("cannot start a transaction within a transaction"),
    and a later COMMIT could keep half of the failed one."""
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "commit.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
            await bot.loops.settle()
            commit = CommitRefused(bot.db._conn, monkeypatch)
            commit.armed = True
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            refused = await w.anne.click(anne_form, "Confirm")
            assert commit.refused == 1
            assert "your order was not recorded" in refused.text and refused.reply.ephemeral
            assert not bot.db._conn.in_transaction  # rolled back
            assert await bot.db.orders(1) == []  # nothing of it kept

            await w.anne.click(anne_form, "Confirm")  # the same order again: stored this time
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 10, what="the phase resolved")
            await bot.loops.settle()
            await server.idle()
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1
            step = await bot.db.step(1, 1)
            assert {o["player"] for o in step.orders} == {"p1", "p2"}
            assert server.violations == []


@pytest.mark.e2e_budget(60)
async def test_fault_gateway_drops_and_resumes_mid_phase_loses_no_order_posts_nothing_twice(fake_discord,
                                                                                           tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "gateway.sqlite3")

    async def no_pause(shard_id, *, initial=False):  # discord.py waits 5 s before identifying again
        return None

    bot.before_identify_hook = no_pause
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await server.drop_connection()
            # Confirmed while the bot is away: Discord keeps the interaction and replays it.
            it = await w.anne.click(anne_form, "Confirm", wait=False)
            await it.wait_response(timeout=10)
            await server.wait_for(lambda: "Order recorded" in anne_form.content, 10)
            assert server.gateway.resumes == 1

            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await server.request_reconnect()
            await w.bob.click(bob_form, "Confirm")
            await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 10, what="the phase resolved")
            await server.wait_for(lambda: len(waiting_lines(thread)) == 2, 10, what="the next phase")

            await server.invalidate_session()  # a new session: nothing replayed, nothing posted again
            await server.wait_for(lambda: server.gateway.identifies == 2 and server.gateway.connected, 10)
            decision = (await w.bob.autocomplete(thread, "order", "decision", ""))[0]["value"]
            ordered = await w.bob.run(thread, "order", decision=decision, action="move", values="distance=3")
            assert ordered.text.startswith("Order recorded")
            await server.wait_for(lambda: posts_starting(thread, 'Virginie sails 3"'), 10)
            await bot.loops.settle()
            await server.idle()

            game = await bot.service.find_game(thread.id)
            chits = [o for o in await bot.db.orders(game.id) if o.decision_id.endswith(("chits.p1", "chits.p2"))]
            assert sorted((o.seat_id, o.status) for o in chits) == [("p1", "consumed"), ("p2", "consumed")]
            # Every phase opened told once who it waits for; every other line is unique.
            assert len(waiting_lines(thread)) == await bot.db.step_count(game.id) + 1
            public = [m.content for m in thread.messages if m.content and not m.content.startswith("Waiting for")]
            assert len(public) == len(set(public)), "a line was posted twice"
            assert len(private_chits(w.anne)) == 1
            assert server.violations == []


@pytest.mark.e2e_budget(45)
async def test_fault_disk_full_at_resolution_stores_nothing_tells_the_host_and_resolves_once_fixed(fake_discord,
                                                                                                  tmp_path,
                                                                                                  monkeypatch):
    server, clock = fake_discord, FakeClock()
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "full.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form = await dm_form(server, w.anne)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.anne.click(anne_form, "Confirm")
            await bot.loops.settle()
            disk = StepsRefused(bot.db._conn, monkeypatch)  # SQLite's own "disk full" for the step
            clock.advance(12 * 3600)  # Bob's time runs out: the resolution cannot be stored
            await server.wait_for(lambda: [m for m in w.host.dm.messages if "cannot write my database" in m.content],
                                  10, what="the host told")
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            assert disk.refused and await bot.db.step_count(game.id) == 0  # the step's insert was refused
            assert [o.seat_id for o in await bot.db.open_orders(game.id)] == ["p1"]  # Anne's chit kept

            disk.room()
            clock.advance(30)  # the next retry
            await server.wait_for(lambda: posts_saying(thread, "Bob sent no order for the chits in time"), 10,
                                  what="the phase resolved")
            await bot.loops.settle()
            await server.idle()
            assert await bot.db.step_count(game.id) == 1
            assert len(private_chits(w.anne)) == 1  # her own chit, as she confirmed it
            assert len([m for m in w.host.dm.messages if "cannot write my database" in m.content]) == 1
            assert server.violations == []


async def test_fault_long_post_broken_off_by_a_503_goes_on_after_the_pieces_already_sent(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "pieces.sqlite3")
    lines = [f"Line {n}: the broadside rakes her stern " + "." * 60 for n in range(80)]  # several messages
    sent = []

    def second_message(request) -> bool:
        if request.method == "POST" and request.path.endswith(f"/channels/{w.battles.id}/messages"):
            sent.append(request.path)
            return len(sent) == 2
        return False

    async with server.running(bot):
        server.fail(503, 1, route=second_message)
        place = Place(w.guild.id, w.battles.id, None)
        with pytest.raises(TransientDeliveryError) as broken:
            await bot.transport.post(place, lines)
        assert broken.value.delivered == 1
        await bot.transport.post(place, lines, skip=broken.value.delivered)
        await server.idle()
        posted = [m.content for m in w.battles.messages]
        assert len(posted) == len(split_lines(lines)) > 2 and "\n".join(posted) == "\n".join(lines)
