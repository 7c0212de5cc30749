"""``/game list``, a page at a time, with Previous / Next buttons.

A server may have many unfinished games; one page holds ``games_per_list_page`` of them
(a setting). The buttons' ids carry the server and the page (``bsl1:<server>:<page>``,
base 36, well under Discord's 100 characters), so a press is answered from the database
alone, after a restart too. A press from another server's list is refused; a page that
no longer exists (games ended meanwhile) shows the last one.
"""
from __future__ import annotations

import re

import discord

from bot import i18n
from bot.discord import components
from bot.discord.app import BotApp
from bot.discord.replies import Refusal, answer_error, one_message, reader_language, split_text
from rules.core.registry import manifest


FORMAT = "bsl1"
# A server id is a snowflake (< 2**64: 13 digits in base 36); a page number is small.
_ID = re.compile(rf"^{FORMAT}:(?P<guild>[0-9a-z]{{1,13}}):(?P<page>[0-9a-z]{{1,6}})$")



def custom_id(guild_id: int, page: int) -> str:
    return f"{FORMAT}:{components.base36(guild_id)}:{components.base36(page)}"


def parse(custom_id: str | None) -> tuple[int, int] | None:
    match = _ID.match(custom_id or "")
    if match is None:
        return None
    return int(match["guild"], 36), int(match["page"], 36)


async def page(client: BotApp, guild_id: int, lang: str, number: int) -> tuple[str, discord.ui.View | None]:
    """The text of one page of the server's unfinished games, and its buttons."""
    service = client.service
    games, number, pages = await service.unfinished_games(guild_id, number, client.settings.games_per_list_page)
    if not games:
        return i18n.text("reply.list-empty", lang), None
    lines = [i18n.text("reply.list-header", lang)]
    for g in games:
        seats = await service.seats(g.id)
        lines.append(i18n.text("reply.list-line", lang, game=g.id, title=service.title(g),
                               ruleset=manifest(g.ruleset).title.render(lang), status=i18n.text(f"status.{g.status}", lang),
                               seats=i18n.text("reply.seats", lang, n=len(seats)),
                               place=f"<#{g.thread_id or g.channel_id}>"))
    if pages > 1:
        lines.append(i18n.text("reply.list-page", lang, page=number + 1, pages=pages))
    return split_text("\n".join(lines))[0], _buttons(guild_id, lang, number, pages)


def _buttons(guild_id: int, lang: str, number: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label=i18n.text("form.previous", lang), style=discord.ButtonStyle.secondary,
                                    custom_id=custom_id(guild_id, max(number - 1, 0)), disabled=number == 0))
    view.add_item(discord.ui.Button(label=i18n.text("form.next", lang), style=discord.ButtonStyle.secondary,
                                    custom_id=custom_id(guild_id, min(number + 1, pages - 1)),
                                    disabled=number >= pages - 1))
    # Laid out only: presses are routed by their ids (Broadside.on_interaction).
    view.stop()
    return view


async def handle(client: BotApp, interaction: discord.Interaction) -> bool:
    """Turn a page of /game list; False if the component is not a list button."""
    found = parse(interaction.custom_id)
    if found is None:
        return False
    guild_id, number = found
    try:
        if interaction.guild_id is None or guild_id != interaction.guild_id:
            raise Refusal("reply.stale-component")
        await interaction.response.defer()
        content, view = await page(client, guild_id, reader_language(interaction), number)
        await interaction.edit_original_response(content=one_message(client, content), view=view)
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        await answer_error(interaction, exc)
    return True
