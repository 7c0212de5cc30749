"""Neutral tokens for what each platform writes its own way: a person, a place, a moment, a command.

The service, the loop and the catalogue write a mention, a deadline or a command name
as a token inside their text (``str(Mention(42))`` is ``⟦@42⟧``), and each transport
renders the tokens as its readers see them: Discord as ``<@42>``, ``<#7>``,
``<t:1700000000:R>`` and a clickable ``</order:id>``; the in-process transport (tests,
the offline demo's log) as a name, a place, a date and ``/order``. So nothing above the transport knows Discord.

A token carries a user id, a time or a command name, nothing else: whatever a text may
not show, its tokens do not show either. A player can type a token into a text the bot
echoes back (a value in an order); it renders as a mention or a command name, which
they could have typed in Discord's own markup just as well, and public posts ping only
the users the service names.
"""
from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol, Union

OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: brackets no catalogue text uses

#: Discord's timestamp styles; the service uses R (relative) and the others are there
#: so a token's style is checked rather than trusted.
STYLES = "tTdDfFR"


@dataclass(frozen=True, slots=True)
class Mention:
    """A person, by their platform id."""

    user_id: int

    def __str__(self) -> str:
        return f"{OPEN}@{int(self.user_id)}{CLOSE}"


@dataclass(frozen=True, slots=True)
class Channel:
    """A place people talk (a channel or a thread), by its platform id."""

    channel_id: int

    def __str__(self) -> str:
        return f"{OPEN}#{int(self.channel_id)}{CLOSE}"


@dataclass(frozen=True, slots=True)
class Deadline:
    """A moment (unix seconds), shown in the reader's own time; ``style`` R: relative."""

    at: float
    style: str = "R"

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"unknown time style {self.style!r}")

    def __str__(self) -> str:
        return f"{OPEN}t:{int(self.at)}:{self.style}{CLOSE}"


@dataclass(frozen=True, slots=True)
class Command:
    """A command by its name and, for a group, its subcommand (``Command("host", "resume")``)."""

    name: str
    sub: str | None = None

    def __post_init__(self) -> None:
        for part in (self.name, self.sub):
            if part is not None and not _WORD.fullmatch(part):
                raise ValueError(f"not a command word: {part!r}")

    @property
    def path(self) -> str:
        return f"{self.name} {self.sub}" if self.sub else self.name

    def __str__(self) -> str:
        return f"{OPEN}/{self.path}{CLOSE}"


Token = Union[Mention, Channel, Deadline, Command]

_WORD = re.compile(r"[a-z][a-z0-9_-]{0,31}")
_TOKEN = re.compile(
    OPEN + r"(?:@(?P<user>\d{1,20})|#(?P<channel>\d{1,20})|t:(?P<at>-?\d{1,12}):(?P<style>[" + STYLES + r"])"
    r"|/(?P<name>[a-z][a-z0-9_-]{0,31})(?: (?P<sub>[a-z][a-z0-9_-]{0,31}))?)" + CLOSE)


def _token(match: re.Match[str]) -> Token:
    if match["user"] is not None:
        return Mention(int(match["user"]))
    if match["channel"] is not None:
        return Channel(int(match["channel"]))
    if match["at"] is not None:
        return Deadline(int(match["at"]), match["style"])
    return Command(match["name"], match["sub"])


def parse(text: str) -> list[str | Token]:
    """The text as plain pieces and tokens, in order (empty pieces left out)."""
    out: list[str | Token] = []
    last = 0
    for match in _TOKEN.finditer(text):
        if match.start() > last:
            out.append(text[last:match.start()])
        out.append(_token(match))
        last = match.end()
    if last < len(text):
        out.append(text[last:])
    return out


def tokens(text: str) -> list[Token]:
    return [_token(m) for m in _TOKEN.finditer(text)]


class Renderer(Protocol):
    def mention(self, token: Mention) -> str: ...

    def channel(self, token: Channel) -> str: ...

    def deadline(self, token: Deadline) -> str: ...

    def command(self, token: Command) -> str: ...


def render(text: str, renderer: Renderer) -> str:
    """``text`` with every token written as ``renderer`` writes it."""
    def one(match: re.Match[str]) -> str:
        token = _token(match)
        if isinstance(token, Mention):
            return renderer.mention(token)
        if isinstance(token, Channel):
            return renderer.channel(token)
        if isinstance(token, Deadline):
            return renderer.deadline(token)
        return renderer.command(token)
    return _TOKEN.sub(one, text) if OPEN in text else text


@dataclass
class PlainText:
    """Tokens as readable text with no platform markup: ``@name`` (or ``@user 42`` for
    someone it has no name for), ``#name`` (or ``#channel 7``), a UTC date with, given a
    clock, how far off it is, and ``/command``. ``names`` holds people and places."""

    names: Mapping[int, str] = field(default_factory=dict)
    now: Callable[[], float] | None = None

    def mention(self, token: Mention) -> str:
        name = self.names.get(token.user_id)
        return f"@{name}" if name else f"@user {token.user_id}"

    def channel(self, token: Channel) -> str:
        name = self.names.get(token.channel_id)
        return f"#{name}" if name else f"#channel {token.channel_id}"

    def deadline(self, token: Deadline) -> str:
        moment = _dt.datetime.fromtimestamp(token.at, _dt.timezone.utc)
        absolute = moment.strftime("%Y-%m-%d %H:%M UTC")
        if self.now is None or token.style != "R":
            return absolute
        return f"{absolute} ({_offset(token.at - self.now())})"

    def command(self, token: Command) -> str:
        return f"/{token.path}"


def _offset(seconds: float) -> str:
    """A signed offset in the units people use; '+' ahead, '-' past (language-neutral)."""
    sign = "+" if seconds >= 0 else "-"
    seconds = abs(int(seconds))
    if seconds < 120:
        return f"{sign}{seconds} s"
    if seconds < 2 * 3600:
        return f"{sign}{round(seconds / 60)} min"
    if seconds < 2 * 86400:
        return f"{sign}{round(seconds / 3600)} h"
    return f"{sign}{round(seconds / 86400)} d"


def plain(text: str, names: Mapping[int, str] | None = None) -> str:
    """``text`` rendered readable without a clock (for logs and tests)."""
    return render(text, PlainText(dict(names or {})))


__all__ = ["Channel", "Command", "Deadline", "Mention", "PlainText", "Renderer", "Token", "parse", "plain", "render", "tokens"]
