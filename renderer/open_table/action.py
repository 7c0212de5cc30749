"""What just happened, on a map of ships: the shots fired (a line from the firer to
the target with its result), the wrecks of ships lost this turn (with their names),
and which ships the automatic view frames.

Everything is read from the view's shared keys (``rules.core.view``: ``shots``, a
piece's ``lost_turn``): the events say the same in public, so no secret is drawn.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from PIL import Image, ImageDraw

from renderer.board import View
from renderer.canvas import MapCanvas, dashed_line
from renderer.theme import Theme, mix, text_sprite
from renderer.viewport import Box, union
from renderer.words import shot_words

# -- framing ------------------------------------------------------------------------


def shot_ids(view: View) -> set[str]:
    """The pieces that fired or were fired at in the shots the view shows."""
    return {str(s[k]) for s in view.get("shots") or [] for k in ("firer", "target")}


def within(box: Box, other: Box, reach: float) -> bool:
    """Whether ``other`` comes within ``reach`` of ``box`` (world units)."""
    return (other[0] <= box[2] + reach and other[2] >= box[0] - reach
            and other[1] <= box[3] + reach and other[3] >= box[1] - reach)


def framed(pieces: Sequence[Any], acting: set[str], reach: float) -> list[Any]:
    """The pieces in action, the nearest enemy of each (what she fights, or makes for),
    and every other within ``reach`` of them; all of them when none is in action."""
    core = [p for p in pieces if p.id in acting]
    if not core:
        return list(pieces)
    for p in list(core):
        enemies = [q for q in pieces if q.side != p.side]
        if enemies:
            near = min(enemies, key=lambda q: math.hypot(q.pose.x - p.pose.x, q.pose.y - p.pose.y))
            if near not in core:
                core.append(near)
    box = union([p.base().bounds for p in core])
    assert box is not None
    return [p for p in pieces if p in core or within(box, p.base().bounds, reach)]


# -- shots --------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """One shot of the view, with the two ends in table units."""

    firer: str
    target: str
    start: tuple[float, float]
    end: tuple[float, float]
    side_index: int
    hits: int
    critical: bool
    effect: bool

    @property
    def struck(self) -> bool:
        return self.effect and (self.hits > 0 or self.critical)


def shots_of(view: View, where: dict[str, tuple[tuple[float, float], int]]) -> list[Shot]:
    """The view's shots whose two ends are known (``where``: a piece's point and its
    side's place in the palette)."""
    out = []
    for s in view.get("shots") or []:
        firer, target = str(s["firer"]), str(s["target"])
        if firer in where and target in where:
            out.append(Shot(firer, target, where[firer][0], where[target][0], where[firer][1], int(s.get("hits", 0)),
                            bool(s.get("critical")), bool(s.get("effect", True))))
    return out


def draw_shot(canvas: MapCanvas, shot: Shot, start_gap: float, end_gap: float) -> None:
    """A line from the firer to the target, ``start_gap`` and ``end_gap`` px short of
    their centres, with an arrowhead at the target: solid when the shot struck home,
    dashed for a miss. A white edge keeps it apart from the sea and the ranges."""
    theme = canvas.theme
    (ax, ay), (bx, by) = canvas.px(*shot.start), canvas.px(*shot.end)
    d = math.hypot(bx - ax, by - ay)
    if d < start_gap + end_gap + 8:
        return
    ux, uy = (bx - ax) / d, (by - ay) / d
    a = (ax + ux * start_gap, ay + uy * start_gap)
    b = (bx - ux * end_gap, by - uy * end_gap)
    colour = theme.fresh if shot.struck else mix(theme.side_colour(shot.side_index), (0, 0, 0), 0.35)
    head = 14.0
    shaft_end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    if shot.struck:
        canvas.draw.line([a, shaft_end], fill=theme.halo, width=8)
        canvas.draw.line([a, shaft_end], fill=colour, width=4)
    else:
        dashed_line(canvas.draw, [a, shaft_end], theme.halo, width=7, dash=12, gap=6)
        dashed_line(canvas.draw, [a, shaft_end], colour, width=3, dash=12, gap=6)
    px, py = -uy, ux
    tip = [b, (b[0] - ux * head + px * head * 0.55, b[1] - uy * head + py * head * 0.55),
           (b[0] - ux * head - px * head * 0.55, b[1] - uy * head - py * head * 0.55)]
    canvas.draw.polygon(tip, fill=colour, outline=theme.halo, width=2)


