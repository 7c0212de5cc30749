"""The toy race's map: the lanes as a square grid, the finish line, the counters.
A :class:`renderer.board.Board` drawn from the public view only; the whole grid is
always in view, so the scale never changes through a game."""
from __future__ import annotations

from typing import Hashable

from PIL import Image, ImageDraw

from renderer.board import Header, Legend, LegendEntry, RenderOptions, View
from renderer.canvas import MapCanvas
from renderer.theme import Theme, font
from renderer.viewport import Viewport

MARGIN = 0.5  # grid squares of sea around the lanes


def _grid(view: View) -> tuple[int, int]:
    return int(view["finish"]) + 4, len(view["ships"])  # room for a run of 4 from the line


class ToyBoard:
    kind = "squares"

    def map_size(self, view: View, theme: Theme) -> tuple[int, int]:
        cols, rows = _grid(view)
        scale = theme.width / (cols + 2 * MARGIN)
        return theme.width, round((rows + 2 * MARGIN) * scale)

    def plan_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                      theme: Theme) -> Viewport:
        cols, rows = _grid(view)
        width, height = self.map_size(view, theme)
        return Viewport(x0=-MARGIN, y1=rows + MARGIN, scale=width / (cols + 2 * MARGIN), width=width,
                        height=height, world=(float(cols), float(rows)))

    def background(self, view: View, viewport: Viewport, theme: Theme) -> Image.Image:
        cols, rows = _grid(view)
        img = Image.new("RGB", (viewport.width, viewport.height), theme.sea)
        draw = ImageDraw.Draw(img)
        for col in range(cols + 1):
            draw.line([viewport.to_px(col, 0), viewport.to_px(col, rows)], fill=theme.grid, width=1)
        for row in range(rows + 1):
            draw.line([viewport.to_px(0, row), viewport.to_px(cols, row)], fill=theme.grid, width=1)
        finish = int(view["finish"])
        draw.line([viewport.to_px(finish, 0), viewport.to_px(finish, rows)], fill=theme.table_edge, width=4)
        return img

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        draw, theme = canvas.draw, canvas.theme
        r = canvas.viewport.scale * 0.35
        for i, ship in enumerate(view["ships"]):
            cx, cy = canvas.px(ship["col"] + 0.5, ship["row"] + 0.5)
            ring = theme.highlight if ship["id"] in options.focus else theme.ink
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.side_colour(i), outline=ring, width=3)
            if options.labels:
                draw.text((cx, cy), str(ship["stamina"]), font=font(theme.name_px, True), fill=theme.halo,
                          anchor="mm")

    def header(self, view: View, lang: str = "en") -> Header:
        lines = [f"Turn {view['turn']}: first past column {view['finish']} wins"]
        if view.get("over"):
            lines = [f"{view['winner']} wins" if view.get("winner") else "A draw"]
        return Header(title="Toy race", lines=tuple(lines))

    def legend(self, view: View, theme: Theme) -> Legend:
        def disc(colour):
            def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
                draw.ellipse(box, fill=colour, outline=theme.ink)
            return paint
        entries = tuple(LegendEntry(ship["name"], disc(theme.side_colour(i)), icon_width=22)
                        for i, ship in enumerate(view["ships"]))
        return Legend(key=("toy", tuple(s["name"] for s in view["ships"])),
                      sections=(("Counters (number: stamina)", entries),))

    def describe(self, view: View, lang: str = "en") -> str:
        if lang == "it":
            where = "; ".join(f"{s['name']} alla colonna {s['col']}, resistenza {s['stamina']}" for s in view["ships"])
            return f"Corsa giocattolo, turno {view['turn']}, arrivo alla colonna {view['finish']}: {where}."[:1000]
        where = "; ".join(f"{s['name']} at column {s['col']}, stamina {s['stamina']}" for s in view["ships"])
        return f"Toy race, turn {view['turn']}, finish at column {view['finish']}: {where}."[:1000]

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        ship = next(s for s in view["ships"] if s["id"] == piece_id)
        img = Image.new("RGB", (360, 90), theme.legend_bg)
        draw = ImageDraw.Draw(img)
        draw.text((12, 12), ship["name"], font=font(theme.title_px, True), fill=theme.ink)
        draw.text((12, 52), f"column {ship['col']}, stamina {ship['stamina']}", font=font(theme.label_px),
                  fill=theme.muted)
        return img

    def signature(self, view: View) -> Hashable:
        return (view["turn"], tuple((s["id"], s["col"], s["stamina"]) for s in view["ships"]))
