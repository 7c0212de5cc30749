"""The game's voice on Discord: the :class:`bot.transport.Transport` the loop and the
service talk through.

Public posts go to the game's thread (or its channel) and ping exactly the users they
are asked to; prompts and private lines go by direct message. A direct message that
Discord refuses (HTTP 403, typically code 50007 "cannot send messages to this user")
returns False so the loop can fall back to ``/chits`` in the thread; any other failure
is raised, and the loop retries the whole pass later.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Sequence

import discord

from bot import i18n
from bot.discord import forms
from bot.discord.replies import picture, split_lines
from bot.transport import Image, Place, Prompt

if TYPE_CHECKING:
    from bot.discord.client import Broadside

log = logging.getLogger("broadside.discord.transport")

DM_CLOSED = 50007


class DiscordTransport:
    def __init__(self, client: "Broadside") -> None:
        self.client = client

    # -- public ------------------------------------------------------------------------------
    async def post(self, place: Place, lines: Sequence[str], *, image: Image | None = None,
                   mentions: Sequence[int] = ()) -> None:
        channel = self.client.get_partial_messageable(place.target, guild_id=place.guild_id)
        # Only the users the service names are pinged, whatever mentions the text holds.
        allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(u) for u in mentions])
        pieces = split_lines(lines)
        file = picture(image.data, image.filename, image.alt) if image is not None else None
        if not pieces and file is not None:
            pieces = [""]
        for n, piece in enumerate(pieces):
            last = n == len(pieces) - 1
            if last and file is not None:
                await channel.send(piece or None, file=file, allowed_mentions=allowed)
            else:
                await channel.send(piece, allowed_mentions=allowed)

    async def remind(self, place: Place, user_ids: Sequence[int], text: str) -> None:
        await self.post(place, [text], mentions=user_ids)

    # -- private -------------------------------------------------------------------------------
    async def prompt(self, user_id: int, prompt: Prompt) -> bool:
        """The call for orders, then one message of menus per decision."""
        game = await self.client.service.game(prompt.game_id)
        lang = game.language
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            for piece in split_lines([*prompt.lines, i18n.text("dm.forms", lang)]):
                await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
            for item in prompt.decisions:
                content, view = forms.message(prompt.game_id, item, lang)
                if view is None:
                    await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
                else:
                    await channel.send(content, view=view, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as exc:
            log.info("game %s: no direct message to user %s (code %s)", prompt.game_id, user_id, exc.code)
            return False
        return True

    async def private(self, user_id: int, lines: Sequence[str]) -> bool:
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            for piece in split_lines(lines):
                await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as exc:
            log.info("no direct message to user %s (code %s)", user_id, exc.code)
            return False
        return True

    async def hello(self, user_id: int, text: str) -> bool:
        """A short direct message to learn whether DMs reach a player (at /game join)."""
        return await self.private(user_id, [text])
