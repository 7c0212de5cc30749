"""A two-battle campaign through the real client on the loopback Discord.

The commands go through Discord (``/campaign new | join | roster | standings |
next-battle | end | export`` and the Next battle button); the battles' orders go through
the service, as in ``test_ladder.py``: the first battle is the close action of
``tests/campaign/close_action.py`` order by order (Surprise is taken), the second is
played out at random. Damage and the prize carry from the first battle into the second,
the standings and the ladder move, and the bot is restarted during the first battle and
between the two. What a hostile member tries gets a private answer and changes nothing.
"""
from __future__ import annotations

import json

import pytest

from bot.discord.components import base36
from tests.campaign.close_action import NAME, SEED, script, with_close_action
from tests.e2e.security_helpers import captured_logs, make_bot, make_world, public_messages, settled
from tests.e2e.test_attacks_lobby import press, private_answer, say
from tests.e2e.test_ladder import play_out

CAMPAIGN = "The Channel"


async def _play_script(bot, game_id: int, steps, users: dict[str, int]) -> None:
    for n, orders in enumerate(steps):
        for order in orders:
            result = await bot.service.submit_order(game_id, users[order.player], order.decision, order.payload,
                                                    f"s{n}-{order.decision}")
            assert result.stored, result.message
        await bot.loops.settle()


