"""The pictures of a game's posts, as module-level functions of public data only, so
that a :class:`~renderer.pool.RenderPool` can send them to a worker process (they are
pickled by name, their arguments by value; the results come back as bytes).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from renderer import api as renderer
from renderer.viewport import Viewport, ViewportMemory


def map_frame(public_view: dict[str, Any], lang: str, previous: Viewport | None) -> tuple[bytes, str, Viewport]:
    """A map after a phase, its alt text, and the viewport it used: the caller keeps that
    for the game's next map, so the scale stays steady between phases (the worker that
    draws the next one may be another)."""
    memory = ViewportMemory(previous)
    png = renderer.render_map_bytes(public_view, previous_frame=memory, lang=lang)
    assert memory.viewport is not None
    return png, renderer.describe_image(public_view, lang), memory.viewport


def focused_map(public_view: dict[str, Any], focus: str | None, lang: str) -> tuple[bytes, str]:
    """A map on demand (``/map``): ``focus`` ringed and kept in view; and its alt text."""
    return renderer.render_map_bytes(public_view, focus=focus, lang=lang), renderer.describe_image(public_view, lang)


def animated_map(views: list[dict[str, Any]], captions: list[str], lang: str = "en") -> tuple[bytes, str]:
    """The animated map of a post that tells several phases: a frame each, captioned, its
    words in ``lang``."""
    theme = replace(renderer.DEFAULT_THEME, lang=lang)
    return renderer.render_replay(views, captions=captions, theme=theme), renderer.describe_image(views[-1], lang)


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
