"""The range bands a Cannoni map shades in a firing sector, a ship's broadside or a
coastal battery's alike: the rules' fire ranges (measured as the rules measure
fire: from a ship's mainmast, from a battery's face), each band's tint, and its
edge (solid when the guns are loaded, dashed when not)."""
from __future__ import annotations

from shapely.geometry import Polygon

from renderer.canvas import MapCanvas, PxPoint, closed, dashed_line
from renderer.theme import RGB
from rules.cannoni.fire import HULL_RANGE, RAKE_RANGE, RIGGING_MIN_RANGE

RINGS: tuple[float, ...] = (RIGGING_MIN_RANGE, RAKE_RANGE, HULL_RANGE)
RING_ALPHA = {RIGGING_MIN_RANGE: 92, RAKE_RANGE: 64, HULL_RANGE: 38}


def fill_band(canvas: MapCanvas, radius: float, band: Polygon, colour: RGB) -> None:
    """Shade the band out to ``radius`` on the translucent layer, nearer bands darker."""
    canvas.translucent(canvas.poly_px(band.exterior.coords), fill=colour + (RING_ALPHA.get(radius, 38),))


def outline_band(canvas: MapCanvas, pts: list[PxPoint], loaded: bool, edge: RGB) -> None:
    if loaded:
        canvas.draw.line(closed(pts), fill=edge, width=1)
    else:
        dashed_line(canvas.draw, closed(pts), edge, width=2, dash=7, gap=6)
