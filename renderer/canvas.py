"""Drawing on a map area: world-to-pixel conversion, a translucent overlay layer,
cached text sprites, dashed lines and small supersampled patches.

Pillow draws polygons without antialiasing. Large shapes (sea, land, ranges) are
drawn at 1x, where the jagged edge does not show; small ones that carry meaning
at a glance (ship bases, icons) are drawn on a patch at SUPERSAMPLE times the
size and reduced, which costs little because the patches are small.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from PIL import Image, ImageDraw

from renderer.theme import RGB, RGBA, Theme
from renderer.viewport import Viewport

SUPERSAMPLE = 3
PxPoint = tuple[float, float]


class MapCanvas:
    def __init__(self, image: Image.Image, viewport: Viewport, theme: Theme) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.viewport = viewport
        self.theme = theme
        self._overlay: Image.Image | None = None
        self._overlay_draw: ImageDraw.ImageDraw | None = None
        self._dirty: tuple[int, int, int, int] | None = None
        # Small texts drawn on the sea before the labels (ring numbers, card letters):
        # labels keep clear of them (see renderer.labels.paste_note).
        self.notes: list[tuple[float, float, float, float]] = []

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def px(self, x: float, y: float) -> PxPoint:
        return self.viewport.to_px(x, y)

    def poly_px(self, coords: Iterable[Sequence[float]]) -> list[PxPoint]:
        to_px = self.viewport.to_px
        return [to_px(c[0], c[1]) for c in coords]

    def visible(self, rect: tuple[float, float, float, float], pad: float = 0) -> bool:
        w, h = self.size
        return rect[2] >= -pad and rect[3] >= -pad and rect[0] <= w + pad and rect[1] <= h + pad

    # -- translucent layer ---------------------------------------------------------

    def translucent(self, points: Sequence[PxPoint], fill: RGBA | None = None,
                    outline: RGBA | None = None, width: int = 1) -> None:
        """A polygon on the translucent layer. Shapes on the layer replace each
        other (no blending within it), so bands drawn from the widest to the
        narrowest keep their own tints and shapes of one colour merge into their
        union; :meth:`flush_overlay` blends the layer onto the map."""
        if len(points) < 3:
            return
        if self._overlay is None:
            self._overlay = Image.new("RGBA", self.size, (0, 0, 0, 0))
            self._overlay_draw = ImageDraw.Draw(self._overlay)
        assert self._overlay_draw is not None
        self._overlay_draw.polygon(list(points), fill=fill, outline=outline, width=width)
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self._grow_dirty((min(xs) - width, min(ys) - width, max(xs) + width, max(ys) + width))

    def _grow_dirty(self, box: tuple[float, float, float, float]) -> None:
        w, h = self.size
        box = (max(int(box[0]) - 1, 0), max(int(box[1]) - 1, 0),
               min(int(box[2]) + 2, w), min(int(box[3]) + 2, h))
        d = self._dirty
        self._dirty = box if d is None else (min(d[0], box[0]), min(d[1], box[1]),
                                             max(d[2], box[2]), max(d[3], box[3]))

    def flush_overlay(self) -> None:
        """Blend what the translucent layer holds onto the map and clear the layer.
        Only the part drawn on is blended: the layer is mostly empty."""
        if self._overlay is None or self._dirty is None:
            return
        box = self._dirty
        if box[2] > box[0] and box[3] > box[1]:
            part = self._overlay.crop(box)
            self.image.paste(part, box[:2], part)
            self._overlay.paste((0, 0, 0, 0), box)
        self._dirty = None

    # -- text ---------------------------------------------------------------------------

    def paste(self, sprite: Image.Image, x: float, y: float) -> None:
        """Paste an RGBA sprite with its top-left corner at (x, y) px."""
        self.image.paste(sprite, (int(round(x)), int(round(y))), sprite)

    def paste_centred(self, sprite: Image.Image, cx: float, cy: float) -> None:
        self.paste(sprite, cx - sprite.width / 2, cy - sprite.height / 2)

    # -- supersampled patches ---------------------------------------------------------

    def supersampled(self, bbox: tuple[float, float, float, float],
                     paint: Callable[[ImageDraw.ImageDraw, Callable[[float, float], PxPoint], float], None]) -> None:
        """Draw ``paint`` antialiased within ``bbox`` (map px).

        ``paint(draw, to_patch, k)`` draws on a transparent RGBA patch; ``to_patch``
        maps map px to patch px and ``k`` is the patch's px per map px (use it for
        line widths).
        """
        w, h = self.size
        x0, y0 = max(int(math.floor(bbox[0])) - 1, 0), max(int(math.floor(bbox[1])) - 1, 0)
        x1, y1 = min(int(math.ceil(bbox[2])) + 1, w), min(int(math.ceil(bbox[3])) + 1, h)
        if x1 <= x0 or y1 <= y0:
            return
        k = SUPERSAMPLE
        patch = Image.new("RGBA", ((x1 - x0) * k, (y1 - y0) * k), (0, 0, 0, 0))
        draw = ImageDraw.Draw(patch)

        def to_patch(px: float, py: float) -> PxPoint:
            return ((px - x0) * k, (py - y0) * k)

        paint(draw, to_patch, k)
        small = _reduce_premultiplied(patch, k)
        self.image.paste(small, (x0, y0), small)


def _reduce_premultiplied(patch: Image.Image, k: int) -> Image.Image:
    """Shrink an RGBA patch by ``k`` without dark fringes: transparent pixels hold
    black, so colours are averaged premultiplied by alpha and divided back."""
    pre = patch.convert("RGBa")
    return pre.reduce(k).convert("RGBA")


def dashed_line(draw: ImageDraw.ImageDraw, points: Sequence[PxPoint], fill: RGB | RGBA,
                width: int = 2, dash: float = 8, gap: float = 6) -> None:
    """A dashed polyline; the pattern carries on across vertices."""
    on, left = True, dash
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        seg = math.hypot(bx - ax, by - ay)
        pos = 0.0
        while pos < seg - 1e-9:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                draw.line([(ax + (bx - ax) * t0, ay + (by - ay) * t0),
                           (ax + (bx - ax) * t1, ay + (by - ay) * t1)], fill=fill, width=width)
            pos += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap


def closed(points: Sequence[PxPoint]) -> list[PxPoint]:
    return list(points) + [points[0]]


@dataclass
class Placement:
    """Rectangles already taken on the map, for placing labels where they hide
    neither a piece nor another label."""

    taken: list[tuple[float, float, float, float]] = field(default_factory=list)

    def overlap(self, rect: tuple[float, float, float, float]) -> float:
        x0, y0, x1, y1 = rect
        total = 0.0
        for a0, b0, a1, b1 in self.taken:
            # Most taken rectangles lie clear of this one: skipped before any arithmetic
            # (a busy map tries a hundred and more label places against them).
            if a1 <= x0 or a0 >= x1 or b1 <= y0 or b0 >= y1:
                continue
            w = (x1 if x1 < a1 else a1) - (x0 if x0 > a0 else a0)
            h = (y1 if y1 < b1 else b1) - (y0 if y0 > b0 else b0)
            if w > 0 and h > 0:
                total += w * h
        return total

    def best(self, candidates: list[tuple[float, float, float, float]],
             bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """The first candidate free of overlaps (shifted inside ``bounds``), else the
        one overlapping least."""
        best_rect, best_score = None, None
        for rect in candidates:
            rect = _inside(rect, bounds)
            score = self.overlap(rect)
            if score == 0:
                return rect
            if best_score is None or score < best_score:
                best_rect, best_score = rect, score
        assert best_rect is not None
        return best_rect


def _inside(rect: tuple[float, float, float, float],
            bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = rect
    dx = max(bounds[0] - x0, 0) - max(x1 - bounds[2], 0)
    dy = max(bounds[1] - y0, 0) - max(y1 - bounds[3], 0)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
