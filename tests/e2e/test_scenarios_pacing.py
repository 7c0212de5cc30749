"""A game's timing through the unmodified discord.py client and the loopback Discord: a
campaign tells the thread once a turn with an animated map of the turn, and has one
deadline a turn; a game's own grace period lets a misclick be taken back, and an order
given after the phase resolved is refused in plain words."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.service import FakeClock
from tests.e2e.scenario_helpers import (duel_world, form_of, make_bot, maps, no_errors_logged, option_value,
                                        posts_starting)


@pytest.mark.e2e_budget(150)
async def test_a_campaign_is_told_once_a_turn_with_an_animated_map_of_the_turn(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "campaign.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="campaign")
            (thread,) = w.battles.threads
            opened = thread.messages[0].content
            assert "Campaign play: 24 h per turn, for all of its phases" in opened, opened
            await w.anne.run(thread, "game join", side="britain")
            await w.host.run(thread, "host add-ai", side="france", level="captain")
            await w.host.run(thread, "game start")
            anne_form = await server.wait_for(lambda: _form(w.anne), 10, what="Anne's menu")
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.anne.click(anne_form, "Confirm")
            # The chits are shown and Anne is asked for her first move, but the turn is not
            # over: nothing of it is posted yet (a post whenever she must act would be).
            await server.wait_for(lambda: len(posts_starting(thread, "Waiting for")) >= 2, 10,
                                  what="the call for Anne's first move")
            await bot.loops.settle()
            await server.idle()
            assert not [m for m in thread.messages if "— Turn 1 —" in m.content]
            # The host lets a computer captain finish the game for Anne.
            handed = await w.host.run(thread, "host ai", seat="p1", level="captain", confirm=True)
            assert handed.reply.ephemeral and handed.text.startswith("Done"), handed.text
            await server.wait_for(lambda: posts_starting(thread, "**The game is over: "), 120, what="the last post")
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id, finished=True)
            assert game.posting is None, "the campaign's default"
            turns = [m for m in thread.messages if m.content.startswith("— Turn ")]
            assert len(turns) >= 10, [m.content[:20] for m in thread.messages]
            # One post a turn: no turn's heading is in two posts.
            headings = [line for m in thread.messages for line in m.content.splitlines() if line.startswith("— Turn ")]
            assert len(headings) == len(set(headings)) == len(turns)
            animated = 0
            for post in turns:
                assert post in maps(thread), "every turn's post has its map"
                (picture,) = post.files
                if picture.filename.endswith(".gif"):
                    frames = Image.open(io.BytesIO(picture.data)).n_frames
                    assert frames > 1 and "one picture for each phase with action" in picture.description
                    animated += 1
            assert animated >= len(turns) // 2, "a turn of several phases with action is animated"
            first = next(m for m in turns if m.content.startswith("— Turn 1 —"))
            assert "shows chit 4" in first.content and " sails " in first.content, "the whole turn in one post"


def _form(user):
    return next((m for m in reversed(user.dm.messages) if form_of(m)), None)


@pytest.mark.e2e_budget(60)
async def test_a_games_own_grace_lets_a_misclick_be_taken_back_and_no_later(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    clock = FakeClock()
    bot = make_bot(server, tmp_path / "grace.sqlite3", clock)  # the server's default: no grace
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="live",
                             phase="5m", grace="20s")
            (thread,) = w.battles.threads
            assert "a last order can be taken back for 20 s" in thread.messages[0].content
            await w.anne.run(thread, "game join", side="britain")
            await w.bob.run(thread, "game join", side="france")
            await w.host.run(thread, "game start")
            anne_form = await server.wait_for(lambda: _form(w.anne), 10, what="Anne's menu")
            bob_form = await server.wait_for(lambda: _form(w.bob), 10, what="Bob's menu")
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.anne.click(anne_form, "Confirm")
            assert "You can change it until the phase resolves: 20 s after the last order comes in" \
                in anne_form.content
            # Bob misclicks 5; his is the last order, and the words give the moment it stands.
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            assert "Every order is in: the phase resolves <t:1700000020:R>, and until then you can still change " \
                   "this order." in bob_form.content
            game = await bot.service.find_game(thread.id)
            clock.advance(10)
            await bot.loops.settle()
            assert await bot.db.step_count(game.id) == 0, "still in its grace"
            await w.bob.select(bob_form, [option_value(bob_form, "3")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            assert "Order changed" in bob_form.content and "<t:1700000030:R>" in bob_form.content
            clock.advance(20)
            await bot.loops.settle()
            await server.idle()
            (step,) = await bot.db.steps(game.id)
            bobs = [o["payload"] for o in step.orders if o["player"] == "p2"]
            assert bobs and all(3 in p.values() for p in bobs), "the order taken back is not the one used"

            # Too late: the phase has resolved; the old menu's Confirm is refused in plain words.
            await w.bob.click(bob_form, "Confirm")
            assert bob_form.content.startswith("This decision is no longer open (the phase has moved on).")
            assert await bot.db.step_count(game.id) == 1

            # The host takes the grace away: the thread is told, and the next order says so.
            changed = await w.host.run(thread, "host timing", grace="0")
            assert changed.reply.ephemeral
            await server.wait_for(lambda: posts_starting(thread, f"{w.host.mention} changed this game's timing"), 5)
            (notice,) = posts_starting(thread, f"{w.host.mention} changed this game's timing")
            assert "a deadline for each phase" in notice.content
            assert "a phase resolves as its last order comes in" in notice.content
            game = await bot.service.find_game(thread.id)
            assert bot.service.grace_for(game) == 0
            # And one deadline a turn from the next phase on, told in the thread too.
            await w.host.run(thread, "host timing", deadline="turn")
            await server.wait_for(lambda: len(posts_starting(thread, f"{w.host.mention} changed this game's "
                                                                      "timing")) == 2, 5)
            last = posts_starting(thread, f"{w.host.mention} changed this game's timing")[-1]
            assert "one deadline for each turn, for all of its phases" in last.content
            assert (await bot.service.find_game(thread.id)).deadline_per == "turn"
