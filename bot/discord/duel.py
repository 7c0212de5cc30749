"""``/duel friend @member`` and ``/duel computer``: a ready game in one command.

The service (:mod:`bot.service.duel`) chooses the scenario from the manifests, seats the
player and, against the computer, starts the game. Against a friend it posts an
invitation in the game's thread with Accept and Decline buttons whose ids carry the
game and the invited member (``bsd1:<game>:<member>:<a|d>``, base 36), so a press is
answered from the database alone, after a restart too; the service refuses anyone but
the invited member, an invitation already answered, and one that has expired.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import i18n
from bot.discord import commands, components, legal
from bot.discord.markup import for_discord
from bot.discord.replies import Refusal, answer_error, defer, reader_language, reply, server_language
from bot.discord.translator import command, options
from bot.service import ServiceError
from db import GameRow
from rules.core.registry import manifest, manifests, ruleset_names

if TYPE_CHECKING:
    from bot.discord.app import BotApp

FORMAT = "bsd1"
_ID = re.compile(rf"^{FORMAT}:(?P<game>[0-9a-z]{{1,13}}):(?P<user>[0-9a-z]{{1,13}}):(?P<answer>[ad])$")

duel_group = app_commands.Group(**command("duel"), guild_only=True)


def custom_id(game_id: int, user_id: int, answer: str) -> str:
    return f"{FORMAT}:{components.base36(game_id)}:{components.base36(user_id)}:{answer}"



def parse(found: str | None) -> tuple[int, int, str] | None:
    match = _ID.match(found or "")
    if match is None:
        return None
    return int(match["game"], 36), int(match["user"], 36), match["answer"]


# -- the commands --------------------------------------------------------------------------------
@duel_group.command(**command("duel.friend"))
@options("duel.friend", "member", "ruleset", "scenario")
async def duel_friend(interaction: discord.Interaction, member: discord.Member, ruleset: str | None = None,
                      scenario: str | None = None) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    if member.id == interaction.user.id:
        raise Refusal("reply.duel-self")
    if member.bot:
        raise Refusal("reply.duel-bot")
    await defer(interaction)
    client = commands.app(interaction)
    ruleset, scenario = client.service.duel_choice(ruleset, scenario)
    game = await _open(interaction, ruleset, scenario, None, member.id)
    lang = game.language
    text = i18n.text("notice.duel-invite", lang, friend=member.mention, host=interaction.user.mention,
                     title=client.service.title(game), ruleset=manifest(ruleset).title.render(lang),
                     due=i18n.timestamp(client.service.invitation_expires(game)))
    where = client.get_partial_messageable(game.thread_id or game.channel_id, guild_id=game.guild_id)
    await where.send(for_discord(client, text), view=invitation(game.id, member.id, lang),
                     allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[member]))
    await reply(interaction, commands.say(interaction, "reply.duel-invited", friend=member.mention,
                                          thread=f"<#{game.thread_id or game.channel_id}>"))


@duel_group.command(**command("duel.computer"))
@options("duel.computer", "level", "ruleset", "scenario")
async def duel_computer(interaction: discord.Interaction, level: str | None = None, ruleset: str | None = None,
                        scenario: str | None = None) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    await defer(interaction)
    service = commands.app(interaction).service
    ruleset, scenario = service.duel_choice(ruleset, scenario)
    level = service.duel_level(ruleset, level)
    game = await _open(interaction, ruleset, scenario, level)
    label = i18n.text(service.policies[level].label_code, game.language)
    await reply(interaction, commands.say(interaction, "reply.duel-started", level=label,
                                          thread=f"<#{game.thread_id or game.channel_id}>"))


async def _open(interaction: discord.Interaction, ruleset: str, scenario: str, level: str | None,
                invited: int | None = None) -> GameRow:
    """The duel's game in a thread of its own (refused before the thread is opened
    where /game new would be refused), the player seated and told by DM."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    client = commands.app(interaction)
    service = client.service
    lang = server_language(interaction)
    interaction.extras["lang"] = lang
    channel = interaction.channel
    in_thread = isinstance(channel, discord.Thread)
    await service.check_new_duel(interaction.guild_id, interaction.user.id,
                                 interaction.channel_id if in_thread else None)
    opened: discord.Thread | None = None
    if isinstance(channel, discord.Thread):
        channel_id, thread_id = channel.parent_id or channel.id, channel.id
    else:
        channel_id = interaction.channel_id
        opened = await commands.open_thread(channel, commands.thread_title(ruleset, scenario, lang), "live")
        thread_id = opened.id if opened else None
    user = interaction.user
    try:
        game = await service.open_duel(interaction.guild_id, channel_id, user.id, user.display_name,
                                       ruleset=ruleset, scenario=scenario, computer=level, invited=invited,
                                       language=lang, thread_id=thread_id)
    except Exception:
        if opened is not None:
            await commands.close_thread(opened)
        raise
    await _hello(client, game, user.id)
    return game


