"""Faults Discord and players cause, through the unmodified client: two confirmations at
the same instant, an interaction delivered twice, and rate limits and server errors on
the routes the bot posts with. Nothing is lost and nothing happens twice."""
from __future__ import annotations

import asyncio

import pytest

from tests.e2e.scenario_helpers import (dm_form, duel_world, make_bot, maps, no_errors_logged, open_duel,
                                        option_value, posts_starting)

CHITS_RESOLVED = "— Turn 1 —"  # the first post after the chits (its filler is not posted)


async def test_simultaneous_confirmations_and_a_duplicated_order(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "faults.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")

            # Both press Confirm at the same instant: both orders stored, the phase resolved once.
            await asyncio.gather(w.anne.click(anne_form, "Confirm"), w.bob.click(bob_form, "Confirm"))
            assert "Order recorded" in anne_form.content and "Order recorded" in bob_form.content
            await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 10)
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            chits = [o for o in await bot.db.orders(game.id) if o.decision_id.endswith("chits.p1")
                     or o.decision_id.endswith("chits.p2")]
            assert sorted(o.seat_id for o in chits) == ["p1", "p2"]
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1

            # Discord delivers Bob's /order twice: one order stored, the second answer refused (40060).
            decision = (await w.bob.autocomplete(thread, "order", "decision", ""))[0]["value"]
            it = await w.bob.invoke(thread, "order", {"decision": decision, "action": "move", "values": "distance=2.5"},
                                    duplicate=True)
            await server.wait_for(lambda: it.refused, 5)
            assert it.deliveries == 2 and [r.code for r in it.refused] == [40060]
            assert it.text.startswith("Order recorded: Phase 5: action of Virginie.")
            moved = await server.wait_for(lambda: posts_starting(thread, 'Virginie sails 2.5"'), 10)
            await bot.loops.settle()
            await server.idle()
            assert len(posts_starting(thread, 'Virginie sails 2.5"')) == 1 and moved[0] in maps(thread)
            assert [o.seat_id for o in await bot.db.orders(game.id) if o.decision_id == decision] == ["p2"]
            assert server.violations == []  # Discord's doing, not the bot's


@pytest.mark.e2e_budget(45)
async def test_rate_limits_and_server_errors_lose_nothing(fake_discord, tmp_path, quick_server_error_retries):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "faults.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_duel(server, w)
            anne_form, bob_form = await dm_form(server, w.anne), await dm_form(server, w.bob)
            await w.anne.select(anne_form, [option_value(anne_form, "4")], custom_id="bs1:s:")
            await w.anne.click(anne_form, "Confirm")
            await w.bob.select(bob_form, [option_value(bob_form, "5")], custom_id="bs1:s:")
            await bot.loops.settle()
            before = len(thread.messages)

            # The last confirmation makes the loop post the resolution: Discord is busy for a while.
            limited = server.fail(429, 2, route="POST /channels/*/messages", retry_after=0.05)
            broken = server.fail(500, 1, route="POST /channels/*/messages")
            edits = server.fail(429, 1, route="PATCH /webhooks/*", retry_after=0.05)
            await w.bob.click(bob_form, "Confirm")
            assert "Order recorded" in bob_form.content
            await server.wait_for(lambda: len(limited.hits) == 2 and len(broken.hits) == 1, 10)
            resolved = await server.wait_for(lambda: posts_starting(thread, CHITS_RESOLVED), 15)
            await server.wait_for(lambda: any(m.content.startswith("Waiting for")
                                              for m in thread.messages[before:]), 10)
            await bot.loops.settle()
            await server.idle()
            assert len(resolved) == 1 and resolved[0] in maps(thread)
            assert len(edits.hits) == 1

            # Nothing was lost on the way: Anne's private line (her chit, by DM) came once too.
            assert [m.content.count("HMS Indefatigable: chit 4.") for m in w.anne.dm.messages
                    if "only for you" in m.content] == [1]

            # A 500 on the answer to /order, the global rate limit while the next phase is told:
            # the answer arrives, the phase is posted once, the game goes on.
            limited = server.fail(429, 1, route="POST /channels/*/messages", retry_after=0.05, is_global=True)
            answers = server.fail(500, 1, route="POST /webhooks/*")
            decision = (await w.bob.autocomplete(thread, "order", "decision", ""))[0]["value"]
            ordered = await w.bob.run(thread, "order", decision=decision, action="move", values="distance=3")
            assert ordered.text.startswith("Order recorded") and ordered.reply.ephemeral
            assert len(answers.hits) == 1  # the answer's follow-up, retried after the 500
            await server.wait_for(lambda: posts_starting(thread, 'Virginie sails 3"'), 10)
            await bot.loops.settle()
            await server.idle()
            assert len(limited.hits) == 1
            assert len(posts_starting(thread, 'Virginie sails 3"')) == 1
            assert len(posts_starting(thread, CHITS_RESOLVED)) == 1
            assert server.violations == []
