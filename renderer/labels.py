"""A piece's label on the map: the tile with its side's shape and name over a row of
gauges, chips and status badges, the badges themselves, and the place the label
takes beside the piece.

Each board fills the second row with what its ruleset shows; the name row, the
badges' look and where a label goes are the same on every board, so that a player
reads every map alike.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw
from shapely.geometry import Polygon

from renderer.canvas import MapCanvas, Placement
from renderer.theme import Theme, text_sprite

BADGE = 22  # px, side of a status badge
Rect = tuple[float, float, float, float]
# Labels keep inside the grid's letters and numbers (26 px at the sides, 22 px at
# top and bottom).
LABEL_BOUNDS_INSET = (26.0, 22.0)


# -- badges ---------------------------------------------------------------------------

def badge_tile(theme: Theme, glyph: Image.Image | None = None,
               paint: Callable[[ImageDraw.ImageDraw, int, int], None] | None = None) -> Image.Image:
    """A status badge: a dark rounded square with a white edge, ``paint(draw, size,
    k)`` drawn on it at ``k`` times the size (then reduced) and ``glyph`` centred."""
    k = 3
    size = BADGE * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=5 * k, fill=theme.ink + (255,),
                        outline=(255, 255, 255, 255), width=k)
    if paint is not None:
        paint(d, size, k)
    img = img.convert("RGBa").reduce(k).convert("RGBA")
    if glyph is not None:
        img.paste(glyph, ((BADGE - glyph.width) // 2, (BADGE - glyph.height) // 2), glyph)
    return img


def _paint_flame(d: ImageDraw.ImageDraw, size: int, k: int, theme: Theme) -> None:
    # A flame: round at the foot, licking up to a tip leaning right.
    outer = [(1.2, -9.0), (3.6, -4.8), (5.6, -1.2), (6.2, 2.6), (4.8, 6.2), (1.6, 8.0), (-1.6, 8.0),
             (-4.8, 6.2), (-6.2, 2.6), (-5.4, -1.4), (-3.4, -3.6), (-2.6, -6.4), (-0.8, -4.2)]
    inner = [(0.6, -2.6), (2.6, 0.6), (3.0, 3.8), (1.2, 6.2), (-1.2, 6.2), (-3.0, 3.8), (-2.2, 0.8)]
    c = size / 2
    d.polygon([(c + x * k, c + y * k) for x, y in outer], fill=(230, 159, 0, 255))
    d.polygon([(c + x * k, c + y * k) for x, y in inner], fill=theme.highlight + (255,))


@lru_cache(maxsize=8)
def flame_badge(theme: Theme) -> Image.Image:
    """The badge of a piece on fire, on every board. Shared: do not draw on it."""
    return badge_tile(theme, paint=lambda d, size, k: _paint_flame(d, size, k, theme))


# -- the tile -------------------------------------------------------------------------

def label_tile(title: str, side_index: int, row2_w: int, row2_h: int,
               theme: Theme) -> tuple[Image.Image, int, int]:
    """A transparent tile with the side's shape (in the side's colour) and ``title``
    centred on the first row, room for a second row of ``row2_w`` x ``row2_h`` px
    (none when it is 0 high); returns the tile and where the second row starts."""
    shape = text_sprite(theme.side_shape(side_index), theme.name_px, True, theme.side_colour(side_index),
                        theme.halo, 3)
    name = text_sprite(title, theme.name_px, True, theme.ink, theme.halo, 3)
    row1_w = shape.width + 2 + name.width
    row1_h = max(shape.height, name.height)
    width = max(row1_w, row2_w)
    img = Image.new("RGBA", (width, row1_h + (2 + row2_h if row2_h else 0)), (0, 0, 0, 0))
    x1 = (width - row1_w) // 2
    img.paste(shape, (x1, (row1_h - shape.height) // 2), shape)
    img.paste(name, (x1 + shape.width + 2, (row1_h - name.height) // 2), name)
    return img, (width - row2_w) // 2, row1_h + 2


# -- placing labels -------------------------------------------------------------------

def base_box(canvas: MapCanvas, base: Polygon, pad: float) -> Rect:
    """A piece's base on the map in px, ``pad`` px wider each way."""
    xs, ys = zip(*canvas.poly_px(base.exterior.coords))
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def place_label(canvas: MapCanvas, taken: Placement, box: Rect, make: Callable[[], Image.Image]) -> None:
    """Paste the label ``make()`` beside the piece in ``box`` (px), unless the piece
    is off the map: below it, above, right, left, then the four corners, at the
    first place that hides neither a piece nor another label (else where it hides
    least), kept inside the grid's labels; the place is then taken."""
    x0, y0, x1, y1 = box
    if not canvas.visible(box):
        return
    sprite = make()
    w, h = canvas.size
    sw, sh = sprite.size
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    candidates = [
        (cx - sw / 2, y1 + 2, cx + sw / 2, y1 + 2 + sh),
        (cx - sw / 2, y0 - 2 - sh, cx + sw / 2, y0 - 2),
        (x1 + 4, cy - sh / 2, x1 + 4 + sw, cy + sh / 2),
        (x0 - 4 - sw, cy - sh / 2, x0 - 4, cy + sh / 2),
        (x1 + 2, y1 + 2, x1 + 2 + sw, y1 + 2 + sh),
        (x0 - 2 - sw, y1 + 2, x0 - 2, y1 + 2 + sh),
        (x1 + 2, y0 - 2 - sh, x1 + 2 + sw, y0 - 2),
        (x0 - 2 - sw, y0 - 2 - sh, x0 - 2, y0 - 2),
    ]
    sx, sy = LABEL_BOUNDS_INSET
    rect = taken.best(candidates, (sx, sy, w - sx, h - sy))
    taken.taken.append(rect)
    canvas.paste(sprite, rect[0], rect[1])
