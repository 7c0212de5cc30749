"""Where a fleet bought by points starts: "tutte le navi partono attraccate alla propria
isola base" — every ship lying on sea squares with at least one on her home island's
coast, none on another, bow out to the open sea.

Deterministic: the largest ships are placed first, each on the free place along the grid
whose bow points most nearly at the middle of the sea, nearest her island.
"""
from __future__ import annotations

import math

from rules.core.tables.squares import FACINGS, ShipPlace, Square, bearing
from rules.pirates.setup import PiratesSetup, _islands


def dock_fleet(sea: PiratesSetup, side: str, lengths: list[int],
               taken: list[tuple[int, int]]) -> list[ShipPlace] | None:
    """A place for each ship (by her length in squares, in the fleet's order), or None when
    they do not all fit. ``taken``: squares already used, extended with this fleet's.
    A square of sea between neighbours where there is room (so that each can sail out and
    reads apart on the map), shoulder to shoulder where there is not; along the grid
    where there is room, diagonally where there is not."""
    for gap, square in ((1, True), (1, False), (0, True), (0, False)):
        found = _dock(sea, side, lengths, set(taken), gap, square)
        if found is not None:
            taken.extend(c for p in found for c in ((s.col, s.row) for s in p.squares()))
            return found
    return None


def _dock(sea: PiratesSetup, side: str, lengths: list[int], used: set[tuple[int, int]],
          gap: int, square: bool) -> list[ShipPlace] | None:
    """Greedy, largest first; ``square``: along the grid before any diagonal."""
    islands = _islands(sea)
    home = next(i for i in islands if i.kind == "home" and i.side == side)
    land = {tuple(c) for i in islands for c in i.land}
    coast = {tuple(c) for c in home.coast}
    ax, ay = _centre(home.outline)
    mx, my = sea.cols / 2, sea.rows / 2
    out: dict[int, ShipPlace] = {}
    for index in sorted(range(len(lengths)), key=lambda i: (-lengths[i], i)):
        best = None
        for col in range(sea.cols):
            for row in range(sea.rows):
                for f in range(FACINGS):
                    place = ShipPlace(Square(col, row), f, lengths[index])
                    cells = [(s.col, s.row) for s in place.squares()]
                    if not _fits(cells, sea, land, used) or not any(c in coast for c in cells):
                        continue
                    # Along the grid first (a diagonal hull is drawn across her neighbours'
                    # corners), bow to the open sea, near the island's middle.
                    score = (f % 2 if square else 0, _off_bearing(col, row, f, mx, my),
                             math.hypot(col + 0.5 - ax, row + 0.5 - ay), col, row, f)
                    if best is None or score < best[0]:
                        best = (score, place, cells)
        if best is None:
            return None
        out[index] = best[1]
        used.update((c + dc, r + dr) for c, r in best[2] for dc in range(-gap, gap + 1)
                    for dr in range(-gap, gap + 1))
    return [out[i] for i in range(len(lengths))]


def _fits(cells: list[tuple[int, int]], sea: PiratesSetup, land: set, used: set) -> bool:
    return all(0 <= c < sea.cols and 0 <= r < sea.rows and (c, r) not in land and (c, r) not in used
               for c, r in cells)


def _off_bearing(col: int, row: int, f: int, mx: float, my: float) -> int:
    """How far, in eighths, her facing is from the bearing to the middle of the sea."""
    want = math.degrees(math.atan2(mx - (col + 0.5), my - (row + 0.5))) % 360  # facing 0 is row + 1
    diff = abs(bearing(f) - want) % 360
    return round(min(diff, 360 - diff) / 45)


def _centre(outline: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(x for x, _ in outline) / len(outline), sum(y for _, y in outline) / len(outline)
