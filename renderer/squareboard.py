"""The square grid's board base (rules.core.tables.squares): a framed board of squares,
columns lettered from the west edge and rows numbered from the south, as on the open
table's grid.

A view drawn on squares says ``"board": {"kind": "square", "cols": C, "rows": R}``.
Each piece's ``x``, ``y`` are its bow square's ``col``, ``row``, its ``heading`` one of the
eight facings in compass degrees (0, 45, ... 315), and ``cells`` how many squares it
covers (1-3, astern of the bow along its facing). A ruleset's board subclasses
``SquareBoard`` (renderer.cells.CellBoard has the hooks) and is named by its manifest.
"""
from __future__ import annotations

from typing import Any, Iterable

from renderer.board import View
from renderer.canvas import MapCanvas
from renderer.cells import CellBoard, Points
from renderer.open_table.table import column_name
from renderer.theme import text_sprite
from renderer.viewport import Box
from rules.core.tables import squares
from rules.core.tables.open_table import Pose


def square_name(sq: squares.Square) -> str:
    """A square's name in texts, e.g. "C4": column letter, then row number."""
    return f"{column_name(sq.col)}{sq.row + 1}"


class SquareBoard(CellBoard):
    kind = "square"

    @staticmethod
    def size(view: View) -> tuple[int, int]:
        board = view.get("board") if isinstance(view.get("board"), dict) else {}
        return int(board.get("cols", 12)), int(board.get("rows", 8))

    def world(self, view: View) -> tuple[float, float, float, float]:
        cols, rows = self.size(view)
        return 0.0, 0.0, float(cols), float(rows)

    def cell_outlines(self, view: View, box: Box) -> Iterable[Points]:
        cols, rows = self.size(view)
        for col in range(cols):
            for row in range(rows):
                yield list(squares.square_polygon(squares.Square(col, row)).exterior.coords)[:-1]

    def place(self, view: View, data: dict[str, Any]) -> tuple[Pose, float, float, str]:
        heading = float(data.get("heading", 0.0))
        ship = squares.ShipPlace(squares.Square(int(data["x"]), int(data["y"])), round(heading / 45) % 8,
                                 int(data.get("cells", 1)))
        bow, stern = ship.bow, ship.stern
        x, y = (bow.col + stern.col) / 2 + 0.5, (bow.row + stern.row) / 2 + 0.5
        step = 2 ** 0.5 if squares.diagonal(ship.facing) else 1.0
        length = (ship.length - 1) * step + 0.7
        return Pose(x, y, heading), length, 0.45, square_name(bow)

    def draw_cell_names(self, canvas: MapCanvas, view: View) -> None:
        """Column letters along the top and bottom, row numbers along both sides."""
        theme = canvas.theme
        cols, rows = self.size(view)
        w, h = canvas.size
        for col in range(cols):
            sprite = text_sprite(column_name(col), theme.label_px, True, theme.ink, theme.halo, 3)
            x = canvas.px(col + 0.5, 0)[0]
            canvas.paste_centred(sprite, x, canvas.px(0, rows)[1] - sprite.height / 2 - 4)
            canvas.paste_centred(sprite, x, canvas.px(0, 0)[1] + sprite.height / 2 + 4)
        for row in range(rows):
            sprite = text_sprite(str(row + 1), theme.label_px, True, theme.ink, theme.halo, 3)
            y = canvas.px(0, row + 0.5)[1]
            canvas.paste_centred(sprite, canvas.px(0, 0)[0] - sprite.width / 2 - 6, y)
            canvas.paste_centred(sprite, canvas.px(cols, 0)[0] + sprite.width / 2 + 6, y)
