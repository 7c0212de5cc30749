"""A ruleset whose sides are named after colours (Pirates: the Red, Blue, Green and Gold
fleets) draws each side in its own colour instead of the theme's colour for its seat.

A board says so with an optional ``side_colours`` mapping (side id -> RGB); every other
board leaves the theme as it is. The map, the replay, the key, the cards and the summary
card all take their theme through here, so a side keeps one colour in all of them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from renderer.theme import RGB, Theme
from rules.core.view import side_indices


def sided(theme: Theme, board: Any, sides: Sequence[str]) -> Theme:
    """``theme`` with its side palette in ``sides``' order taken from the board's
    ``side_colours`` (a side it does not name keeps the theme's colour for its seat)."""
    colours: Mapping[str, RGB] | None = getattr(board, "side_colours", None)
    if not colours:
        return theme
    palette = tuple(colours.get(str(side), theme.side_colour(i)) for i, side in enumerate(sides))
    return replace(theme, side_palette=palette) if palette else theme


def view_theme(theme: Theme, board: Any, view: Mapping[str, Any]) -> Theme:
    """:func:`sided` for the sides of a view, in the order that fixes their places."""
    order = side_indices(view)
    return sided(theme, board, sorted(order, key=order.__getitem__))


def ruleset_theme(theme: Theme, ruleset: str, sides: Sequence[str]) -> Theme:
    """:func:`sided` for a ruleset's default board (a summary card has no view)."""
    from renderer.board import _default_board  # the registry imports the boards lazily too
    factory = _default_board(ruleset)
    return theme if factory is None else sided(theme, factory(), sides)
