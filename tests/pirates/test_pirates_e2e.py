"""A whole three-fleet Pirates game through the unmodified discord.py client and the
loopback Discord: /game new with the pirates and the three-crowns scenario, three players
join and start; another player's order for the first manoeuvre is refused, and its owner's
order for a ship of another fleet is refused in plain words; the owner holds with /order; then
the host hands the three seats to computer captains, who play to the result."""
from __future__ import annotations

import asyncio
import functools
import json

from tests.e2e.conftest import fake_discord  # noqa: F401  (the loopback Discord fixture)
from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, maps, no_errors_logged


def budget(seconds: float):
    def wrap(test):
        @functools.wraps(test)
        async def run(*args, **kwargs):
            async with asyncio.timeout(seconds):
                return await test(*args, **kwargs)
        return run
    return wrap


@budget(240)
async def test_three_fleets_from_game_new_to_the_result(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    cleo = server.add_user("cleo")
    w.guild.add_member(cleo)
    bot = make_bot(server, tmp_path / "pirates.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            offered = await w.host.autocomplete(w.battles, "game new", "ruleset", "pir")
            assert [c["value"] for c in offered] == ["pirates"]
            opened = await w.host.run(w.battles, "game new", ruleset="pirates", scenario="three-crowns",
                                      pacing="campaign", phase="12h", posting="phase", deadline="phase")
            assert opened.text.startswith("Game #1 is open in")
            (thread,) = w.battles.threads
            sides = await w.anne.autocomplete(thread, "game join", "side", "")
            assert [c["value"] for c in sides] == ["red", "blue", "green"]
            players = {"red": w.anne, "blue": w.bob, "green": cleo}
            for side, user in players.items():
                await user.run(thread, "game join", side=side)
            await w.host.run(thread, "game start")
            await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 10,
                                  what="the call for the first manoeuvre")
            await bot.loops.settle()
            assert maps(thread), "the opening map"

            owner, decision = None, None
            for user in players.values():
                mine = await user.autocomplete(thread, "order", "decision", "")
                if mine:
                    owner, decision = user, mine[0]["value"]
            assert owner is not None and decision == "t1.a1"
            ships = await owner.autocomplete(thread, "order", "values", "ship=", decision=decision, action="move")
            ship = ships[0]["value"].split("=", 1)[1].split()[0]

            # Hostile: another player orders the manoeuvre that is not hers.
            other = next(u for u in players.values() if u is not owner)
            refused = await other.run(thread, "order", decision=decision, action="fire", values=f"ship={ship}")
            assert refused.reply.ephemeral and refused.text.startswith("Nothing is asked of you"), refused.text

            # Illegal: an order for a ship of another fleet, answered in plain words.
            theirs = "salt-widow" if owner is not w.bob else "red-heron"
            wrong = await owner.run(thread, "order", decision=decision, action="fire", values=f"ship={theirs}")
            assert wrong.reply.ephemeral and wrong.text.startswith("Order not recorded"), wrong.text
            assert theirs in wrong.text and "Legal:" in wrong.text, wrong.text

            held = await owner.run(thread, "order", decision=decision, action="fire", values=f"ship={ship}")
            assert held.text.startswith("Order recorded"), held.text
            await bot.loops.settle()

            seats = await w.host.autocomplete(thread, "host ai", "seat", "")
            assert len(seats) == 3
            for seat in seats:
                handed = await w.host.run(thread, "host ai", seat=seat["value"], level="deckhand", confirm=True)
                assert handed.reply.ephemeral
            over = await server.wait_for(lambda: next(
                (m for m in thread.messages if m.content.startswith("**The game is over: ")), None), 200,
                what="the end of the game")
            card = await server.wait_for(lambda: next(  # the summary card, right after
                (m for m in thread.messages if [f.filename for f in m.files] == ["game-1-summary.png"]), None), 40)
            assert over is thread.messages[-2] and card is thread.messages[-1]
            assert all(f"{side.title()}: " in over.content for side in players), over.content
            headings = [line for m in thread.messages for line in m.content.splitlines() if line.startswith("— Turn ")]
            assert len(headings) == 14, "all fourteen turns sailed"
            assert not any(form_of(m) for m in thread.messages), "no menu is ever public"
            # A treasure's value is a secret until banked: no "looks at the treasure" line in public.
            assert not any("looks at the treasure" in m.content for m in thread.messages)
            exported = await w.host.run(thread, "host export")
            (record,) = [f for f in exported.reply.files if f.filename.endswith(".json")]
            assert json.loads(record.data)["ruleset"] == "pirates"
            assert not server.violations
