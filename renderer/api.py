"""The renderer's public functions.

All of them take the public view dict (``ruleset.view(state, None)``), never a
state object: the view is the only exit for secrets, so a picture built from it
cannot leak one. The synchronous functions are pure CPU work with no I/O; the
``*_async`` ones run them in a worker thread so the bot's event loop never waits.
"""
from __future__ import annotations

import asyncio
from dataclasses import replace
from collections.abc import Iterable, Mapping
from typing import Any, Sequence

from PIL import Image

from renderer.png import encode as png_encode
from renderer.board import RenderOptions, board_for
from renderer.frame import legend_image, render_frame
from renderer.replay import render_replay as _render_replay
from renderer.side_colours import view_theme
from renderer.theme import DEFAULT_THEME, Theme
from renderer.viewport import Viewport, ViewportMemory, previous_viewport

# zlib level for map PNGs: level 1 encodes several times faster than the default
# 6 and the files stay well under Discord's upload limit (a few hundred KB).
PNG_COMPRESS_LEVEL = 1
ALT_TEXT_LIMIT = 1000

PreviousFrame = Viewport | ViewportMemory | dict | None


def _check_view(view: Any) -> dict[str, Any]:
    if not isinstance(view, Mapping):
        raise TypeError("the renderer draws a view dict (ruleset.view(state, None)), "
                        f"not a {type(view).__name__}")
    return view  # type: ignore[return-value]


def _focus(focus: str | Iterable[str] | None) -> tuple[str, ...]:
    if focus is None:
        return ()
    if isinstance(focus, str):
        return (focus,)
    return tuple(focus)


def plan_viewport(view: dict[str, Any], *, focus: str | Iterable[str] | None = None,
                  previous_frame: PreviousFrame = None, theme: Theme = DEFAULT_THEME) -> Viewport:
    """The viewport :func:`render_map` would use, without drawing."""
    view = _check_view(view)
    return board_for(view).plan_viewport(view, previous_viewport(previous_frame), _focus(focus), theme)


def render_map(view: dict[str, Any], *, focus: str | Iterable[str] | None = None,
               previous_frame: PreviousFrame = None, theme: Theme = DEFAULT_THEME,
               overlays: bool = True, legend: bool = True, lang: str | None = None) -> Image.Image:
    """The map of a view as an RGB image, ``theme.width`` (1000) px wide.

    ``focus``: ship id(s) to ring, show the ranges and reach of, and keep in view
    (default: the ships about to act). ``previous_frame``: the last frame's
    :class:`Viewport`, or a :class:`ViewportMemory` (updated in place), so the
    scale stays steady through a game. The viewport used is in
    ``image.info["viewport"]``. ``lang``: the language of the map's words (the
    theme's, English unless told).
    """
    view = _check_view(view)
    if lang is not None:
        theme = replace(theme, lang=lang)
    board = board_for(view)
    focus_ids = _focus(focus)
    vp = board.plan_viewport(view, previous_viewport(previous_frame), focus_ids, theme)
    img = render_frame(board, view, vp, RenderOptions(focus=focus_ids, overlays=overlays, legend=legend),
                       theme)
    img.info["viewport"] = vp
    if isinstance(previous_frame, ViewportMemory):
        previous_frame.remember(vp)
    return img


def render_key(view: dict[str, Any], *, theme: Theme = DEFAULT_THEME, lang: str | None = None) -> Image.Image:
    """The full key of a game's maps: everything a map of its ruleset may show (each
    map's own key shows only what that map shows). For /rules."""
    view = _check_view(view)
    if lang is not None:
        theme = replace(theme, lang=lang)
    board = board_for(view)
    theme = view_theme(theme, board, view)
    try:
        legend = board.legend(view, theme, full=True)  # type: ignore[call-arg]
    except TypeError:  # a board with one key for every map
        legend = board.legend(view, theme)
    return legend_image(legend, theme).copy()


async def render_key_async(view: dict[str, Any], **kwargs: Any) -> bytes:
    """PNG bytes of :func:`render_key`, drawn in a worker thread."""
    return await asyncio.to_thread(lambda: to_png(render_key(view, **kwargs)))


def to_png(img: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    return png_encode(img, compress_level)


def render_map_bytes(view: dict[str, Any], **kwargs: Any) -> bytes:
    """:func:`render_map` encoded as PNG bytes (same keyword arguments)."""
    return to_png(render_map(view, **kwargs))


def render_card(view: dict[str, Any], ship_id: str, *, theme: Theme = DEFAULT_THEME,
                lang: str | None = None) -> Image.Image:
    """The log-book card of one piece of the view (a ship id for Cannoni), its words in
    ``lang`` (the theme's, English unless told)."""
    view = _check_view(view)
    if lang is not None:
        theme = replace(theme, lang=lang)
    board = board_for(view)
    return board.card(view, ship_id, view_theme(theme, board, view))


def render_card_bytes(view: dict[str, Any], ship_id: str, **kwargs: Any) -> bytes:
    return to_png(render_card(view, ship_id, **kwargs))


def render_replay(frames: Sequence[dict[str, Any]], **kwargs: Any) -> bytes:
    """An animated GIF of a game from its public views, oldest first.

    Keyword arguments: ``frame_ms`` (700), ``last_frame_ms`` (3000),
    ``max_frames`` (300; longer games are sampled evenly), ``theme``.
    """
    for view in frames:
        _check_view(view)
    return _render_replay(frames, **kwargs)


def describe_image(view: dict[str, Any], lang: str = "en") -> str:
    """Alt text for the map of a view, in ``lang``: at most 1000 characters."""
    view = _check_view(view)
    text = board_for(view).describe(view, lang)
    return text[:ALT_TEXT_LIMIT]


async def render_map_async(view: dict[str, Any], **kwargs: Any) -> bytes:
    """PNG bytes of :func:`render_map`, rendered and encoded in a worker thread."""
    return await asyncio.to_thread(render_map_bytes, view, **kwargs)


async def render_card_async(view: dict[str, Any], ship_id: str, **kwargs: Any) -> bytes:
    return await asyncio.to_thread(render_card_bytes, view, ship_id, **kwargs)


async def render_replay_async(frames: Sequence[dict[str, Any]], **kwargs: Any) -> bytes:
    return await asyncio.to_thread(render_replay, list(frames), **kwargs)