async def _hello(client: "BotApp", game: GameRow, user_id: int) -> None:
    """The welcome DM a seated player gets: it also finds out whether DMs reach them."""
    seat = next(s for s in await client.service.seats(game.id) if s.user_id == user_id)
    welcome = i18n.text("dm.welcome", game.language, title=client.service.title(game), game=game.id,
                        side=client.service.side_name(game, seat.side))
    if not await client.transport.hello(user_id, welcome):
        await client.service.dm_failed(game.id, seat.seat_id)


def invitation(game_id: int, user_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=i18n.text("form.duel-accept", lang), style=discord.ButtonStyle.success,
                                    custom_id=custom_id(game_id, user_id, "a")))
    view.add_item(discord.ui.Button(label=i18n.text("form.duel-decline", lang), style=discord.ButtonStyle.secondary,
                                    custom_id=custom_id(game_id, user_id, "d")))
    # Laid out only: presses are routed by their ids (Broadside.on_interaction).
    view.stop()
    return view


# -- the invitation's buttons ----------------------------------------------------------------------
async def handle(client: "BotApp", interaction: discord.Interaction) -> bool:
    """Answer an invitation; False if the component is not a duel button."""
    found = parse(interaction.custom_id)
    if found is None:
        return False
    game_id, invited, answer = found
    try:
        if interaction.custom_id not in components.ids_on_message(interaction):
            raise Refusal("reply.stale-component")
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            game = await client.service.game(game_id)
        except ServiceError:
            raise Refusal("reply.stale-component") from None
        if game.guild_id != interaction.guild_id:
            raise Refusal("reply.stale-component")
        interaction.extras["lang"] = game.language
        user = interaction.user
        if answer == "a":
            await client.service.accept_duel(game_id, user.id, user.display_name, invited)
            await _hello(client, game, user.id)
            code = "reply.duel-accepted"
        else:
            await client.service.decline_duel(game_id, user.id, invited)
            code = "reply.duel-declined"
        await _answered(interaction)
        await reply(interaction, i18n.text(code, reader_language(interaction)))
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        if isinstance(exc, ServiceError) and exc.code in ("duel-answered", "duel-expired"):
            await _answered(interaction)
        await answer_error(interaction, exc)
    return True


async def _answered(interaction: discord.Interaction) -> None:
    """The invitation's buttons go once it is answered (or found expired)."""
    if interaction.message is None:
        return
    try:
        await interaction.message.edit(view=None)
    except discord.HTTPException:
        pass  # the buttons stay, and a press on them is refused by the service


# -- autocomplete ------------------------------------------------------------------------------------
@commands.suggest
async def _rulesets(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    lang = reader_language(interaction)
    offers = [legal.Offer(m.name, f"{m.title.render(lang)} ({m.name})") for m in manifests()]
    return [o for o in offers if typed.lower() in o.label.lower()]


@commands.suggest
async def _scenarios(interaction: discord.Interaction, typed: str) -> list[legal.Offer]:
    """The chosen ruleset's scenarios (its duel first), or every ruleset's."""
    chosen = interaction.namespace.ruleset or ""
    names = [chosen] if chosen in ruleset_names() else ruleset_names()
    offers = []
    for name in names:
        m = manifest(name)
        listed = sorted(m.scenario_names(), key=lambda s: s != m.duel())
        offers.extend(legal.Offer(s, f"{s} ({m.name})") for s in listed)
    return [o for o in offers if typed.lower() in o.label.lower()]


for _cmd in (duel_friend, duel_computer):
    _cmd.autocomplete("ruleset")(_rulesets)
    _cmd.autocomplete("scenario")(_scenarios)
duel_computer.autocomplete("level")(commands._levels)


def register(tree: app_commands.CommandTree) -> None:
    tree.add_command(duel_group)


__all__ = ["custom_id", "handle", "parse", "register"]
