"""Answering people: Discord's size limits, private replies, and the one place where
refusals and failures become a friendly private message.

Every answer to a command or a menu is ephemeral (only its author sees it): the
public story of a game is told by the service in the game's thread, so nothing a
player asks for — their secret decisions, their orders, their problems — can ever land in
public by way of a reply.
"""
from __future__ import annotations

import io
import logging
from typing import Any, Sequence

import discord
from discord import app_commands

from bot import i18n
from bot.discord.markup import for_discord
from bot.service import ServiceError

log = logging.getLogger("broadside.discord")

MESSAGE_LIMIT = 2000  # characters in a message's content
FILE_LIMIT = 10 * 1024 * 1024  # bytes in an upload (Discord's default for bots)
ALT_LIMIT = 1024  # characters in an attachment's description (alt text)


class Refusal(Exception):
    """A refusal the adapter itself makes (a decision that is not yours, a time it cannot
    read): like :class:`ServiceError`, a catalogue code rendered in the reader's language."""

    def __init__(self, code: str, /, **params: object) -> None:
        if code not in i18n.CATALOGUE:
            raise KeyError(f"uncatalogued refusal {code!r}")
        self.code = code
        self.params = params
        super().__init__(code)

    def message(self, lang: str = i18n.DEFAULT) -> str:
        return i18n.text(self.code, lang, **self.params)


# -- languages -------------------------------------------------------------------------------
def locale_language(locale: discord.Locale | str | None) -> str | None:
    """The catalogue language of a Discord locale, or None when the catalogue lacks it."""
    if locale is None:
        return None
    value = str(getattr(locale, "value", locale)).lower()
    lang = value.split("-")[0]
    return lang if lang in i18n.LANGUAGES else None


def reader_language(interaction: discord.Interaction) -> str:
    """The language to answer in: the game's once a handler has found it, else the reader's."""
    lang = interaction.extras.get("lang")
    if lang:
        return str(lang)
    return locale_language(interaction.locale) or i18n.DEFAULT


def server_language(interaction: discord.Interaction) -> str:
    """A new game speaks the server's preferred language unless the host says otherwise."""
    return locale_language(interaction.guild_locale) or reader_language(interaction)


# -- splitting ---------------------------------------------------------------------------------
def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of at most ``limit`` characters, cut between lines where possible, then
    between words, and only as a last resort inside a word."""
    if len(text) <= limit:
        return [text] if text else []
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:cut])
            line = line[cut:].lstrip(" ")
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            pieces.append(current)
            current = line
        else:
            current = joined
    if current:
        pieces.append(current)
    return [p for p in pieces if p.strip()]


def one_message(client: object, text: str) -> str:
    """``text`` in Discord's markup, cut to one message (a command link is longer than its token)."""
    pieces = split_text(for_discord(client, text))
    return pieces[0] if pieces else ""


def split_lines(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    return split_text("\n".join(line for line in lines if line is not None), limit)


def picture(data: bytes, filename: str, alt: str = "") -> discord.File | None:
    """A file to attach, or None if it is larger than Discord takes (the text still goes)."""
    if len(data) > FILE_LIMIT:
        log.warning("a picture of %d bytes is over the upload limit; sent without it", len(data))
        return None
    return discord.File(io.BytesIO(data), filename=filename, description=(alt or None) and alt[:ALT_LIMIT])


# -- answering ---------------------------------------------------------------------------------
ALREADY_ACKNOWLEDGED = 40060  # Discord's code for a second answer to one interaction


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge at once (Discord allows 3 s) when the work may take longer: privately."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def reply(interaction: discord.Interaction, text: str = "", *, file: discord.File | None = None,
                view: discord.ui.View | None = None) -> None:
    """A private answer, split to Discord's size; a file or menus go with the last piece."""
    pieces = split_text(for_discord(interaction.client, text)) or ([""] if (file or view) else [])
    for n, piece in enumerate(pieces):
        last = n == len(pieces) - 1
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": discord.AllowedMentions.none()}
        if last and file is not None:
            kwargs["file"] = file
        if last and view is not None:
            kwargs["view"] = view
        if not interaction.response.is_done():
            await interaction.response.send_message(piece or None, **kwargs)
        else:
            await interaction.followup.send(piece, **kwargs)


def _where(interaction: discord.Interaction) -> str:
    """The command, or the menu without its choices: a menu's id carries the choices made
    (a hidden order), which no log line may show."""
    if interaction.command is not None:
        return interaction.command.qualified_name
    parts = (interaction.custom_id or "?").split(":")
    return "menu " + ":".join(parts[:4])


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    """THE place where anything that stops a command or a menu becomes a private answer.

    Refusals (the service's :class:`ServiceError`, the adapter's :class:`Refusal`) are
    told in plain words; anything unexpected is logged with its traceback and answered
    with an apology. Log lines name the command and the error's type, never what the
    player submitted.
    """
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.HTTPException) and error.code == ALREADY_ACKNOWLEDGED:
        # Discord delivered the same interaction twice and the first delivery answered it:
        # nothing to do, nobody to tell (a second answer would be refused the same way).
        log.info("%s: interaction %s delivered twice; the copy is ignored", _where(interaction), interaction.id)
        return
    lang = reader_language(interaction)
    if isinstance(error, (ServiceError, Refusal)):
        text = error.message(lang)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = i18n.text("reply.guild-only", lang)
    else:
        log.error("%s failed for user %s", _where(interaction), interaction.user.id if interaction.user else "?",
                  exc_info=(type(error), error, error.__traceback__))
        text = i18n.text("reply.error-unexpected", lang)
    try:
        await reply(interaction, text)
    except discord.HTTPException as exc:
        # The interaction may have expired (15 min) or been answered elsewhere.
        log.warning("could not deliver an error answer (HTTP %s, code %s)", exc.status, exc.code)
