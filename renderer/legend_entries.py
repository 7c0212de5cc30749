"""Legend icons and entries every open-table board uses: each side's key with its
pieces afloat, a piece's marker in miniature, a sprite (badge, chip) as drawn on
the map."""
from __future__ import annotations

from typing import Callable, Iterable, TypeVar

from PIL import Image, ImageDraw

from renderer.board import IconPainter, LegendEntry
from renderer.canvas import PxPoint
from renderer.markers import LocalToPx
from renderer.pieces import ShipOnTable, side_label
from renderer.theme import Theme, text_sprite

Look = TypeVar("Look")


def side_icon(index: int, theme: Theme) -> IconPainter:
    """The side's shape, then a swatch of its colour."""
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        shape = text_sprite(theme.side_shape(index), theme.legend_px, True, theme.side_colour(index), None, 0)
        img.paste(shape, (box[0], (box[1] + box[3] - shape.height) // 2), shape)
        x = box[0] + shape.width + 4
        draw.rectangle((x, box[1] + 3, box[2], box[3] - 3), fill=theme.side_colour(index), outline=theme.ink)
    return icon


def afloat_counts(pieces: Iterable[ShipOnTable]) -> dict[str, int]:
    """Pieces afloat, by side."""
    counts: dict[str, int] = {}
    for p in pieces:
        if p.afloat:
            counts[p.side] = counts.get(p.side, 0) + 1
    return counts


def side_entries(sides: dict[str, int], counts: dict[str, int], theme: Theme,
                 words: str = "{n}") -> tuple[LegendEntry, ...]:
    """One entry per side (``sides``: each side's place in the palette): its key, its
    name and ``words`` about the ``n`` pieces it has afloat."""
    return tuple(LegendEntry(f"{side_label(side)} ({words.format(n=counts.get(side, 0))})", side_icon(i, theme), 46)
                 for side, i in sides.items())


def sprite_icon(sprite: Image.Image) -> IconPainter:
    """A sprite as the map shows it, centred on the line."""
    def icon(img: Image.Image, _draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        img.paste(sprite, (box[0], (box[1] + box[3] - sprite.height) // 2), sprite)
    return icon


def mini_marker(look: Look, length: float,
                paint: Callable[[ImageDraw.ImageDraw, LocalToPx, float, float, Look, Theme], None], theme: Theme,
                margin: float, stretch: float, shift: float) -> IconPainter:
    """A marker painted by ``paint(draw, at, scale, k, look, theme)`` (the map's own
    painter) to fit its icon box: ``length`` table units fill the box's width less
    ``margin`` px, over ``stretch`` (room for the bow's beak or bowsprit), its centre
    ``shift`` px left of the box's."""
    def icon(img: Image.Image, _draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        k = 3
        w, h = box[2] - box[0], box[3] - box[1]
        patch = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
        d = ImageDraw.Draw(patch)
        s = (w - margin) / (length * stretch)  # px per table unit that fits the icon box
        cx, cy = (w / 2 - shift) * k, h / 2 * k

        def at(along: float, across: float) -> PxPoint:
            return (cx + along * s * k, cy + across * s * k)

        paint(d, at, s, k, look, theme)
        small = patch.convert("RGBa").reduce(k).convert("RGBA")
        img.paste(small, box[:2], small)
    return icon


def trail_icon(colour: tuple[int, int, int]) -> IconPainter:
    """The legend's sample of :func:`renderer.markers.draw_trail`."""
    def icon(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        y = (box[1] + box[3]) / 2
        draw.line([(box[0] + 4, y), (box[2], y)], fill=colour, width=3)
        draw.ellipse((box[0], y - 4, box[0] + 8, y + 4), fill=colour, outline=(255, 255, 255))
    return icon
