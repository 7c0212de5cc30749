"""A Hearts of Oak fleet action through the unmodified discord.py client and the loopback
Discord, up to its first initiative: with seven ships each player numbers his ships
(3.1.1) — Anne's menu for it comes in her direct messages, she gives the numbers with
/order, a ship named twice is refused in plain words, and the thread tells the numbers
and the initiative they rolled in."""
from __future__ import annotations

from tests.e2e.conftest import fake_discord  # noqa: F401  (the loopback Discord fixture)
from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, no_errors_logged
from tests.hoo.test_hoo_e2e import budget, values_of

NUMBERS = {"n1": "favorite", "n2": "corona", "n3": "rivoli", "n4": "castiglione"}


@budget(90)
async def test_a_fleet_actions_players_number_their_ships_through_discord(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "hoo.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="hoo", scenario="fleet-action", pacing="campaign",
                             phase="12h")
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="italy")
            await w.bob.run(thread, "game join", side="britain")
            await w.host.run(thread, "game start")
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            numbered = False
            for _ in range(6):
                for user in (w.anne, w.bob):
                    for pending in await bot.service.my_pending(game.id, user.id):
                        decision, spec = pending.decision, pending.spec
                        if pending.submitted is not None:
                            continue
                        if decision.id == "t1.italy.numbers":
                            form = await server.wait_for(lambda: next(
                                (m for m in reversed(w.anne.dm.messages)
                                 if form_of(m) and "Numbers of Italy's ships for turn 1" in m.content), None), 10,
                                what="Anne's menu for her ships' numbers")
                            assert form is not None
                            twice = await w.anne.run(thread, "order", decision=decision.id, action="number",
                                                     values=values_of({**NUMBERS, "n2": "favorite"}))
                            assert twice.reply.ephemeral and "Favorite is given two numbers" in twice.text
                            done = await w.anne.run(thread, "order", decision=decision.id, action="number",
                                                    values=values_of(NUMBERS))
                            assert done.text.startswith("Order recorded"), done.text
                            numbered = True
                            continue
                        payload = dict(spec.default)
                        options = {"decision": decision.id, "action": payload["action"]}
                        if values_of(payload):
                            options["values"] = values_of(payload)
                        done = await user.run(thread, "order", **options)
                        assert done.text.startswith("Order recorded"), done.text
                await bot.loops.settle()
                if any("Initiative:" in m.content for m in thread.messages):
                    break
            assert numbered
            told = [m.content for m in thread.messages]
            assert any("Italy numbers its ships: 1 Favorite, 2 Corona, 3 Rivoli, 4 Castiglione." in t for t in told)
            assert any("Initiative:" in t for t in told)
            assert not server.violations
