"""/ladder, /stats and /history through the real client on the loopback Discord: finished
duels move the ladder once, the last post says how, the pages turn, and what a hostile
member tries (another server's page, a page past the end, a ruleset that does not
exist) gets a private answer that pings nobody and changes nothing.
"""
from __future__ import annotations

import random

from bot.discord.components import base36
from bot.discord.client import Broadside
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from tests.e2e.security_helpers import captured_logs, make_world, open_duel, pings
from tests.e2e.test_attacks_lobby import bot_with, press, private_answer, say


async def play_out(bot: Broadside, game_id: int, users: list[int], seed: int) -> None:
    """Both players answer every decision with random legal orders until the game ends
    (through the service, as the menus would: what is tested here is what follows)."""
    rng = random.Random(seed)
    service = bot.service
    for _ in range(2000):
        game = await service.game(game_id)
        if game.status == "over":
            return
        ruleset = get_ruleset(game.ruleset)
        last = await service.db.last_step(game_id)
        state = ruleset.load_state(last.state if last else (await service.db.start_record(game_id)).state)
        answered = 0
        for user in users:
            for pending in await service.my_pending(game_id, user):
                order = random_order(ruleset, state, pending.decision, rng, prefer=("fire", "load", "move"))
                result = await service.submit_order(game_id, user, pending.decision.id, order.payload,
                                                    f"k{rng.random()}")
                answered += result.stored
        await bot.loops.settle()
        assert answered, "nobody owed anything in a running duel"
    raise AssertionError("the duel did not end")


async def test_finished_duels_make_a_ladder_stats_and_a_history(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            empty = await w.mallory.run(w.harbour, "ladder")
            assert private_answer(empty, w.mallory) == say("ladder.none")
            threads = []
            for seed in (1, 2):
                thread = await open_duel(w, bot=bot)
                game = await bot.service.find_game(thread.id)
                await play_out(bot, game.id, [w.anne.id, w.bob.id], seed)
                await server.idle()
                threads.append((thread, game))
                # The last post tells how the ladder moved, by name, and pings nobody.
                last = thread.messages[-1]
                ladder_line = next(line for m in thread.messages[-3:] for line in m.content.splitlines()
                                   if line.startswith("Ladder: "))
                assert "Anne " in ladder_line and "Bob " in ladder_line and not pings(last)

            shown = await w.mallory.run(w.harbour, "ladder")
            text = private_answer(shown, w.mallory)
            assert "Ladder — Cannoni" in text and "2 captains" in text
            assert f"<@{w.anne.id}>" in text and f"<@{w.bob.id}>" in text and "2 games" in text

            stats = private_answer(await w.mallory.run(w.harbour, "stats", member=w.anne.id), w.mallory)
            assert stats.startswith(f"**<@{w.anne.id}>** — 2 finished games") and "rating" in stats
            mine = private_answer(await w.mallory.run(w.harbour, "stats"), w.mallory)
            assert mine == say("stats.none", who=f"<@{w.mallory.id}>")

            history = private_answer(await w.mallory.run(w.harbour, "history"), w.mallory)
            assert history.startswith("**Last finished games** · 2")
            for thread, game in threads:
                assert f"<#{thread.id}>" in history

            # Hostile: a ruleset that does not exist, a page of another server, a page past the end.
            unknown = await w.mallory.run(w.harbour, "ladder", ruleset="chess")
            assert "There is no ruleset called chess" in private_answer(unknown, w.mallory)
            (message,) = shown.replies
            forged = await press(w.mallory, message, f"bsr1:{base36(w.guild.id + 1)}:cannoni:0")
            assert private_answer(forged, w.mallory) == say("reply.stale-component")
            past = await press(w.mallory, message, f"bsr1:{base36(w.guild.id)}:cannoni:{base36(40)}")
            assert not past.refused and "Ladder — Cannoni" in message.content  # the last page there is
            forged_history = await press(w.mallory, message, f"bsh1:{base36(w.guild.id + 1)}:0")
            assert private_answer(forged_history, w.mallory) == say("reply.stale-component")
            # Looking changed nothing: the ladder counts each game once.
            ratings = (await bot.service.ladder_page(w.guild.id, "cannoni", 0)).ratings
            assert sorted(r.games for r in ratings) == [2, 2]
    assert not logs.errors(), logs.errors()
