"""/duel through the unmodified discord.py client and the loopback Discord: an invitation
only the invited member can take, a declined one, a duel against the computer to its
last post, and a last order changed within the grace period."""
from __future__ import annotations

import asyncio

import pytest

from bot.service import FakeClock
from tests.e2e.scenario_helpers import (duel_world, form_of, make_bot, maps, no_errors_logged, option_value,
                                        posts_starting)


def invitation(thread):
    return next((m for m in thread.messages if "challenges you to a duel" in m.content), None)


@pytest.mark.e2e_budget(45)
async def test_only_the_invited_friend_can_accept_and_the_game_starts(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "duel.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            it = await w.anne.run(w.battles, "duel friend", member=w.bob)
            assert it.reply.ephemeral and it.text.startswith(f"Invitation sent to {w.bob.mention} in")
            (thread,) = w.battles.threads
            invite = await server.wait_for(lambda: invitation(thread), 5, what="the invitation")
            assert invite.content.startswith(f"{w.bob.mention}, {w.anne.mention} challenges you to a duel: "
                                             "**Indefatigable and Virginie, April 1796** (Cannoni in batteria!)")
            assert {b["label"] for b in invite.buttons} == {"Accept", "Decline"}
            game = await bot.service.find_game(thread.id)
            assert game.status == "lobby"

            # Someone else's click (the host with Manage Server too, or the inviter) is refused.
            for intruder in (w.host, w.anne):
                refused = await intruder.click(invite, "Accept")
                assert refused.reply.ephemeral and refused.reply.visible_to is intruder
                assert f"This invitation is for {w.bob.mention}; only they can answer it." in refused.text
            refused = await w.host.click(invite, "Decline")
            assert "only they can answer it" in refused.text
            assert (await bot.service.game(game.id)).status == "lobby"

            accepted = await w.bob.click(invite, "Accept")
            assert accepted.reply.ephemeral and accepted.text.startswith("You accepted: the game starts.")
            await server.wait_for(lambda: posts_starting(thread, "Waiting for"), 10, what="the first call")
            assert (await bot.service.game(game.id)).status == "running"
            seats = await bot.service.seats(game.id)
            assert [(s.side, s.user_id) for s in seats] == [("britain", w.anne.id), ("france", w.bob.id)]
            assert invite.buttons == [], "an answered invitation keeps no buttons"
            await server.wait_for(lambda: any(form_of(m) for m in w.bob.dm.messages), 10, what="Bob's orders by DM")


@pytest.mark.e2e_budget(30)
async def test_a_declined_duel_closes_the_game(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "declined.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.anne.run(w.battles, "duel friend", member=w.bob, ruleset="nauta")
            (thread,) = w.battles.threads
            invite = await server.wait_for(lambda: invitation(thread), 5, what="the invitation")
            assert "Greek fire" in invite.content
            declined = await w.bob.click(invite, "Decline")
            assert declined.reply.ephemeral and "declined" in declined.text
            await server.wait_for(lambda: posts_starting(thread, f"{w.bob.mention} declines the duel"), 5)
            game = await bot.service.find_game(thread.id, finished=True)
            assert game.status == "over" and invite.buttons == []
            # A member cannot challenge themselves; the refusal says what to do instead.
            self_duel = await w.anne.run(w.battles, "duel friend", member=w.anne)
            assert self_duel.reply.ephemeral and "/duel computer" in self_duel.text
            assert len(w.battles.threads) == 1, "no thread opened for a refused duel"


@pytest.mark.e2e_budget(120)
async def test_a_duel_against_the_computer_plays_to_a_last_post_with_the_replay(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "computer.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            scenarios = await w.anne.autocomplete(w.battles, "duel computer", "scenario", "", ruleset="cannoni")
            assert scenarios[0]["value"] == "frigate-duel", "the ruleset's duel first"
            it = await w.anne.run(w.battles, "duel computer")
            assert it.reply.ephemeral and it.text.startswith("Your duel against the computer")
            (thread,) = w.battles.threads
            await server.wait_for(lambda: posts_starting(thread, "Waiting for"), 10, what="the first call")
            await server.wait_for(lambda: any(form_of(m) for m in w.anne.dm.messages), 10, what="Anne's orders")
            # Anne lets a computer captain sail her side too, and the game runs to its end.
            await bot.loops.settle()
            handed = await w.anne.run(thread, "host ai", seat="p1", level="captain", confirm=True)
            assert handed.reply.ephemeral
            last = await server.wait_for(lambda: next(
                (m for m in thread.messages if m.content.startswith("**The game is over: ")), None), 100,
                what="the last post")
            await bot.loops.settle()
            # The last post, then the summary card, alone, once.
            assert last is thread.messages[-2]
            (card,) = thread.messages[-1].files
            assert card.filename.endswith("-summary.png") and card.data.startswith(b"\x89PNG")
            assert card.description.startswith("Summary card of Indefatigable and Virginie")
            assert "Decisive moments" in card.description or "No ship was hit or lost" in card.description
            assert sum(1 for m in thread.messages for f in m.files if f.filename.endswith("-summary.png")) == 1
            assert "Britain: " in last.content and "France: " in last.content and " lost " in last.content
            (gif,) = last.files
            assert gif.filename.endswith("-replay.gif") and gif.data.startswith(b"GIF8")
            assert len(gif.data) <= 10 * 2**20 and "the whole game in" in gif.description
            assert maps(thread)


@pytest.mark.e2e_budget(60)
async def test_the_last_order_changed_within_the_grace_period_is_the_one_used(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    clock = FakeClock()
    bot = make_bot(server, tmp_path / "grace.sqlite3", clock, grace_seconds=8)
    with no_errors_logged():
        async with server.running(bot):
            await w.anne.run(w.battles, "duel friend", member=w.bob)
            (thread,) = w.battles.threads
            invite = await server.wait_for(lambda: invitation(thread), 5, what="the invitation")
            await w.bob.click(invite, "Accept")
            anne_form = await server.wait_for(lambda: next((m for m in w.anne.dm.messages if form_of(m)), None), 10)
            bob_form = await server.wait_for(lambda: next((m for m in w.bob.dm.messages if form_of(m)), None), 10)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.anne.click(anne_form, "Confirm")
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            # Bob's is the last order: the words give the moment it stops being changeable.
            assert "Every order is in: the phase resolves <t:1700000008:R>" in bob_form.content
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            assert await bot.db.step_count(game.id) == 0, "still in its grace"

            clock.advance(5)
            await bot.loops.settle()
            await w.bob.select(bob_form, [option_value(bob_form, "3")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            assert "Order changed" in bob_form.content
            clock.advance(5)
            await bot.loops.settle()
            assert await bot.db.step_count(game.id) == 0, "the change started the grace again"
            clock.advance(4)
            # Placing chits tells nothing in public until a phase has action, so the step is
            # looked for where it is stored.
            for _ in range(250):
                if await bot.db.step_count(game.id) == 1:
                    break
                await asyncio.sleep(0.1)
            (step,) = await bot.db.steps(game.id)
            # Chit 5 would have been Bob's: the changed order (3) is the one used.
            bobs = [o["payload"] for o in step.orders if o["player"] == "p2"]
            assert bobs and all(3 in p.values() for p in bobs), bobs


HOSTILE = ["chess", "'; DROP TABLE games; --", "@everyone", "<@&1>", "a" * 101, "\u200b", "nan", "-1",
           "FRIGATE-DUEL ", "../cannoni"]


@pytest.mark.e2e_budget(60)
async def test_hostile_duel_options_get_a_clear_private_answer_and_open_nothing(fake_discord, tmp_path):
    """/duel starts a game when its values are good, so the security fuzz leaves it here:
    each bad value, a self-challenge and a challenge to a bot are refused privately, in
    plain words, and no game, thread or public message appears."""
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "hostile.sqlite3")
    tries: list[tuple[str, dict]] = []
    for value in HOSTILE:
        tries += [("duel computer", {"ruleset": value}), ("duel computer", {"ruleset": "cannoni", "scenario": value}),
                  ("duel computer", {"level": value}), ("duel friend", {"member": w.bob, "scenario": value}),
                  ("duel friend", {"member": w.bob, "ruleset": "nauta", "scenario": value})]
    tries += [("duel friend", {"member": w.anne}), ("duel friend", {"member": server.bot}),
              ("duel computer", {"ruleset": "cannoni", "scenario": "mylae"})]  # Nauta's, not Cannoni's
    with no_errors_logged():
        async with server.running(bot):
            for path, values in tries:
                it = await w.anne.invoke(w.battles, path, values)
                assert it.replies and all(r.ephemeral and r.visible_to is w.anne for r in it.replies), (path, values)
                assert "something went wrong" not in it.text and "Traceback" not in it.text, (path, values, it.text)
                assert it.text.strip(), (path, values)
            assert w.battles.threads == [] and await bot.db.games_with_status("lobby", "running", "over") == []
            assert not [m for m in server.messages if not m.ephemeral and not m.channel.is_dm]


@pytest.mark.e2e_budget(30)
async def test_an_expired_invitation_closes_its_game_when_clicked(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    clock = FakeClock()
    bot = make_bot(server, tmp_path / "expired.sqlite3", clock)
    with no_errors_logged():
        async with server.running(bot):
            await w.anne.run(w.battles, "duel friend", member=w.bob)
            (thread,) = w.battles.threads
            invite = await server.wait_for(lambda: invitation(thread), 5, what="the invitation")
            clock.advance(15 * 60 + 1)
            late = await w.bob.click(invite, "Accept")
            assert late.reply.ephemeral and "This invitation has expired; ask for a new </duel friend:" in late.text
            await server.wait_for(lambda: posts_starting(thread, "The duel invitation from"), 5)
            assert (await bot.service.find_game(thread.id, finished=True)).status == "over"
            assert invite.buttons == []
