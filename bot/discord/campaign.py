"""``/campaign``: a series of battles between the same sides (docs/campaigns.md).

A thin adapter: each subcommand is one call of the service's campaign methods, answered
privately. The ``campaign`` option is the campaign's number (completed from the
server's open campaigns); left out, the server's newest open campaign is meant.

``/campaign roster`` and ``/campaign standings`` carry a *Next battle* button whose id
names the server, the campaign and the number of the battle it would start —
``bsc1:<server>:<campaign>:<number>`` in base 36 — so a press is judged from the
database alone: another server's, or one whose battle has been fought or started
already (a stale button), gets the private stale-component refusal.
"""
from __future__ import annotations

import io
import re

import discord
from discord import app_commands

from bot import i18n
from bot.discord import components, legal
from bot.discord.app import BotApp, app
from bot.discord.commands import (LANGUAGE_CHOICES, PACING_CHOICES, close_thread, manager, open_thread,
                                  parse_duration, say)
from bot.discord.replies import Refusal, answer_error, defer, reader_language, reply, server_language
from bot.discord.translator import command, options
from bot.service import Pacing
from bot.service.campaign import CampaignView, ruleset_title, standings_lines
from db.campaigns import CampaignRow
from rules.core.registry import get_ruleset, manifests, ruleset_names
from rules.core.scenarios import ScenarioHead

NEXT = "bsc1"
_NEXT_ID = re.compile(rf"^{NEXT}:(?P<guild>[0-9a-z]{{1,13}}):(?P<campaign>[0-9a-z]{{1,8}}):(?P<number>[0-9a-z]{{1,4}})$")

campaign_group = app_commands.Group(**command("campaign"), guild_only=True)


