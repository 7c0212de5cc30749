"""The game's voice on Discord: the :class:`bot.transport.Transport` the loop and the
service talk through.

Public posts go to the game's thread (or its channel) and ping exactly the users they
are asked to; prompts and private lines go by direct message. A direct message that
Discord refuses (HTTP 403, typically code 50007 "cannot send messages to this user", or
404 for a user who is gone) returns False so the loop can fall back to ``/menus`` in the
thread.

Every other failure leaves here as one of the transport's own errors, so the loop (which
knows nothing of Discord) can tell them apart: an unknown channel (10003), missing access
(50001), missing permissions (50013) or a locked thread (50083) on a public post is
:class:`PermanentDeliveryError` (a person must act); a server error, a rate limit
discord.py gave up on, or a network failure is :class:`TransientDeliveryError` (try again
later).
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from contextlib import asynccontextmanager
from typing import AsyncIterator, Sequence

import aiohttp
import discord

from bot import i18n
from bot.discord import fleet, forms
from bot.discord.app import BotApp
from bot.discord.markup import markup_of
from bot.discord.replies import one_message, picture, split_lines
from bot.service import ServiceError
from bot.transport import Image, PermanentDeliveryError, Place, Prompt, TransientDeliveryError


log = logging.getLogger("broadside.discord.transport")

DM_CLOSED = 50007
PERMANENT = {PermanentDeliveryError.UNKNOWN_CHANNEL, PermanentDeliveryError.MISSING_ACCESS,
             PermanentDeliveryError.MISSING_PERMISSIONS, PermanentDeliveryError.THREAD_LOCKED}


class _Progress:
    sent = 0


def _permanent(exc: discord.HTTPException, direct: bool) -> bool:
    if isinstance(exc, discord.Forbidden):
        return True  # a 403 never heals by itself
    if direct and isinstance(exc, discord.NotFound):
        return True  # the user is gone
    return exc.code in PERMANENT


@asynccontextmanager
async def _delivery(target: int | None, *, direct: bool = False) -> AsyncIterator[_Progress]:
    """Turns what Discord or the network raised into the transport's own errors."""
    progress = _Progress()
    try:
        yield progress
    except discord.HTTPException as exc:
        kind = PermanentDeliveryError if _permanent(exc, direct) else TransientDeliveryError
        raise kind(f"HTTP {exc.status}: {exc.text or exc.code}", code=exc.code, target=target,
                   delivered=progress.sent) from exc
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
        raise TransientDeliveryError(f"{type(exc).__name__}: {exc}", target=target, delivered=progress.sent) from exc


#: Direct-message channels remembered (user id -> channel id). discord.py keeps only its
#: last 128 private channels, so with more players than that every prompt and private line
#: opened its DM channel again (``POST /users/@me/channels``): a request to Discord, and
#: its answer to parse, before each DM. A user's DM channel with the bot never changes.
DM_CHANNELS_KEPT = 100_000


