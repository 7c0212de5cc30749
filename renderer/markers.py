"""What every board paints on a piece's base marker, and how the marker is put on
the map: the yellow ring of a piece to act, the hatching of one going down, the
dashed bases where a move can end, and the antialiased patch a marker is painted on.

A board's painter works in piece-local table units through ``at(forward,
starboard)``, which maps them to pixels of the patch; it is also given the final
image's px per table unit, and ``k``, the patch's px per final px, by which line
widths are multiplied so that they come out in final pixels.
"""
from __future__ import annotations

from typing import Callable, Iterable

from PIL import ImageDraw

from renderer.canvas import MapCanvas, PxPoint, dashed_line
from renderer.pieces import ShipOnTable
from renderer.theme import RGB, Theme
from rules.core.tables.open_table import Pose, base_polygon, distance

LocalToPx = Callable[[float, float], PxPoint]
LocalRect = Callable[[float, float, float, float], list[PxPoint]]


def local_rect(at: LocalToPx) -> LocalRect:
    """``rect(a0, a1, b0, b1)``: the corners in px of the piece-local rectangle from
    ``a0`` to ``a1`` along the piece and ``b0`` to ``b1`` across it."""
    def rect(a0: float, a1: float, b0: float, b1: float) -> list[PxPoint]:
        return [at(a1, b1), at(a0, b1), at(a0, b0), at(a1, b0)]
    return rect


def paint_ring(draw: ImageDraw.ImageDraw, rect: LocalRect, length: float, width: float, unit: float,
               theme: Theme) -> None:
    """The ring round a piece to act, ``unit`` being one final px in table units.
    Black then yellow: yellow alone is lost on the pale sea."""
    L, W = length, width
    g_out, g_in = 7 * unit, 4 * unit
    draw.polygon(rect(-L / 2 - g_out, L / 2 + g_out, -W / 2 - g_out, W / 2 + g_out), fill=theme.ink)
    draw.polygon(rect(-L / 2 - g_in, L / 2 + g_in, -W / 2 - g_in, W / 2 + g_in), fill=theme.highlight)


def paint_hull(draw: ImageDraw.ImageDraw, rect: LocalRect, length: float, width: float, fill: RGB, k: float,
               theme: Theme) -> None:
    """The base itself, in its side's colour with a dark edge."""
    draw.polygon(rect(-length / 2, length / 2, -width / 2, width / 2), fill=fill, outline=theme.ink,
                 width=max(int(round(1.5 * k)), 1))


def paint_hatching(draw: ImageDraw.ImageDraw, at: LocalToPx, length: float, width: float, k: float,
                   theme: Theme) -> None:
    """Three strokes across the hull: the piece is going down (sinking, burning)."""
    L, W = length, width
    for t in (-0.3, 0.0, 0.3):
        draw.line([at(t * L - 0.12 * L, -W / 2), at(t * L + 0.12 * L, W / 2)], fill=theme.ink,
                  width=max(int(round(1.5 * k)), 1))


def draw_marker(canvas: MapCanvas, piece: ShipOnTable, reach: float,
                paint: Callable[[ImageDraw.ImageDraw, LocalToPx, float, float], None]) -> None:
    """Paint a piece's marker antialiased, on a patch ``reach`` table units (a little
    more) round its centre, unless that is off the map. ``paint(draw, at, scale,
    k)`` paints it, ``scale`` being the map's px per table unit."""
    scale = canvas.viewport.scale
    cx, cy = canvas.px(piece.pose.x, piece.pose.y)
    r = reach * scale * 1.05
    bbox = (cx - r, cy - r, cx + r, cy + r)
    if not canvas.visible(bbox):
        return

    def on_patch(draw: ImageDraw.ImageDraw, to_patch: Callable[[float, float], PxPoint], k: float) -> None:
        def at(along: float, across: float) -> PxPoint:
            return to_patch(*canvas.px(*piece.to_world(along, across)))
        paint(draw, at, scale, k)

    canvas.supersampled(bbox, on_patch)


def draw_ghost_bases(canvas: MapCanvas, piece: ShipOnTable, poses: Iterable[Pose]) -> None:
    """Dashed bases where the piece's move can end, only where one would not sit on
    the piece itself."""
    start = (piece.pose.x, piece.pose.y)
    for pose in poses:
        if distance(start, (pose.x, pose.y)) >= 0.9 * piece.length:
            corners = base_polygon(pose, piece.length, piece.width).exterior.coords
            dashed_line(canvas.draw, canvas.poly_px(corners), canvas.theme.reach, width=2, dash=5, gap=4)


TRAIL_DOT_PX = 5  # half the side of a trail's dot, with its white edge


def draw_trail(canvas: MapCanvas, trail: Iterable[Iterable[float]], colour: RGB) -> None:
    """Where a ship sailed: a haloed line through the points she passed, a dot at each
    but the last (her marker stands there)."""
    points = [tuple(p) for p in trail]
    if len(points) < 2:
        return
    pts = canvas.poly_px(points)
    canvas.draw.line(pts, fill=(255, 255, 255), width=6, joint="curve")
    canvas.draw.line(pts, fill=colour, width=3, joint="curve")
    for x, y in pts[:-1]:
        r = TRAIL_DOT_PX - 1
        canvas.draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=(255, 255, 255))
