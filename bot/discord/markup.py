"""The service's tokens (:mod:`bot.markup`) as Discord writes them.

A mention is ``<@id>``, a channel or thread ``<#id>``, a deadline ``<t:unix:R>`` (each reader sees it in their own
time zone), and a command ``</name sub:id>``, which Discord shows as a link that fills
in the command; the id is the one Discord gave the command when the tree was synced.
Until the ids are known (commands not synced by this process) a command is written as
plain ``/name sub``.
"""
from __future__ import annotations

from typing import Any, Iterable

from bot.markup import Channel, Command, Deadline, Mention, render


class DiscordMarkup:
    def __init__(self) -> None:
        self.command_ids: dict[str, int] = {}

    def learn(self, synced: Iterable[Any]) -> None:
        """Keep the ids of the synced commands (``CommandTree.sync`` returns ``AppCommand``s)."""
        self.command_ids = {command.name: int(command.id) for command in synced}

    def mention(self, token: Mention) -> str:
        return f"<@{token.user_id}>"

    def channel(self, token: Channel) -> str:
        return f"<#{token.channel_id}>"

    def deadline(self, token: Deadline) -> str:
        return f"<t:{int(token.at)}:{token.style}>"

    def command(self, token: Command) -> str:
        command_id = self.command_ids.get(token.name)
        return f"</{token.path}:{command_id}>" if command_id else f"/{token.path}"

    def __call__(self, text: str) -> str:
        return render(text, self)


#: For a client that has none of its own (a bot object built by hand in a test).
_UNSYNCED = DiscordMarkup()


def markup_of(client: object) -> DiscordMarkup:
    return getattr(client, "markup", None) or _UNSYNCED


def for_discord(client: object, text: str) -> str:
    """``text`` as Discord shows it to the users of ``client``."""
    return markup_of(client)(text)
