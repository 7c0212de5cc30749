"""The frame around every map, whatever the board: header band with the wind rose,
the map area, the legend band; and the composition of the three.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.board import Board, Header, Legend, RenderOptions, View
from renderer.canvas import SUPERSAMPLE, MapCanvas
from renderer.theme import Theme, ellipsize, font, text_sprite, text_width
from renderer.viewport import Viewport

ROSE_RADIUS = 40
LEGEND_PAD = 12
LEGEND_ROW = 30
LEGEND_GAP = 22  # between entries on a row


def render_frame(board: Board, view: View, viewport: Viewport, options: RenderOptions,
                 theme: Theme) -> Image.Image:
    """Header, map and (optionally) legend, stacked into one RGB image."""
    map_img = board.background(view, viewport, theme).copy()
    canvas = MapCanvas(map_img, viewport, theme)
    board.draw(canvas, view, options)
    legend_img = legend_image(board.legend(view, theme), theme) if options.legend else None
    height = theme.header_height + map_img.height + (legend_img.height if legend_img else 0)
    out = Image.new("RGB", (theme.width, height), theme.header_bg)
    draw_header(out, board.header(view, theme.lang), theme)
    out.paste(map_img, (0, theme.header_height))
    if legend_img is not None:
        out.paste(legend_img, (0, theme.header_height + map_img.height))
    return out


# -- header -------------------------------------------------------------------------

def draw_header(img: Image.Image, header: Header, theme: Theme) -> None:
    draw = ImageDraw.Draw(img)
    right = theme.width - 16
    if header.wind_from is not None:
        rose = wind_rose(round(header.wind_from, 3), theme)
        img.paste(rose, (theme.width - rose.width - 10, (theme.header_height - rose.height) // 2), rose)
        right = theme.width - rose.width - 22
    x, y = 16, 10
    title = ellipsize(header.title, theme.title_px, right - x, bold=True)
    draw.text((x, y), title, font=font(theme.title_px, True), fill=theme.header_ink)
    y += theme.title_px + 10
    for i, line in enumerate(header.lines[:2]):
        draw.text((x, y), ellipsize(line, theme.status_px, right - x), font=font(theme.status_px),
                  fill=theme.header_ink if i == 0 else theme.header_muted)
        y += theme.status_px + 6


@lru_cache(maxsize=64)
def wind_rose(wind_from: float, theme: Theme) -> Image.Image:
    """A compass rose with north up and an arrow blowing from ``wind_from``
    (compass degrees) across the centre, head downwind. Shared: do not draw on it."""
    k = SUPERSAMPLE
    r = ROSE_RADIUS
    size = 2 * r + 4
    img = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = size * k / 2
    d.ellipse((c - r * k, c - r * k, c + r * k, c + r * k), outline=theme.header_muted + (255,),
              width=2 * k)
    for i in range(16):
        a = math.radians(i * 22.5)
        inner = r - (9 if i % 4 == 0 else 5)
        sx, sy = math.sin(a), -math.cos(a)
        d.line([(c + sx * inner * k, c + sy * inner * k), (c + sx * r * k, c + sy * r * k)],
               fill=theme.header_muted + (255,), width=(2 if i % 4 == 0 else 1) * k)
    a = math.radians(wind_from)
    ux, uy = math.sin(a), -math.cos(a)  # towards where the wind comes from, on screen
    # The tail stops short of the rim so that a north wind does not cover the "N".
    tail = (c + ux * (r - 16) * k, c + uy * (r - 16) * k)
    head = (c - ux * (r - 6) * k, c - uy * (r - 6) * k)
    d.line([tail, head], fill=theme.highlight + (255,), width=5 * k)
    px, py = -uy, ux  # perpendicular
    hl, hw = 16 * k, 9 * k
    base = (head[0] + ux * hl, head[1] + uy * hl)
    d.polygon([(head[0] - ux * 2 * k, head[1] - uy * 2 * k),
               (base[0] + px * hw, base[1] + py * hw), (base[0] - px * hw, base[1] - py * hw)],
              fill=theme.highlight + (255,))
    d.ellipse((tail[0] - 5 * k, tail[1] - 5 * k, tail[0] + 5 * k, tail[1] + 5 * k),
              fill=theme.highlight + (255,))
    img = img.convert("RGBa").reduce(k).convert("RGBA")
    n = text_sprite("N", theme.small_px, True, theme.header_ink, theme.header_bg, 2)
    img.paste(n, (size // 2 - n.width // 2, 1), n)
    return img


# -- legend -------------------------------------------------------------------------

@lru_cache(maxsize=32)
def _legend_cached(legend: Legend, theme: Theme) -> Image.Image:
    width = theme.width
    layout: list[tuple[int, int, str, object]] = []
    y = LEGEND_PAD
    # Entries of every section start in one column, right of the widest heading.
    indent = LEGEND_PAD + max((text_width(h, theme.legend_px, True) for h, _ in legend.sections),
                              default=0) + 14
    for heading, entries in legend.sections:
        layout.append((LEGEND_PAD, y, "heading", heading))
        x = indent
        for entry in entries:
            w = entry.icon_width + 8 + text_width(entry.label, theme.legend_px)
            if x + w > width - LEGEND_PAD and x > indent:
                y += LEGEND_ROW
                x = indent
            layout.append((x, y, "entry", entry))
            x += w + LEGEND_GAP
        y += LEGEND_ROW
    img = Image.new("RGB", (width, y + LEGEND_PAD - 6), theme.legend_bg)
    draw = ImageDraw.Draw(img)
    draw.line([(0, 0), (width, 0)], fill=theme.gauge_edge, width=1)
    for x, y, kind, item in layout:
        if kind == "heading":
            draw.text((x, y + 4), str(item), font=font(theme.legend_px, True), fill=theme.ink)
            continue
        entry = item  # type: ignore[assignment]
        box = (x, y + 2, x + entry.icon_width, y + LEGEND_ROW - 6)
        entry.icon(img, draw, box)
        draw.text((x + entry.icon_width + 8, y + 4), entry.label, font=font(theme.legend_px),
                  fill=theme.ink)
    return img


def legend_image(legend: Legend, theme: Theme) -> Image.Image:
    """The legend band (cached by ``legend.key``). Shared: do not draw on it."""
    return _legend_cached(_KeyedLegend(legend), theme)


class _KeyedLegend(Legend):
    """A legend hashed and compared by its key only, so the cache can hold it
    (its icon painters are closures, which are not comparable by content)."""

    def __init__(self, legend: Legend) -> None:
        object.__setattr__(self, "key", legend.key)
        object.__setattr__(self, "sections", legend.sections)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Legend) and other.key == self.key
