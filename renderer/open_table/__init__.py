"""The open table, for every game of ships on a miniatures table (Cannoni, Nauta):

* ``renderer.open_table.table`` — the table itself: sea, land, depth zones, the lettered
  grid and its labels, the automatic view (``OpenTableBoard``);
* ``renderer.open_table.ships`` — the design every such board shares: a ship read from
  the view, her look and the painter's skeleton, status badges, the label's row, the
  reach and how it is drawn, legend icons;
* ``renderer.open_table.board`` — ``ShipsBoard``, the board skeleton: the drawing
  order, rings, ranges and reach, labels, legend and signature, with hooks a ruleset's
  board fills (see docs/renderer.md, "Adding a board").
"""
from renderer.open_table.table import GRID_INCHES, OpenTableBoard, column_name, grid_square

__all__ = ["GRID_INCHES", "OpenTableBoard", "column_name", "grid_square"]
