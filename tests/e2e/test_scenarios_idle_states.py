"""Two duels on a bot that keeps one engine state parsed (``engine_states_kept=1``): each
game is set aside whenever the other is played, and its players see nothing of it:
autocomplete, the menus, an order that ends a phase and a deadline that runs out all
reach a game set aside and read its state back from the stored JSON."""
from __future__ import annotations

import pytest

from bot.discord.client import Broadside
from bot.service import FakeClock
from tests.e2e.scenario_helpers import (duel_world, form_of, maps, no_errors_logged, option_value, seat_and_start,
                                        settings_for)


async def _open(server, w, channel_threads_before: int):
    await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel", pacing="live", phase="5m")
    return await seat_and_start(server, w, w.battles.threads[channel_threads_before])


async def _chits(user, thread, chit: str) -> None:
    """The user's chit menu of this game, from /menus, picked and confirmed."""
    menus = await user.run(thread, "menus")
    form = next(m for m in menus.replies if form_of(m))
    await user.select(form, [option_value(form, chit)], custom_id="bs1:s:")
    await user.click(form, "Confirm")
    assert "Order recorded" in form.content


@pytest.mark.e2e_budget(60)
async def test_games_set_aside_play_on_through_discord(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    clock = FakeClock()
    settings = settings_for(server, tmp_path / "idle.sqlite3").model_copy(update={"engine_states_kept": 1})
    bot = Broadside(settings, clock=clock, seed_source=lambda: 7, guild_ready_timeout=0.05)
    with no_errors_logged():
        async with server.running(bot):
            bot.service._keeper.busy_seconds = 0  # the test plays faster than any person
            first = await _open(server, w, 0)
            second = await _open(server, w, 1)
            one, two = [(await bot.service.find_game(t.id)).id for t in (first, second)]
            runtimes = bot.service._runtimes
            await bot.loops.settle()
            assert not runtimes[one].parsed, "the first game was set aside as the second started"

            # Autocomplete of a game set aside: its pending decision, from the forms kept.
            offered = await w.anne.autocomplete(first, "order", "decision", "")
            assert [c["name"] for c in offered] and "chits" in offered[0]["name"].lower()
            assert not runtimes[one].parsed, "the forms computed for its prompts answer"
            await _chits(w.anne, first, "4")  # checked against its state, read back from the JSON
            assert runtimes[one].parsed
            await w.bob.run(second, "pending")  # the second game read last
            assert not runtimes[one].parsed
            # The order that ends the first game's phase comes to it set aside.
            maps_before = len(maps(first))
            await _chits(w.bob, first, "5")
            await bot.loops.settle()
            await server.wait_for(lambda: len(maps(first)) > maps_before, 10, what="the first game's next map")
            assert await bot.db.step_count(one) == 1

            # The second game's deadline runs out while it is set aside: its defaults resolve it.
            assert not runtimes[two].parsed
            clock.advance(5 * 60)
            await bot.loops.settle()
            await server.wait_for(lambda: any("sent no order" in m.content for m in second.messages), 10,
                                  what="the second game's defaults")
            assert await bot.db.step_count(two) == 1
