"""The house rules' scale (the club plays 1/3000 models as well as the rulebook's 1/1200).

"Le regole rimangono inalterate, quindi nel seguito sono riportate solo le misure (basi,
gittate, movimento, ...) per questa scala": 72 / 36 mm for 180 / 90, 12 mm a RDC for 30, the
1/1200 measures divided by 2.5. Bases, speeds, ranges and the table shrink together, so the
sea is the same and so are the dice's consequences. The engine measures in the
rulebook's 1/1200 millimetres; with the switch ``scale_3000`` every measure a player reads
(the view's positions, bases, speeds, table and land; the log's distances) is given in
1/3000 millimetres, that is divided by ``FACTOR``.
"""
from __future__ import annotations

from typing import Any

FACTOR = 2.5


def factor(options: Any) -> float:
    return FACTOR if getattr(options, "scale_3000", False) else 1.0


def told(options: Any, mm: float) -> float | int:
    """A distance for a log line: whole 1/1200 mm, or 1/3000 mm to a tenth."""
    f = factor(options)
    return round(mm) if f == 1.0 else round(mm / f, 1)


def shown(options: Any, mm: float, digits: int = 3) -> float:
    return round(mm / factor(options), digits)


def scale_label(options: Any) -> str:
    return "1/3000" if getattr(options, "scale_3000", False) else "1/1200"
