"""``CellBoard``: what a map of cells (hexes, squares) draws alike, whatever the cells.

The view's pieces stand on cells: the contract's ``x``, ``y`` are the cell's coordinates
(a hex's ``q``, ``r``; a square's ``col``, ``row``) and ``heading`` the piece's facing in
compass degrees; a piece may say how many cells it covers (``cells``, 1-3, on squares).
A subclass gives the geometry (``renderer.hexboard.HexBoard``,
``renderer.squareboard.SquareBoard``): the world the map shows, the cells to draw, a
cell's name and where a piece stands. Everything else — the framed sea, the pieces as
the open table's markers (ring, bow, hull in the side's colour), their labels, header,
legend, alt text, card and signature — is here, so that a hex or square ruleset's
board starts from a working map and adds its own marks.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property, partial
from typing import Any, Hashable, Iterable

from PIL import Image, ImageDraw

from renderer.alt_text import fit
from renderer.board import Header, Legend, RenderOptions, View
from renderer.canvas import MapCanvas, Placement
from renderer.labels import base_box, place_label
from renderer.legend_entries import afloat_counts, side_entries
from renderer.markers import LocalToPx, draw_marker
from renderer.open_table.ships import Look, label_sprite, paint_ship
from renderer.plain_card import plain_card
from renderer.pieces import ViewPiece, find_ship, side_indices, side_label
from renderer.theme import Theme
from renderer.viewport import Box, Viewport, plan
from rules.core.scenarios import scenario_title
from rules.core.tables.compass import compass
from rules.core.tables.open_table import Pose, base_polygon

MAP_ASPECT = 0.7  # the map's height over its width: the same for every frame of a game
Points = list[tuple[float, float]]


@dataclass(frozen=True, eq=False)
class CellPiece(ViewPiece):
    """A piece of the view on a map of cells, placed by its board in world units."""

    data: dict[str, Any]
    side_index: int
    pose: Pose  # world x, y of the marker's centre and its heading
    length: float
    width: float
    cell: str  # the name of the cell she stands on (her bow's, on more than one)

    @property
    def afloat(self) -> bool:
        return self.data.get("status", "afloat") == "afloat"

    def base(self):
        return base_polygon(self.pose, self.length, self.width)

    @cached_property
    def _frame(self) -> tuple[float, float]:
        h = math.radians(self.pose.heading)
        return math.sin(h), math.cos(h)

    def to_world(self, along: float, across: float) -> tuple[float, float]:
        s, c = self._frame
        return (self.pose.x + along * s + across * c, self.pose.y + along * c - across * s)


def paint_bow(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: Look,
              theme: Theme) -> None:
    """A pointed bow beyond the base: the piece's facing at a glance."""
    L, W = look.length, look.width
    tip = max(0.25 * L, 7 / px_per_unit)
    draw.polygon([at(L / 2, -0.4 * W), at(L / 2 + tip, 0), at(L / 2, 0.4 * W)], fill=theme.ink)


def no_deck(draw: ImageDraw.ImageDraw, at: LocalToPx, px_per_unit: float, k: float, look: Look,
            theme: Theme) -> None:
    pass