class DiscordTransport:
    def __init__(self, client: BotApp) -> None:
        self.client = client
        self._dm_channels: OrderedDict[int, int] = OrderedDict()

    async def _dm(self, user_id: int) -> discord.abc.Messageable:
        """The DM channel with a user, opened (a request to Discord) only the first time."""
        known = self._dm_channels.get(user_id)
        if known is not None:
            self._dm_channels.move_to_end(user_id)
            return self.client.get_partial_messageable(known, type=discord.ChannelType.private)
        channel = await self.client.create_dm(discord.Object(user_id))
        self._dm_channels[user_id] = channel.id
        if len(self._dm_channels) > DM_CHANNELS_KEPT:
            self._dm_channels.popitem(last=False)
        return channel

    def _dm_refused(self, user_id: int) -> None:
        """A DM refused for good: the channel is opened afresh next time (the user may
        come back, or open their DMs)."""
        self._dm_channels.pop(user_id, None)

    def _render(self, lines: Sequence[str]) -> list[str]:
        """The service's tokens (mentions, deadlines, commands) in Discord's markup."""
        markup = markup_of(self.client)
        return [markup(line) for line in lines if line is not None]

    # -- public ------------------------------------------------------------------------------
    async def post(self, place: Place, lines: Sequence[str], *, image: Image | None = None,
                   mentions: Sequence[int] = (), skip: int = 0) -> None:
        channel = self.client.get_partial_messageable(place.target, guild_id=place.guild_id)
        # Only the users the service names are pinged, whatever mentions the text holds.
        allowed = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(u) for u in mentions])
        pieces = split_lines(self._render(lines))
        file = picture(image.data, image.filename, image.alt) if image is not None else None
        if not pieces and file is not None:
            pieces = [""]
        async with _delivery(place.target) as progress:
            progress.sent = skip
            for n, piece in enumerate(pieces[skip:], start=skip):
                last = n == len(pieces) - 1
                if last and file is not None:
                    await channel.send(piece or None, file=file, allowed_mentions=allowed)
                else:
                    await channel.send(piece, allowed_mentions=allowed)
                progress.sent = n + 1

    async def remind(self, place: Place, user_ids: Sequence[int], text: str) -> None:
        await self.post(place, [text], mentions=user_ids)

    async def keep_posted(self, place: Place, lines: Sequence[str], message_id: int | None) -> int:
        channel = self.client.get_partial_messageable(place.target, guild_id=place.guild_id)
        # one message, so that it can be edited as a whole (a longer text is cut to fit)
        content = (split_lines(self._render(lines)) or ["\u200b"])[0]
        silent = discord.AllowedMentions.none()
        async with _delivery(place.target):
            if message_id is not None:
                try:
                    await channel.get_partial_message(message_id).edit(content=content, allowed_mentions=silent)
                    return message_id
                except discord.NotFound:
                    log.info("standing post %s in %s was deleted: posting it again", message_id, place.target)
            message = await channel.send(content, allowed_mentions=silent)
            return message.id

    # -- private -------------------------------------------------------------------------------
    async def prompt(self, user_id: int, prompt: Prompt) -> bool:
        """The call for orders, then one message of menus per decision."""
        game = await self.client.service.game(prompt.game_id)
        lang = game.language
        try:
            async with _delivery(None, direct=True):
                channel = await self._dm(user_id)
                for piece in split_lines(self._render([*prompt.lines, i18n.text("dm.forms", lang)])):
                    await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
                for item in prompt.decisions:
                    content, view = forms.message(prompt.game_id, item, lang)
                    content = one_message(self.client, content)
                    if view is None:
                        await channel.send(content, allowed_mentions=discord.AllowedMentions.none())
                    else:
                        await channel.send(content, view=view, allowed_mentions=discord.AllowedMentions.none())
                await self._fleet_form(channel, user_id, prompt, lang)
        except PermanentDeliveryError as exc:
            # 403 (closed DMs) or 404 (no such user): this player is asked in the thread instead.
            self._dm_refused(user_id)
            log.info("game %s: no direct message to user %s (code %s)", prompt.game_id, user_id, exc.code)
            return False
        return True

    async def _fleet_form(self, channel: discord.abc.Messageable, user_id: int, prompt: Prompt, lang: str) -> None:
        """With several ships to order, the one form for all of them as well."""
        if len(prompt.decisions) < 2:
            return
        try:
            step, menus = await self.client.service.phase_orders(prompt.game_id, user_id)
        except ServiceError:
            return  # resolved or paused meanwhile: the next prompt has it
        if sum(1 for _item, options in menus if options) < 2:
            return
        content, view = fleet.message(prompt.game_id, step, menus, fleet.first_picks(menus), lang)
        content = one_message(self.client, f"{i18n.text('dm.fleet', lang)}\n{content}")
        if view is not None:
            await channel.send(content, view=view, allowed_mentions=discord.AllowedMentions.none())

    async def private(self, user_id: int, lines: Sequence[str]) -> bool:
        try:
            async with _delivery(None, direct=True):
                channel = await self._dm(user_id)
                for piece in split_lines(self._render(lines)):
                    await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
        except PermanentDeliveryError as exc:
            self._dm_refused(user_id)
            log.info("no direct message to user %s (code %s)", user_id, exc.code)
            return False
        return True

    async def hello(self, user_id: int, text: str) -> bool:
        """A short direct message to learn whether DMs reach a player (at /game join)."""
        return await self.private(user_id, [text])
