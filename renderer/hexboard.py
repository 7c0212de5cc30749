"""The hex map's board base (rules.core.tables.hexmap): flat-top hexes in axial
coordinates, drawn inside a frame that follows the pieces, since the sea of a hex game
may have no edge (Hearts of Oak's "Endless Plan").

A view drawn on hexes says ``"board": {"kind": "hex"}`` (optionally ``"hexes"``: a
list of ``[q, r]`` that must be on the map as well, and ``"margin"``: hexes of sea kept
round them, 1 by default). Each piece's ``x``, ``y`` are its hex's ``q``, ``r``, and its
``heading`` the compass bearing of the side it faces (0, 60, ... 300). A ruleset's board
subclasses ``HexBoard`` (renderer.cells.CellBoard has the hooks) and is named by its
manifest.
"""
from __future__ import annotations

import math
from typing import Any, Iterable

from renderer.board import View
from renderer.canvas import MapCanvas
from renderer.cells import CellBoard, Points
from renderer.theme import text_sprite
from renderer.viewport import Box
from rules.core.tables import hexmap
from rules.core.tables.open_table import Pose


def hex_name(h: hexmap.Hex) -> str:
    """A hex's name in texts: its axial coordinates, "q,r"."""
    return f"{h.q},{h.r}"


def hex_of(data: dict[str, Any]) -> hexmap.Hex:
    return hexmap.Hex(int(data["x"]), int(data["y"]))


class HexBoard(CellBoard):
    kind = "hex"

    def _frame(self, view: View) -> hexmap.Frame:
        board = view.get("board") if isinstance(view.get("board"), dict) else {}
        hexes = [hex_of(s) for s in view.get("ships", []) if s.get("x") is not None and s.get("y") is not None]
        hexes += [hexmap.Hex(int(q), int(r)) for q, r in board.get("hexes") or ()]
        return hexmap.frame(hexes or [hexmap.ORIGIN], margin=int(board.get("margin", 1)))

    def world(self, view: View) -> tuple[float, float, float, float]:
        f = self._frame(view)
        return f.x0, f.y0, f.x1, f.y1

    def cell_outlines(self, view: View, box: Box) -> Iterable[Points]:
        for h in hexmap.Frame(*box).hexes():
            yield hexmap.corners(h)

    def place(self, view: View, data: dict[str, Any]) -> tuple[Pose, float, float, str]:
        h = hex_of(data)
        x, y = hexmap.centre(h)
        return Pose(x, y, float(data.get("heading", 0.0))), 1.25, 0.55, hex_name(h)

    def draw_cell_names(self, canvas: MapCanvas, view: View) -> None:
        """Each hex's coordinates in its lower part, where a piece leaves room, when a
        hex is large enough on the map to hold them legibly."""
        theme = canvas.theme
        if canvas.viewport.scale < 60:
            return
        x0, y0, x1, y1 = self.world(view)
        for h in hexmap.Frame(x0, y0, x1, y1).hexes():
            cx, cy = hexmap.centre(h)
            if not (x0 < cx < x1 and y0 < cy < y1):
                continue  # cut by the frame
            sx, sy = self.shift(view, cx, cy - 0.62 * math.sqrt(3) / 2)
            sprite = text_sprite(hex_name(h), theme.small_px, False, theme.muted, None, 0)
            canvas.paste_centred(sprite, *canvas.px(sx, sy))