async def _campaign(interaction: discord.Interaction, number: int | None) -> CampaignRow:
    """The campaign meant: by its number on this server, else the newest open one here."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    service = app(interaction).service
    if number is not None:
        found = await service.campaign(number, interaction.guild_id)
    else:
        open_ones = await service.campaigns_of(interaction.guild_id)
        if not open_ones:
            raise Refusal("reply.campaign-none")
        found = open_ones[0]
    interaction.extras["lang"] = found.language
    return found


def _next_button(view: CampaignView, guild_id: int) -> discord.ui.View | None:
    if view.campaign.status != "open" or view.running is not None:
        return None
    number = len(view.battles) + 1
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(discord.ui.Button(
        label=i18n.text("campaign.battle-title", view.campaign.language, name=view.campaign.name, n=number)[:80],
        style=discord.ButtonStyle.primary,
        custom_id=f"{NEXT}:{components.base36(guild_id)}:{components.base36(view.campaign.id)}:"
                  f"{components.base36(number)}"))
    buttons.stop()  # laid out only: presses are routed by their ids (Broadside.on_interaction)
    return buttons


# -- the commands -----------------------------------------------------------------------------
@campaign_group.command(**command("campaign.new"))
@options("campaign.new", "name", "ruleset", "scenario", "refit", "pacing", "phase", "language")
@app_commands.choices(pacing=PACING_CHOICES, language=LANGUAGE_CHOICES)
async def campaign_new(interaction: discord.Interaction, name: str, ruleset: str, scenario: str,
                       refit: int = 7, pacing: str = "live", phase: str | None = None,
                       language: str | None = None) -> None:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise app_commands.NoPrivateMessage()
    await defer(interaction)
    lang = language or server_language(interaction)
    interaction.extras["lang"] = lang
    pace = Pacing(style=pacing, phase_seconds=parse_duration(phase) if phase else None)  # type: ignore[arg-type]
    channel = interaction.channel
    home = getattr(channel, "parent_id", None) or interaction.channel_id
    found = await app(interaction).service.new_campaign(interaction.guild_id, home, interaction.user.id, name,
                                                        ruleset, scenario, language=lang, refit_days=refit,
                                                        pacing=pace)
    sides = ", ".join(r["side"] for r in found.rosters)
    await reply(interaction, say(interaction, "reply.campaign-created", name=found.name, campaign=found.id,
                                 sides=sides))


@campaign_new.autocomplete("ruleset")
async def _rulesets(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    lang = reader_language(interaction)
    offers = [legal.Offer(m.name, f"{m.title.render(lang)} ({m.name})") for m in manifests()]
    return [app_commands.Choice(name=legal.clip(o.label), value=o.text) for o in offers
            if (current or "").lower() in o.label.lower()][:legal.LIMIT]


@campaign_new.autocomplete("scenario")
async def _scenarios(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    name = interaction.namespace.ruleset or ""
    if name not in ruleset_names():
        return []
    lang = reader_language(interaction)
    offers = [legal.Offer(key, f"{ScenarioHead.of(setup).title_in(lang)} ({key})")
              for key, setup in sorted(get_ruleset(name).scenarios().items())]
    return [app_commands.Choice(name=legal.clip(o.label), value=o.text) for o in offers
            if (current or "").lower() in o.label.lower()][:legal.LIMIT]


async def _campaigns(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    lang = reader_language(interaction)
    found = await app(interaction).service.campaigns_of(interaction.guild_id)
    labels = [(c.id, i18n.text("campaign.choice", lang, name=c.name, campaign=c.id,
                               ruleset=ruleset_title(c.ruleset, lang))) for c in found]
    return [app_commands.Choice(name=legal.clip(label), value=cid) for cid, label in labels
            if (current or "").lower() in label.lower()][:legal.LIMIT]


@campaign_group.command(**command("campaign.join"))
@options("campaign.join", "side", "campaign")
async def campaign_join(interaction: discord.Interaction, side: str, campaign: int | None = None) -> None:
    found = await _campaign(interaction, campaign)
    joined = await app(interaction).service.campaign_join(found.id, found.guild_id, interaction.user.id, side,
                                                          interaction.user.display_name)
    await reply(interaction, say(interaction, "reply.campaign-joined", side=joined.side, name=found.name))


@campaign_join.autocomplete("side")
async def _sides(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        found = await _campaign(interaction, interaction.namespace.campaign)
    except Exception:  # noqa: BLE001 - an autocomplete offers nothing rather than fail
        return []
    return [app_commands.Choice(name=r["side"], value=r["side"]) for r in found.rosters
            if (current or "").lower() in r["side"].lower()][:legal.LIMIT]


async def roster_text(client: BotApp, view: CampaignView, lang: str) -> str:
    lines = []
    for roster in view.rosters:
        lines.append(i18n.text("campaign.roster.header", lang, side=roster.side, n=len(roster.ships),
                               days=view.campaign.refit_days))
        lines += [f"- {line}" for line in client.service.roster_lines(view.campaign, roster, lang)]
    if view.running is not None:
        lines.append(i18n.text("campaign.roster.running", lang, n=view.running.number))
    return "\n".join(lines)


@campaign_group.command(**command("campaign.roster"))
@options("campaign.roster", "campaign")
async def campaign_roster(interaction: discord.Interaction, campaign: int | None = None) -> None:
    found = await _campaign(interaction, campaign)
    await defer(interaction)
    client = app(interaction)
    view = await client.service.campaign_view(found.id, found.guild_id)
    await reply(interaction, await roster_text(client, view, found.language),
                view=_next_button(view, found.guild_id))


@campaign_group.command(**command("campaign.standings"))
@options("campaign.standings", "campaign")
async def campaign_standings(interaction: discord.Interaction, campaign: int | None = None) -> None:
    found = await _campaign(interaction, campaign)
    await defer(interaction)
    view = await app(interaction).service.campaign_view(found.id, found.guild_id)
    await reply(interaction, "\n".join(standings_lines(view, found.language)), view=_next_button(view, found.guild_id))


async def start_next_battle(interaction: discord.Interaction, found: CampaignRow, pattern: str | None) -> None:
    """Refuse early, open the battle's thread, start the battle in it (closing the thread
    again if the battle is refused after all)."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    service = app(interaction).service
    _, number, _ = await service.check_next_battle(found.id, found.guild_id, interaction.user.id, pattern)
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    channel_id = getattr(channel, "id", None) or interaction.channel_id
    opened = await open_thread(channel, legal.clip(service.battle_title(found, number), 100), found.pacing)
    try:
        game = await service.next_battle(found.id, found.guild_id, interaction.user.id, channel_id=channel_id,
                                         thread_id=opened.id if opened else None, pattern=pattern)
    except Exception:
        if opened is not None:
            await close_thread(opened)
        raise
    await reply(interaction, say(interaction, "reply.campaign-battle", n=number, name=found.name,
                                 thread=f"<#{game.thread_id or game.channel_id}>"))


