"""A piece's label on the map: the tile with its side's shape and name over a row of
gauges, chips and status badges, the badges themselves, and the place the label
takes beside the piece.

Each board fills the second row with what its ruleset shows; the name row, the
badges' look and where a label goes are the same on every board, so that a player
reads every map alike.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

from PIL import Image, ImageDraw
from shapely.geometry import Polygon
from shapely.ops import nearest_points

from renderer.canvas import MapCanvas, Placement
from renderer.theme import Theme, text_sprite

BADGE = 22  # px, side of a status badge
Rect = tuple[float, float, float, float]
# Labels keep inside the grid's letters and numbers (26 px at the sides, 22 px at
# top and bottom).
LABEL_BOUNDS_INSET = (26.0, 22.0)


# -- badges ---------------------------------------------------------------------------

def badge_tile(theme: Theme, glyph: Image.Image | None = None,
               paint: Callable[[ImageDraw.ImageDraw, int, int], None] | None = None,
               fill: tuple[int, int, int] | None = None) -> Image.Image:
    """A status badge: a dark (or ``fill``) rounded square with a white edge, ``paint(draw,
    size, k)`` drawn on it at ``k`` times the size (then reduced) and ``glyph`` centred."""
    k = 3
    size = BADGE * k
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, size - 1, size - 1), radius=5 * k, fill=(fill or theme.ink) + (255,),
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


def label_candidates(box: Rect, sw: float, sh: float, rings: int = 4) -> list[tuple[Rect, bool]]:
    """Where a ``sw`` x ``sh`` label may go beside a piece in ``box`` (px), nearest
    first: below, above, right, left, then the four corners (beside the piece), then
    the same eight further out, ring by ring (those get a leader line). Each comes with
    whether it is beside the piece."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    out: list[tuple[Rect, bool]] = []
    for n in range(rings):
        dy, dx = n * (sh * 0.75 + 6), n * (sw * 0.5 + 10)
        out += [(rect, n == 0) for rect in (
            (cx - sw / 2, y1 + 2 + dy, cx + sw / 2, y1 + 2 + dy + sh),
            (cx - sw / 2, y0 - 2 - sh - dy, cx + sw / 2, y0 - 2 - dy),
            (x1 + 4 + dx, cy - sh / 2, x1 + 4 + dx + sw, cy + sh / 2),
            (x0 - 4 - sw - dx, cy - sh / 2, x0 - 4 - dx, cy + sh / 2),
            (x1 + 2 + dx, y1 + 2 + dy, x1 + 2 + dx + sw, y1 + 2 + dy + sh),
            (x0 - 2 - sw - dx, y1 + 2 + dy, x0 - 2 - dx, y1 + 2 + dy + sh),
            (x1 + 2 + dx, y0 - 2 - sh - dy, x1 + 2 + dx + sw, y0 - 2 - dy),
            (x0 - 2 - sw - dx, y0 - 2 - sh - dy, x0 - 2 - dx, y0 - 2 - dy),
        )]
    return out


def label_bounds(canvas: MapCanvas) -> Rect:
    """Where labels may go: inside the grid's letters and numbers."""
    w, h = canvas.size
    sx, sy = LABEL_BOUNDS_INSET
    return (sx, sy, w - sx, h - sy)


def paste_note(canvas: MapCanvas, sprite: Image.Image, cx: float, cy: float) -> Rect:
    """A small text of the sea (a range ring's number, a turning card's letter) centred
    on (cx, cy), moved inside the grid's letters and numbers; noted on the canvas, so
    that the labels placed after it keep clear of it."""
    w, h = sprite.size
    x0, y0, x1, y1 = label_bounds(canvas)
    left = min(max(cx - w / 2, x0), x1 - w)
    top = min(max(cy - h / 2, y0), y1 - h)
    canvas.paste(sprite, left, top)
    rect = (left, top, left + w, top + h)
    canvas.notes.append(rect)
    return rect


# Labels placed but not drawn yet: (sprite, where, the piece's box if a leader is needed).
LabelBatch = list[tuple[Image.Image, Rect, "Rect | None"]]


