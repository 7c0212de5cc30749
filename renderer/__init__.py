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
"""
from renderer.api import (
    ALT_TEXT_LIMIT,
    describe_image,
    plan_viewport,
    render_card,
    render_card_async,
    render_card_bytes,
    render_key,
    render_key_async,
    render_map,
    render_map_async,
    render_map_bytes,
    render_replay,
    render_replay_async,
    to_png,
)
from renderer.board import Board, Header, Legend, LegendEntry, RenderOptions, board_for, register_board
from renderer.theme import DEFAULT_THEME, Theme
from renderer.viewport import Viewport, ViewportMemory

__all__ = [
    "ALT_TEXT_LIMIT", "Board", "DEFAULT_THEME", "Header", "Legend", "LegendEntry", "RenderOptions",
    "Theme", "Viewport", "ViewportMemory", "board_for", "describe_image", "plan_viewport",
    "register_board", "render_card", "render_card_async", "render_card_bytes", "render_key", "render_key_async",
    "render_map",
    "render_map_async", "render_map_bytes", "render_replay", "render_replay_async", "to_png",
]
