"""The bot's own words. Rules texts live with the rules (``Ruleset.describe``).

They are one catalogue of the shared mechanism (:mod:`rules.core.texts`), named
``bot``, complete in English and Italian (``tests/core/test_catalogues.py``). A
game's language is one of its settings.
"""
from __future__ import annotations

from rules.core.texts import Catalogue, placeholders

from bot.markup import Channel, Command, Deadline, Mention

from bot.i18n.catalogue import CATALOGUE
from bot.i18n.chat import CHAT
from bot.i18n.fleets import FLEETS
from bot.i18n.ladder import LADDER
from bot.i18n.campaign import CAMPAIGN
from bot.i18n.newcomer import NEWCOMER
from bot.i18n.taps import TAPS
from bot.i18n.timing import TIMING

# The chat adapter's words live in their own module but in the one catalogue; a code
# may be defined once only.
assert not CATALOGUE.keys() & CHAT.keys(), sorted(CATALOGUE.keys() & CHAT.keys())
CATALOGUE.update(CHAT)
assert not CATALOGUE.keys() & NEWCOMER.keys(), sorted(CATALOGUE.keys() & NEWCOMER.keys())
CATALOGUE.update(NEWCOMER)
assert not CATALOGUE.keys() & LADDER.keys(), sorted(CATALOGUE.keys() & LADDER.keys())
CATALOGUE.update(LADDER)
assert not CATALOGUE.keys() & TAPS.keys(), sorted(CATALOGUE.keys() & TAPS.keys())
CATALOGUE.update(TAPS)
assert not CATALOGUE.keys() & CAMPAIGN.keys(), sorted(CATALOGUE.keys() & CAMPAIGN.keys())
CATALOGUE.update(CAMPAIGN)
assert not CATALOGUE.keys() & TIMING.keys(), sorted(CATALOGUE.keys() & TIMING.keys())
CATALOGUE.update(TIMING)
assert not CATALOGUE.keys() & FLEETS.keys(), sorted(CATALOGUE.keys() & FLEETS.keys())
CATALOGUE.update(FLEETS)

BOT = Catalogue("bot")
BOT.add_all(CATALOGUE)

LANGUAGES: tuple[str, ...] = ("en", "it")
DEFAULT = "en"


def text(code: str, lang: str = DEFAULT, /, **params: object) -> str:
    """The line for ``code`` in ``lang``, filled with ``params``."""
    return BOT.text(code, lang, **params)


def duration(seconds: float, lang: str = DEFAULT) -> str:
    """A phase length as people say it: 90 s, 5 min, 12 h, 2 days."""
    seconds = int(seconds)
    if seconds < 120:
        return text("duration.seconds", lang, n=seconds)
    if seconds < 2 * 3600:
        return text("duration.minutes", lang, n=round(seconds / 60))
    if seconds < 2 * 86400:
        return text("duration.hours", lang, n=round(seconds / 3600))
    return text("duration.days", lang, n=round(seconds / 86400, 1) if seconds % 86400 else seconds // 86400)


def timestamp(unix: float) -> str:
    """A deadline token: each transport shows it in its readers' own terms (Discord: in
    their own time zone, relative)."""
    return str(Deadline(unix))


def mention(user_id: int) -> str:
    """A mention token, rendered by the transport (Discord: ``<@id>``)."""
    return str(Mention(user_id))


def channel(channel_id: int) -> str:
    """A channel or thread token, rendered by the transport (Discord: ``<#id>``)."""
    return str(Channel(channel_id))


def command(name: str, sub: str | None = None) -> str:
    """A command-name token, rendered by the transport (Discord: a clickable command)."""
    return str(Command(name, sub))


__all__ = ["CATALOGUE", "DEFAULT", "LANGUAGES", "channel", "command", "duration", "mention", "placeholders", "text", "timestamp"]
