"""Forts and coastal batteries on the Cannoni map, drawn from the public view only.

Each battery is its emplacement on the fort's wall (the view gives its corners and
its face) in the side's colour, with battlements along the face; a dark bar outside
the face when its guns are loaded, an orange one when they hold red-hot shot; two
short dashed rays from the ends of the face show its fixed firing sector. A
destroyed battery is pale and crossed out. Batteries whose turn it is get the
yellow ring and, like ships, their sector shaded in range bands, measured from the
face as the rules measure a battery's fire. Geometry comes from rules.cannoni.forts.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable

from PIL import Image, ImageDraw
from shapely.geometry import LineString, Polygon

from renderer.board import LegendEntry, View
from renderer.cannoni.bands import RINGS, fill_band, outline_band
from renderer.canvas import MapCanvas, PxPoint, dashed_line
from renderer.pieces import ViewPiece
from renderer.theme import RGB, Theme, mix
from renderer.viewport import Box
from rules.cannoni.wording import TEXTS
from rules.cannoni import forts as rules_forts
SECTOR_TICK = 3.0  # inches of each sector edge drawn on every map
HEATED: RGB = (230, 159, 0)  # Okabe-Ito orange, as the flame badge


@dataclass(frozen=True, eq=False)
class Battery(ViewPiece):
    """One battery of the view, with its fort and its side's place in the palette."""

    data: dict[str, Any]
    fort: dict[str, Any]
    side_index: int

    @property
    def player(self) -> Any:
        return self.data.get("player")

    @property
    def destroyed(self) -> bool:
        return bool(self.data.get("destroyed"))

    @cached_property
    def polygon(self) -> Polygon:
        return Polygon([tuple(p) for p in self.data["emplacement"]])

    @cached_property
    def face(self) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.data["face"]
        return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))

    @property
    def facing(self) -> float:
        return float(self.data["facing"])

    @property
    def to_act(self) -> bool:
        return bool(self.fort.get("active")) and not self.data.get("acted") and not self.destroyed

    def sector(self) -> Polygon:
        d = self.data
        return rules_forts.sector_polygon(float(d["x"]), float(d["y"]), self.facing, float(d["frontage"]),
                                          float(d["inland"]), float(d["reach"]))


def batteries_of(view: View, side_indices: dict[str, int]) -> list[Battery]:
    return [Battery(b, f, side_indices.get(str(f["side"]), 0))
            for f in view.get("forts") or [] for b in f.get("batteries", [])]


def to_act(view: View, side_indices: dict[str, int]) -> list[Battery]:
    if view.get("step") != "action":
        return []
    return [b for b in batteries_of(view, side_indices) if b.to_act]


def boxes(view: View) -> list[Box]:
    """The forts belong in view like the ships."""
    return [Battery(b, f, 0).polygon.bounds for f in view.get("forts") or [] for b in f.get("batteries", [])]


# -- drawing -----------------------------------------------------------------------

def sector_rings(b: Battery) -> list[tuple[float, Polygon]]:
    """The battery's sector cut by the range bands, widest first, measured from the
    face (the fort's outer edge)."""
    reach = float(b.data["reach"])
    sector = b.sector()
    face = LineString(b.face)
    radii = sorted({min(r, reach) for r in RINGS}, reverse=True)
    return [(r, sector.intersection(face.buffer(r, quad_segs=24))) for r in radii]


def draw_sectors(canvas: MapCanvas, b: Battery) -> None:
    theme = canvas.theme
    colour = theme.side_colour(b.side_index)
    edge = mix(colour, (0, 0, 0), 0.35)
    loaded = b.data.get("loaded") is not None
    rings = [(r, p) for r, p in sector_rings(b) if isinstance(p, Polygon) and not p.is_empty]
    if loaded:
        for r, poly in rings:
            fill_band(canvas, r, poly, colour)
        canvas.flush_overlay()
    for _r, poly in rings:
        outline_band(canvas, canvas.poly_px(poly.exterior.coords), loaded, edge)


