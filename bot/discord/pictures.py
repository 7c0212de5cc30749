"""Pictures for the chat, always drawn from a PUBLIC view (``view(state, None)``).

The renderer is CPU work: the game loop draws through :class:`LoopPictures` in a process
pool (so many games resolving at once use every core), and the commands use the
``*_async`` renderer calls, in a thread, so the bot's event loop never waits on a drawing.
"""
from __future__ import annotations

import asyncio
import importlib
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Hashable

from bot.discord.replies import FILE_LIMIT
from renderer.pool import Drawing, RenderPool
from renderer.viewport import ViewportMemory
from rules.core.view import PieceView, PublicView

if TYPE_CHECKING:  # what the drawings below name (the import graph counts them)
    import renderer.api
    import renderer.posts
    import renderer.summary  # noqa: F401

# The drawings, by name: the loop's go to the render workers, which import the renderer;
# this process imports it only to draw itself (a pool of 0 or 1 workers, the commands).
map_frame = Drawing("renderer.posts:map_frame")
animated_map = Drawing("renderer.posts:animated_map")
fit_replay = Drawing("renderer.posts:fit_replay")
focused_map = Drawing("renderer.posts:focused_map")
summary_card = Drawing("renderer.summary:summary_card")


_api: Any = None


async def _renderer() -> Any:
    """:mod:`renderer.api`, imported off the event loop the first time."""
    global _api
    if _api is None:
        _api = await asyncio.to_thread(importlib.import_module, "renderer.api")
    return _api


class LoopPictures:
    """The game loop's pictures (maps, animated maps, the closing replay, the summary
    card), drawn in a :class:`~renderer.pool.RenderPool`: worker processes, or a thread
    with 0 or 1 workers. Only public views, and the summary built from them, are sent."""

    def __init__(self, pool: RenderPool) -> None:
        self.pool = pool

    def map_maker(self) -> Callable[[dict[str, Any], str], Awaitable[tuple[bytes, str]]]:
        """One game's map provider: it keeps the map's scale between phases, so the view
        zooms out only when the ships spread apart."""
        memory = ViewportMemory()

        async def draw(public_view: dict[str, Any], lang: str = "en") -> tuple[bytes, str]:
            png, alt, used = await self.pool.run(map_frame, public_view, lang, memory.viewport)
            memory.remember(used)
            return png, alt
        return draw

    async def animate(self, views: list[dict[str, Any]], captions: list[str], lang: str = "en") -> tuple[bytes, str]:
        return await self.pool.run(animated_map, views, captions, lang)

    async def replay(self, views: list[dict[str, Any]]) -> tuple[bytes, int]:
        """The replay a game's last post carries, under the upload limit."""
        # fit_replay, not closing_replay: a worker then imports the renderer only.
        return await self.pool.run(fit_replay, views, FILE_LIMIT)

    async def card(self, summary: dict[str, Any], lang: str) -> tuple[bytes, str]:
        return await self.pool.run(summary_card, summary, lang)


async def map_png(public_view: dict[str, Any], focus: str | None = None, lang: str = "en",
                  pool: RenderPool | None = None) -> tuple[bytes, str]:
    """A map on demand; in the bot's render pool when given one (public views only)."""
    if pool is not None:
        return await pool.run(focused_map, public_view, focus, lang)
    renderer = await _renderer()
    png = await renderer.render_map_async(public_view, focus=focus, lang=lang)
    return png, renderer.describe_image(public_view, lang)


async def key_png(public_view: dict[str, Any], lang: str = "en") -> bytes:
    """The full key of the game's maps (each map shows only its own), for /rules."""
    return await (await _renderer()).render_key_async(public_view, lang=lang)



async def card_png(public_view: dict[str, Any], ship_id: str, lang: str = "en") -> bytes:
    return await (await _renderer()).render_card_async(public_view, ship_id, lang=lang)


def ships(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The pieces of a view (ships, for every ruleset so far), read through the view
    contract (rules.core.view.PublicView): each with its ``id``, ``name``, ``side``,
    ``player`` and whatever else its ruleset's view gives it."""
    return [p.model_dump() for p in PublicView.read(view).ships]


def ship_name(ship: dict[str, Any]) -> str:
    return PieceView.model_validate(ship).label


# A replay is drawn from at most this many public views (a long game is sampled evenly).
REPLAY_FRAMES = 150


async def replay_gif(views: list[dict[str, Any]], limit: int, pool: RenderPool | None = None) -> tuple[bytes, int]:
    """:func:`fit_replay` off the event loop: in the bot's render pool when given one."""
    if pool is not None:
        return await pool.run(fit_replay, views, limit)
    return await asyncio.to_thread(fit_replay, views, limit)


def closing_replay(views: list[dict[str, Any]]) -> tuple[bytes, int]:
    """The replay a game's last post carries: under Discord's upload limit."""
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
