"""Fleets by points through the loopback Discord: a points game opened with its budget,
set-up pattern and wind, each player building their side in the private builder form
(points left shown), the start from the fleets bought; custom scenarios saved, listed,
exported and played again — and what a hostile member tries: buying for someone else's
side, a forged menu id, a builder left open after the start, two clicks racing past the
budget."""
from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from bot.discord.components import base36
from tests.e2e.fake_discord import InteractionType
from tests.e2e.fake_discord.actions import _go
from tests.e2e.scenario_helpers import duel_world, make_bot, no_errors_logged

COMMAND_LINK = re.compile(r"</([a-z ]+):\d+>")


def private_text(it: Any, user: Any) -> str:
    assert it.replies and all(r.ephemeral and r.visible_to is user for r in it.replies), it
    return COMMAND_LINK.sub(r"/\1", it.text)


async def press(user: Any, message: Any, custom_id: str, values: list[str] | None = None) -> Any:
    """A click carrying ``custom_id`` on ``message``, whatever it shows (a modified client)."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    it = user.server.new_interaction(InteractionType.MESSAGE_COMPONENT, user, message.channel, data, message=message)
    return await _go(it, wait=True, settle=True, duplicate=False)


def menu(message: Any, kind: str) -> dict:
    (found,) = [s for s in message.selects if s["custom_id"].startswith(f"bsy1:{kind}:")]
    return found


def value_of(message: Any, kind: str, label: str) -> str:
    return next(o["value"] for o in menu(message, kind)["options"] if o["label"] == label)


async def open_builder(user: Any, thread: Any, **options: Any) -> Any:
    opened = await user.run(thread, "game fleet", **options)
    (form,) = [m for m in opened.replies if m.selects]
    assert form.ephemeral and form.visible_to is user
    return form


async def choose(server: Any, user: Any, form: Any, kind: str, label: str) -> None:
    before = form.content, [s["custom_id"] for s in form.selects]
    await user.select(form, [value_of(form, kind, label)], custom_id=f"bsy1:{kind}:")
    await server.wait_for(lambda: (form.content, [s["custom_id"] for s in form.selects]) != before, 10,
                          what="the builder drawn again")


async def buy(server: Any, user: Any, form: Any, design: str) -> None:
    await choose(server, user, form, "d", design)
    await user.click(form, "Buy")
    await server.wait_for(lambda: "Bought" in form.content, 10, what="the purchase")


async def points_lobby(server: Any, w: Any, budget: int, **extra: Any) -> Any:
    await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="points", budget=budget, pacing="live",
                     phase="3m", **extra)
    (thread,) = w.battles.threads
    await w.anne.run(thread, "game join", side="britain")
    await w.bob.run(thread, "game join", side="france")
    return thread


@pytest.mark.e2e_budget(90)
async def test_fleets_bought_by_points_then_played(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "fleets.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await points_lobby(server, w, 60, layout="abeam", wind=4)
            game = await bot.service.find_game(thread.id)
            form = await open_builder(w.anne, thread)
            assert "**Fleet of britain**: 0 of 60 points spent, **60 left**" in form.content
            # Appendix B's builder: class, then nation, guns and crew; the price once all are chosen.
            await choose(server, w.anne, form, "d", "Build a ship of class 3 (Appendix B)")
            assert "choose every value to see her price" in form.content
            for kind, label in (("0", "Britain"), ("1", "74 guns"), ("2", "600 men")):
                await choose(server, w.anne, form, kind, label)
            assert "British 74: 29 points." in form.content
            assert ("Log-book: 2 decks, turning C2, hull 12 a side, masts 6/8/6, crew 12 boxes, manoeuvre 7, "
                    "combat +2, gunnery +1, 0 carronades.") in form.content
            await w.anne.click(form, "Buy")
            await server.wait_for(lambda: "Bought British 74 for 29 points" in form.content, 10, what="bought")
            assert "**31 left**" in form.content and "1. British 74: 29 points" in form.content
            assert any("britain bought British 74 (29 points; 31 left)" in m.content for m in thread.messages)
            # A named ship, once; then sold and bought back.
            await buy(server, w.anne, form, "HMS Surprise")
            assert "**8 left**" in form.content
            await w.anne.click(form, "Sell a ship")
            await server.wait_for(lambda: any(s["custom_id"].startswith("bsy1:x:") for s in form.selects), 10,
                                  what="the sell menu")
            await w.anne.select(form, [value_of(form, "x", "2. HMS Surprise: 23 points")], custom_id="bsy1:x:")
            await server.wait_for(lambda: "Sold ship 2" in form.content, 10, what="the sale")
            assert "**31 left**" in form.content
            bob_form = await open_builder(w.bob, thread)
            await buy(server, w.bob, bob_form, "Virginie")
            started = await w.host.run(thread, "game start")
            assert "has begun" in started.text, started.text
            await server.wait_for(lambda: any(m.content.startswith("Waiting for") for m in thread.messages), 15,
                                  what="the first call for orders")
            start = await bot.service.db.start_record(game.id)
            assert start.setup["wind"] == 4
            assert [(s["side"], s.get("ship")) for s in start.setup["ships"]] == [("britain", None),
                                                                                 ("france", "virginie")]
            assert [s["heading"] for s in start.setup["ships"]] == [0, 180]  # abeam: bows to the enemy


@pytest.mark.e2e_budget(90)
async def test_attack_the_fleet_builder(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    mallory = server.add_user("mallory")
    w.guild.add_member(mallory)
    bot = make_bot(server, tmp_path / "attacks.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            thread = await points_lobby(server, w, 40)
            game = await bot.service.find_game(thread.id)
            # No seat: nothing to buy for.
            text = private_text(await mallory.run(thread, "game fleet"), mallory)
            assert text.startswith("Take a seat first (/game join)"), text
            # Another side's fleet: refused in plain words, by the command and by a forged id.
            text = private_text(await w.anne.run(thread, "game fleet", side="france"), w.anne)
            assert text.startswith("You buy ships for your own side only; france's fleet"), text
            form = await open_builder(w.anne, thread)
            forged = await press(w.anne, form, f"bsy1:d:{base36(game.id)}:1:0:-:", [value_of(form, "d", "HMS Surprise")])
            assert private_text(forged, w.anne).startswith("That button or menu is not one I can use")
            # A Buy naming the other side, or another game, on her own side's form: the id is
            # not one of the message's, so nothing reaches the service.
            own = menu(form, "d")["custom_id"]
            forged_side = own.replace(f":{base36(game.id)}:0:", f":{base36(game.id)}:1:")
            it = await press(w.anne, form, forged_side.replace("bsy1:d:", "bsy1:b:"))
            assert private_text(it, w.anne).startswith("That button or menu is not one I can use")
            another_game = own.replace(f":{base36(game.id)}:", f":{base36(game.id + 1)}:")
            it = await press(w.anne, form, another_game, ["0"])
            assert private_text(it, w.anne).startswith("That button or menu is not one I can use")
            # Values no menu of the form offers: refused, nothing changes.
            for bad in ("not a number!", "zzzzzz"):
                it = await press(w.anne, form, own, [bad])
                assert private_text(it, w.anne).startswith("That button or menu is not one I can use")
            await choose(server, w.anne, form, "d", "Build a ship of class 3 (Appendix B)")
            it = await press(w.anne, form, menu(form, "0")["custom_id"], ["z"])
            assert private_text(it, w.anne).startswith("That button or menu is not one I can use")
            sell = await press(w.anne, form, own.replace("bsy1:d:", "bsy1:x:"), ["5"])
            assert private_text(sell, w.anne) == "Ship 5 is not one of britain's ships."
            assert await bot.service.db.fleet_ships(game.id) == []
            # Two forms, two ships of 29 points, two clicks at once on a budget of 40: one ship.
            second = await open_builder(w.anne, thread)
            await choose(server, w.anne, form, "d", "HMS Indefatigable")
            await choose(server, w.anne, second, "d", "HMS Bellerophon")
            first_click, second_click = await asyncio.gather(w.anne.click(form, "Buy"), w.anne.click(second, "Buy"))
            await server.idle()
            ships = await bot.service.db.fleet_ships(game.id)
            assert len(ships) == 1 and sum(s.points for s in ships) == 29
            answers = [m.content for m in server.messages if m.ephemeral and m.visible_to is w.anne]
            assert any("costs 29 points; britain has 11 of its 40 left. Nothing was bought." in a
                       for a in answers), answers
            # Over budget and a named ship twice, in plain words.
            await choose(server, w.anne, form, "d", "HMS Surprise")
            it = await w.anne.click(form, "Buy")
            assert "HMS Surprise costs 23 points; britain has 11 of its 40 left" in private_text(it, w.anne)
            # A builder left open after the start changes nothing.
            bob_form = await open_builder(w.bob, thread)
            await buy(server, w.bob, bob_form, "Virginie")
            await choose(server, w.anne, form, "d", "HMS Sophie")
            assert "started" not in form.content
            started = await w.host.run(thread, "game start")
            assert "has begun" in started.text
            before = await bot.service.db.fleet_ships(game.id)
            it = await w.anne.click(form, "Buy")
            assert private_text(it, w.anne) == "The game has already started: that can only be done in the lobby."
            assert await bot.service.db.fleet_ships(game.id) == before


@pytest.mark.e2e_budget(90)
async def test_custom_scenario_saved_exported_and_played_again(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "saved.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="points", budget=50,
                             layout="scattered", wind=2, table="60x40")
            (thread,) = w.battles.threads
            # The host sets up both sides (a custom scenario) without a seat.
            for side, ship in (("britain", "HMS Sophie"), ("france", "Bayonnaise")):
                form = await open_builder(w.host, thread, side=side)
                await buy(server, w.host, form, ship)
            text = private_text(await w.anne.run(thread, "scenario save", name="sophie"), w.anne)
            assert text.startswith("Only the host"), text
            text = private_text(await w.host.run(thread, "scenario save", name="Sophie"), w.host)
            assert text == "Saved the scenario sophie for this server: 2 ships, set-up Scattered.", text
            listed = private_text(await w.anne.run(w.battles, "scenario list"), w.anne)
            assert listed == "Scenarios saved on this server: sophie (cannoni).", listed
            exported = await w.anne.run(w.battles, "scenario export", name="sophie")
            (file,) = [f for r in exported.replies for f in r.files]
            body = json.loads(file.data)
            assert (file.filename, body["pattern"], body["wind"], body["width"]) == ("sophie.json", "scattered", 2, 60)
            assert [s["design"] for s in body["fleets"]["france"]] == ["bayonnaise"]
            await w.host.run(thread, "host end")
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="saved:sophie")
            again = [t for t in w.battles.threads if t is not thread][0]
            game = await bot.service.find_game(again.id)
            assert [(s.side, s.design) for s in await bot.service.db.fleet_ships(game.id)] == [
                ("britain", "hms_sophie"), ("france", "bayonnaise")]
            await w.anne.run(again, "game join", side="britain")
            await w.bob.run(again, "game join", side="france")
            assert "has begun" in (await w.host.run(again, "game start")).text
            start = await bot.service.db.start_record(game.id)
            assert start.setup["table"]["width"] == 60 and start.setup["wind"] == 2
            text = private_text(await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="saved:nothing"),
                                w.host)
            assert text == "This server has no scenario nothing. Saved: sophie.", text
            text = private_text(await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel",
                                                 budget=50), w.host)
            assert text.startswith("budget, layout, wind, table and sides are for fleets by points"), text


@pytest.mark.e2e_budget(60)
async def test_the_builder_speaks_italian_in_an_italian_game(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    bot = make_bot(server, tmp_path / "it.sqlite3")
    with no_errors_logged():
        async with server.running(bot):
            await w.host.run(w.battles, "game new", ruleset="cannoni", scenario="points", budget=30, language="it")
            (thread,) = w.battles.threads
            await w.anne.run(thread, "game join", side="britain")
            form = await open_builder(w.anne, thread)
            assert "**Flotta di britain**: spesi 0 punti su 30, **ne restano 30**" in form.content, form.content
            await choose(server, w.anne, form, "d", "Costruisci una nave di classe 5 (Appendice B)")
            for kind, label in (("0", "Gran Bretagna"), ("1", "40 cannoni"), ("2", "300 uomini")):
                await choose(server, w.anne, form, kind, label)
            await w.anne.click(form, "Compra")
            await server.wait_for(lambda: "Comprata British 40" in form.content, 10, what="bought")
            await choose(server, w.anne, form, "d", "HMS Sophie")
            it = await w.anne.click(form, "Compra")
            assert private_text(it, w.anne).startswith("HMS Sophie costa 20 punti; a britain ne restano"), it.text


@pytest.mark.e2e_budget(60)
async def test_a_builder_form_works_after_a_restart(fake_discord, tmp_path):
    server = fake_discord
    w = duel_world(server)
    database = tmp_path / "restart.sqlite3"
    with no_errors_logged():
        async with server.running(make_bot(server, database)):
            thread = await points_lobby(server, w, 60)
            form = await open_builder(w.anne, thread)
            await choose(server, w.anne, form, "d", "HMS Indefatigable")
        # A new process on the same database: the form's ids carry all it needs.
        bot = make_bot(server, database)
        async with server.running(bot):
            await w.anne.click(form, "Buy")
            await server.wait_for(lambda: "Bought HMS Indefatigable for 29 points" in form.content, 10,
                                  what="bought after the restart")
            game = await bot.service.find_game(thread.id)
            assert [s.name for s in await bot.service.db.fleet_ships(game.id)] == ["HMS Indefatigable"]
