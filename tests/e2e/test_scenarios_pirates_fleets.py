"""A three-fleet Pirates game bought by points through the loopback Discord: the host
opens it with ``sides: 3``, Red, Blue and Green each buy their own fleet in the private
builder, the start waits for every fleet, and the game starts on the three-fleet sea with
every ship docked at her home island. What a hostile member tries: buying for another
player's fleet (by the command and by a forged menu id) and a named ship bought twice
across the fleets."""
from __future__ import annotations

import pytest

from bot.discord.components import base36
from rules.core.registry import get_ruleset
from tests.e2e.scenario_helpers import duel_world, make_bot, no_errors_logged
from tests.e2e.test_scenarios_fleets import buy, choose, menu, open_builder, press, private_text


@pytest.mark.e2e_budget(120)
async def test_three_pirate_fleets_bought_by_their_players_then_started(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    cleo = server.add_user("cleo")
    w.guild.add_member(cleo)
    bot = make_bot(server, tmp_path / "pirate-fleets.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            opened = await w.host.run(w.battles, "game new", ruleset="pirates", scenario="points", budget=30,
                                      sides=3, pacing="live", phase="3m")
            assert opened.text.startswith("Game #1 is open in"), opened.text
            (thread,) = w.battles.threads
            game = await bot.service.find_game(thread.id)
            offered = await w.anne.autocomplete(thread, "game join", "side", "")
            assert [c["value"] for c in offered] == ["red", "blue", "green"]
            players = {"red": w.anne, "blue": w.bob, "green": cleo}
            for side, user in players.items():
                await user.run(thread, "game join", side=side)

            red = await open_builder(w.anne, thread)
            assert "**Fleet of red**: 0 of 30 points spent, **30 left**" in red.content
            await buy(server, w.anne, red, "Red Heron: ship, 11 points, 3 masts, cargo 4 (named: one in the game)")
            assert "**19 left**" in red.content
            blue = await open_builder(w.bob, thread)
            await buy(server, w.bob, blue, "Salt Widow: ship, 12 points, 3 masts, cargo 3 (named: one in the game)")

            # Hostile: Bob buys for Cleo's fleet, by the command and by his form's id forged to Green's.
            text = private_text(await w.bob.run(thread, "game fleet", side="green"), w.bob)
            assert text.startswith("You buy ships for your own side only; green's fleet"), text
            own = menu(blue, "d")["custom_id"]
            forged = own.replace(f":{base36(game.id)}:1:", f":{base36(game.id)}:2:")
            it = await press(w.bob, blue, forged.replace("bsy1:d:", "bsy1:b:"))
            assert private_text(it, w.bob).startswith("That button or menu is not one I can use")
            assert [s.side for s in await bot.service.db.fleet_ships(game.id)] == ["red", "blue"]

            # The start waits for every fleet: Green has bought nothing yet.
            early = await w.host.run(thread, "game start")
            assert "green has bought no ship yet" in early.text, early.text

            # Hostile: a named ship bought twice across the fleets.
            green = await open_builder(cleo, thread)
            await choose(server, cleo, green, "d",
                         "Red Heron: ship, 11 points, 3 masts, cargo 4 (named: one in the game)")
            twice = private_text(await cleo.click(green, "Buy"), cleo)
            assert "Red Heron is in the Red fleet already" in twice and "Nothing was bought" in twice, twice
            await buy(server, cleo, green, "sloop: ship, 4 points, 1 masts, cargo 2 (unnamed)")
            assert any("green bought sloop (4 points; 26 left)" in m.content for m in thread.messages)

            started = await w.host.run(thread, "game start")
            assert "has begun" in started.text, started.text
            await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 15,
                                  what="the first call for orders")
            start = await bot.service.db.start_record(game.id)
            assert [f["side"] for f in start.setup["fleets"]] == ["red", "blue", "green"]
            assert [s["key"] for f in start.setup["fleets"] for s in f["ships"]] == ["red-heron", "salt-widow", "sloop"]
            assert start.setup["cols"] == 16  # the three-fleet sea
            assert [s["side"] for s in start.seats] == ["red", "blue", "green"]
            state = get_ruleset("pirates").load_state(start.state)
            assert all(s.docked == state.home(s.side).id for s in state.ships)
            assert state.home("green").name == "Jade Cove"
