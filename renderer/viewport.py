"""Which part of the world a map shows, at what scale, and how that is kept steady.

World coordinates are a plane with y pointing up (north on the open table). A
board whose natural coordinates differ (hex columns, square rows counted
downwards) converts them to such a plane before it asks for a viewport.

The automatic view fits every piece with a margin. Between frames of one game it
keeps the previous scale and only zooms out, and only pans when a piece would
leave the window: a map whose scale jumps between turns makes distances
impossible to judge by eye, which is half of what players read from it.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

Box = tuple[float, float, float, float]  # min x, min y, max x, max y (world units)

# Scales a view may take: MAX_SCALE * ZOOM_STEP**k px per world unit. Snapping to
# a ladder keeps the scale identical when the needed zoom changes a little.
ZOOM_STEP = 0.85
# Origins are rounded to this many world units so that a pan moves the grid by
# whole steps and repeated frames reuse the cached background.
ORIGIN_STEP = 0.5


@dataclass(frozen=True)
class Viewport:
    """The window of a map: world ``x0`` at the left edge, world ``y1`` at the top
    edge, ``scale`` px per world unit, over a ``width`` x ``height`` px map area made
    for a world of ``world`` (width, height)."""

    x0: float
    y1: float
    scale: float
    width: int
    height: int
    world: tuple[float, float]

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return ((x - self.x0) * self.scale, (self.y1 - y) * self.scale)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        return (self.x0 + px / self.scale, self.y1 - py / self.scale)

    @property
    def x1(self) -> float:
        return self.x0 + self.width / self.scale

    @property
    def y0(self) -> float:
        return self.y1 - self.height / self.scale

    @property
    def box(self) -> Box:
        return (self.x0, self.y0, self.x1, self.y1)

    def contains(self, box: Box) -> bool:
        eps = 1e-9
        return (box[0] >= self.x0 - eps and box[1] >= self.y0 - eps
                and box[2] <= self.x1 + eps and box[3] <= self.y1 + eps)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["world"] = list(self.world)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Viewport":
        return cls(x0=float(data["x0"]), y1=float(data["y1"]), scale=float(data["scale"]),
                   width=int(data["width"]), height=int(data["height"]),
                   world=(float(data["world"][0]), float(data["world"][1])))


class ViewportMemory:
    """The viewport of the last frame of one game, carried to the next frame.

    Keep one per game (``to_dict``/``from_dict`` store it with the game); pass it as
    ``previous_frame`` and the renderer updates it after each frame.
    """

    def __init__(self, viewport: Viewport | None = None) -> None:
        self.viewport = viewport

    def remember(self, viewport: Viewport) -> None:
        self.viewport = viewport

    def to_dict(self) -> dict[str, Any]:
        return {"viewport": self.viewport.to_dict() if self.viewport else None}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "ViewportMemory":
        vp = (data or {}).get("viewport")
        return cls(Viewport.from_dict(vp) if vp else None)

    def __repr__(self) -> str:
        return f"ViewportMemory({self.viewport!r})"


def previous_viewport(previous: "Viewport | ViewportMemory | dict | None") -> Viewport | None:
    """Whatever the caller kept of the last frame, as a Viewport."""
    if previous is None:
        return None
    if isinstance(previous, Viewport):
        return previous
    if isinstance(previous, ViewportMemory):
        return previous.viewport
    if isinstance(previous, dict):
        return (ViewportMemory.from_dict(previous).viewport if "viewport" in previous
                else Viewport.from_dict(previous))
    raise TypeError(f"previous_frame must be a Viewport, a ViewportMemory or a dict, "
                    f"not {type(previous).__name__}")


def union(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _snap_down(scale: float, max_scale: float, min_scale: float) -> float:
    """The largest ladder scale not above ``scale`` (never below ``min_scale``)."""
    if scale >= max_scale:
        return max_scale
    k = math.ceil(math.log(scale / max_scale) / math.log(ZOOM_STEP) - 1e-9)
    return max(max_scale * ZOOM_STEP ** k, min_scale)


def _place(lo: float, hi: float, span: float, world: float, border: float,
           prev: float | None) -> float:
    """Left (or bottom) edge of a window ``span`` wide that holds [lo, hi]: where it
    was if it still can, else moved as little as possible; never showing more than
    ``border`` beyond the world's edges unless the whole world fits."""
    if span >= world + 2 * border:
        return (world - span) / 2  # the whole world fits: centre it
    if prev is None:
        start = (lo + hi) / 2 - span / 2
    else:
        start = min(max(prev, hi - span), lo)
    rounded = math.floor(start / ORIGIN_STEP + 0.5) * ORIGIN_STEP
    if rounded <= lo and rounded + span >= hi:
        start = rounded
    return min(max(start, -border), world + border - span)


def plan(interest: Box | None, world: tuple[float, float], size: tuple[int, int], *,
         previous: Viewport | None = None, max_scale: float = 48.0,
         border: float = 1.0, zoom_in_steps: int | None = None) -> Viewport:
    """The viewport that shows ``interest`` (a world box) on a ``size`` px map.

    ``border`` world units around the whole world stay visible when the view is
    zoomed all the way out, so the world's edge is never flush with the image.
    A ``previous`` viewport made for the same world and size is kept as long as
    it still holds the interest box; otherwise the scale only goes down, unless
    ``zoom_in_steps`` is given: then the view zooms back in once the interest fits
    that many steps of the ladder closer (the fight has drawn together), and not for
    less, so that a small change never makes the scale flicker.
    """
    width, height = size
    ww, wh = world
    min_scale = min(width / (ww + 2 * border), height / (wh + 2 * border))
    max_scale = max(max_scale, min_scale)
    if previous is not None and (previous.world != (float(ww), float(wh))
                                 or (previous.width, previous.height) != (width, height)):
        previous = None  # made for another table or image size: not comparable
    if interest is None:
        interest = (0.0, 0.0, float(ww), float(wh))
    # Margins around a piece near the edge reach past the world; what lies past
    # the border is never shown, so it must not force a zoom out.
    bx0, by0 = max(interest[0], -border), max(interest[1], -border)
    bx1, by1 = min(interest[2], ww + border), min(interest[3], wh + border)
    interest = (bx0, by0, bx1, by1)
    need = min(width / max(bx1 - bx0, 1e-6), height / max(by1 - by0, 1e-6))
    scale = _snap_down(min(need, max_scale), max_scale, min_scale)
    if previous is not None:
        closer = zoom_in_steps is not None and scale >= previous.scale / ZOOM_STEP ** zoom_in_steps - 1e-9
        if not closer:
            scale = min(scale, previous.scale)
            if scale == previous.scale and previous.contains(interest):
                return previous
    span_x, span_y = width / scale, height / scale
    same_scale = previous is not None and scale == previous.scale
    x0 = _place(bx0, bx1, span_x, ww, border, previous.x0 if same_scale else None)
    y0 = _place(by0, by1, span_y, wh, border, previous.y0 if same_scale else None)
    return Viewport(x0=x0, y1=y0 + span_y, scale=scale, width=width, height=height,
                    world=(float(ww), float(wh)))