def sector_ticks(b: Battery) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The two edges of the fixed sector, drawn SECTOR_TICK inches out from the ends of
    the face, each splayed 45° outward from the facing."""
    (ax, ay), (bx, by) = b.face
    fx, fy = math.sin(math.radians(b.facing)), math.cos(math.radians(b.facing))
    ux, uy = (bx - ax), (by - ay)
    n = math.hypot(ux, uy) or 1.0
    ux, uy = ux / n, uy / n  # along the face, from its first end to its second
    s = SECTOR_TICK / math.sqrt(2)
    return [((ax, ay), (ax + (fx - ux) * s, ay + (fy - uy) * s)),
            ((bx, by), (bx + (fx + ux) * s, by + (fy + uy) * s))]


def draw_battery(canvas: MapCanvas, b: Battery, ring: bool) -> None:
    theme = canvas.theme
    colour = theme.side_colour(b.side_index)
    scale = canvas.viewport.scale
    pts = canvas.poly_px(b.polygon.exterior.coords[:-1])
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = 0.6 * scale + 10
    bbox = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    if not canvas.visible(bbox):
        return
    edge_col = mix(colour, (0, 0, 0), 0.35)
    for start, end in sector_ticks(b):
        dashed_line(canvas.draw, canvas.poly_px([start, end]), edge_col, width=2, dash=6, gap=4)
    fill = mix(colour, (255, 255, 255), 0.6) if b.destroyed else colour
    (ax, ay), (bx, by) = b.face
    fx, fy = math.sin(math.radians(b.facing)), math.cos(math.radians(b.facing))
    load = b.data.get("loaded")

    def paint(draw: ImageDraw.ImageDraw, to_patch: Callable[[float, float], PxPoint], k: float) -> None:
        def at(x: float, y: float) -> PxPoint:
            return to_patch(*canvas.px(x, y))

        inch = 1.0 / scale
        poly = [at(x, y) for x, y in b.polygon.exterior.coords[:-1]]
        if ring:
            # Black then yellow, as for ships; wide enough to take in the gun bar.
            extra = 6 * inch if load is not None and not b.destroyed else 0.0
            for grow, colour in ((7 * inch + extra, theme.ink), (4 * inch + extra, theme.highlight)):
                grown = b.polygon.buffer(grow, join_style="mitre")
                draw.polygon([at(x, y) for x, y in grown.exterior.coords], fill=colour)
        draw.polygon(poly, fill=fill, outline=theme.ink, width=max(int(round(1.5 * k)), 1))
        # The wall: a heavy line along the face, so a fort never passes for a ship.
        draw.line([at(ax, ay), at(bx, by)], fill=theme.ink, width=max(int(round(4 * k)), 1))
        if load is not None and not b.destroyed:
            gap, stripe = 2 * inch, 4 * inch
            bar = [(ax + fx * gap, ay + fy * gap), (bx + fx * gap, by + fy * gap),
                   (bx + fx * (gap + stripe), by + fy * (gap + stripe)), (ax + fx * (gap + stripe), ay + fy * (gap + stripe))]
            draw.polygon([at(x, y) for x, y in bar], fill=HEATED if load == "heated" else theme.ink,
                         outline=theme.ink, width=max(int(round(1 * k)), 1))
        if b.destroyed:
            w = max(int(round(2.5 * k)), 1)
            draw.line([poly[0], poly[2]], fill=theme.ink, width=w)
            draw.line([poly[1], poly[3]], fill=theme.ink, width=w)

    canvas.supersampled(bbox, paint)


# -- words and legend ----------------------------------------------------------------

def gauge(b: Battery) -> tuple[tuple[tuple[int, int], ...], ...]:
    """(remaining, printed): battery points and gunners, in one group."""
    pts, crew = b.data["points"], b.data["crew"]
    return (((int(pts["boxes"]) - int(pts["lost"]), int(pts["boxes"])),
             (int(crew["boxes"]) - int(crew["lost"]), int(crew["boxes"]))),)


def badges(b: Battery) -> tuple[str, ...]:
    return ("fire",) if b.data.get("fire") else ()


def describe(view: View, square: Callable[[float, float], str], side_label: Callable[[str], str]) -> str:
    """One sentence per fort for the alt text: where it is and how each battery stands."""
    out = []
    for f in view.get("forts") or []:
        parts = []
        for b in f.get("batteries", []):
            pts = b["points"]
            if b.get("destroyed"):
                state = "destroyed"
            else:
                state = f"{int(pts['boxes']) - int(pts['lost'])}/{pts['boxes']} points"
                if b.get("fire"):
                    state += ", on fire"
                if b.get("loaded") == "heated":
                    state += ", red-hot shot"
                elif b.get("loaded") is None:
                    state += ", not loaded"
                if view.get("step") == "action" and f.get("active") and not b.get("acted"):
                    state += ", to act"
            parts.append(f"{b['name']} facing {float(b['facing']):.0f}° {state}")
        first = (f.get("batteries") or [{}])[0]
        where = square(float(first.get("x", 0)), float(first.get("y", 0))) if first else "?"
        out.append(f"{f['name']} ({side_label(str(f['side']))}) at {where}: " + "; ".join(parts) + ".")
    return " ".join(out)


def signature(view: View) -> tuple:
    return tuple((b["id"], b["points"]["lost"], b["crew"]["lost"], b.get("loaded"), bool(b.get("fire")),
                  bool(f.get("active")) and not b.get("acted"))
                 for f in view.get("forts") or [] for b in f.get("batteries", []))


def _battery_icon(theme: Theme, load: str | None, destroyed: bool = False):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        top, bottom = y0 + 9, y1 - 2
        fill = mix(theme.side_colour(0), (255, 255, 255), 0.6) if destroyed else theme.side_colour(0)
        draw.rectangle((x0, top, x1, bottom), fill=fill, outline=theme.ink, width=1)
        for x in range(x0, x1, 8):
            draw.rectangle((x, top, min(x + 3, x1), top + 3), fill=theme.ink)
        if load is not None:
            draw.rectangle((x0, y0 + 1, x1, y0 + 5), fill=HEATED if load == "heated" else theme.ink,
                           outline=theme.ink)
        if destroyed:
            draw.line([(x0, top), (x1, bottom)], fill=theme.ink, width=2)
            draw.line([(x0, bottom), (x1, top)], fill=theme.ink, width=2)
    return icon


def legend_entries(theme: Theme) -> tuple[LegendEntry, ...]:
    return (
        LegendEntry(TEXTS.text("cannoni.legend.battery", theme.lang), _battery_icon(theme, "ball"), 34),
        LegendEntry(TEXTS.text("cannoni.legend.heated", theme.lang), _battery_icon(theme, "heated"), 34),
        LegendEntry(TEXTS.text("cannoni.legend.destroyed", theme.lang), _battery_icon(theme, None, destroyed=True), 34),
        LegendEntry(TEXTS.text("cannoni.legend.rays", theme.lang), _tick_icon(theme), 34),
    )


def _tick_icon(theme: Theme):
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        edge = mix(theme.side_colour(0), (0, 0, 0), 0.35)
        mid = (x0 + x1) / 2
        draw.rectangle((mid - 6, y1 - 6, mid + 6, y1 - 1), fill=theme.side_colour(0), outline=theme.ink)
        dashed_line(draw, [(mid - 6, y1 - 6), (x0, y0)], edge, width=2, dash=4, gap=3)
        dashed_line(draw, [(mid + 6, y1 - 6), (x1, y0)], edge, width=2, dash=4, gap=3)
    return icon


def label(b: Battery, theme: Theme, sprite_for: Callable[..., Image.Image]) -> Image.Image:
    """The battery's label: the ship labels' own sprite (side shape, name, gauge, badges)."""
    return sprite_for(b.name, b.side_index, gauge(b), badges(b), theme)


__all__ = ["Battery", "batteries_of", "boxes", "describe", "draw_battery", "draw_sectors", "label",
           "legend_entries", "sector_rings", "sector_ticks", "signature", "to_act"]
