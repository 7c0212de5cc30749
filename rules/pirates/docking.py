"""Where a fleet bought by points starts: "tutte le navi partono attraccate alla propria
isola base" — every ship lying on sea squares with at least one on her home island's
coast, none on another, bow out to the open sea.

Deterministic: the largest ships are placed first, each on the free place nearest her
island whose bow points most nearly at the middle of the sea.
"""
from __future__ import annotations

import math

from rules.core.tables.squares import FACINGS, ShipPlace, Square, bearing
from rules.pirates.setup import PiratesSetup, _islands


def dock_fleet(sea: PiratesSetup, side: str, lengths: list[int],
               taken: list[tuple[int, int]]) -> list[ShipPlace] | None:
    """A place for each ship (by her length in squares, in the fleet's order), or None when
    they do not all fit. ``taken``: squares already used, extended with this fleet's."""
    islands = _islands(sea)
    home = next(i for i in islands if i.kind == "home" and i.side == side)
    land = {tuple(c) for i in islands for c in i.land}
    coast = {tuple(c) for c in home.coast}
    ax, ay = _centre(home.outline)
    mx, my = sea.cols / 2, sea.rows / 2
    out: dict[int, ShipPlace] = {}
    used = set(taken)
    for index in sorted(range(len(lengths)), key=lambda i: (-lengths[i], i)):
        best = None
        for col in range(sea.cols):
            for row in range(sea.rows):
                for f in range(FACINGS):
                    place = ShipPlace(Square(col, row), f, lengths[index])
                    cells = [(s.col, s.row) for s in place.squares()]
                    if not _fits(cells, sea, land, used) or not any(c in coast for c in cells):
                        continue
                    score = (_off_bearing(col, row, f, mx, my), math.hypot(col + 0.5 - ax, row + 0.5 - ay), col, row, f)
                    if best is None or score < best[0]:
                        best = (score, place, cells)
        if best is None:
            return None
        out[index] = best[1]
        used.update(best[2])
    taken.extend(c for p in out.values() for c in ((s.col, s.row) for s in p.squares()))
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
