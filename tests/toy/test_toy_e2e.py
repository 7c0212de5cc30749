"""A whole toy race through the unmodified discord.py client and the loopback Discord:
/game new with the toy, joining, starting, the secret speeds chosen in the DM menus
(Anne) and in the private menus of /menus (Bob, whose DMs are closed), the maps and the
result in the thread, the record exported."""
from __future__ import annotations

import asyncio
import functools
import json

import pytest

from tests.e2e.conftest import fake_discord  # noqa: F401  (the loopback Discord fixture)
from tests.e2e.scenario_helpers import (duel_world, form_of, make_bot, maps, no_errors_logged, option_value,
                                        posts_starting)
from tests.toy.manifest import MANIFEST

OVER = "The game is over"


def budget(seconds: float):
    """A bot that hangs fails its test instead of the run (tests/e2e's conftest does this
    for its own folder only)."""
    def wrap(test):
        @functools.wraps(test)
        async def run(*args, **kwargs):
            async with asyncio.timeout(seconds):
                return await test(*args, **kwargs)
        return run
    return wrap


async def open_race(server, w):
    offered = await w.host.autocomplete(w.battles, "game new", "ruleset", "to")
    assert {"name": "Toy race (toy)", "value": "toy"} in offered
    scenarios = await w.host.autocomplete(w.battles, "game new", "scenario", "", ruleset="toy")
    assert [c["value"] for c in scenarios] == ["dash", "long-lane"]
    opened = await w.host.run(w.battles, "game new", ruleset="toy", scenario="dash", pacing="campaign", phase="12h")
    assert opened.reply.ephemeral and opened.text.startswith("Game #1 is open in")
    (thread,) = w.battles.threads
    sides = await w.anne.autocomplete(thread, "game join", "side", "")
    assert [c["value"] for c in sides] == ["hare", "tortoise"]
    await w.anne.run(thread, "game join", side="hare")
    await w.bob.run(thread, "game join", side="tortoise")
    await w.host.run(thread, "game start")
    await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 10,
                          what="the call for the first speeds")
    return thread


async def anne_runs(server, w, turn: int, speed: str) -> None:
    form = await server.wait_for(lambda: next((m for m in reversed(w.anne.dm.messages)
                                               if form_of(m) and f"turn {turn}**" in m.content), None), 10,
                                 what=f"Anne's menu for turn {turn}")
    assert form.content.startswith(f"**Speed of Hare for turn {turn}**")
    await w.anne.select(form, [option_value(form, speed)], custom_id="bs1:s:")
    await w.anne.click(form, "Confirm")
    # The menu is edited once the order is stored, which may come just after the click's answer.
    await server.wait_for(lambda: f"Order recorded: Speed of Hare for turn {turn}." in form.content or None, 10,
                          what=f"Anne's turn {turn} recorded")


async def bob_runs(w, thread, turn: int, speed: str) -> None:
    menus = await w.bob.run(thread, "menus")
    form = next(m for m in menus.replies if form_of(m))
    assert form.ephemeral and form.visible_to is w.bob and f"turn {turn}**" in form.content
    await w.bob.select(form, [option_value(form, speed)], custom_id="bs1:s:")
    await w.bob.click(form, "Confirm")
    assert "Order recorded" in form.content


@budget(60)
async def test_a_race_from_game_new_to_the_result(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server, bob_dms=False)
    bot = make_bot(server, tmp_path / "toy.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await open_race(server, w)
            await bot.loops.settle()
            # The start tells nothing in public (no event), so it makes no post of its own.
            assert len(maps(thread)) == 0, "no post for a start with nothing to tell"
            rules = await w.anne.run(thread, "rules")
            assert rules.reply.ephemeral and MANIFEST.quickref.render("en") in rules.text

            turn = 1
            while not any(OVER in m.content for m in thread.messages):
                assert turn < 12, "the race did not end"
                before = len(thread.messages)
                await anne_runs(server, w, turn, "3" if turn <= 2 else "2")
                await bot.loops.settle()
                # Anne's speed is a secret until Bob has chosen too and the turn resolves.
                assert not any("speed" in m.content for m in thread.messages[before:])
                if turn == 1:
                    owed = await w.bob.run(thread, "pending")
                    assert owed.reply.ephemeral and "Speed of Tortoise for turn 1" in owed.text
                await bob_runs(w, thread, turn, "2")
                await server.wait_for(lambda: len(posts_starting(thread, "Hare: speed")) == turn, 10,
                                      what=f"turn {turn} resolved")
                await bot.loops.settle()
                turn += 1

            told = posts_starting(thread, "Hare: speed")
            assert len(told) == turn - 1 and all(m in maps(thread) for m in told), "a map with every turn"
            assert told[0].content.startswith("Hare: speed 3,") and "Tortoise: speed 2," in told[0].content
            assert "Finish: " in told[-1].content
            assert any(OVER in m.content for m in thread.messages[-2:])  # then the summary card
            assert not any(form_of(m) for m in thread.messages), "no menu is ever public"
            assert w.bob.dm.messages == [] and not server.violations

            story = await w.anne.run(thread, "log")
            assert story.reply.ephemeral and "Hare: speed 3," in story.text and "Finish: " in story.text
            shown = await w.anne.run(thread, "map")
            assert shown.reply.ephemeral and shown.reply.files[0].data.startswith(b"\x89PNG")
            card = await w.anne.run(thread, "card", ship="hare")
            assert card.reply.files and card.reply.files[0].data.startswith(b"\x89PNG")
            exported = await w.host.run(thread, "host export")
            (record,) = [f for f in exported.reply.files if f.filename.endswith(".json")]
            data = json.loads(record.data)
            assert data["ruleset"] == "toy" and len(data["steps"]) == turn - 1


@budget(30)
async def test_a_speed_is_given_with_order(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "toy.sqlite3")
    async with server.running(bot):
        thread = await open_race(server, w)
        await bot.loops.settle()
        ordered = await w.anne.run(thread, "order", decision="t1.p1", action="run", values="speed=2")
        assert ordered.text.startswith("Order recorded")
