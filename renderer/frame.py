"""The frame around every map, whatever the board: header band with the wind rose,
the map area, the legend band; and the composition of the three.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderer.board import Board, Header, Legend, RenderOptions, View
from renderer.canvas import SUPERSAMPLE, MapCanvas
from renderer.side_colours import view_theme
from renderer.theme import Theme, font, text_sprite, text_width
from renderer.viewport import Viewport

ROSE_RADIUS = 40
LEGEND_PAD = 12
LEGEND_ROW = 30
LEGEND_GAP = 22  # between entries on a row


def render_frame(board: Board, view: View, viewport: Viewport, options: RenderOptions,
                 theme: Theme) -> Image.Image:
    """Header, map and (optionally) legend, stacked into one RGB image."""
    theme = view_theme(theme, board, view)
    map_img = board.background(view, viewport, theme).copy()
    canvas = MapCanvas(map_img, viewport, theme)
    board.draw(canvas, view, options)
    legend_img = legend_image(board.legend(view, theme), theme) if options.legend else None
    header = board.header(view, theme.lang)
    top = header_height(header, theme)
    height = top + map_img.height + (legend_img.height if legend_img else 0)
    out = Image.new("RGB", (theme.width, height), theme.header_bg)
    draw_header(out, header, theme, top)
    out.paste(map_img, (0, top))
    if legend_img is not None:
        out.paste(legend_img, (0, top + map_img.height))
    return out


# -- header -------------------------------------------------------------------------

HEADER_TOP = 10  # px above the title
TITLE_GAP = 10  # px under the title's last row
ROW_GAP = 6  # px under every other row


def header_rows(header: Header, theme: Theme) -> list[tuple[str, int, bool, tuple[int, int, int]]]:
    """The header's rows as drawn: (text, size, bold, colour). A title or line too wide
    for the band is wrapped onto more rows (at its " · " breaks first, then between
    words), never cut off."""
    width = header_text_right(header, theme) - 16
    rows = [(t, theme.title_px, True, theme.header_ink) for t in wrap(header.title, theme.title_px, width, True)]
    for i, line in enumerate(header.lines):
        colour = theme.header_ink if i == 0 else theme.header_muted
        rows.extend((t, theme.status_px, False, colour) for t in wrap(line, theme.status_px, width))
    return rows


def header_height(header: Header, theme: Theme) -> int:
    """The band's height: the theme's, or more when wrapped rows need it."""
    rows = header_rows(header, theme)
    needed = HEADER_TOP + sum(size + (TITLE_GAP if bold else ROW_GAP) for _, size, bold, _ in rows)
    return max(theme.header_height, needed)


def header_text_right(header: Header, theme: Theme) -> int:
    """Where the header's text must stop: before the wind rose, if there is one."""
    if header.wind_from is None:
        return theme.width - 16
    return theme.width - (2 * ROSE_RADIUS + 4) - 22


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` in rows no wider than ``width`` px: broken at " · " where a whole part
    fits, else between words, a word wider than a row alone between its letters."""
    if text_width(text, size, bold) <= width:
        return [text]
    rows: list[str] = []
    row = ""
    for part in text.split(" · "):
        joined = f"{row} · {part}" if row else part
        if text_width(joined, size, bold) <= width:
            row = joined
            continue
        if row:
            rows.append(row)
        row = ""
        for word in part.split(" "):
            joined = f"{row} {word}" if row else word
            if text_width(joined, size, bold) <= width:
                row = joined
                continue
            if row:
                rows.append(row)
            row = word
            while text_width(row, size, bold) > width and len(row) > 1:
                cut = len(row) - 1
                while cut > 1 and text_width(row[:cut], size, bold) > width:
                    cut -= 1
                rows.append(row[:cut])
                row = row[cut:]
    if row:
        rows.append(row)
    return rows


def draw_header(img: Image.Image, header: Header, theme: Theme, height: int | None = None) -> None:
    draw = ImageDraw.Draw(img)
    height = height or header_height(header, theme)
    if header.wind_from is not None:
        rose = wind_rose(round(header.wind_from, 3), theme)
        img.paste(rose, (theme.width - rose.width - 10, (height - rose.height) // 2), rose)
    x, y = 16, HEADER_TOP
    for text, size, bold, colour in header_rows(header, theme):
        draw.text((x, y), text, font=font(size, bold), fill=colour)
        y += size + (TITLE_GAP if bold else ROW_GAP)


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
