"""A short Signal Close Action game through the unmodified discord.py client and the
loopback Discord: /game new with the ruleset, joining, starting, every part's written
orders given with /order, a course into the wind and an order for the enemy's ship
refused in plain words, the maps and the result in the thread, the record exported."""
from __future__ import annotations

import asyncio
import functools
import json

from tests.e2e.conftest import fake_discord  # noqa: F401  (the loopback Discord fixture)
from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, maps, no_errors_logged

OVER = "The game is over"


def budget(seconds: float):
    def wrap(test):
        @functools.wraps(test)
        async def run(*args, **kwargs):
            async with asyncio.timeout(seconds):
                return await test(*args, **kwargs)
        return run
    return wrap


def waiting_for(thread, n: int) -> bool:
    return sum(1 for m in thread.messages if m.content.startswith("Waiting for")) >= n


@budget(90)
async def test_a_brush_between_sloops_from_game_new_to_the_result(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "sca.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            scenarios = await w.host.autocomplete(w.battles, "game new", "scenario", "", ruleset="sca")
            assert "brush" in [c["value"] for c in scenarios]
            await w.host.run(w.battles, "game new", ruleset="sca", scenario="brush", pacing="campaign", phase="12h",
                             posting="phase", deadline="phase")
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="british")
            await w.bob.run(thread, "game join", side="french")
            await w.host.run(thread, "game start")
            await server.wait_for(lambda: waiting_for(thread, 1), 10, what="the call for the first orders")

            # Hostile: Bob writes orders for Anne's sloop; Anne steers into the wind.
            stolen = await w.bob.run(thread, "order", decision="t1.cygnet", action="sail",
                                     values="course=E sail=hold fire=port aim=hull boarders=no")
            assert stolen.reply.ephemeral and stolen.text == "Nothing is asked of you right now."
            irons = await w.anne.run(thread, "order", decision="t1.cygnet", action="sail",
                                     values="course=N sail=hold fire=port aim=hull boarders=no")
            assert irons.reply.ephemeral and "course cannot be N" in irons.text and "ESE" in irons.text

            parts = 1
            for turn in (1, 2, 3):
                before = len(thread.messages)
                done = await w.anne.run(thread, "order", decision=f"t{turn}.cygnet", action="sail",
                                        values="course=E sail=hold fire=port aim=hull boarders=no")
                assert done.text.startswith("Order recorded"), done.text
                parts += 1
                await server.wait_for(lambda: waiting_for(thread, parts), 10, what=f"turn {turn}, French part")
                # Anne's orders are told only once her part resolves, and then to everyone.
                told = [m.content for m in thread.messages[before:]]
                assert any("Cygnet's orders: steer E; port broadside at the hull" in t for t in told), told
                done = await w.bob.run(thread, "order", decision=f"t{turn}.furet", action="sail",
                                       values="course=E sail=hold fire=starboard aim=rigging boarders=no")
                assert done.text.startswith("Order recorded"), done.text
                parts += 1
                if turn < 3:
                    await server.wait_for(lambda: waiting_for(thread, parts), 10, what=f"turn {turn + 1}")
            await server.wait_for(lambda: any(OVER in m.content for m in thread.messages), 10, what="the end")
            await bot.loops.settle()

            text = "\n".join(m.content for m in thread.messages)
            assert "Cygnet fires her port broadside" in text and "Furet fires her starboard broadside" in text
            assert "The battle is over" in text
            assert maps(thread), "maps are posted"
            assert not any(form_of(m) for m in thread.messages), "no menu is ever public"
            exported = await w.host.run(thread, "host export")
            (record,) = [f for f in exported.reply.files if f.filename.endswith(".json")]
            data = json.loads(record.data)
            assert data["ruleset"] == "sca" and len(data["steps"]) == 6
            card = await w.anne.run(thread, "card", ship="cygnet")
            assert card.reply.files and card.reply.files[0].data.startswith(b"\x89PNG")