@pytest.mark.e2e_budget(120)
async def test_a_two_battle_campaign_carries_damage_and_a_prize(fake_discord, tmp_path, monkeypatch):
    with_close_action(monkeypatch)
    steps, final = script()
    server = fake_discord
    w = make_world(server)
    database = tmp_path / "campaign.sqlite3"
    users = {"p1": w.anne.id, "p2": w.bob.id}
    with captured_logs() as logs:
        async with server.running(make_bot(server, database, seed=SEED)) as bot:
            created = await w.host.run(w.harbour, "campaign new", name=CAMPAIGN, ruleset="cannoni", scenario=NAME,
                                       refit=1, pacing="live", phase="3m")
            assert f"Campaign **{CAMPAIGN}**" in private_answer(created, w.host)
            (campaign,) = await bot.service.campaigns_of(w.guild.id)
            private_answer(await w.anne.run(w.harbour, "campaign join", side="britain"), w.anne)
            private_answer(await w.bob.run(w.harbour, "campaign join", side="france"), w.bob)
            switched = await w.anne.run(w.harbour, "campaign join", side="france")
            assert private_answer(switched, w.anne) == say("error.campaign-already-joined", side="britain")

            # Hostile: a member not in the campaign asks for the next battle; no thread opens.
            refused = await w.mallory.run(w.battles, "campaign next-battle")
            assert private_answer(refused, w.mallory) == say("error.campaign-not-member", name=CAMPAIGN)
            assert not w.battles.threads
            unknown = await w.mallory.run(w.battles, "campaign standings", campaign=campaign.id + 5)
            assert private_answer(unknown, w.mallory) == say("error.unknown-campaign", campaign=campaign.id + 5)

            started = await w.anne.run(w.battles, "campaign next-battle")
            assert "Battle 1 of **The Channel** has begun" in private_answer(started, w.anne)
            (thread,) = w.battles.threads
            # Hostile: a second next-battle while the first is fought opens nothing.
            twice = await w.bob.run(w.battles, "campaign next-battle")
            assert "still being fought" in private_answer(twice, w.bob)
            assert w.battles.threads == [thread]
            game = await bot.service.find_game(thread.id)
            await settled(w, bot, thread)
            await _play_script(bot, game.id, steps[:12], users)

        # A restart during the battle loses nothing: the script goes on where it was.
        async with server.running(make_bot(server, database, seed=SEED)) as bot:
            await _play_script(bot, game.id, steps[12:], users)
            await server.idle()
            assert (await bot.service.game(game.id)).status == "over"
            (summary,) = [m for m in w.harbour.messages if f"**{CAMPAIGN}** — battle 1" in m.content]
            assert "Surprise" in summary.content and summary.edited is None

        # A restart between battles: the rosters are as they were left.
        async with server.running(make_bot(server, database, seed=SEED)) as bot:
            roster = private_answer(await w.mallory.run(w.harbour, "campaign roster"), w.mallory)
            assert "HMS Surprise" in roster and "(a prize taken from britain)" in roster
            bayonnaise = next(s for s in final.ships if s.id == "bayonnaise")
            crew_left = bayonnaise.crew.boxes - max(bayonnaise.crew.lost - 1, 0)  # a day's new hands
            assert f"crew {crew_left}/{bayonnaise.crew.boxes}" in roster
            standings = await w.anne.run(w.harbour, "campaign standings")
            text = private_answer(standings, w.anne)
            assert "**1. france**" in text and "ships taken 1, lost 0" in text
            assert "ships taken 0, lost 1" in text

            (message,) = standings.replies
            button = f"bsc1:{base36(w.guild.id)}:{base36(campaign.id)}:{base36(2)}"
            assert button in [c["custom_id"] for c in message.buttons]
            # Hostile: a button of another server, a button for a battle already fought.
            other = await press(w.mallory, message, f"bsc1:{base36(w.guild.id + 1)}:{base36(campaign.id)}:2")
            assert private_answer(other, w.mallory) == say("reply.stale-component")
            old = await press(w.anne, message, f"bsc1:{base36(w.guild.id)}:{base36(campaign.id)}:1")
            assert private_answer(old, w.anne) == say("reply.stale-component")
            assert w.battles.threads == [thread]

            stranger = await press(w.mallory, message, button)  # the right button, the wrong member
            assert private_answer(stranger, w.mallory) == say("error.campaign-not-member", name=CAMPAIGN)
            assert not w.harbour.threads
            second = await press(w.bob, message, button)
            assert "Battle 2 of **The Channel** has begun" in private_answer(second, w.bob)
            (thread2,) = w.harbour.threads  # opened where the button was pressed
            # The same button again is stale now: battle 2 is being fought.
            again = await press(w.bob, message, button)
            assert private_answer(again, w.bob) == say("reply.stale-component")
            game2 = await bot.service.find_game(thread2.id)
            ruleset, state = await _state(bot, game2.id)
            ships = {s.id: s for s in state.ships}
            assert ships["surprise"].side == "france"  # the prize sails for her captor
            assert ships["bayonnaise"].crew.lost == bayonnaise.crew.lost - 1  # the damage carried
            assert "indefatigable" in ships
            await settled(w, bot, thread2)
            await play_out(bot, game2.id, [w.anne.id, w.bob.id], 5)
            await server.idle()

            text = private_answer(await w.mallory.run(w.harbour, "campaign standings"), w.mallory)
            assert "battles fought: 2" in text and text.count("2 battles:") == 2
            # The campaign's summary is one post, edited in place: battle 2's words in battle 1's message.
            assert [m for m in w.harbour.messages if f"**{CAMPAIGN}** — battle" in m.content] == [summary]
            assert f"**{CAMPAIGN}** — battle 2" in summary.content and summary.edited is not None
            assert "battles fought: 2" in summary.content
            ladder = private_answer(await w.mallory.run(w.harbour, "ladder"), w.mallory)
            assert "2 captains" in ladder and ladder.count("2 games") == 2

            # Hostile: someone else's campaign: neither a captain nor a stranger may end or export it.
            for user in (w.anne, w.mallory):
                assert private_answer(await user.run(w.harbour, "campaign end"), user) == say(
                    "error.campaign-not-host", name=CAMPAIGN)
                assert private_answer(await user.run(w.harbour, "campaign export"), user) == say(
                    "error.campaign-not-host", name=CAMPAIGN)
            exported = await w.host.run(w.harbour, "campaign export")
            private_answer(exported, w.host)
            (file,) = exported.files
            data = json.loads(file.data)
            assert data["kind"] == "broadside-campaign" and [b["number"] for b in data["battles"]] == [1, 2]
            # Someone deletes the summary post; after the next battle a new one is posted and
            # remembered (edited, not posted again, after the one after).
            summary.deleted = True
            for number in (3, 4):
                begun = await w.anne.run(w.harbour, "campaign next-battle")
                assert f"Battle {number} of **The Channel** has begun" in private_answer(begun, w.anne)
                thread_n = w.harbour.threads[-1]
                await settled(w, bot, thread_n)
                await w.host.run(thread_n, "host end")
                await server.idle()
                (new_summary,) = [m for m in w.harbour.messages if f"**{CAMPAIGN}** — battle" in m.content]
                assert new_summary is not summary and f"— battle {number}: " in new_summary.content
                if number == 3:
                    reposted = new_summary
                    # the edit of the deleted message was answered "Unknown Message", once
                    assert server.expect_violation(10008).method == "PATCH"
                else:
                    assert new_summary is reposted and reposted.edited is not None
            ended = await w.host.run(w.harbour, "campaign end")
            assert "is over" in private_answer(ended, w.host)
            late = await w.anne.run(w.battles, "campaign next-battle", campaign=campaign.id)
            assert private_answer(late, w.anne) == say("error.campaign-ended", name=CAMPAIGN)
            # Nothing the hostile commands did pinged anyone.
            assert all(not m.pinged_everyone for m in public_messages(server))
    assert not logs.errors(), logs.errors()


async def _state(bot, game_id: int):
    from rules.core.registry import get_ruleset
    game = await bot.service.game(game_id)
    rules = get_ruleset(game.ruleset)
    last = await bot.service.db.last_step(game_id)
    raw = last.state if last else (await bot.service.db.start_record(game_id)).state
    return rules, rules.load_state(raw)
