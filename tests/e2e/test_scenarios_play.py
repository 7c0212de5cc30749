"""A whole frigate duel through the unmodified discord.py client and the loopback Discord:
/game new to the final result. The first phases are played by hand (chits in the DM
menus and with /menus, an action with /order and its autocomplete); then the host hands
both seats to computer captains, who sail the game to its end."""
from __future__ import annotations

import pytest

from tests.e2e.scenario_helpers import (duel_world, form_of, make_bot, maps, no_errors_logged, option_value,
                                        posts_starting)


@pytest.mark.e2e_budget(60)
async def test_a_duel_from_game_new_to_the_result(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server, bob_dms=False)
    bot = make_bot(server, tmp_path / "play.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            # Told whenever a person must act (a campaign posts once a turn by default).
            it = await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel",
                                  pacing="campaign", phase="12h", posting="act")
            (thread,) = w.battles.threads
            assert it.reply.ephemeral and it.text.startswith("Game #1 is open in")

            sides = await w.anne.autocomplete(thread, "game join", "side", "")
            assert [c["value"] for c in sides] == ["britain", "france"]
            assert [c["name"] for c in sides] == ["Britain", "France"], "offered by name"
            joined = await w.anne.run(thread, "game join", side="britain")
            assert joined.reply.ephemeral and "I sent you a direct message" in joined.text
            assert w.anne.dm.messages[0].content.startswith("You joined")
            # Bob's DMs are closed: the private answer says so and sends him to /menus.
            joined = await w.bob.run(thread, "game join", side="france")
            assert joined.reply.ephemeral and joined.reply.visible_to is w.bob
            assert "I could not send you a direct message" in joined.text and "/menus" in joined.text
            assert w.bob.dm.messages == []

            started = await w.host.run(thread, "game start")
            assert started.reply.ephemeral
            await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 10)
            await bot.loops.settle()
            assert maps(thread), "the opening map"

            # Anne: the chit menu by DM; she picks 4 and confirms.
            anne_form = await server.wait_for(lambda: next((m for m in w.anne.dm.messages if form_of(m)), None), 5)
            assert "**Activation chits for turn 1**" in anne_form.content
            picked = await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            # Menus acknowledge at once (deferred) and then redraw the message.
            assert picked.kind == "deferred_update" and "Chosen: HMS Indefatigable: 4" in anne_form.content
            await w.anne.click(anne_form, "Confirm")
            assert "Order recorded: Activation chits for turn 1." in anne_form.content

            # Bob's DMs are closed: the thread tells him so, and /menus gives him the menu.
            assert not any(form_of(m) for m in thread.messages), "no menu is ever public"
            chits = await w.bob.run(thread, "menus")
            bob_form = next(m for m in chits.replies if form_of(m))
            assert bob_form.ephemeral and bob_form.visible_to is w.bob
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await w.bob.click(bob_form, "Confirm")
            assert "Order recorded" in bob_form.content

            resolved = await server.wait_for(lambda: next(
                (m for m in thread.messages if m.content.startswith("— Turn 1 —")), None), 10)
            assert resolved in maps(thread) and "Virginie shows chit 5." in resolved.content

            # Phase 5: Bob gives Virginie's move with /order, every value from autocomplete.
            await bot.loops.settle()
            decisions = await w.bob.autocomplete(thread, "order", "decision", "")
            assert [c["value"] for c in decisions] == ["t1.p5.virginie"]
            decision = decisions[0]["value"]
            actions = await w.bob.autocomplete(thread, "order", "action", "", decision=decision)
            assert [c["value"] for c in actions] == ["move", "turn"]
            distances = await w.bob.autocomplete(thread, "order", "values", "", decision=decision, action="move")
            assert [c["value"] for c in distances] == ["distance=2", "distance=2.5", "distance=3"]
            ordered = await w.bob.run(thread, "order", decision=decision, action="move", values=distances[-1]["value"])
            assert ordered.reply.ephemeral and ordered.text.startswith("Order recorded: Phase 5: action of Virginie.")
            moved = await server.wait_for(lambda: next(
                (m for m in thread.messages if m.content.startswith('Virginie sails 3"')), None), 10)
            assert moved in maps(thread)

            # The host hands both seats to computer captains, who finish the game.
            await bot.loops.settle()
            seats = await w.host.autocomplete(thread, "host ai", "seat", "")
            levels = await w.host.autocomplete(thread, "host ai", "level", "")
            assert len(seats) == 2 and levels
            assert [c["name"] for c in seats] == ["Anne (Britain)", "Bob (France)"], "by who holds them"
            for seat in seats:
                handed = await w.host.run(thread, "host ai", seat=seat["value"], level=levels[0]["value"],
                                         confirm=True)
                assert handed.reply.ephemeral
            over = await server.wait_for(lambda: next(
                (m for m in thread.messages if m.content.startswith("**The game is over: ")), None), 40)
            result = next(m for m in thread.messages if "Game over:" in m.content)
            assert thread.messages.index(result) < thread.messages.index(over)
            card = await server.wait_for(lambda: next(  # the summary card, right after
                (m for m in thread.messages if [f.filename for f in m.files] == ["game-1-summary.png"]), None), 40)
            assert over is thread.messages[-2] and card is thread.messages[-1]
            # The last post: each side's score and losses, and the whole game as a GIF.
            assert "Britain: " in over.content and "France: " in over.content
            assert [f.filename for f in over.files] == ["game-1-replay.gif"]
            headings = [line for m in thread.messages for line in m.content.splitlines() if line.startswith("— Turn ")]
            assert len(headings) == 12, "all 12 turns sailed"
            assert len(maps(thread)) > 12, "a map after every phase with action"
            # Each story post carries its map; filler is never posted.
            assert all(m in maps(thread) for m in thread.messages if " sails " in m.content)
            assert not any("End of phase" in m.content or "no ship active" in m.content for m in thread.messages)
            assert w.bob.dm.messages == [] and not server.violations
