"""Attacks on the lobby, the seats, the limits and finished games, through the real client
on the loopback Discord: each test is named after what a hostile member (or a careless
host) tries, and each was reproduced against the bot before it was fixed.

What every refusal must be: a private answer to the one who tried, that pings nobody,
changes nothing the games have stored, and logs no error.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any, AsyncIterator

from PIL import Image

from bot import i18n
from bot.discord.client import Broadside
from bot.discord.markup import DiscordMarkup
from bot.discord.components import base36
from bot.service import FakeClock
from bot.settings import Settings
from tests.e2e.fake_discord import InteractionType, LoopbackDiscord
from tests.e2e.fake_discord.actions import _go
from tests.e2e.security_helpers import (UNEXPECTED, World, all_games, captured_logs, make_world, open_duel, pings,
                                        public_messages, settled, snapshot)

GIF = (b"GIF87a", b"GIF89a")
PNG = b"\x89PNG\r\n\x1a\n"


def say(code: str, **params: Any) -> str:
    # A code the catalogue lacks (a bot from before the fix) is compared as itself, so
    # the test fails on what the bot answered rather than on a missing text. Commands
    # as plain names: private_answer reads the bot's command links the same way.
    return DiscordMarkup()(i18n.text(code, "en", **params)) if code in i18n.CATALOGUE else f"<{code}>"


COMMAND_LINK = re.compile(r"</([\w -]+):\d+>")


def private_answer(it: Any, user: Any) -> str:
    """The interaction was answered, only to ``user``, pinging nobody; its text."""
    assert it.kind in ("message", "deferred"), (it, it.kind)
    assert it.replies, it
    for reply in it.replies:
        assert reply.ephemeral and reply.visible_to is user, reply
        assert not pings(reply), reply
    assert not it.refused, it.refused
    return COMMAND_LINK.sub(r"/\1", it.text)


@contextlib.asynccontextmanager
async def bot_with(server: LoopbackDiscord, database: Path, **limits: Any) -> AsyncIterator[Broadside]:
    """The bot on its own database, with these settings (the limits) changed."""
    settings = Settings(_env_file=None, database=str(database), token=server.token, api_base=server.api_base,
                        gateway_url=server.gateway_url, grace_seconds=0, campaign_grace_seconds=0, **limits)
    bot = Broadside(settings, clock=FakeClock(), seed_source=lambda: 7, guild_ready_timeout=0.05)
    async with server.running(bot):
        yield bot


async def everything(bot: Broadside) -> dict[int, dict[str, Any]]:
    return {g: await snapshot(bot, g) for g in await all_games(bot)}


def form_in(user: Any) -> Any:
    """The user's newest order menu in their direct messages."""
    return [m for m in user.dm.messages if m.selects][-1]


async def confirm_chit(user: Any, value: str) -> None:
    await confirm_on(user, form_in(user), value)


async def confirm_on(user: Any, form: Any, value: str) -> None:
    """Choose ``value`` in the menu and confirm; until the menu says the order is stored
    (under load the edit may come after the click has settled)."""
    await user.select(form, [value], custom_id="bs1:s:")
    await user.click(form, "Confirm")
    await user.server.wait_for(lambda: "Order recorded" in form.content, 10, what="the order recorded")