class CellBoard(ABC):
    """A map of cells; subclasses give the geometry (see the module docstring)."""

    kind = "cells"
    max_scale = 120.0  # px per world unit (a cell is about one unit across)
    bow = staticmethod(paint_bow)
    deck = staticmethod(no_deck)

    # -- geometry: the subclass's ------------------------------------------------------

    @abstractmethod
    def world(self, view: View) -> tuple[float, float, float, float]:
        """The map's extent in world units (x east, y north): x0, y0, x1, y1."""

    @abstractmethod
    def cell_outlines(self, view: View, box: Box) -> Iterable[Points]:
        """The outlines, in world units, of the cells that meet ``box``."""

    @abstractmethod
    def place(self, view: View, data: dict[str, Any]) -> tuple[Pose, float, float, str]:
        """Where a piece stands: its marker's pose, length and width in world units, and
        the name of its cell."""

    def draw_cell_names(self, canvas: MapCanvas, view: View) -> None:
        """Coordinates on the map, drawn over the pieces (default: none)."""

    # -- the pieces --------------------------------------------------------------------

    def pieces(self, view: View) -> list[CellPiece]:
        idx = side_indices(view)
        out = []
        for data in view.get("ships", []):
            if data.get("x") is None or data.get("y") is None:
                continue  # not on the map (yet)
            pose, length, width, cell = self.place(view, data)
            out.append(CellPiece(data, idx[str(data["side"])], pose, length, width, cell))
        return out

    def to_act(self, view: View) -> set[str]:
        """The pieces with the yellow ring: the view's ``to_act`` ids."""
        return {str(i) for i in view.get("to_act") or ()}

    # -- viewport and background -------------------------------------------------------

    def map_size(self, view: View, theme: Theme) -> tuple[int, int]:
        return theme.width, round(theme.width * MAP_ASPECT)

    def _shifted(self, view: View) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self.world(view)
        return x0, y0, x1 - x0, y1 - y0

    def plan_viewport(self, view: View, previous: Viewport | None, focus: tuple[str, ...],
                      theme: Theme) -> Viewport:
        # The planner's world starts at (0, 0): the map's extent is shifted there, and
        # everything drawn is shifted alike (``shift``).
        _x0, _y0, w, h = self._shifted(view)
        return plan((0.0, 0.0, w, h), (w, h), self.map_size(view, theme), previous=previous,
                    max_scale=theme.zoom_cap(self.max_scale), border=0.5)

    def shift(self, view: View, x: float, y: float) -> tuple[float, float]:
        x0, y0, _w, _h = self._shifted(view)
        return x - x0, y - y0

    def background(self, view: View, viewport: Viewport, theme: Theme) -> Image.Image:
        x0, y0, w, h = self._shifted(view)
        img = Image.new("RGB", (viewport.width, viewport.height), theme.off_table)
        draw = ImageDraw.Draw(img)
        a, b = viewport.to_px(0, h), viewport.to_px(w, 0)
        draw.rectangle((a[0], a[1], b[0], b[1]), fill=theme.sea)
        for outline in self.cell_outlines(view, (x0, y0, x0 + w, y0 + h)):
            pts = [viewport.to_px(x - x0, y - y0) for x, y in outline]
            draw.line(pts + pts[:1], fill=theme.grid, width=2)
        # Cells that only graze the frame are cut at it: beyond is not the map.
        W, H = viewport.width, viewport.height
        for box in ((0, 0, W, a[1]), (0, b[1], W, H), (0, 0, a[0], H), (b[0], 0, W, H)):
            if box[2] > box[0] and box[3] > box[1]:
                draw.rectangle(box, fill=theme.off_table)
        # The frame: heavy, so the map's edge reads at a glance on a phone.
        draw.rectangle((a[0], a[1], b[0], b[1]), outline=theme.table_edge, width=4)
        return img

    # -- drawing -----------------------------------------------------------------------

    def draw(self, canvas: MapCanvas, view: View, options: RenderOptions) -> None:
        ringed = self.to_act(view) | set(options.focus)
        shown = [self._shifted_piece(view, p) for p in self.pieces(view) if p.afloat]
        for piece in shown:
            look = Look(piece.length, piece.width, canvas.theme.side_colour(piece.side_index), piece.id in ringed)
            reach = max(piece.length, piece.width) + 10 / canvas.viewport.scale
            draw_marker(canvas, piece, reach, partial(paint_ship, look=look, theme=canvas.theme, bow=self.bow,
                                                      deck=self.deck))
        if options.labels:
            taken = Placement()
            boxes = {p.id: base_box(canvas, p.base(), 4) for p in shown}
            taken.taken.extend(boxes.values())
            for p in sorted(shown, key=lambda p: p.id not in ringed):
                place_label(canvas, taken, boxes[p.id],
                            partial(label_sprite, self.label_name(p, canvas.theme.lang), p.side_index, (),
                                    canvas.theme))
            self.place_map_labels(canvas, view, taken)
        self.draw_cell_names(canvas, view)

    def label_name(self, piece: CellPiece, lang: str) -> str:
        """The name on a piece's label, in ``lang`` (default: the view's name)."""
        return piece.name

    def place_map_labels(self, canvas: MapCanvas, view: View, taken: Placement) -> None:
        """Names of the map itself (islands, ...) placed after the pieces' labels, clear of
        everything ``taken`` (default: none)."""

    def _shifted_piece(self, view: View, p: CellPiece) -> CellPiece:
        x, y = self.shift(view, p.pose.x, p.pose.y)
        return CellPiece(p.data, p.side_index, Pose(x, y, p.pose.heading), p.length, p.width, p.cell)

    # -- words -------------------------------------------------------------------------

    def status_line(self, view: View) -> str:
        turn, limit = view.get("turn"), view.get("turns_limit")
        line = f"Turn {turn} of {limit}" if limit else f"Turn {turn}"
        return f"{line} · {view.get('step')}" if view.get("step") else line

    def header(self, view: View, lang: str = "en") -> Header:
        return Header(title=scenario_title(view.get("title"), lang) or str(view.get("scenario") or view.get("ruleset")),
                      lines=(self.status_line(view),))

    def legend(self, view: View, theme: Theme) -> Legend:
        sides = side_indices(view)
        counts = afloat_counts(self.pieces(view))
        return Legend(key=(type(self).__name__, tuple((s, counts.get(s, 0)) for s in sides)),
                      sections=(("Sides", side_entries(sides, counts, theme)),))

    def sentence(self, view: View, piece: CellPiece) -> str:
        h = round(piece.pose.heading) % 360
        return f"{piece.name} ({side_label(piece.side)}) at {piece.cell}, facing {compass(h)}."

    def describe(self, view: View, lang: str = "en") -> str:
        ringed = self.to_act(view)
        pieces = sorted((p for p in self.pieces(view) if p.afloat), key=lambda p: p.id not in ringed)
        return fit(self.status_line(view).replace(" · ", ", ") + ".", [self.sentence(view, p) for p in pieces], "")

    def card(self, view: View, piece_id: str, theme: Theme) -> Image.Image:
        find_ship(view, piece_id, lambda data, i: data)  # a KeyError naming the pieces there are
        piece = next(p for p in self.pieces(view) if p.id == piece_id)
        return plain_card(piece.name, [side_label(piece.side),
                                       f"at {piece.cell}, facing {compass(round(piece.pose.heading) % 360)}"], theme)

    def signature(self, view: View) -> Hashable:
        return (view.get("turn"), view.get("step"), tuple(sorted(self.to_act(view))),
                tuple((p.id, p.data.get("status"), p.pose.x, p.pose.y, p.pose.heading) for p in self.pieces(view)))
