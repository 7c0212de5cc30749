"""The drawing-style interface every kind of map implements, and the registry that
picks one for a view.

A *board* turns one ruleset's public view into pictures and words: the map's
static background, the pieces on it, the header's facts, the legend, the alt
text, a piece's card. Everything shared — the image frame, header, legend
layout, text, viewport keeping, replays, the async wrappers — lives outside the
boards, so a hex map or a square grid is one new module that implements
:class:`Board` and is named by its ruleset's manifest (``board_factory``; see
docs/renderer.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Protocol, runtime_checkable

from PIL import Image, ImageDraw

from renderer.theme import Theme
from rules.core.manifest import load_object
from rules.core.registry import manifest, manifests
from rules.core.view import PublicView
from rules.core.view import board_kind as contract_board_kind
from renderer.viewport import Viewport

if TYPE_CHECKING:
    from renderer.canvas import MapCanvas

View = dict[str, Any]


@dataclass(frozen=True)
class Header:
    """What the header band says: a title, status lines, and the wind if the game
    has one (compass degrees it blows FROM, drawn on the wind rose)."""

    title: str
    lines: tuple[str, ...] = ()
    wind_from: float | None = None


# Draws a legend icon into the box (left, top, right, bottom) of an RGB image.
IconPainter = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int, int, int]], None]


@dataclass(frozen=True)
class LegendEntry:
    label: str
    icon: IconPainter
    icon_width: int = 30


@dataclass(frozen=True)
class Legend:
    """Legend sections, each a heading and its entries. ``key`` identifies the
    content so the rendered legend can be cached between frames."""

    key: Hashable
    sections: tuple[tuple[str, tuple[LegendEntry, ...]], ...]


@dataclass(frozen=True)
class RenderOptions:
    focus: tuple[str, ...] = ()  # piece ids to highlight, show the reach of and keep in view
    overlays: bool = True  # ranges and reach of the pieces about to act
    legend: bool = True
    labels: bool = True  # names and damage by each piece


@runtime_checkable
class Board(Protocol):
    """One drawing style. Implementations must draw only from the view dict."""

    kind: str  # "open_table", "hex", "square", ...

    def map_size(self, view: View, theme: Theme) -> tuple[int, int]:
        """Pixel size of the map area; must stay the same through one game."""

    def plan_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                      theme: Theme) -> Viewport:
        """The window to show, given the last frame's (None for the first frame)."""

    def background(self, view: View, viewport: Viewport, theme: Theme) -> Image.Image:
        """The static part of the map (sea, terrain, grid) for this viewport. May be
        cached and shared: callers copy it before drawing."""

    def draw(self, canvas: "MapCanvas", view: View, options: RenderOptions) -> None:
        """Everything that changes between frames, drawn on the copied background."""

    def header(self, view: View, lang: str = "en") -> Header: ...

    def legend(self, view: View, theme: Theme) -> Legend: ...

    def describe(self, view: View, lang: str = "en") -> str:
        """Alt text: at most 1000 characters."""

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        """The record card of one piece."""

    def signature(self, view: View) -> Hashable:
        """Equal for two views that would draw the same map (replays skip repeats)."""


_BOARDS: dict[tuple[str, str | None], Callable[[], Board]] = {}
_INSTANCES: dict[tuple[str, str | None], Board] = {}


def register_board(ruleset: str, factory: Callable[[], Board], board: str | None = None) -> None:
    """Draw the views of ``ruleset`` with the board ``factory()`` makes.

    ``board`` names a variant for rulesets played on more than one kind of map
    (a view saying ``"board": "hex"`` gets the board registered with
    ``board="hex"``); without it the board is the ruleset's default.
    """
    _BOARDS[(ruleset, board)] = factory
    _INSTANCES.pop((ruleset, board), None)


def _default_board(ruleset: str) -> Callable[[], Board] | None:
    """The board a ruleset's manifest names (``board_factory``), registered on first use."""
    try:
        path = manifest(ruleset).board_factory
    except KeyError:
        return None
    factory = load_object(path)
    _BOARDS.setdefault((ruleset, None), factory)
    return _BOARDS[(ruleset, None)]


def board_kind(view: View) -> str | None:
    """The kind of map a view asks for: ``"board": "hex"``, or a dict describing the
    board with its kind (Nauta: ``{"kind": "open", "unit": "segment", ...}``)."""
    return contract_board_kind(view.get("board"))


def board_for(view: View) -> Board:
    """The board for a view (read through the view contract, rules.core.view): the one
    registered for its ``ruleset`` and ``board`` kind if the view names one, else the
    ruleset's default."""
    head = PublicView.read(view)
    name, kind = head.ruleset, head.board_kind
    key = (name, kind) if (name, kind) in _BOARDS else (name, None)
    if key not in _BOARDS and (not isinstance(name, str) or _default_board(name) is None):
        known = ", ".join(sorted({m.name for m in manifests()} | {r + (f" ({b})" if b else "") for r, b in _BOARDS}))
        raise KeyError(f"no board draws ruleset {name!r}; known: {known}")
    if key not in _INSTANCES:
        board = _BOARDS[key]()
        if not isinstance(board, Board):
            raise TypeError(f"the board for {name!r} does not implement renderer.board.Board")
        _INSTANCES[key] = board
    return _INSTANCES[key]
