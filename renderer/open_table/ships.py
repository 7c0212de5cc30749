"""The design every board of ships on an open table shares, whatever the ruleset:

* ``TableShip`` — one ship of the view: her pose, base and side, read from her dict;
* ``Look`` and ``paint_ship`` — what a marker shows, painted ring, bow, hull, deck;
* ``Badge`` and ``badge_sprite`` — the status badges under a name;
* ``label_sprite`` with ``BadgePart``/``SpritePart`` — the name and the row under it;
* ``Reach`` and ``draw_reach_lines`` — where a ship can get this move, and its lines;
* ``fan_icon`` — the reach's legend icon.

A ruleset's board (``renderer/<ruleset>/``) says what its ships show; this module says
how every ship is shown, so that a player reads every map alike.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Protocol

from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from renderer.board import IconPainter, LegendEntry
from renderer.canvas import MapCanvas, PxPoint
from renderer.labels import BADGE, badge_tile, flame_badge, label_tile, paste_note
from renderer.legend_entries import sprite_icon
from renderer.markers import LocalToPx, draw_ghost_bases, local_rect, paint_hull, paint_ring
from renderer.pieces import ViewPiece
from renderer.theme import RGB, Theme, ellipsize, mix, text_sprite
from rules.core.tables.open_table import Pose, base_polygon

# -- the view's ships -----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class TableShip(ViewPiece):
    """One ship of the view (the contract's ``x``, ``y``, ``heading``, ``status``),
    with what the drawing needs worked out once. Her base is ``length`` by ``width``
    table units (a ruleset whose view keeps them elsewhere overrides the two).
    Compared by identity: two wrappers of one ship dict are not meant to meet."""

    data: dict[str, Any]
    side_index: int

    @cached_property
    def pose(self) -> Pose:
        return Pose(float(self.data["x"]), float(self.data["y"]), float(self.data["heading"]))

    @property
    def length(self) -> float:
        return float(self.data["length"])

    @property
    def width(self) -> float:
        return float(self.data["width"])

    @property
    def status(self) -> str:
        return str(self.data.get("status", "afloat"))

    @property
    def afloat(self) -> bool:
        return self.status == "afloat"

    def base(self) -> Polygon:
        return base_polygon(self.pose, self.length, self.width)

    @cached_property
    def _frame(self) -> tuple[float, float, float, float]:
        h = math.radians(self.pose.heading)
        return (self.pose.x, self.pose.y, math.sin(h), math.cos(h))

    def to_world(self, along: float, across: float) -> tuple[float, float]:
        """Ship-local table units (forward, to starboard) to table units."""
        x, y, s, c = self._frame
        return (x + along * s + across * c, y + along * c - across * s)


# -- the marker ---------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    """What a ship's marker shows that every board shows alike; a board's look adds
    its own marks (sails and masts, a ram's heavy edge)."""

    length: float
    width: float
    fill: RGB
    ring: bool = False


def side_fill(side_index: int, theme: Theme, pale: bool) -> RGB:
    """The hull's colour: the side's, paler for a ship out of the fight."""
    fill = theme.side_colour(side_index)
    return mix(fill, (255, 255, 255), 0.55) if pale else fill


MarkPainter = Callable[[ImageDraw.ImageDraw, LocalToPx, float, float, Any, Theme], None]


def paint_ship(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: Look,
               theme: Theme, bow: MarkPainter, deck: MarkPainter) -> None:
    """A ship's marker in ship-local table units (``at``, ``px_per_unit`` and ``k`` as
    renderer.markers describes them): the ring of a ship to act, ``bow`` (what shows
    her heading beyond the base), the hull in her side's colour, then ``deck`` (what
    the board marks on the hull)."""
    rect = local_rect(at)
    if look.ring:
        paint_ring(draw, rect, look.length, look.width, 1.0 / px_per_unit, theme)
    bow(draw, at, px_per_unit, k, look, theme)
    paint_hull(draw, rect, look.length, look.width, look.fill, k, theme)
    deck(draw, at, px_per_unit, k, look, theme)


# -- status badges --------------------------------------------------------------------


@dataclass(frozen=True)
class Badge:
    """A status badge: ``glyph`` white (or in the highlight colour) on the dark tile, or
    the flame when there is no glyph; ``text`` is what the legend says of it."""

    kind: str
    text: str
    glyph: str | None = None
    highlight: bool = False
    px: int = 16
    bold: bool = False
    alarm: bool = False  # on a red tile: what just happened (new damage)


@lru_cache(maxsize=64)
def badge_sprite(badge: Badge, theme: Theme) -> Image.Image:
    """The badge's tile. Shared: do not draw on it."""
    if badge.glyph is None:
        return flame_badge(theme)
    colour = theme.highlight if badge.highlight else (255, 255, 255)
    return badge_tile(theme, text_sprite(badge.glyph, badge.px, badge.bold, colour, None, 0),
                      fill=theme.fresh if badge.alarm else None)


def badges_shown(badges: tuple[Badge, ...], flags: dict[str, bool]) -> tuple[str, ...]:
    """The kinds of the badges whose flag is up, in the badges' order."""
    return tuple(b.kind for b in badges if flags[b.kind])


def badge_entries(badges: tuple[Badge, ...], theme: Theme,
                  words: Callable[[Badge], str] | None = None) -> tuple[LegendEntry, ...]:
    """The legend's status entries; ``words`` says a badge in the theme's language
    (default: the badge's own English text)."""
    return tuple(LegendEntry(words(b) if words else b.text, sprite_icon(badge_sprite(b, theme)), BADGE)
                 for b in badges)


# -- the label ------------------------------------------------------------------------


class LabelPart(Protocol):
    """One item of the row under a ship's name (hashable: labels are cached)."""

    def size(self, theme: Theme) -> tuple[int, int]: ...

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None: ...


@dataclass(frozen=True)
class BadgePart:
    badge: Badge

    def size(self, theme: Theme) -> tuple[int, int]:
        return BADGE, BADGE

    def paint(self, img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, theme: Theme) -> None:
        img.alpha_composite(badge_sprite(self.badge, theme), (x, y))


@lru_cache(maxsize=1024)
def label_sprite(name: str, side_index: int, parts: tuple[LabelPart, ...], theme: Theme,
                 name_max_px: int | None = None) -> Image.Image:
    """The side's shape and the name (cut to ``name_max_px`` if given), over a row of
    ``parts`` 3 px apart, each centred on the row's height, as one transparent tile.
    Shared: do not draw on it."""
    sizes = [p.size(theme) for p in parts]
    row2_w = sum(w for w, _h in sizes) + 3 * max(len(parts) - 1, 0)
    row2_h = max((h for _w, h in sizes), default=0)
    title = name if name_max_px is None else ellipsize(name, theme.name_px, name_max_px, True)
    img, x, y = label_tile(title, side_index, row2_w, row2_h, theme)
    draw = ImageDraw.Draw(img)
    for part, (w, h) in zip(parts, sizes):
        part.paint(img, draw, x, y + (row2_h - h) // 2, theme)
        x += w + 3
    return img


# -- reach ----------------------------------------------------------------------------

Points = tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Reach:
    """Where a ship can get this move, in table units."""

    fans: tuple[Points, ...]  # areas where the ship can end (shaded)
    paths: tuple[tuple[str | None, Points], ...]  # (letter written at its end, or None; the path)
    ghosts: tuple[Pose, ...]  # dashed bases at the extreme ends
    straight: tuple[tuple[float, float], tuple[float, float]] | None = None  # thick line, shortest to longest
    ticks: tuple[tuple[float, float, float], ...] = ()  # (x, y, heading): a tick across the course


@dataclass(frozen=True)
class ReachStyle:
    alpha: int  # of the shaded fans
    path_width: int = 1
    path_joint: str | None = None


def shade_fans(canvas: MapCanvas, reach: Reach, style: ReachStyle) -> None:
    """The fans on the translucent layer (the caller flushes it)."""
    for fan in reach.fans:
        if len(fan) >= 3:
            canvas.translucent(canvas.poly_px(fan), fill=canvas.theme.reach + (style.alpha,))


def draw_reach_lines(canvas: MapCanvas, ship: TableShip, reach: Reach, style: ReachStyle) -> None:
    theme = canvas.theme
    draw_ghost_bases(canvas, ship, reach.ghosts)
    px0 = canvas.px(ship.pose.x, ship.pose.y)
    placed: list[PxPoint] = [px0]
    for letter, path in reach.paths:
        pts = canvas.poly_px(path)
        canvas.draw.line(pts, fill=theme.reach, width=style.path_width, joint=style.path_joint)
        if letter is None:
            continue
        end = pts[-1]
        dx, dy = end[0] - px0[0], end[1] - px0[1]
        n = math.hypot(dx, dy) or 1.0
        spot = (end[0] + dx / n * 10, end[1] + dy / n * 10)
        # Letters only where they can be told apart; on a short move the paths
        # bunch together and the legend names them instead.
        if all(math.hypot(spot[0] - q[0], spot[1] - q[1]) >= 18 for q in placed):
            placed.append(spot)
            sprite = text_sprite(letter, theme.small_px, True, theme.reach, theme.halo, 2)
            paste_note(canvas, sprite, *spot)
    if reach.straight is not None:
        a, b = canvas.px(*reach.straight[0]), canvas.px(*reach.straight[1])
        canvas.draw.line([a, b], fill=theme.reach, width=4)
        for p in (a, b):
            canvas.draw.ellipse((p[0] - 4, p[1] - 4, p[0] + 4, p[1] + 4), fill=theme.reach)
    # A tick across the course at every whole unit run, where the game counts them:
    # the map then reads like the players' ruler.
    for x, y, heading in reach.ticks:
        h = math.radians(heading)
        cx, cy = canvas.px(x, y)
        ux, uy = math.cos(h), math.sin(h)  # across the course, on screen
        canvas.draw.line([(cx - ux * 5, cy - uy * 5), (cx + ux * 5, cy + uy * 5)], fill=theme.reach, width=2)


def fan_icon(theme: Theme, alpha: int,
             lines: Callable[[ImageDraw.ImageDraw, tuple[int, int, int, int], float], None]) -> IconPainter:
    """The reach's legend icon: a shaded fan from the left, then ``lines(draw, box,
    middle_y)`` over it."""
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        tint = mix(theme.sea, theme.reach, alpha / 255)
        x0, y0, x1, y1 = box
        ym = (y0 + y1) / 2
        draw.polygon([(x0, ym), (x1, y0), (x1, y1)], fill=tint)
        lines(draw, box, ym)
    return icon