@campaign_group.command(**command("campaign.next-battle"))
@options("campaign.next-battle", "campaign", "pattern")
async def campaign_next_battle(interaction: discord.Interaction, campaign: int | None = None,
                               pattern: str | None = None) -> None:
    found = await _campaign(interaction, campaign)
    await defer(interaction)
    await start_next_battle(interaction, found, pattern or None)


@campaign_next_battle.autocomplete("pattern")
async def _patterns(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        found = await _campaign(interaction, interaction.namespace.campaign)
        patterns = app(interaction).service._hooks(found.ruleset).campaign_patterns()
    except Exception:  # noqa: BLE001 - an autocomplete offers nothing rather than fail
        return []
    return [app_commands.Choice(name=p, value=p) for p in patterns if (current or "").lower() in p][:legal.LIMIT]


@campaign_group.command(**command("campaign.end"))
@options("campaign.end", "campaign")
async def campaign_end(interaction: discord.Interaction, campaign: int | None = None) -> None:
    found = await _campaign(interaction, campaign)
    ended = await app(interaction).service.end_campaign(found.id, found.guild_id, interaction.user.id,
                                                        manager=manager(interaction))
    await reply(interaction, say(interaction, "reply.campaign-ended", name=ended.name))


@campaign_group.command(**command("campaign.export"))
@options("campaign.export", "campaign")
async def campaign_export(interaction: discord.Interaction, campaign: int | None = None) -> None:
    found = await _campaign(interaction, campaign)
    await defer(interaction)
    data = (await app(interaction).service.export_campaign(found.id, found.guild_id, interaction.user.id,
                                                           manager=manager(interaction))).encode("utf-8")
    filename = f"broadside-campaign-{found.id}.json"
    await reply(interaction, say(interaction, "reply.campaign-export", name=found.name),
                file=discord.File(io.BytesIO(data), filename=filename))


for _cmd in (campaign_join, campaign_roster, campaign_standings, campaign_next_battle, campaign_end,
             campaign_export):
    _cmd.autocomplete("campaign")(_campaigns)


def register(tree: app_commands.CommandTree) -> None:
    tree.add_command(campaign_group)


# -- the button -------------------------------------------------------------------------------
async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Start the next battle from a roster's or the standings' button; False if the
    component is not that button."""
    found_id = _NEXT_ID.match(interaction.custom_id or "")  # type: ignore[attr-defined]
    if found_id is None:
        return False
    try:
        if interaction.guild_id is None or int(found_id["guild"], 36) != interaction.guild_id:
            raise Refusal("reply.stale-component")
        view = await client.service.campaign_view(int(found_id["campaign"], 36), interaction.guild_id)
        interaction.extras["lang"] = view.campaign.language
        if (view.campaign.status != "open" or view.running is not None
                or len(view.battles) + 1 != int(found_id["number"], 36)):
            raise Refusal("reply.stale-component")  # that battle was fought, or is being fought
        await defer(interaction)
        await start_next_battle(interaction, view.campaign, None)
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        await answer_error(interaction, exc)
    return True
