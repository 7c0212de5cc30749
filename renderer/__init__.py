"""Pictures and alt text of games, drawn from public views.

Public API (see docs/renderer.md):

* ``render_map(view, *, focus=None, previous_frame=None) -> PIL.Image``,
  ``render_map_bytes(...) -> bytes`` (PNG), ``async render_map_async(...) -> bytes``
* ``render_card(view, ship_id) -> PIL.Image`` (+ ``_bytes``, ``_async``)
* ``render_replay(frames) -> bytes`` (GIF) (+ ``render_replay_async``)
* ``describe_image(view) -> str`` (alt text, at most 1000 characters)
* ``render_key(view, lang=...) -> PIL.Image`` (+ ``render_key_async``): the full key of
  a game's maps (each map's own key lists only what it shows), for /rules
* ``ViewportMemory`` / ``Viewport`` to keep the map's scale steady between frames
* ``Board`` for another ruleset's drawing style (named by its manifest), ``register_board``
  for a variant of one (a second kind of map)

The names are imported at their first use (``from renderer import render_map`` as
before): a process that imports :mod:`renderer.pool` or :mod:`renderer.viewport` alone
(the bot's, whose workers draw) does not import Pillow and every drawing module with them.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names for the type checker (and the import graph): the same as below
    from renderer.api import (ALT_TEXT_LIMIT, describe_image, plan_viewport, render_card, render_card_async,
                              render_card_bytes, render_key, render_key_async, render_map, render_map_async,
                              render_map_bytes, render_replay, render_replay_async, to_png)
    from renderer.board import Board, Header, Legend, LegendEntry, RenderOptions, board_for, register_board
    from renderer.theme import DEFAULT_THEME, Theme
    from renderer.viewport import Viewport, ViewportMemory

# Each public name, and the module that defines it.
_FROM = {
    "renderer.api": ("ALT_TEXT_LIMIT", "describe_image", "plan_viewport", "render_card", "render_card_async",
                     "render_card_bytes", "render_key", "render_key_async", "render_map", "render_map_async",
                     "render_map_bytes", "render_replay", "render_replay_async", "to_png"),
    "renderer.board": ("Board", "Header", "Legend", "LegendEntry", "RenderOptions", "board_for", "register_board"),
    "renderer.theme": ("DEFAULT_THEME", "Theme"),
    "renderer.viewport": ("Viewport", "ViewportMemory"),
}
_OWNER = {name: module for module, names in _FROM.items() for name in names}

__all__ = sorted(_OWNER)


def __getattr__(name: str) -> Any:
    module = _OWNER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
