"""Pictures for the chat, always drawn from a PUBLIC view (``view(state, None)``).

The renderer is CPU work: the game loop already runs a :func:`map_image_maker` provider in a worker
thread, and the commands use the ``*_async`` renderer calls so the bot's event loop
never waits on a drawing.
"""
from __future__ import annotations

from dataclasses import replace

import asyncio
from collections import OrderedDict
from typing import Any, Awaitable, Callable, Hashable

from bot.discord.replies import FILE_LIMIT
from renderer import api as renderer
from rules.core.view import PieceView, PublicView


def map_image(public_view: dict[str, Any], lang: str = "en") -> tuple[bytes, str]:
    """A map after a phase, and its alt text (no memory of earlier frames)."""
    return renderer.render_map_bytes(public_view, lang=lang), renderer.describe_image(public_view, lang)


def map_image_maker() -> Callable[[dict[str, Any], str], tuple[bytes, str]]:
    """One game's image provider: it remembers the map's scale between phases, so the
    view zooms out only when the ships spread apart."""
    memory = renderer.ViewportMemory()

    def draw(public_view: dict[str, Any], lang: str = "en") -> tuple[bytes, str]:
        return (renderer.render_map_bytes(public_view, previous_frame=memory, lang=lang),
                renderer.describe_image(public_view, lang))
    return draw


def animate(views: list[dict[str, Any]], captions: list[str], lang: str = "en") -> tuple[bytes, str]:
    """The animated map of a post that tells several phases: a frame each, captioned, its
    words in ``lang``."""
    theme = replace(renderer.DEFAULT_THEME, lang=lang)
    return renderer.render_replay(views, captions=captions, theme=theme), renderer.describe_image(views[-1], lang)


async def map_png(public_view: dict[str, Any], focus: str | None = None, lang: str = "en") -> tuple[bytes, str]:
    png = await renderer.render_map_async(public_view, focus=focus, lang=lang)
    return png, renderer.describe_image(public_view, lang)


async def key_png(public_view: dict[str, Any], lang: str = "en") -> bytes:
    """The full key of the game's maps (each map shows only its own), for /rules."""
    return await renderer.render_key_async(public_view, lang=lang)



async def card_png(public_view: dict[str, Any], ship_id: str, lang: str = "en") -> bytes:
    return await renderer.render_card_async(public_view, ship_id, lang=lang)


def ships(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The pieces of a view (ships, for every ruleset so far), read through the view
    contract (rules.core.view.PublicView): each with its ``id``, ``name``, ``side``,
    ``player`` and whatever else its ruleset's view gives it."""
    return [p.model_dump() for p in PublicView.read(view).ships]


def ship_name(ship: dict[str, Any]) -> str:
    return PieceView.model_validate(ship).label


# A replay is drawn from at most this many public views (a long game is sampled evenly).
REPLAY_FRAMES = 150


def fit_replay(views: list[dict[str, Any]], limit: int) -> tuple[bytes, int]:
    """An animated GIF of the views under ``limit`` bytes (Discord's upload limit), and
    how many views it was drawn from: a replay too large is drawn again from half as
    many views, evenly spread, the first and the last always kept."""
    chosen = list(views)
    while True:
        gif = renderer.render_replay(chosen, max_frames=max(len(chosen), 2))
        if len(gif) <= limit or len(chosen) <= 2:
            return gif, len(chosen)
        half = max(2, len(chosen) // 2)
        gap = (len(chosen) - 1) / (half - 1)
        chosen = [chosen[round(i * gap)] for i in range(half)]


async def replay_gif(views: list[dict[str, Any]], limit: int) -> tuple[bytes, int]:
    """:func:`fit_replay` off the event loop."""
    return await asyncio.to_thread(fit_replay, views, limit)


def closing_replay(views: list[dict[str, Any]]) -> tuple[bytes, int]:
    """The replay a game's last post carries (the game loop's replay provider)."""
    return fit_replay(views, FILE_LIMIT)


class ReplayCache:
    """The last few replays drawn, by what they show; and one drawn at a time.

    A whole fleet action's replay takes seconds of CPU to draw: members asking for it
    again (or many at once) get the one already drawn, or wait their turn, rather than
    keep both cores busy drawing the same GIF."""

    def __init__(self, size: int = 8) -> None:
        self._size = size
        self._kept: OrderedDict[Hashable, tuple[bytes, int]] = OrderedDict()
        self._drawing = asyncio.Lock()

    async def get(self, key: Hashable, draw: Callable[[], Awaitable[tuple[bytes, int]]]) -> tuple[bytes, int]:
        async with self._drawing:
            found = self._kept.get(key)
            if found is None:
                found = self._kept[key] = await draw()
                while len(self._kept) > self._size:
                    self._kept.popitem(last=False)
            self._kept.move_to_end(key)
            return found
