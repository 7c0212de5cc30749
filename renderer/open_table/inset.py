"""The inset: the whole table in small, in a corner of a map that shows only part of
it, with every ship as a dot in her side's colour and a box where the view lies.

A player who sees only the fight still knows where on the table it is, and what lies
outside the view."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from PIL import Image, ImageDraw

from renderer.canvas import MapCanvas, Placement
from renderer.labels import Rect, label_bounds
from renderer.theme import RGB, Theme
from renderer.viewport import Viewport

INSET_MAX = (220, 150)  # px: the widest and tallest the inset may be
PAD = 4  # px of frame round the table


MOST = 0.7  # a view showing this share of the table or more needs no inset


def shows_all(viewport: Viewport, width: float, height: float) -> bool:
    """Whether the view shows (nearly) the whole table: then the inset would only hide
    part of the map."""
    seen_w = max(min(viewport.x1, width) - max(viewport.x0, 0.0), 0.0)
    seen_h = max(min(viewport.y1, height) - max(viewport.y0, 0.0), 0.0)
    return seen_w * seen_h >= MOST * width * height


def inset_scale(width: float, height: float) -> float:
    return min((INSET_MAX[0] - 2 * PAD) / width, (INSET_MAX[1] - 2 * PAD) / height)


def place_inset(canvas: MapCanvas, width: float, height: float, taken: Placement,
                avoid: Iterable[Rect] = ()) -> Rect | None:
    """The corner for the inset that hides least of what is already taken (the ships)
    and of ``avoid`` (where a ship to act can sail), or None when the view shows (nearly)
    the whole table. The place is then taken."""
    if shows_all(canvas.viewport, width, height):
        return None
    s = inset_scale(width, height)
    iw, ih = width * s + 2 * PAD, height * s + 2 * PAD
    left, top, right, bottom = label_bounds(canvas)
    left, top, right, bottom = left + 4, top + 4, right - 4, bottom - 4
    corners = [(right - iw, bottom - ih, right, bottom), (left, bottom - ih, left + iw, bottom),
               (right - iw, top, right, top + ih), (left, top, left + iw, top + ih)]
    clear = Placement(taken.taken + list(avoid))
    rect = clear.best(corners, (0.0, 0.0, float(canvas.size[0]), float(canvas.size[1])))
    taken.taken.append(rect)
    return rect


@lru_cache(maxsize=16)
def _table_tile(width: float, height: float, land: tuple, depths: tuple, theme: Theme) -> Image.Image:
    s = inset_scale(width, height)
    iw, ih = round(width * s) + 2 * PAD, round(height * s) + 2 * PAD
    img = Image.new("RGB", (iw, ih), theme.table_edge)

    def px(x: float, y: float) -> tuple[float, float]:
        return (PAD + x * s, PAD + (height - y) * s)

    d = ImageDraw.Draw(img)
    d.rectangle((PAD, PAD, iw - PAD - 1, ih - PAD - 1), fill=theme.sea)
    for _name, depth, points in sorted(depths, key=lambda z: -z[1]):
        if len(points) >= 3:
            d.polygon([px(x, y) for x, y in points], fill=theme.depth_fill[min(max(depth, 1), 3) - 1])
    for _name, points in land:
        if len(points) >= 3:
            d.polygon([px(x, y) for x, y in points], fill=theme.land, outline=theme.land_edge)
    return img


def draw_inset(canvas: MapCanvas, rect: Rect, width: float, height: float, land: tuple, depths: tuple,
               dots: Iterable[tuple[float, float, RGB]]) -> None:
    """The inset in ``rect``: the table, a dot per ship, and the view's box."""
    theme = canvas.theme
    tile = _table_tile(width, height, land, depths, theme).copy()
    s = inset_scale(width, height)
    d = ImageDraw.Draw(tile)

    def px(x: float, y: float) -> tuple[float, float]:
        return (PAD + x * s, PAD + (height - y) * s)

    for x, y, colour in dots:
        cx, cy = px(min(max(x, 0.0), width), min(max(y, 0.0), height))
        d.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=colour, outline=theme.ink)
    vp = canvas.viewport
    (x0, y0), (x1, y1) = px(max(vp.x0, 0.0), min(vp.y1, height)), px(min(vp.x1, width), max(vp.y0, 0.0))
    d.rectangle((x0, y0, x1, y1), outline=theme.ink, width=4)
    d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=theme.highlight, width=2)
    x, y = int(round(rect[0])), int(round(rect[1]))
    # A white edge sets the inset off the sea it lies on.
    canvas.draw.rectangle((x - 3, y - 3, x + tile.width + 2, y + tile.height + 2), fill=theme.halo)
    canvas.image.paste(tile, (x, y))


def inset_icon(theme: Theme):
    """The key's sample of the inset: a small table with the view's box."""
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box[0], box[1] + 2, box[2], box[3] - 2
        draw.rectangle((x0, y0, x1, y1), fill=theme.sea, outline=theme.table_edge, width=2)
        draw.rectangle((x0 + 8, y0 + 4, x0 + 22, y1 - 5), outline=theme.ink, width=3)
        draw.rectangle((x0 + 9, y0 + 5, x0 + 21, y1 - 6), outline=theme.highlight, width=1)
    return icon
