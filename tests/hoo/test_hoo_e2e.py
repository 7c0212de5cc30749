"""A whole Hearts of Oak game through the unmodified discord.py client and the loopback
Discord: /game new with ruleset hoo, joining, starting, the first speed marker set in
the direct-message menu and every other order given with /order (the wind, the hidden
speed markers, the courses, the broadsides), a hostile order for the other player's
ship and an illegal course answered in plain words, the markers face down in the thread
until each ship's phase, the hex maps in the thread, /map, /card, /rules and the record
exported."""
from __future__ import annotations

import asyncio
import functools
import json

from rules.hoo.wording import TEXTS
from tests.e2e.conftest import fake_discord  # noqa: F401  (the loopback Discord fixture)
from tests.e2e.scenario_helpers import duel_world, form_of, make_bot, maps, no_errors_logged, option_value

OVER = "The game is over"


def budget(seconds: float):
    def wrap(test):
        @functools.wraps(test)
        async def run(*args, **kwargs):
            async with asyncio.timeout(seconds):
                return await test(*args, **kwargs)
        return run
    return wrap


def values_of(payload: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in payload.items() if k != "action")


def chosen(spec) -> dict:
    """What the player sends: a broadside when there is one, else the form's default."""
    fire = spec.action("fire")
    if fire is not None:
        return {"action": "fire", "target": fire.param("target").values()[0], "aim": "none"}
    return dict(spec.default)


@budget(120)
async def test_a_hoo_game_from_game_new_to_the_result(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "hoo.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            offered = await w.host.autocomplete(w.battles, "game new", "ruleset", "hoo")
            assert any(c["value"] == "hoo" for c in offered)
            opened = await w.host.run(w.battles, "game new", ruleset="hoo", scenario="skirmish", pacing="campaign",
                                      phase="12h")
            assert opened.reply.ephemeral
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="italy")
            await w.bob.run(thread, "game join", side="britain")
            await w.host.run(thread, "game start")
            await bot.loops.settle()
            game = await bot.service.find_game(thread.id)
            rules = await w.anne.run(thread, "rules")
            assert rules.reply.ephemeral and TEXTS.text("hoo.manifest.quickref", "en")[:40] in rules.text

            hostile_done = illegal_done = False
            names = {"castiglione": "Castiglione", "bellona": "Bellona"}
            acted_turn_one: set[str] = set()
            for _ in range(80):
                if any(OVER in m.content for m in thread.messages):
                    break
                acted = False
                for user, other in ((w.anne, w.bob), (w.bob, w.anne)):
                    if (await bot.service.game(game.id)).status == "over":
                        break
                    for pending in await bot.service.my_pending(game.id, user.id):
                        decision, spec = pending.decision, pending.spec
                        if pending.submitted is not None:
                            continue
                        if decision.kind == "move" and decision.id.startswith("t1."):
                            # The other ship's speed marker is still face down in the thread.
                            for ship_id, name in names.items():
                                if ship_id != decision.subject and ship_id not in acted_turn_one:
                                    assert not any(f"{name}'s marker" in m.content for m in thread.messages)
                            acted_turn_one.add(decision.subject)
                        if not hostile_done:
                            # The other player names this ship's decision: refused, privately.
                            refused = await other.run(thread, "order", decision=decision.id,
                                                      action=spec.actions[0].action)
                            assert refused.reply.ephemeral and "Order recorded" not in refused.text
                            hostile_done = True
                        if decision.kind == "move" and spec.action("sail") and not illegal_done:
                            bad = await user.run(thread, "order", decision=decision.id, action="sail",
                                                 values="course=RRRRRRRR")
                            assert bad.reply.ephemeral and "cannot be RRRRRRRR" in bad.text
                            illegal_done = True
                        if decision.id == "t1.castiglione.speed":
                            # Anne sets her first marker in her direct-message menu.
                            form = await server.wait_for(lambda: next(
                                (m for m in reversed(w.anne.dm.messages) if form_of(m)
                                 and "Speed marker of Castiglione for turn 1" in m.content), None), 10,
                                what="Anne's menu for her first speed marker")
                            await w.anne.select(form, [option_value(form, "3 PM")], custom_id="bs1:s:")
                            await w.anne.click(form, "Confirm")
                            await server.wait_for(lambda: "Order recorded" in form.content or None, 10,
                                                  what="Anne's marker recorded")
                            acted = True
                            continue
                        payload = chosen(spec)
                        options = {"decision": decision.id, "action": payload["action"]}
                        if values_of(payload):
                            options["values"] = values_of(payload)
                        done = await user.run(thread, "order", **options)
                        assert done.text.startswith("Order recorded"), done.text
                        acted = True
                await bot.loops.settle()
                assert acted or any(OVER in m.content for m in thread.messages), "nobody was asked for anything"
            assert any(OVER in m.content for m in thread.messages), "the game did not end"
            assert hostile_done and illegal_done and acted_turn_one
            assert any("'s marker: " in m.content for m in thread.messages), "markers are shown once revealed"
            first = next(m.content for m in thread.messages if "Castiglione's marker: " in m.content)
            assert first.split("Castiglione's marker: ")[1].startswith("3 PM"), "turn 1 sails at the menu's marker"
            assert len(maps(thread)) >= 3, "a hex map with the story"
            assert any("broadside" in m.content for m in thread.messages)
            assert not server.violations

            shown = await w.anne.run(thread, "map")
            assert shown.reply.files[0].data.startswith(b"\x89PNG")
            card = await w.anne.run(thread, "card", ship="castiglione")
            assert card.reply.files and card.reply.files[0].data.startswith(b"\x89PNG")
            exported = await w.host.run(thread, "host export")
            (record,) = [f for f in exported.reply.files if f.filename.endswith(".json")]
            assert json.loads(record.data)["ruleset"] == "hoo"
