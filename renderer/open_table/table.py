"""The open table: a miniatures table measured in inches, with no hexes or squares
in the rules. The renderer lays a lettered grid over it only so that players can
name a place in chat ("make for F7").

Coordinates are those of the rules: inches, x to the east, y to the north,
origin at the bottom-left corner of the table. The grid's columns are lettered
from the west edge (A, B, ...), its rows numbered from the south edge (1, 2, ...).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from functools import lru_cache

from PIL import Image, ImageDraw
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box

from renderer.board import View
from renderer.canvas import MapCanvas
from renderer.theme import Theme, text_sprite
from renderer.viewport import Box, Viewport, plan, union

GRID_INCHES = 6.0
# The map's height, as a share of its width: the table's proportions, kept between
# a wide strip and a tall phone-screen picture.
MIN_MAP_ASPECT = 0.5625
MAX_MAP_ASPECT = 0.8125
# The background is drawn at this multiple and reduced, once per table and
# viewport, so that coastlines are smooth; it is cached, so the cost is paid once.
BACKGROUND_SUPERSAMPLE = 2

LandKey = tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
# Depth zones: (name, depth 1-3, corners).
DepthKey = tuple[tuple[str, int, tuple[tuple[float, float], ...]], ...]


def column_name(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: spreadsheet-style, for tables over 13 feet."""
    name = ""
    index += 1
    while index > 0:
        index, rem = divmod(index - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


def grid_square(x: float, y: float, width: float, height: float,
                grid: float = GRID_INCHES) -> str:
    """The grid square holding a point, e.g. "F7"; points on the far edges belong
    to the last column or row, points off the table to the nearest square."""
    cols = max(int(-(-width // grid)), 1)
    rows = max(int(-(-height // grid)), 1)
    col = min(max(int(x // grid), 0), cols - 1)
    row = min(max(int(y // grid), 0), rows - 1)
    return f"{column_name(col)}{row + 1}"


class OpenTableBoard(ABC):
    """Shared drawing of an open table: sea, land, table edge, grid and its labels,
    and the automatic viewport. A game's board subclasses it and adds its pieces
    (``piece_boxes``, ``draw``, ``header``, ``legend``, ``describe``, ``card``)."""

    kind = "open_table"
    grid_inches = GRID_INCHES
    margin = 6.0  # inches kept around the pieces in the automatic view
    max_scale = 48.0  # px per inch: closer than this a ship fills the phone screen
    # Coast and shallows this far (table units) from the pieces framed are kept in
    # view with them; the rest of the table is in the inset.
    coast_reach = 12.0
    # The view zooms back in when the pieces framed fit this many ladder steps closer.
    zoom_in_steps = 2

    # -- table ------------------------------------------------------------------------

    @staticmethod
    def table(view: View) -> tuple[float, float, LandKey]:
        t = view["table"]
        land = tuple((str(a.get("name", "land")), tuple((float(p[0]), float(p[1])) for p in a["points"]))
                     for a in t.get("land", []))
        return float(t["width"]), float(t["height"]), land

    @staticmethod
    def depth_zones(view: View) -> DepthKey:
        t = view["table"]
        return tuple((str(z.get("name", "shallows")), int(z.get("depth", 1)),
                      tuple((float(p[0]), float(p[1])) for p in z["points"])) for z in t.get("depth") or [])

    def square(self, view: View, x: float, y: float) -> str:
        w, h, _ = self.table(view)
        return grid_square(x, y, w, h, self.grid_inches)

    # -- viewport -----------------------------------------------------------------------

    def map_size(self, view: View, theme: Theme) -> tuple[int, int]:
        w, h, _ = self.table(view)
        height = round(theme.width * h / w)
        low, high = round(theme.width * MIN_MAP_ASPECT), round(theme.width * MAX_MAP_ASPECT)
        return theme.width, min(max(height, low), high)

    @abstractmethod
    def piece_boxes(self, view: View, focus: tuple[str, ...], everyone: bool = False) -> list[Box]:
        """World boxes that must be in view: each board lists its pieces (the pieces in
        action, or ``everyone``)."""

    def plan_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                      theme: Theme) -> Viewport:
        return self._plan(view, previous, focus, theme, steady=False)

    def plan_steady_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                             theme: Theme) -> Viewport:
        """The view of a replay: every piece framed, and the scale only goes down, so
        that it stays the same through the frames."""
        return self._plan(view, previous, focus, theme, steady=True)

    def _plan(self, view: View, previous: Viewport | None, focus: tuple[str, ...], theme: Theme,
              steady: bool) -> Viewport:
        w, h, land = self.table(view)
        boxes = self.piece_boxes(view, focus, everyone=steady)
        ships = union(boxes)
        if ships is not None:
            # The coast is part of the battle (it blocks fire and wrecks ships): the
            # coast near the pieces stays in view with them; shallows ground ships as
            # the coast does. Coast further off is left to the inset.
            r = self.coast_reach
            near = shapely_box(ships[0] - r, ships[1] - r, ships[2] + r, ships[3] + r)
            for _name, points in land + tuple((n, p) for n, _d, p in self.depth_zones(view)):
                if len(points) < 3:
                    continue
                part = Polygon(points).buffer(0).intersection(near)
                if not part.is_empty:
                    boxes.append(part.bounds)
        box = union(boxes)
        m = self.margin
        interest = None if box is None else (box[0] - m, box[1] - m, box[2] + m, box[3] + m)
        return plan(interest, (w, h), self.map_size(view, theme), previous=previous,
                    max_scale=theme.zoom_cap(self.max_scale), zoom_in_steps=None if steady else self.zoom_in_steps)

    # -- background -------------------------------------------------------------------

    def background(self, view: View, viewport: Viewport, theme: Theme) -> Image.Image:
        w, h, land = self.table(view)
        return _background(w, h, land, self.grid_inches, viewport, theme, self.depth_zones(view))

    def zone_label_rects(self, view: View, viewport: Viewport, theme: Theme) -> list[tuple[float, float, float, float]]:
        """Where the background wrote the names of depth zones and land (px)."""
        _w, _h, land = self.table(view)
        return [(x, y, x + sp.width, y + sp.height)
                for sp, (x, y) in zone_labels(land, self.depth_zones(view), viewport, theme)]

    def draw_grid_labels(self, canvas: MapCanvas, view: View) -> None:
        """Column letters along the top and bottom, row numbers along both sides,
        for the squares in view. Drawn last, over the pieces, so they always show."""
        w, h, _ = self.table(view)
        vp, theme = canvas.viewport, canvas.theme
        cw, ch = canvas.size
        g = self.grid_inches
        x_lo, x_hi = max(vp.x0, 0.0), min(vp.x1, w)
        y_lo, y_hi = max(vp.y0, 0.0), min(vp.y1, h)
        col = int(x_lo // g)
        while col * g < x_hi:
            a, b = max(col * g, x_lo), min((col + 1) * g, x_hi)
            if (b - a) * vp.scale >= 24:
                sprite = text_sprite(column_name(col), theme.label_px, True, theme.ink, theme.halo, 3)
                cx = vp.to_px((a + b) / 2, 0)[0]
                canvas.paste(sprite, cx - sprite.width / 2, 3)
                canvas.paste(sprite, cx - sprite.width / 2, ch - sprite.height - 3)
            col += 1
        row = int(y_lo // g)
        while row * g < y_hi:
            a, b = max(row * g, y_lo), min((row + 1) * g, y_hi)
            if (b - a) * vp.scale >= 24:
                sprite = text_sprite(str(row + 1), theme.label_px, True, theme.ink, theme.halo, 3)
                cy = vp.to_px(0, (a + b) / 2)[1]
                canvas.paste(sprite, 4, cy - sprite.height / 2)
                canvas.paste(sprite, cw - sprite.width - 4, cy - sprite.height / 2)
            row += 1


@lru_cache(maxsize=16)
def _background(width: float, height: float, land: LandKey, grid: float, viewport: Viewport,
                theme: Theme, depths: DepthKey = ()) -> Image.Image:
    k = BACKGROUND_SUPERSAMPLE
    img = Image.new("RGB", (viewport.width * k, viewport.height * k), theme.off_table)
    draw = ImageDraw.Draw(img)

    def px(x: float, y: float) -> tuple[float, float]:
        a, b = viewport.to_px(x, y)
        return (a * k, b * k)

    x0, y0 = px(0, height)
    x1, y1 = px(width, 0)
    draw.rectangle((x0, y0, x1, y1), fill=theme.sea)
    # Deepest first, so that where zones overlap the shallower shows (and counts).
    for _name, depth, points in sorted(depths, key=lambda z: -z[1]):
        draw.polygon([px(x, y) for x, y in points], fill=theme.depth_fill[min(max(depth, 1), 3) - 1],
                     outline=theme.depth_edge, width=2 * k)
    gx = grid
    while gx < width - 1e-9:
        draw.line([px(gx, 0), px(gx, height)], fill=theme.grid, width=k)
        gx += grid
    gy = grid
    while gy < height - 1e-9:
        draw.line([px(0, gy), px(width, gy)], fill=theme.grid, width=k)
        gy += grid
    for _name, points in land:
        pts = [px(x, y) for x, y in points]
        draw.polygon(pts, fill=theme.land, outline=theme.land_edge, width=2 * k)
    draw.rectangle((x0, y0, x1, y1), outline=theme.table_edge, width=2 * k)
    img = img.reduce(k)
    for sprite, (x, y) in zone_labels(land, depths, viewport, theme):
        img.paste(sprite, (x, y), sprite)
    return img


def zone_labels(land: LandKey, depths: DepthKey, viewport: Viewport,
                theme: Theme) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The names written on depth zones ("the bar · depth 1") and on land, each with
    its top-left corner on the map: drawn with the background, and kept clear of the
    ships' labels."""
    out = []
    for name, depth, points in depths:
        if len(points) < 3:
            continue
        spot = Polygon(points).representative_point()
        sprite = text_sprite(f"{name} · depth {depth}", theme.small_px, False, theme.depth_ink,
                             theme.depth_fill[min(max(depth, 1), 3) - 1], 2)
        cx, cy = viewport.to_px(spot.x, spot.y)
        out.append((sprite, (int(cx - sprite.width / 2), int(cy - sprite.height / 2))))
    for name, points in land:
        if len(points) < 3:
            continue
        spot = Polygon(points).representative_point()
        sprite = text_sprite(name, theme.label_px, False, theme.land_ink, theme.land, 2)
        cx, cy = viewport.to_px(spot.x, spot.y)
        out.append((sprite, (int(cx - sprite.width / 2), int(cy - sprite.height / 2))))
    return out
