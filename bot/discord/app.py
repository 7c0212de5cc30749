"""What the commands, the menus and the transport need of the running bot.

They are handed the client (``interaction.client``, or at construction) and use a few of
its parts; naming those parts here, rather than importing the client's class, keeps the
client the only module that imports the others: the adapter's modules form no cycle
(``tests/test_import_cycles.py``).
"""
from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.discord.markup import DiscordMarkup
from bot.discord.pictures import ReplayCache
from renderer.pool import RenderPool
from bot.service import GameService
from bot.settings import Settings
from bot.transport import Transport


class BotApp(Protocol):
    """The parts of :class:`bot.discord.client.Broadside` the adapter's modules use."""

    settings: Settings
    service: GameService
    transport: Transport
    replays: ReplayCache
    render_pool: RenderPool | None  # the public pictures' worker processes (None before the setup)
    markup: DiscordMarkup

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,  # noqa: A002 - discord.py's name
                                type: Any = None) -> discord.PartialMessageable: ...  # noqa: A002


def app(interaction: discord.Interaction) -> BotApp:
    """The bot an interaction came to."""
    return interaction.client  # type: ignore[return-value]