def place_label(canvas: MapCanvas, taken: Placement, box: Rect, make: Callable[[], Image.Image],
                batch: LabelBatch | None = None, rivals: Sequence[Rect] = (),
                hull: Polygon | None = None) -> Rect | None:
    """Paste the label ``make()`` beside the piece in ``box`` (px), unless the piece
    is off the map: at the nearest place (see :func:`label_candidates`) that hides
    neither a piece nor another label nor anything else taken (else where it hides
    least), kept inside the grid's labels; a label pushed away from its piece gets a
    leader line to it, and so does one that lies about as near another piece of
    ``rivals`` (their boxes) as its own, from the piece's ``hull`` (world coordinates)
    where given. The place is then taken, and returned. With a ``batch``
    the label is only noted there, for :func:`paste_labels` (every leader line under
    every label)."""
    if not canvas.visible(box):
        return None
    sprite = make()
    candidates = label_candidates(box, *sprite.size)
    rect = taken.best([c for c, _ in candidates], label_bounds(canvas))
    taken.taken.append(rect)
    if not _beside(rect, box):
        note = (sprite, rect, box)
    elif _nearer_another(rect, box, rivals):
        # Beside her box, yet as near a neighbour: the line runs from her hull (her box's
        # edge may be open sea, as near the neighbour as the label), at its point nearest
        # the label, or from her middle.
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        if hull is not None:
            label = Polygon([(rect[0], rect[1]), (rect[2], rect[1]), (rect[2], rect[3]), (rect[0], rect[3])])
            start = nearest_points(Polygon(canvas.poly_px(hull.exterior.coords)), label)[0]
            cx, cy = start.x, start.y
        note = (sprite, rect, (cx - HULL_REACH, cy - HULL_REACH, cx + HULL_REACH, cy + HULL_REACH))
    else:
        note = (sprite, rect, None)
    if batch is not None:
        batch.append(note)
    else:
        paste_labels(canvas, [note])
    return rect


def paste_labels(canvas: MapCanvas, batch: LabelBatch) -> None:
    """The labels of a batch: first every leader line, then every label over them, so
    that no line crosses a label."""
    for _sprite, rect, box in batch:
        if box is not None:
            leader_line(canvas, box, rect)
    for sprite, rect, _box in batch:
        canvas.paste(sprite, rect[0], rect[1])


def _centre_gap(rect: Rect, box: Rect) -> float:
    """How far a label's nearest point lies from a box's centre (px)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return math.hypot(cx - min(max(cx, rect[0]), rect[2]), cy - min(max(cy, rect[1]), rect[3]))


#: How much nearer its own piece than any other a label must lie to need no leader line.
CLEARLY_NEARER = 1.6
#: px from where the leader line of a label beside a neighbour starts (a point of the hull).
HULL_REACH = 1.0


def _nearer_another(rect: Rect, box: Rect, rivals: Sequence[Rect]) -> bool:
    """Whether a label lies about as near the centre of another piece as of its own (not
    :data:`CLEARLY_NEARER` its own): on a crowded board (ships in neighbouring hexes) a
    label beside her box sits as close to a neighbour, and a reader may take it for the
    neighbour's."""
    own = _centre_gap(rect, box) * CLEARLY_NEARER
    return any(other != box and _centre_gap(rect, other) < own for other in rivals)


def _beside(rect: Rect, box: Rect, reach: float = 8.0) -> bool:
    """Whether a label touches its piece's box (within ``reach`` px)."""
    gap_x = max(box[0] - rect[2], rect[0] - box[2], 0.0)
    gap_y = max(box[1] - rect[3], rect[1] - box[3], 0.0)
    return gap_x <= reach and gap_y <= reach


def leader_line(canvas: MapCanvas, box: Rect, rect: Rect) -> None:
    """A thin dark line with a white edge from a piece's box to its label, so a label
    pushed aside by its neighbours is still read as hers."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    lx, ly = min(max(cx, rect[0]), rect[2]), min(max(cy, rect[1]), rect[3])
    # Start at the edge of the piece's box, towards the label.
    dx, dy = lx - cx, ly - cy
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    t = min(hw / abs(dx) if dx else 1e9, hh / abs(dy) if dy else 1e9, 1.0)
    start = (cx + dx * t, cy + dy * t)
    canvas.draw.line([start, (lx, ly)], fill=(255, 255, 255), width=5)
    canvas.draw.line([start, (lx, ly)], fill=canvas.theme.ink, width=2)
