"""Colours, sizes and fonts shared by every board style.

Players mostly look at the map on a phone, where Discord shows an image inline
550 px wide (PHONE_PX): a map is drawn 1000 px wide, so that it is shrunk by 0.55
only, and every text is 15 px or more, 8.25 px or more at 550 px (PHONE_MIN_PX is
the floor: smaller, a name or a number needs the image opened full size). Colours
come from the Okabe-Ito palette, which stays distinct for the common forms of
colour blindness.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

MAP_WIDTH = 1000
# Boards give their closest zoom (``max_scale``, px per table unit) for a map this wide:
# a narrower map frames the same part of the table, and only its texts, badges and
# gauges grow against the ships.
SCALE_WIDTH = 1280
PHONE_PX = 550  # Discord's inline preview width
PHONE_MIN_PX = 8.0  # the smallest text size that reads at PHONE_PX
MIN_TEXT_PX = 15  # PHONE_MIN_PX at PHONE_PX, on a MAP_WIDTH image, rounded up

# Okabe & Ito, "Color Universal Design" (2008), in the order sides receive them:
# the first two (blue, vermillion) are the most separable pair for every kind of
# colour vision, and two-sided battles are the usual case.
SIDE_PALETTE: tuple[RGB, ...] = (
    (0, 114, 178),    # blue
    (213, 94, 0),     # vermillion
    (0, 158, 115),    # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
)
# A second cue besides colour, drawn before ship names and in the legend, so that
# sides stay apart in greyscale or for a monochromat.
SIDE_SHAPES: tuple[str, ...] = ("●", "■", "◆", "▲", "▼", "★")


@dataclass(frozen=True)
class Theme:
    lang: str = "en"  # the language of every word drawn
    width: int = MAP_WIDTH
    header_height: int = 96
    # Font sizes in px; the smallest is the floor for any text in an image. At 550 px
    # (x 0.55): 14.3, 10.5, 11, 8.8, 8.25, 8.8.
    title_px: int = 26
    status_px: int = 19
    name_px: int = 20
    label_px: int = 16
    small_px: int = 15
    legend_px: int = 16

    ink: RGB = (28, 32, 38)
    halo: RGB = (255, 255, 255)
    muted: RGB = (92, 100, 110)
    header_bg: RGB = (24, 42, 60)
    header_ink: RGB = (245, 247, 250)
    header_muted: RGB = (176, 192, 208)
    legend_bg: RGB = (242, 240, 234)
    sea: RGB = (220, 232, 238)
    grid: RGB = (178, 198, 210)
    off_table: RGB = (150, 160, 168)
    table_edge: RGB = (40, 56, 70)
    land: RGB = (222, 205, 160)
    land_edge: RGB = (128, 100, 54)
    land_ink: RGB = (92, 70, 36)
    highlight: RGB = (240, 228, 66)  # Okabe-Ito yellow, ringed in black to show on the sea
    gauge_full: RGB = (48, 52, 58)
    gauge_lost: RGB = (255, 255, 255)
    gauge_edge: RGB = (120, 126, 134)
    # Damage just taken, and a shot that struck home: a strong red, darker than the
    # vermillion of a side, so that it reads as an alarm and not as a side.
    fresh: RGB = (196, 20, 40)
    reach: RGB = (40, 48, 56)
    # Depth zones (*Pescaggio e profondità*), as on a chart: the shallower, the greener
    # and paler; depth 1, 2, 3.
    depth_fill: tuple[RGB, RGB, RGB] = ((190, 224, 204), (206, 230, 228), (204, 220, 236))
    depth_edge: RGB = (86, 140, 140)
    depth_ink: RGB = (36, 90, 96)
    side_palette: tuple[RGB, ...] = field(default=SIDE_PALETTE)

    def side_colour(self, index: int) -> RGB:
        return self.side_palette[index % len(self.side_palette)]

    def side_shape(self, index: int) -> str:
        return SIDE_SHAPES[index % len(SIDE_SHAPES)]

    def text_sizes(self) -> list[int]:
        return [self.title_px, self.status_px, self.name_px, self.label_px, self.small_px,
                self.legend_px]

    def zoom_cap(self, max_scale: float) -> float:
        """A board's closest zoom (px per unit on a SCALE_WIDTH map) on this theme's map."""
        return max_scale * self.width / SCALE_WIDTH

    def on_phone(self, px: float) -> float:
        """``px`` of an image this theme draws, as shown PHONE_PX wide."""
        return px * PHONE_PX / self.width


DEFAULT_THEME = Theme()


# -- fonts --------------------------------------------------------------------------

def _font_path(bold: bool) -> Path:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(str(resources.files("renderer") / "fonts" / name))


_local = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` px.

    One cache per thread: renders run in worker threads (``render_map_async``) and a
    FreeType face is not safe to share between threads that render at once.
    """
    if size < MIN_TEXT_PX:
        raise ValueError(f"text below {MIN_TEXT_PX} px is unreadable on a phone (asked {size})")
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (size, bold)
    if key not in cache:
        # Basic layout, not Raqm: Raqm is present on some machines and not others
        # and places glyphs differently; names and labels need no complex shaping,
        # and the same image everywhere keeps the reference tests meaningful.
        cache[key] = ImageFont.truetype(str(_font_path(bold)), size, layout_engine=ImageFont.Layout.BASIC)
    return cache[key]


def text_width(text: str, size: int, bold: bool = False) -> int:
    return int(round(font(size, bold).getlength(text)))


@lru_cache(maxsize=4096)
def text_sprite(text: str, size: int, bold: bool = False, fill: RGB = (28, 32, 38),
                halo: RGB | None = (255, 255, 255), halo_px: int = 3) -> Image.Image:
    """``text`` drawn once on a transparent tile, to be pasted with itself as mask.

    Names, grid labels and band numbers repeat from frame to frame; rasterising
    each once and pasting it is several times cheaper than drawing text anew.
    The returned image is shared: never draw on it.
    """
    f = font(size, bold)
    stroke = halo_px if halo is not None else 0
    left, top, right, bottom = f.getbbox(text, stroke_width=stroke)
    img = Image.new("RGBA", (max(right - left, 1), max(bottom - top, 1)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -top), text, font=f, fill=fill + (255,),
                             stroke_width=stroke, stroke_fill=(halo + (255,)) if halo else None)
    return img


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def ellipsize(text: str, size: int, max_px: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``max_px``."""
    if text_width(text, size, bold) <= max_px:
        return text
    while text and text_width(text + "…", size, bold) > max_px:
        text = text[:-1]
    return text.rstrip() + "…"
