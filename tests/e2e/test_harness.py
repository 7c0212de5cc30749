"""The loopback Discord, proven with a minimal discord.py bot of our own.

The bot below is a plain ``discord.Client`` with a command tree; it knows nothing of the
harness. Everything it does goes over HTTP and the websocket to 127.0.0.1, exactly as
it would to Discord: login, the gateway handshake, command sync, interaction answers,
follow-ups, messages, DMs, threads. Each test stops its bot and its server by itself
and is bounded by the timeouts in the harness (10 s per wait at most).
"""
from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from typing import AsyncIterator

import discord
import discord.gateway
import discord.http
import pytest
from discord import app_commands

from tests.e2e.fake_discord import ImpossibleAction, LoopbackDiscord, Perm
from tests.e2e.fake_discord.gateway import Intent

SHIPS = ["Victory", "Temeraire", "Bellerophon", "Revenge", "Colossus"]
TEN_MIB = 10 * 1024 * 1024


# -- the minimal bot ---------------------------------------------------------------------------------
class PickView(discord.ui.View):
    def __init__(self, options: int = 3, custom_id: str = "pick:ship") -> None:
        super().__init__(timeout=60)
        names = [f"{SHIPS[i % len(SHIPS)]} {i}" if options > len(SHIPS) else SHIPS[i] for i in range(options)]
        select = discord.ui.Select(custom_id=custom_id, placeholder="Choose a ship",
                                   options=[discord.SelectOption(label=n, value=n.lower()) for n in names])
        select.callback = self.picked
        self.select = select
        self.add_item(select)
        cancel = discord.ui.Button(label="Cancel", custom_id="pick:cancel", style=discord.ButtonStyle.secondary)
        cancel.callback = self.cancelled
        self.add_item(cancel)

    async def picked(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {', '.join(self.select.values)}", view=None)

    async def cancelled(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="cancelled", view=None)


class RenameModal(discord.ui.Modal, title="Rename your ship"):
    name = discord.ui.TextInput(label="New name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


class CrewView(discord.ui.View):
    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="crew:who", max_values=2)
    async def who(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        names = sorted(u.display_name for u in select.values)
        await interaction.response.send_message(f"crew: {', '.join(names)}", ephemeral=True)


class MiniBot(discord.Client):
    """A bot of a few commands, each exercising one path of the API."""

    def __init__(self, guild_id: int | None = None, intents: discord.Intents | None = None) -> None:
        super().__init__(intents=intents or discord.Intents(guilds=True), guild_ready_timeout=0.05,
                         allowed_mentions=discord.AllowedMentions.none())
        self.tree = app_commands.CommandTree(self)
        self.guild_id = guild_id
        self.synced: list[app_commands.AppCommand] = []
        self.choices = 5
        self.errors: list[BaseException] = []
        self._commands()

    async def setup_hook(self) -> None:
        self.synced = await self.tree.sync()
        if self.guild_id is not None:
            self.synced += await self.tree.sync(guild=discord.Object(self.guild_id))

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s before every IDENTIFY after the first; no need on loopback.
        return None

    async def refused(self, interaction: discord.Interaction, exc: discord.HTTPException) -> None:
        text = f"refused {exc.status} {exc.code}"
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    def _commands(self) -> None:
        tree = self.tree
        bot = self

        @tree.command(description="Repeat some text")
        @app_commands.describe(text="What to say", times="How often")
        @app_commands.choices(times=[app_commands.Choice(name=str(n), value=n) for n in (1, 2, 3)])
        async def echo(interaction: discord.Interaction, text: str, times: int,
                       who: discord.Member | None = None) -> None:
            target = f" for {who.display_name}" if who else ""
            await interaction.response.send_message(" ".join([text] * times) + target)

        @tree.command(description="A report, as a file, after some thought")
        async def report(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.sleep(0.05)
            data = b"ship,hits\nVictory,3\n"
            await interaction.followup.send("Your report", ephemeral=True,
                                            file=discord.File(io.BytesIO(data), "report.csv", description="hits"))
            await interaction.followup.send("and a second page", ephemeral=True)

        @tree.command(description="Pick a ship")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Which ship?", view=PickView())

        @tree.command(description="Whisper to yourself")
        async def whisper(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                dm = await interaction.user.create_dm()
                await dm.send("a secret chit")
            except discord.Forbidden as exc:
                await interaction.followup.send(f"your DMs are closed ({exc.code})", ephemeral=True)
            else:
                await interaction.followup.send("check your DMs", ephemeral=True)

        @tree.command(description="Post in the channel")
        async def say(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert interaction.channel is not None
            try:
                await interaction.channel.send(text)  # type: ignore[union-attr]
            except discord.HTTPException as exc:
                await bot.refused(interaction, exc)
            else:
                await interaction.followup.send("posted", ephemeral=True)

        @tree.command(description="Open a thread for a game")
        async def thread(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            made = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
            await made.send(f"Welcome to {name}")
            await interaction.followup.send(f"opened {made.mention}", ephemeral=True)

        @tree.command(description="Rename your ship")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @tree.command(description="Choose your crew")
        async def crew(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Who sails with you?", view=CrewView(), ephemeral=True)

        @tree.command(description="Every way of editing a message")
        async def workshop(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            await interaction.response.send_message("draft")
            original = await interaction.original_response()
            note = await interaction.followup.send("note", wait=True)
            await note.edit(content="note, edited")
            await interaction.edit_original_response(content=f"final (was {original.content})")
            board = await channel.send("board")
            fetched = await channel.fetch_message(board.id)
            await fetched.edit(content="board v2")
            talk = await board.create_thread(name="Talk")
            await talk.send("in the thread")
            temp = await channel.send("temporary")
            await temp.delete()
            await note.delete()
            seen = [m.content async for m in channel.history(limit=10)]
            await interaction.followup.send(f"history: {seen}")

        @tree.command(description="Find a ship")
        async def ship(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"ship {name}", ephemeral=True)

        @ship.autocomplete("name")
        async def ship_names(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
            names = [f"{SHIPS[i % len(SHIPS)]} {i}" for i in range(bot.choices)]
            return [app_commands.Choice(name=n, value=n) for n in names if typed.lower() in n.lower()]

        @tree.command(description="Misbehave on purpose")
        async def misbehave(interaction: discord.Interaction, kind: str) -> None:
            try:
                await bot.misbehave(interaction, kind)
            except discord.HTTPException as exc:
                await bot.refused(interaction, exc)

        @tree.command(description="Only in the test guild", guild=discord.Object(self.guild_id or 1))
        async def local(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("local", ephemeral=True)

        if self.guild_id is None:
            tree.remove_command("local", guild=discord.Object(1))

        @tree.error
        async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            bot.errors.append(error)

    async def misbehave(self, interaction: discord.Interaction, kind: str) -> None:
        if kind == "content":
            await interaction.response.send_message("x" * 2001)
        elif kind == "embed":
            await interaction.response.send_message(embed=discord.Embed(title="t" * 257))
        elif kind == "embed-total":
            embed = discord.Embed(description="d" * 4000)
            for n in range(3):
                embed.add_field(name=f"f{n}", value="v" * 1000)
            await interaction.response.send_message(embed=embed)
        elif kind == "select":
            await interaction.response.send_message("too many", view=PickView(options=26))
        elif kind == "custom-id":
            await interaction.response.send_message("long id", view=PickView(custom_id="c" * 101))
        elif kind == "file":
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send("big", file=discord.File(io.BytesIO(b"\0" * (TEN_MIB + 1)), "big.bin"))
        elif kind == "empty":
            await interaction.response.send_message("   ")
        elif kind == "twice":
            await interaction.response.send_message("once")
            answered = interaction.response._response_type
            interaction.response._response_type = None  # a buggy bot answering a second time
            try:
                await interaction.response.send_message("twice")
            finally:
                interaction.response._response_type = answered
        elif kind == "late":
            await asyncio.sleep(interaction.client.late_by)  # type: ignore[attr-defined]
            await interaction.response.send_message("too late")
        elif kind == "followup-first":
            await interaction.followup.send("nobody answered yet")
        else:
            raise ValueError(kind)


@contextlib.asynccontextmanager
async def running(server: LoopbackDiscord, guild_id: int | None = None, **kw: object) -> AsyncIterator[MiniBot]:
    client = MiniBot(guild_id, **kw)  # type: ignore[arg-type]
    async with server.running(client):
        yield client


@pytest.fixture
def world(fake_discord: LoopbackDiscord):
    """A guild with a #general channel, alice (admin-ish) and bob (DMs closed)."""
    guild = fake_discord.add_guild("Harbour")
    alice = fake_discord.add_user("alice")
    bob = fake_discord.add_user("bob", dms_open=False)
    captains = guild.add_role("Captains", Perm.MANAGE_GUILD)
    guild.add_member(alice, captains)
    guild.add_member(bob)
    return guild, guild.channel("general"), alice, bob


# -- connecting ----------------------------------------------------------------------------------------
async def test_login_ready_guild_create_and_command_sync(fake_discord, world):
    guild, general, alice, bob = world
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with running(fake_discord, guild.id) as bot:
        assert discord.http.Route.BASE == fake_discord.api_base
        assert bot.user is not None and bot.user.id == fake_discord.bot.id
        assert bot.application_id == fake_discord.application_id
        # READY sent the guild as unavailable; GUILD_CREATE filled it in.
        seen = bot.get_guild(guild.id)
        assert seen is not None and not seen.unavailable
        assert [c.name for c in seen.text_channels] == ["general"]
        assert {r.name for r in seen.roles} >= {"@everyone", "Captains"}
        assert seen.member_count == 4  # owner, bot, alice, bob
        assert seen.me is not None  # without the members intent only the bot's own member comes
        # Login asked who we are and the application; a plain Client never asks /gateway/bot.
        assert fake_discord.requests_to("GET /users/@me") and fake_discord.requests_to("GET /oauth2/applications/@me")
        assert not fake_discord.requests_to("GET /gateway*")
        # Global and guild sync, answered with ids the client keeps.
        assert [scope for scope, _ in fake_discord.syncs] == [None, guild.id]
        by_name = {c.name: c for c in bot.synced}
        assert {"echo", "report", "pick", "whisper", "local"} <= set(by_name)
        assert by_name["echo"].id == int(next(c["id"] for c in fake_discord.commands[None] if c["name"] == "echo"))
        assert by_name["local"].guild_id == guild.id
    # Stopped cleanly; discord.py's endpoints are back where they were.
    assert discord.http.Route.BASE == base
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == gateway
    assert bot.is_closed()


async def test_heartbeats_are_acknowledged():
    async with LoopbackDiscord(heartbeat_interval=0.05) as server:
        server.add_guild("Quick")
        async with running(server) as bot:
            await server.wait_for(lambda: server.gateway.heartbeats >= 3, 5)
            assert bot.latency < 1.0
        server.check()


async def test_privileged_intents_need_the_portal_switch(fake_discord, world):
    guild, general, alice, bob = world
    intents = discord.Intents(guilds=True, members=True)
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with running(fake_discord, intents=intents):
            pass
    fake_discord.privileged_intents = Intent.GUILD_MEMBERS
    async with running(fake_discord, intents=intents) as bot:
        seen = bot.get_guild(guild.id)
        assert seen is not None
        await fake_discord.wait_for(lambda: seen.chunked, 5)
        assert {m.name for m in seen.members} == {"harbour-owner", "broadside", "alice", "bob"}


# -- commands ------------------------------------------------------------------------------------------
async def test_slash_command_round_trip_with_options(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord, guild.id):
        it = await alice.run(general, "echo", text="ahoy", times=2, who=bob)
        assert it.kind == "message"
        assert it.reply.content == "ahoy ahoy for Bob"
        assert not it.reply.ephemeral and general.messages == [it.reply]
        assert it.reply.pinged == []  # the bot's AllowedMentions.none()
        # The guild-only command is there for alice, in this guild.
        local = await alice.run(general, "local")
        assert local.reply.ephemeral and local.reply.visible_to is alice and alice.ephemeral == [local.reply]
        # What the Discord app would not let a user do fails the test instead.
        with pytest.raises(ImpossibleAction, match="choices"):
            await alice.run(general, "echo", text="x", times=7)
        with pytest.raises(ImpossibleAction, match="required"):
            await alice.run(general, "echo", text="x")
        with pytest.raises(ImpossibleAction, match="no /nothing"):
            await alice.run(general, "nothing")


async def test_deferred_answer_with_a_file_and_a_second_follow_up(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord) as bot:
        it = await alice.run(general, "report")
        assert it.kind == "deferred"
        first, second = it.replies
        # The first follow-up fills the "thinking" message; the second is a new one.
        assert first is it.original and not first.loading and first.content == "Your report"
        assert second.content == "and a second page"
        assert all(m.ephemeral and m.visible_to is alice for m in it.replies)
        (file,) = it.files
        assert (file.filename, file.description, file.data) == ("report.csv", "hits", b"ship,hits\nVictory,3\n")
        assert general.messages == []  # nothing public
        # What the bot uploaded can be downloaded again from its URL (served by the fake too).
        attachment = discord.Attachment(data=file.payload(), state=bot._connection)
        assert await attachment.read() == file.data


async def test_select_and_button_on_a_message(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord):
        it = await alice.run(general, "pick")
        menu = it.reply
        assert [o["value"] for o in menu.options()] == ["victory", "temeraire", "bellerophon"]
        picked = await alice.select(menu, ["temeraire"])
        assert picked.kind == "update"
        assert menu.content == "picked temeraire" and menu.components == []
        assert menu.history[0]["content"] == "Which ship?"
        with pytest.raises(ImpossibleAction):
            await alice.click(menu, "Cancel")  # the menu is gone
        again = (await alice.run(general, "pick")).reply
        with pytest.raises(ImpossibleAction, match="offers"):
            await alice.select(again, ["santissima trinidad"])
        pressed = await alice.click(again, "Cancel")
        assert pressed.kind == "deferred_update" and again.content == "cancelled" and again.components == []


async def test_modal_and_user_select(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord):
        opened = await alice.run(general, "rename")
        assert opened.kind == "modal" and opened.modal["title"] == "Rename your ship"
        with pytest.raises(ImpossibleAction, match="required"):
            await alice.submit_modal(opened, {})
        submitted = await alice.submit_modal(opened, {opened.modal_inputs()[0]: "Agamemnon"})
        assert submitted.reply.content == "renamed to Agamemnon"
        menu = (await alice.run(general, "crew")).reply
        assert menu.ephemeral
        with pytest.raises(ImpossibleAction, match="cannot see"):
            await bob.select(menu, [bob])  # an ephemeral message is alice's alone
        chosen = await alice.select(menu, [alice, bob])
        assert chosen.reply.content == "crew: Alice, Bob"


async def test_autocomplete(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord):
        choices = await alice.autocomplete(general, "ship", "name", "vic")
        assert choices == [{"name": "Victory 0", "value": "Victory 0"}]
        it = await alice.run(general, "ship", name=choices[0]["value"])
        assert it.reply.content == "ship Victory 0"


async def test_dm_open_and_closed(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord):
        it = await alice.run(general, "whisper")
        assert it.reply.content == "check your DMs"
        assert [m.content for m in alice.dm.messages] == ["a secret chit"]
        it = await bob.run(general, "whisper")
        assert it.reply.content == "your DMs are closed (50007)"
        assert bob.dm.messages == []
        (closed,) = [r for r in fake_discord.rejections if r.code == 50007]
        assert closed.status == 403 and not closed.violation


async def test_thread_is_created_and_announced(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord) as bot:
        it = await alice.run(general, "thread", name="Battle of the Nile")
        (made,) = general.threads
        assert made.name == "Battle of the Nile" and made.type == 11
        assert [m.content for m in made.messages] == ["Welcome to Battle of the Nile"]
        assert it.reply.content == f"opened <#{made.id}>"
        # THREAD_CREATE reached the client's cache over the gateway.
        assert isinstance(bot.get_channel(made.id), discord.Thread)


async def test_editing_fetching_deleting_and_threads_from_messages(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord) as bot:
        it = await alice.run(general, "workshop")
        original, note, report = it.original, *it.followups
        assert original.content == "final (was draft)" and original.history[0]["content"] == "draft"
        assert note.deleted and note.content == "note, edited"
        board = next(m for m in general.all_messages if m.content == "board v2")
        assert board.history[0]["content"] == "board" and board.edited is not None
        (talk,) = general.threads
        assert talk.id == board.id and talk.name == "Talk" and talk.type == 11
        assert [m.content for m in talk.messages] == ["in the thread"]
        assert [m.content for m in general.messages] == ["final (was draft)", "board v2", report.content]
        assert report.content == "history: ['board v2', 'final (was draft)']"
        assert [m.content for m in general.all_messages if m.deleted] == ["note, edited", "temporary"]


# -- faults --------------------------------------------------------------------------------------------
async def test_rate_limit_is_retried(fake_discord, world, caplog):
    guild, general, alice, bob = world
    async with running(fake_discord):
        limited = fake_discord.fail(429, route="POST /channels/*/messages", retry_after=0.05)
        answer = fake_discord.fail(429, route="POST /interactions/*", retry_after=0.05)
        with caplog.at_level(logging.WARNING, logger="discord"):
            it = await alice.run(general, "say", text="all hands")
        assert [m.content for m in general.messages] == ["all hands"]
        assert it.reply.content == "posted"
        assert len(limited.hits) == 1 and len(fake_discord.requests_to("POST /channels/*/messages")) == 2
        assert len(answer.hits) == 1
        assert "rate limited" in caplog.text
        # Without the Via header a 429 is Cloudflare's, and discord.py gives up at once.
        fake_discord.fail(429, route="POST /channels/*/messages", via=False)
        it = await alice.run(general, "say", text="again")
        assert it.text == "refused 429 0"
        assert [m.content for m in general.messages] == ["all hands"]


async def test_server_error_is_retried(fake_discord, world, quick_server_error_retries):
    guild, general, alice, bob = world
    async with running(fake_discord):
        failing = fake_discord.fail(500, route="POST /channels/*/messages")
        await alice.run(general, "say", text="steady")
        assert len(failing.hits) == 1 and [m.content for m in general.messages] == ["steady"]


async def test_duplicate_delivery(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord):
        it = await alice.invoke(general, "echo", {"text": "once", "times": 1}, duplicate=True)
        await fake_discord.wait_for(lambda: it.refused, 5)
        assert it.deliveries == 2 and [r.code for r in it.refused] == [40060]
        assert [m.content for m in general.messages] == ["once"]
        assert fake_discord.violations == []  # Discord's doing, not the bot's


async def test_dropped_connection_resumes_and_replays(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord) as bot:
        session = fake_discord.gateway.session
        await fake_discord.drop_connection()
        # Delivered while the bot is away: Discord keeps it and replays it on RESUME.
        it = await alice.invoke(general, "echo", {"text": "back", "times": 1}, wait=False)
        await it.wait_response(timeout=5)
        assert it.reply.content == "back"
        assert fake_discord.gateway.resumes == 1 and fake_discord.gateway.session is session
        await fake_discord.invalidate_session()
        await fake_discord.wait_for(lambda: fake_discord.gateway.identifies == 2 and fake_discord.gateway.connected, 5)
        again = await alice.run(general, "echo", text="new session", times=1)
        assert again.reply.content == "new session"
        assert bot.get_guild(guild.id) is not None


async def test_unknown_routes_are_protocol_errors(fake_discord, world):
    async with running(fake_discord) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/channels/{channel_id}/pins", channel_id=1))
    assert len(fake_discord.protocol_errors) == 1
    assert "does not implement" in fake_discord.protocol_errors[0]
    fake_discord.protocol_errors.clear()


# -- limits --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, status, code, where", [
    ("content", 400, 50035, "content: Must be 2000 or fewer"),
    ("embed", 400, 50035, "embeds.0.title: Must be 256 or fewer"),
    ("embed-total", 400, 50035, "Embed size exceeds maximum size of 6000"),
    ("select", 400, 50035, "components.0.components.0.options: Must be 25 or fewer"),
    ("custom-id", 400, 50035, "components.0.components.0.custom_id: Must be between 1 and 100"),
    ("empty", 400, 50006, "Cannot send an empty message"),
    ("file", 413, 40005, "Request entity too large"),
    ("twice", 400, 40060, "already been acknowledged"),
    ("followup-first", 404, 10015, "Unknown Webhook"),
])
async def test_limit_violations_are_refused_and_reported(fake_discord, world, kind, status, code, where):
    guild, general, alice, bob = world
    async with running(fake_discord):
        it = await alice.run(general, "misbehave", kind=kind)
        # The bot saw Discord's refusal (the same status and code discord.py raises).
        assert f"refused {status} {code}" in it.text
        violation = fake_discord.expect_violation(code)
        assert violation.status == status and where in violation.message


async def test_too_many_autocomplete_choices(fake_discord, world):
    guild, general, alice, bob = world
    async with running(fake_discord) as bot:
        bot.choices = 26
        it_choices = alice.autocomplete(general, "ship", "name", "")
        with pytest.raises(AssertionError, match="did not answer"):
            await it_choices
        violation = fake_discord.expect_violation(50035)
        assert "data.choices: Must be 25 or fewer" in violation.message


async def test_late_first_answer_is_unknown_interaction(fake_discord, world):
    guild, general, alice, bob = world
    fake_discord.interaction_deadline = 0.2
    async with running(fake_discord) as bot:
        bot.late_by = 0.4  # type: ignore[attr-defined]
        it = await alice.invoke(general, "misbehave", {"kind": "late"}, wait=False)
        await fake_discord.wait_for(lambda: it.refused, 5)
        await fake_discord.idle()  # the bot's error handler tries once more, just as late
        assert it.response is None and {r.code for r in it.refused} == {10062}
        assert fake_discord.expect_violation(10062).status == 404
        with pytest.raises(AssertionError, match="did not answer.*10062 Unknown interaction"):
            await it.wait_response(timeout=0)


async def test_unexpected_violation_fails_at_teardown():
    async with LoopbackDiscord() as server:
        guild = server.add_guild("Strict")
        alice = server.add_user("alice")
        guild.add_member(alice)
        async with running(server):
            await alice.run(guild.channel("general"), "misbehave", kind="content")
        with pytest.raises(AssertionError, match="violation: POST .* code 50035"):
            server.check()
        server.take_violations()
        server.check()
