"""The Discord adapter: slash commands, order menus, and the transport the game loop
talks through. The only package of Broadside that imports ``discord``.

Start with :func:`run` (``broadside run``); :class:`Broadside` is the client.
"""
from bot.discord.client import Broadside, point_at, run
from bot.discord.transport import DiscordTransport

__all__ = ["Broadside", "DiscordTransport", "point_at", "run"]
