"""Optional rule 5's drift table, "Velocità alla deriva" (read in :mod:`rules.sca.drift`'s
docstring and docs/rules/sca.md): its own module, as both the drift of ships with their
sails aback (:mod:`rules.sca.drift`) and the drift of entangled ships
(:mod:`rules.sca.collisions`) read it, and the drift's movement needs the collisions."""
from __future__ import annotations

from rules.sca import navigation as N
from rules.sca import wind as W

Segments = tuple[float, float]

# "Forza del vento / Easy sail 1st 2nd / Full sail 1st 2nd":
# light breeze   Drift 5 - 5 -            Drift/Sails 10 5 20 15
# moderate       Drift (lost; 1/3000: 2 2 2 2)   Drift/Sails 10 10 25 25
# strong wind    Drift 10 10 10 10        Drift/Sails 20 20 45 45
TABLE: dict[str, dict[str, dict[str, Segments]]] = {
    "light": {"drift": {"easy": (5.0, 0.0), "full": (5.0, 0.0)},
              "sails": {"easy": (10.0, 5.0), "full": (20.0, 15.0)}},
    "breeze": {"drift": {"easy": (5.0, 5.0), "full": (5.0, 5.0)},
               "sails": {"easy": (10.0, 10.0), "full": (25.0, 25.0)}},
    "strong": {"drift": {"easy": (10.0, 10.0), "full": (10.0, 10.0)},
               "sails": {"easy": (20.0, 20.0), "full": (45.0, 45.0)}},
}


def mm(strength: str, sail: str, row: str = "sails", segment: int | None = None) -> float:
    """The drift of one segment (1 or 2), or of both (``segment`` None: the Fast Play's single
    run). A calm moves nothing; a storm drifts as a strong wind; furled sails do not move."""
    if strength == "calm" or sail == "furled":
        return 0.0
    grade = N.GRADE.get(sail, sail)
    first, second = TABLE[W.TABLE_STRENGTH.get(strength, strength)][row][grade]
    return first + second if segment is None else first if segment == 1 else second