# -- 1. a thread belongs to its game ---------------------------------------------------------------------
async def test_attack_new_game_inside_running_thread(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            thread = await open_duel(w, bot=bot)
            game = await bot.service.find_game(thread.id)
            before = await everything(bot)
            public_before = len(public_messages(server))

            # Mallory, with no seat and no rights, opens a game inside Anne and Bob's thread.
            text = private_answer(await w.mallory.run(thread, "game new", ruleset="cannoni",
                                                      scenario="frigate-duel"), w.mallory)
            assert text == say("error.thread-has-game", game=game.id), text
            # Whatever the scenario or the language asked for.
            text = private_answer(await w.mallory.invoke(thread, "game new", {
                "ruleset": "cannoni", "scenario": "squadron-action", "language": "it"}), w.mallory)
            assert f"#{game.id}" in text and "thread" in text, text
            await server.idle()
            assert await everything(bot) == before
            assert len(public_messages(server)) == public_before
            assert len(w.battles.threads) == 1

            # The thread still answers with its own game: the players' and the host's commands work.
            pending = private_answer(await w.anne.run(thread, "pending"), w.anne)
            assert "no order yet" in pending, pending
            assert form_in(w.bob) is not None
            chits = await w.anne.run(thread, "menus")
            assert "Activation chits" in private_answer(chits, w.anne) and any(r.selects for r in chits.replies)
            private_answer(await w.host.run(thread, "host pause"), w.host)
            await server.idle()
            assert (await bot.service.db.game(game.id)).status == "paused"
    assert not logs.errors(), logs.errors()


async def test_attack_new_game_inside_a_lobby_thread_then_after_the_end(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    async with bot_with(server, tmp_path / "b.sqlite3") as bot:
        lobby = await open_duel(w, start=False)
        game = await bot.service.find_game(lobby.id)
        text = private_answer(await w.mallory.run(lobby, "game new", ruleset="cannoni", scenario="frigate-duel"),
                              w.mallory)
        assert text == say("error.thread-has-game", game=game.id)
        assert await all_games(bot) == [game.id]
        # Once the game is over its thread may hold the next one (the host's rematch).
        await w.host.run(lobby, "host end")
        rematch = private_answer(await w.host.run(lobby, "game new", ruleset="cannoni", scenario="frigate-duel"),
                                 w.host)
        assert rematch.startswith(f"Game #{game.id + 1} is open"), rematch
        assert (await bot.service.find_game(lobby.id)).id == game.id + 1


# -- 2. a seat handed on carries none of its holder's secrets ------------------------------------------------
async def test_attack_replace_seat_shows_the_previous_players_chit(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            thread = await open_duel(w, bot=bot)
            game = await bot.service.find_game(thread.id)
            await confirm_chit(w.bob, "2")  # chit 3, face down
            assert "Virginie: 3" in private_answer(await w.bob.run(thread, "pending"), w.bob)
            await server.idle()
            before = await snapshot(bot, game.id)

            # The host hands Bob's seat to Mallory while Bob is playing: not without confirming.
            it = await w.host.invoke(thread, "host replace", {"seat": "p2", "user": w.mallory})
            text = private_answer(it, w.host)
            assert text == say("error.replace-present", seat="France", user=f"<@{w.bob.id}>",
                                     new=f"<@{w.mallory.id}>"), text
            assert "confirm" in text
            await server.idle()
            assert await snapshot(bot, game.id) == before

            # Confirmed: Mallory holds the seat and sees nothing of Bob's order.
            it = await w.host.invoke(thread, "host replace", {"seat": "p2", "user": w.mallory, "confirm": True})
            private_answer(it, w.host)
            await server.idle()
            pending = private_answer(await w.mallory.run(thread, "pending"), w.mallory)
            assert "no order yet" in pending and ": 3" not in pending, pending
            chits = await w.mallory.run(thread, "menus")
            assert "Virginie: 3" not in chits.text and "Chosen" not in chits.text, chits.text
            seats = {s.seat_id: s for s in await bot.service.db.seats(game.id)}
            assert seats["p2"].user_id == w.mallory.id
            orders = await bot.service.db.orders(game.id)
            assert [o.status for o in orders if o.seat_id == "p2"] == ["discarded"]
            audit = (await bot.service.db.audit_log(game.id))[-1]
            assert (audit.action, audit.actor_id) == ("replace", w.host.id)
            assert audit.detail["discarded"] == 1 and audit.detail["old"] == w.bob.id

            # Handed back to Bob, his order does not stand again: the phase waits for a new one.
            it = await w.host.invoke(thread, "host replace", {"seat": "p2", "user": w.bob, "confirm": True})
            private_answer(it, w.host)
            await server.idle()
            pending = private_answer(await w.bob.run(thread, "pending"), w.bob)
            assert "no order yet" in pending, pending
            assert not [o for o in await bot.service.db.open_orders(game.id) if o.seat_id == "p2"]
            assert await bot.service.db.step_count(game.id) == 0
    assert not logs.errors(), logs.errors()


async def test_attack_replace_needs_no_confirmation_for_a_vacant_seat(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    async with bot_with(server, tmp_path / "b.sqlite3") as bot:
        thread = await open_duel(w, bot=bot)
        game = await bot.service.find_game(thread.id)
        await confirm_chit(w.bob, "2")
        await w.bob.run(thread, "game leave")  # the seat stays, vacant; his order stays open until handed on
        private_answer(await w.host.invoke(thread, "host replace", {"seat": "p2", "user": w.mallory}), w.host)
        await server.idle()
        assert (await bot.service.db.seats(game.id))[1].user_id == w.mallory.id
        pending = private_answer(await w.mallory.run(thread, "pending"), w.mallory)
        assert "no order yet" in pending and ": 3" not in pending, pending


async def test_attack_hand_a_present_players_seat_to_the_computer(fake_discord, tmp_path):
    """/host ai is a hand-over too: a playing member's seat goes to the computer only when the
    host confirms, and the computer is not bound by (nor shown) the order the player left."""
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            thread = await open_duel(w, bot=bot)
            game = await bot.service.find_game(thread.id)
            await confirm_chit(w.bob, "2")  # chit 3, face down
            await server.idle()
            before = await snapshot(bot, game.id)

            it = await w.host.invoke(thread, "host ai", {"seat": "p2", "level": "random"})
            text = private_answer(it, w.host)
            assert text == say("error.hand-present-to-ai", seat="France", user=f"<@{w.bob.id}>"), text
            await server.idle()
            assert await snapshot(bot, game.id) == before

            it = await w.host.invoke(thread, "host ai", {"seat": "p2", "level": "random", "confirm": True})
            private_answer(it, w.host)
            await server.idle()
            seats = {s.seat_id: s for s in await bot.service.db.seats(game.id)}
            assert seats["p2"].user_id is None and seats["p2"].ai_level == "random"
            bob_orders = [o for o in await bot.service.db.orders(game.id) if o.seat_id == "p2"]
            assert bob_orders and all(o.source == "ai" or o.status == "discarded" for o in bob_orders)
            audit = [a for a in await bot.service.db.audit_log(game.id) if a.action == "hand-to-ai"]
            assert audit[-1].detail["discarded"] == 1 and audit[-1].detail["old"] == w.bob.id
    assert not logs.errors(), logs.errors()


# -- 3. limits -------------------------------------------------------------------------------------------------
async def test_attack_one_member_opens_lobbies_without_end(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3", max_lobbies_per_member=3, max_games_per_server=6) as bot:
            for n in range(3):
                text = private_answer(await w.mallory.run(w.battles, "game new", ruleset="cannoni",
                                                          scenario="frigate-duel"), w.mallory)
                assert text.startswith(f"Game #{n + 1} is open"), text
            threads = len(w.battles.threads)
            for _ in range(3):
                text = private_answer(await w.mallory.run(w.battles, "game new", ruleset="cannoni",
                                                          scenario="frigate-duel"), w.mallory)
                assert text == say("error.too-many-lobbies", limit=3), text
            await server.idle()
            assert await all_games(bot) == [1, 2, 3]
            assert len(w.battles.threads) == threads  # no thread opened for a refused game
            # Starting one frees a place in the lobby count; the server's limit still holds.
            lobby = w.battles.threads[0]
            await w.anne.run(lobby, "game join", side="britain")
            await w.bob.run(lobby, "game join", side="france")
            await w.mallory.run(lobby, "game start")
            private_answer(await w.mallory.run(w.harbour, "game new", ruleset="cannoni", scenario="frigate-duel"),
                           w.mallory)
            for user in (w.anne, w.bob):
                private_answer(await user.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel"),
                               user)
            assert len(await all_games(bot)) == 6
            text = private_answer(await w.host.run(w.harbour, "game new", ruleset="cannoni",
                                                   scenario="frigate-duel"), w.host)
            assert text == say("error.too-many-games", limit=6), text
            assert len(await all_games(bot)) == 6
    assert not logs.errors(), logs.errors()


async def test_attack_extra_members_join_a_one_ship_duel(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    async with bot_with(server, tmp_path / "b.sqlite3") as bot:
        lobby = await open_duel(w, start=False)
        game = await bot.service.find_game(lobby.id)
        before = await snapshot(bot, game.id)
        for user, side in ((w.mallory, "britain"), (w.admiral, "france")):
            text = private_answer(await user.run(lobby, "game join", side=side), user)
            assert text == say("error.side-full", side=side.title(), n=1), text
        text = private_answer(await w.host.run(lobby, "host add-ai", side="france", level="random"), w.host)
        assert text == say("error.side-full", side="France", n=1), text
        await server.idle()
        assert await snapshot(bot, game.id) == before
        await w.host.run(lobby, "game start")
        await settled(w, bot, lobby)
        assert [(s.seat_id, s.user_id) for s in await bot.service.db.seats(game.id)] == [
            ("p1", w.anne.id), ("p2", w.bob.id)]


async def test_attack_game_list_grows_without_bound(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    members = [server.add_user(f"member{n}") for n in range(12)]
    for user in members:
        w.guild.add_member(user)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3", games_per_list_page=5) as bot:
            for user in members:
                await user.run(w.battles, "game new", ruleset="cannoni", scenario="frigate-duel")
            assert len(await all_games(bot)) == 12

            listing = await w.mallory.run(w.harbour, "game list")
            (message,) = listing.replies  # one message, whatever the number of games
            assert message.ephemeral and message.visible_to is w.mallory
            assert "Page 1 of 3" in message.content and "#1 " in message.content and "#6 " not in message.content
            assert len(message.content) <= 2000
            previous, following = message.buttons
            assert previous.get("disabled") and not following.get("disabled")
            assert all(len(b["custom_id"]) <= 100 for b in message.buttons)

            turned = await w.mallory.click(message, "Next")
            assert "Page 2 of 3" in message.content and "#6 " in message.content and "#1 " not in message.content
            assert not turned.refused
            await w.mallory.click(message, "Next")
            assert "Page 3 of 3" in message.content and "#11 " in message.content
            assert message.buttons[1].get("disabled")

            # Stale: games end meanwhile, and a page that no longer exists shows the last one.
            await w.mallory.click(message, "Previous")
            for thread in list(w.battles.threads):
                found = await bot.service.find_game(thread.id)
                if found.id >= 6:
                    host = next(u for u in members if u.id == found.host_id)
                    await host.run(thread, "host end")
            await w.mallory.click(message, "Next")
            assert "#5 " in message.content and "Page" not in message.content, message.content

            # A press from another server's list (a hand-made id) is refused, privately.
            forged = await press(w.mallory, message, f"bsl1:{base36(w.guild.id + 1)}:1")
            assert private_answer(forged, w.mallory) == say("reply.stale-component")
    assert not logs.errors(), logs.errors()


# -- 4. and 5. a finished game stays to be looked at, and stays finished ------------------------------------
async def test_attack_finished_game_goes_dark(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            thread = await open_duel(w, bot=bot)
            game = await bot.service.find_game(thread.id)
            await confirm_chit(w.anne, "3")
            await confirm_chit(w.bob, "2")
            await settled(w, bot, thread)
            assert await bot.service.db.step_count(game.id) >= 1
            await w.host.run(thread, "host end")
            await server.idle()
            assert (await bot.service.db.game(game.id)).status == "over"

            gifs: list[bytes] = []
            for user in (w.mallory, w.anne):
                log = private_answer(await user.run(thread, "log"), user)
                story = await bot.service.log(game.id)
                assert len(story) > 3 and all(line in log for line in story), log
                shown = await user.run(thread, "map")
                private_answer(shown, user)
                (png,) = shown.files
                assert png.data.startswith(PNG) and png.description
                card = await user.run(thread, "card", ship="virginie")
                private_answer(card, user)
                assert card.files[0].data.startswith(PNG)
                replay = await user.run(thread, "replay")
                private_answer(replay, user)
                (gif,) = replay.files
                assert gif.data.startswith(GIF) and gif.size <= 10 * 1024 * 1024
                frames = Image.open(io.BytesIO(gif.data)).n_frames
                assert frames >= 2, frames
                gifs.append(gif.data)
            assert gifs[0] == gifs[1]  # drawn once for both
            exported = await w.host.run(thread, "host export")
            private_answer(exported, w.host)
            (record,) = exported.files
            assert json.loads(record.data)["ruleset"] == "cannoni"
    assert not logs.errors(), logs.errors()


async def test_attack_undo_a_finished_game_after_exporting_its_record(fake_discord, tmp_path):
    server = fake_discord
    w = make_world(server)
    async with bot_with(server, tmp_path / "b.sqlite3") as bot:
        thread = await open_duel(w, bot=bot)
        game = await bot.service.find_game(thread.id)
        await confirm_chit(w.anne, "3")
        await confirm_chit(w.bob, "2")
        await settled(w, bot, thread)
        await w.host.run(thread, "host end")
        exported = await w.host.run(thread, "host export")
        assert json.loads(exported.files[0].data)["seed"] == 7  # the host now knows the dice
        await server.idle()
        before = await snapshot(bot, game.id)
        public_before = len(public_messages(server))
        for user in (w.host, w.admiral):
            text = private_answer(await user.run(thread, "host undo"), user)
            assert text == say("error.game-over"), text
        await server.idle()
        assert await snapshot(bot, game.id) == before
        assert len(public_messages(server)) == public_before


# -- 6. hand-made component payloads ------------------------------------------------------------------------
async def press(user: Any, message: Any, custom_id: str, values: list[str] | None = None) -> Any:
    """A click on ``message`` carrying ``custom_id``, whatever the message shows: what a
    modified client, or a message from an older bot, delivers."""
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
    if values is not None:
        data["values"] = values
    it = user.server.new_interaction(InteractionType.MESSAGE_COMPONENT, user, message.channel, data,
                                     message=message)
    return await _go(it, wait=True, settle=True, duplicate=False)


async def hand_made_ids_are_refused(server: LoopbackDiscord, tmp_path: Path, forged_ids: Any) -> None:
    """Anne plays two games; clicks carrying each of ``forged_ids(world, this game, other
    game, token, state)`` arrive on her menu of the first: each gets the private refusal,
    and neither the games nor the menu change. Then the real menu still works."""
    w = make_world(server)
    with captured_logs() as logs:
        async with bot_with(server, tmp_path / "b.sqlite3") as bot:
            thread = await open_duel(w, bot=bot)
            other = await open_duel(w, w.harbour, bot=bot)  # Anne and Bob play a second game
            game = (await bot.service.find_game(thread.id)).id
            other_game = (await bot.service.find_game(other.id)).id
            anne_forms = [m for m in w.anne.dm.messages if m.selects]
            form = next(m for m in anne_forms if f"bs1:s:{base36(game)}:" in str(m.components))
            confirm_id = next(b["custom_id"] for b in form.buttons if b["label"] == "Confirm")
            token, state = confirm_id.split(":")[3], confirm_id.split(":")[4]
            await server.idle()
            before = await everything(bot)
            content, components = form.content, form.components
            for custom_id in forged_ids(w, game, other_game, token, state):
                assert len(custom_id) <= 100
                for values in (None, ["0"]):
                    it = await press(w.anne, form, custom_id, values)
                    text = private_answer(it, w.anne)
                    assert text == say("reply.stale-component"), (custom_id, text)
                    await server.idle()
                    assert (form.content, form.components) == (content, components), custom_id
                    assert await everything(bot) == before, custom_id
            # The real menu still works, for its own game only.
            await confirm_on(w.anne, form, "3")
            assert [o.seat_id for o in await bot.service.db.open_orders(game)] == ["p1"]
            assert not [o for o in await bot.service.db.open_orders(other_game)]
    assert not logs.errors(), logs.errors()
    assert say("reply.error-unexpected") not in [m.content for m in w.anne.ephemeral]


async def test_attack_component_ids_that_parse_to_no_game(fake_discord, tmp_path):
    await hand_made_ids_are_refused(fake_discord, tmp_path, lambda w, game, other, token, state: [
        # another format, a broken id, plain text, an unknown kind
        "bs2:o:1:t1.chits.p1:03:0", "bs1:o:1", "bs1:x:1:t1.chits.p1:03:0", "hello", ":" * 90,
        # a game that does not exist
        f"bs1:o:{base36(36 ** 5)}:{token}:3:0",
        # /game list buttons: another server's
        f"bsl1:{base36(w.guild.id + 1)}:1",
    ])


async def test_attack_component_id_of_another_game(fake_discord, tmp_path):
    # Anne plays both games: on the old bot this ordered in the other game from this
    # game's menu (and re-drew the menu as the other game's).
    await hand_made_ids_are_refused(fake_discord, tmp_path, lambda w, game, other, token, state: [
        f"bs1:o:{base36(other)}:{token}:3:0", f"bs1:s:{base36(other)}:{token}:{state}:0",
        f"bs1:p:{base36(other)}:{token}:{state}:0",
    ])


async def test_attack_component_ids_with_huge_values(fake_discord, tmp_path):
    await hand_made_ids_are_refused(fake_discord, tmp_path, lambda w, game, other, token, state: [
        # a game id past SQLite's integers, a field or page past anything
        f"bs1:o:{'z' * 20}:{token}:3:0", f"bs1:s:{'z' * 60}:{token}:{state}:0",
        f"bs1:p:{base36(game)}:{token}:{state}:{'9' * 60}", f"bs1:o:{base36(game)}:{token}:3:{'9' * 75}",
        # /game list buttons: a server id and a page past anything
        f"bsl1:{'z' * 30}:1", f"bsl1:{base36(w.guild.id)}:{'z' * 40}",
    ])
