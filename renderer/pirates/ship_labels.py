"""The ships' names on the Pirates map, placed for a crowded harbour.

An 80-point fleet fills its home coast: ships lie side by side, many on a diagonal. The
square base keeps every ship's whole bounding box clear, and a diagonal ship's box
covers her neighbours' too, so the names were pushed far off, their leader lines
drawn from the middle of that box (often nearer another ship's bow) across other
ships and other names. Here:

* what a name must keep clear of is each hull as drawn (a diagonal one leaves the
  corners of her squares free), each mast disc, the coins and dice, and the names and
  leader lines placed before it; and a name stays inside the sea's frame, off the
  column letters and row numbers;
* a name goes beside her bow square, where her mast disc is, nearest first;
* a name that is not plainly hers — along a side of her bow square, across the middle
  of that side, and not so beside another ship's bow — gets a leader line from her mast
  disc, and the place chosen is the first whose line crosses no other ship (else the
  one that crosses fewest);
* every leader line is drawn before every name, so that no line is drawn over a name;
* the names are placed in a few orders (:func:`orders`), and the cheapest layout kept:
  in a crowd the first name placed takes the room a neighbour had no other use for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
from PIL import Image

from renderer.canvas import MapCanvas, Placement
from renderer.cells import CellPiece
from renderer.labels import label_candidates
from renderer.viewport import Viewport

Rect = tuple[float, float, float, float]
Cell = tuple[int, int]
RINGS = 4  # rings of the base's places around the bow, tried first
NEAR = 4.5  # squares: how far from her bow the closer search goes when those are all taken
STEP = 5.0  # px between the points of a leader line tested against the ships
# What a place costs, when none beside her bow is free: a px² of name over anything
# (another name, a hull, a coin), a ship or line a leader crosses, a px of leader.
HIDING, CROSSING, LENGTH = 50.0, 20000.0, 30.0
ACROSS_NAME = 1e9  # a name over a name or a mast disc, or a line across a name: never, where there is room
SHORT = 1.5  # squares: a leader line this short over clear water is as good as beside


def cell_box(viewport: Viewport, cell: Cell, inset: float = 0.0) -> Rect:
    (x0, y0), (x1, y1) = viewport.to_px(cell[0], cell[1] + 1), viewport.to_px(cell[0] + 1, cell[1])
    return (x0 + inset, y0 + inset, x1 - inset, y1 - inset)


def disc_radius(viewport: Viewport) -> float:
    return max(9.0, viewport.scale * 0.2)


@dataclass
class _Near:
    """What lies near a bow, that a name or its line must keep clear of."""
    taken: list[Rect]
    others: list[Rect]
    names: list[Rect]
    discs: list[Rect]
    bows: list[Rect]


class ShipNames:
    """Names placed one after the other (``add``), drawn at once (``paste``)."""

    def __init__(self, canvas: MapCanvas, taken: Placement, ships: list[tuple[CellPiece, Cell]],
                 bounds: Rect) -> None:
        """``ships``: each piece shown and her bow square; ``bounds``: where names may go."""
        self.canvas, self.taken, self.bounds = canvas, taken, bounds
        vp = canvas.viewport
        r = disc_radius(vp)
        self.bows = {piece.id: cell_box(vp, bow) for piece, bow in ships}
        self.discs = [(x - r, y - r, x + r, y + r) for x, y in (_centre(box) for box in self.bows.values())]
        self.hulls = {piece.id: hull_boxes(canvas, piece) for piece, _bow in ships}
        taken.taken += self.discs
        for boxes in self.hulls.values():
            taken.taken += boxes
        self.placed: list[tuple[Image.Image, Rect, tuple[float, float] | None]] = []
        self.leaders: list[Rect] = []  # boxes along the leader lines drawn so far
        self.cost = 0.0  # what the places chosen cost, summed (see _choose)

    def add(self, ship_id: str, make: Callable[[], Image.Image]) -> Rect | None:
        bow = self.bows[ship_id]
        if not self.canvas.visible(bow):
            return None
        sprite = make()
        anchor = _centre(bow)
        rect, cost = self._choose(ship_id, bow, anchor, sprite.size)
        self.cost += cost
        self.taken.taken.append(rect)
        leader = None if self._plainly_hers(ship_id, rect) else anchor
        if leader is not None:
            line = _line_boxes(anchor, _nearest(anchor, rect))
            self.taken.taken += line
            self.leaders += line
        self.placed.append((sprite, rect, leader))
        return rect

    def _choose(self, ship_id: str, bow: Rect, anchor: tuple[float, float],
                size: tuple[int, int]) -> tuple[Rect, float]:
        """Beside her bow if there is room; else the place that costs least: a name over
        a name or a mast disc costs most, then one over anything else, then a leader line
        over another ship or line, then its length. The base's places around the bow are
        tried first; a finer grid only when none of them will do. (The areas of every
        place are counted at once, with numpy: a crowd tries a few thousand places.)"""
        scale = self.canvas.viewport.scale
        reach = scale * NEAR + max(size)
        region = (bow[0] - reach, bow[1] - reach, bow[2] + reach, bow[3] + reach)
        near = _Near(
            taken=[b for b in self.taken.taken if _overlaps(b, region)],
            # what a leader line should not cross: other ships and the lines placed before; never a name
            others=[b for sid, boxes in self.hulls.items() if sid != ship_id for b in boxes if _overlaps(b, region)]
            + [b for b in self.leaders if _overlaps(b, region)],
            names=[r for _sprite, r, _anchor in self.placed if _overlaps(r, region)],
            discs=[d for d in self.discs if _overlaps(d, region)],
            bows=[box for sid, box in self.bows.items() if sid != ship_id])
        first = [_inside(rect, self.bounds) for rect, _beside in label_candidates(bow, *size, rings=RINGS)]
        found = self._scan(np.array(first), bow, anchor, near, None)
        if found[2]:
            return found[0], found[1]
        found = self._scan(_closer(bow, size, scale * NEAR, self.bounds), bow, anchor, near, found)
        return found[0], found[1]

    def _scan(self, rects: np.ndarray, bow: Rect, anchor: tuple[float, float], near: "_Near",
              best: tuple[Rect, float, bool] | None) -> tuple[Rect, float, bool]:
        """The first of ``rects`` that will do (and True), else the cheapest of them and
        ``best`` (and False)."""
        scale = self.canvas.viewport.scale
        hidden = _areas(rects, near.taken)
        on_names = _areas(rects, near.names + near.discs)
        hers = _beside_all(rects, bow)
        for box in near.bows:
            hers &= ~_beside_all(rects, box)
        ends = np.stack([np.clip(anchor[0], rects[:, 0], rects[:, 2]), np.clip(anchor[1], rects[:, 1], rects[:, 3])], 1)
        lengths = np.where(hers, 0.0, np.hypot(ends[:, 0] - anchor[0], ends[:, 1] - anchor[1]))
        costs = HIDING * hidden + ACROSS_NAME * on_names + LENGTH * lengths
        for i in range(len(rects)):
            rect: Rect = tuple(float(v) for v in rects[i])  # type: ignore[assignment]
            if hers[i] and hidden[i] == 0:
                return rect, 0.0, True
            cost = float(costs[i])
            if best is not None and cost >= best[1]:
                continue
            end = (float(ends[i, 0]), float(ends[i, 1]))
            crossed = 0 if hers[i] else _crossings(anchor, end, near.others)
            over_names = 0 if hers[i] else _crossings(anchor, end, near.names)
            if hidden[i] == 0 and crossed == 0 and over_names == 0 and lengths[i] <= SHORT * scale:
                return rect, cost, True
            cost += CROSSING * crossed + ACROSS_NAME * over_names
            if best is None or cost < best[1]:
                best = (rect, cost, False)
        assert best is not None
        return best

    def _plainly_hers(self, ship_id: str, rect: Rect) -> bool:
        bow = self.bows[ship_id]
        return _beside(rect, bow) and not any(_beside(rect, box) for sid, box in self.bows.items() if sid != ship_id)

    def paste(self) -> None:
        """Every leader line (from the edge of the mast disc), then every name over them."""
        canvas = self.canvas
        r = disc_radius(canvas.viewport)
        for _sprite, rect, anchor in self.placed:
            if anchor is None:
                continue
            end = _nearest(anchor, rect)
            dx, dy = end[0] - anchor[0], end[1] - anchor[1]
            length = max((dx * dx + dy * dy) ** 0.5, 1e-9)
            start = (anchor[0] + dx * r / length, anchor[1] + dy * r / length)
            canvas.draw.line([start, end], fill=(255, 255, 255), width=5)
            canvas.draw.line([start, end], fill=canvas.theme.ink, width=2)
        for sprite, rect, _anchor in self.placed:
            canvas.paste(sprite, rect[0], rect[1])


def _closer(bow: Rect, size: tuple[int, int], reach: float, bounds: Rect) -> np.ndarray:
    """Places for a name on a finer grid around her bow, nearest first, out to ``reach`` px
    (for a crowd, where the base's eight directions are all taken), moved inside ``bounds``."""
    w, h = size
    cx, cy = _centre(bow)
    step_x, step_y = 16.0, max(h / 2, 8.0)
    nx, ny = int((reach + w) / step_x), int((reach + h) / step_y)
    i, j = np.meshgrid(np.arange(-nx, nx + 1), np.arange(-ny, ny + 1))
    x0, y0 = (cx + i * step_x - w / 2).ravel(), (cy + j * step_y - h / 2).ravel()
    rects = np.stack([x0, y0, x0 + w, y0 + h], 1)
    gap_x = np.maximum(np.maximum(bow[0] - rects[:, 2], rects[:, 0] - bow[2]), 0)
    gap_y = np.maximum(np.maximum(bow[1] - rects[:, 3], rects[:, 1] - bow[3]), 0)
    keep = np.maximum(gap_x, gap_y) <= reach
    rects, dist = rects[keep], np.hypot(gap_x, gap_y)[keep]
    rects = rects[np.argsort(dist, kind="stable")]
    dx = np.maximum(bounds[0] - rects[:, 0], 0) - np.maximum(rects[:, 2] - bounds[2], 0)
    dy = np.maximum(bounds[1] - rects[:, 1], 0) - np.maximum(rects[:, 3] - bounds[3], 0)
    return rects + np.stack([dx, dy, dx, dy], 1)


def _areas(rects: np.ndarray, boxes: list[Rect]) -> np.ndarray:
    """For each of ``rects`` (n x 4), the area of ``boxes`` under it, summed."""
    if not boxes:
        return np.zeros(len(rects))
    b = np.array(boxes)
    w = np.minimum(rects[:, None, 2], b[None, :, 2]) - np.maximum(rects[:, None, 0], b[None, :, 0])
    h = np.minimum(rects[:, None, 3], b[None, :, 3]) - np.maximum(rects[:, None, 1], b[None, :, 1])
    return (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(1)


def _beside_all(rects: np.ndarray, box: Rect, reach: float = 6.0) -> np.ndarray:
    """:func:`_beside` for each of ``rects``."""
    gap_x = np.maximum(np.maximum(box[0] - rects[:, 2], rects[:, 0] - box[2]), 0)
    gap_y = np.maximum(np.maximum(box[1] - rects[:, 3], rects[:, 1] - box[3]), 0)
    cx, cy = _centre(box)
    return (((rects[:, 0] <= cx) & (cx <= rects[:, 2]) & (gap_y <= reach))
            | ((rects[:, 1] <= cy) & (cy <= rects[:, 3]) & (gap_x <= reach)))


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def _nearest(point: tuple[float, float], rect: Rect) -> tuple[float, float]:
    return min(max(point[0], rect[0]), rect[2]), min(max(point[1], rect[1]), rect[3])


def hull_boxes(canvas: MapCanvas, piece: CellPiece) -> list[Rect]:
    """Small boxes along a hull as drawn (her outline a pixel or two wider)."""
    half = piece.width * canvas.viewport.scale / 2 + 2
    n = max(int(piece.length / 0.2), 1)
    points = [canvas.px(*piece.to_world(-piece.length / 2 + k * piece.length / n, 0.0)) for k in range(n + 1)]
    return [(x - half, y - half, x + half, y + half) for x, y in points]


def _gaps(rect: Rect, box: Rect) -> tuple[float, float]:
    return max(box[0] - rect[2], rect[0] - box[2], 0.0), max(box[1] - rect[3], rect[1] - box[3], 0.0)


def _beside(rect: Rect, box: Rect, reach: float = 6.0) -> bool:
    """Whether a name lies along a side of the bow square, across the middle of that
    side (one at a corner reads as a neighbour's as well)."""
    gap_x, gap_y = _gaps(rect, box)
    cx, cy = _centre(box)
    return (rect[0] <= cx <= rect[2] and gap_y <= reach) or (rect[1] <= cy <= rect[3] and gap_x <= reach)


def _inside(rect: Rect, bounds: Rect) -> Rect:
    x0, y0, x1, y1 = rect
    dx = max(bounds[0] - x0, 0) - max(x1 - bounds[2], 0)
    dy = max(bounds[1] - y0, 0) - max(y1 - bounds[3], 0)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def _points(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    length = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
    n = max(int(length / STEP), 1)
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]


def _crossings(a: tuple[float, float], b: tuple[float, float], boxes: list[Rect]) -> int:
    """How many of ``boxes`` the line from ``a`` to ``b`` passes over."""
    lo_x, hi_x, lo_y, hi_y = min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])
    return sum(1 for box in boxes if box[0] <= hi_x and box[2] >= lo_x and box[1] <= hi_y and box[3] >= lo_y
               and _cuts(a, b, box))


def _cuts(a: tuple[float, float], b: tuple[float, float], box: Rect) -> bool:
    """Whether the segment a-b passes through ``box`` (Liang-Barsky clipping)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _line_boxes(a: tuple[float, float], b: tuple[float, float]) -> list[Rect]:
    """Small boxes along a leader line, so that no name placed later hides it."""
    return [(x - 3, y - 3, x + 3, y + 3) for x, y in _points(a, b)[1:-1:2]]


def orders(ids: list[str], bows: dict[str, Rect]) -> list[list[str]]:
    """The orders tried: as given (the ships about to act first), the other way round,
    and from the edge of each crowd inwards (the ships with the most bows near theirs last)."""
    def crowd(sid: str) -> int:
        return sum(1 for other, box in bows.items() if other != sid and max(_gaps(bows[sid], box)) < 60)
    by_room = sorted(ids, key=crowd)
    out: list[list[str]] = []
    for order in (ids, ids[::-1], by_room, by_room[::-1]):
        if order not in out:
            out.append(order)
    return out
