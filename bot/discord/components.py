"""Clicks the bot cannot take: components whose ids it does not know, or whose ids are
not those of the message they came from.

Every component the bot sends carries its whole meaning in its ``custom_id`` (see
:mod:`bot.discord.forms` and :mod:`bot.discord.listing`), so an id is the only thing a
click is judged by. An id that parses to nothing (an older format, a hand-made payload),
names a game that does not exist, or is not one of the ids on the message it arrived
with (another game's id put on this game's menu) is answered with a private refusal and
changes nothing: not the game, not the message it came from.
"""
from __future__ import annotations

from typing import Awaitable, Callable, Iterator, TypeVar

import discord

from bot.discord.replies import Refusal, answer_error


T = TypeVar("T")

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(n: int) -> str:
    """A non-negative number in base 36: ids (snowflakes, game ids) written short, so a
    component's custom_id keeps within Discord's 100 characters."""
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if n == 0:
            return out


def ids_on_message(interaction: discord.Interaction) -> set[str]:
    """The custom ids of the components on the message the click came from."""
    message = interaction.message
    return set(_walk(message.components)) if message is not None else set()


def _walk(components: list[discord.Component]) -> Iterator[str]:
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            yield custom_id
        yield from _walk(list(getattr(component, "children", None) or []))


async def unknown(interaction: discord.Interaction) -> None:
    """A component id no part of the bot takes: a private answer, nothing else."""
    await answer_error(interaction, Refusal("reply.stale-component"))


async def take(interaction: discord.Interaction, parse: Callable[[str | None], T | None],
               on_its_message: Callable[[discord.Interaction, T], bool],
               answer: Callable[[T], Awaitable[None]]) -> bool:
    """Route a click to a kind of menu: False if ``parse`` does not know its id; else a
    click whose id is not that of the menu it came from is refused privately, and any
    failure of ``answer`` gets the one private answer."""
    ref = parse(interaction.custom_id)  # type: ignore[attr-defined]
    if ref is None:
        return False
    try:
        if not on_its_message(interaction, ref):
            raise Refusal("reply.stale-component")
        await answer(ref)
    except Exception as exc:  # noqa: BLE001 - every failure gets the one private answer
        await answer_error(interaction, exc)
    return True