def shot_anchor(canvas: MapCanvas, shot: Shot, end_gap: float) -> tuple[float, float, float, float]:
    """A small box on the line near the target, where the shot's result is written."""
    (ax, ay), (bx, by) = canvas.px(*shot.start), canvas.px(*shot.end)
    d = math.hypot(bx - ax, by - ay) or 1.0
    t = max(0.5, 1 - (end_gap + 26) / d)
    x, y = ax + (bx - ax) * t, ay + (by - ay) * t
    return (x - 4, y - 4, x + 4, y + 4)


@lru_cache(maxsize=64)
def result_tag(text: str, struck: bool, critical: bool, theme: Theme) -> Image.Image:
    """A shot's result as a tile: red with white words when it struck home, yellow for
    a critical hit, white with grey words for a miss. Shared: do not draw on it."""
    if critical:
        fill, ink = theme.highlight, theme.ink
    elif struck:
        fill, ink = theme.fresh, (255, 255, 255)
    else:
        fill, ink = (255, 255, 255), theme.muted
    # As large as a name less a little: it must read at 550 px too.
    words = text_sprite(text, max(theme.label_px, theme.name_px - 3), True, ink, None, 0)
    w, h = words.width + 12, words.height + 8
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=fill + (255,), outline=theme.ink + (255,), width=2)
    img.alpha_composite(words, (6, 4))
    return img


def shot_tag(shot: Shot, theme: Theme) -> Image.Image:
    return result_tag(shot_words(shot.hits, shot.critical, shot.effect, theme.lang), shot.struck, shot.critical,
                      theme)


# -- wrecks -------------------------------------------------------------------------


def lost_this_turn(view: View, ships: Iterable[Any], statuses: tuple[str, ...],
                   turns: Iterable[int] | None = None) -> list[Any]:
    """Ships lost (in one of ``statuses``) in one of ``turns`` (default: the view's),
    where they went down."""
    if turns is None:
        turns = () if view.get("turn") is None else (int(view["turn"]),)
    wanted = set(turns)
    return [s for s in ships if s.status in statuses and s.data.get("lost_turn") in wanted
            and s.data.get("x") is not None and s.data.get("y") is not None]


def draw_wreck(canvas: MapCanvas, ship: Any) -> None:
    """Where a ship went down: her base as a faint dashed outline with a × on it."""
    pts = canvas.poly_px(ship.base().exterior.coords)
    xs, ys = zip(*pts)
    if not canvas.visible((min(xs), min(ys), max(xs), max(ys))):
        return
    colour = canvas.theme.muted
    dashed_line(canvas.draw, pts, colour, width=2, dash=5, gap=4)
    cx, cy = canvas.px(ship.pose.x, ship.pose.y)
    r = max(min(ship.width * canvas.viewport.scale * 0.45, 10), 5)
    canvas.draw.line([(cx - r, cy - r), (cx + r, cy + r)], fill=colour, width=3)
    canvas.draw.line([(cx - r, cy + r), (cx + r, cy - r)], fill=colour, width=3)


@lru_cache(maxsize=128)
def wreck_label(name: str, theme: Theme) -> Image.Image:
    """A wreck's name after a dagger, in grey: she is gone. Shared: do not draw on it."""
    return text_sprite(f"† {name}", max(theme.label_px, theme.name_px - 3), True, theme.muted, theme.halo, 3)


def wreck_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box[0] + 2, box[1] + 4, box[2] - 2, box[3] - 4
        dashed_line(draw, [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], theme.muted, width=2, dash=5, gap=3)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        draw.line([(cx - 5, cy - 5), (cx + 5, cy + 5)], fill=theme.muted, width=3)
        draw.line([(cx - 5, cy + 5), (cx + 5, cy - 5)], fill=theme.muted, width=3)
    return icon


def shot_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        y = (box[1] + box[3]) / 2
        a, b = (box[0] + 2, y), (box[2] - 10, y)
        draw.line([a, b], fill=theme.halo, width=8)
        draw.line([a, b], fill=theme.fresh, width=4)
        draw.polygon([(box[2] - 2, y), (box[2] - 14, y - 7), (box[2] - 14, y + 7)], fill=theme.fresh)
    return icon


def fresh_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        y0, y1 = box[1] + 6, box[3] - 6
        draw.rectangle((box[0], y0, box[2], y1), fill=(255, 255, 255), outline=theme.gauge_edge)
        mid = (box[0] + box[2]) // 2
        draw.rectangle((box[0] + 1, y0 + 1, mid - 4, y1 - 1), fill=theme.gauge_full)
        draw.rectangle((mid - 3, y0 + 1, mid + 6, y1 - 1), fill=theme.fresh)
    return icon


__all__ = ["Shot", "draw_shot", "draw_wreck", "framed", "fresh_icon", "lost_this_turn", "result_tag", "shot_anchor",
           "shot_icon", "shot_ids", "shot_tag", "shots_of", "within", "wreck_icon", "wreck_label"]
