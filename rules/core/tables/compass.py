"""The compass rose: headings named by their nearest point, as the rulebooks name them."""
from __future__ import annotations

# The 32 points of the rose clockwise from north; "b" is "by" (NbE: north by east).
POINTS_EN = ["N", "NbE", "NNE", "NEbN", "NE", "NEbE", "ENE", "EbN", "E", "EbS", "ESE", "SEbE", "SE", "SEbS", "SSE", "SbE",
             "S", "SbW", "SSW", "SWbS", "SW", "SWbW", "WSW", "WbS", "W", "WbN", "WNW", "NWbW", "NW", "NWbN", "NNW", "NbW"]
POINTS_16 = POINTS_EN[::2]


def compass(degrees: float) -> str:
    """Nearest of the 16 points (the rulebook's rose) by name."""
    return POINTS_16[int(((degrees % 360) + 11.25) // 22.5) % 16]
