"""Fleets: crew quality (§3), extra soldiers (§4), composition by nation (§5), the
admiral (§16) and points.

A fleet that breaks a composition rule cannot start a game: :func:`fleet_problems`
lists every reason in plain words and the game start raises with them.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Literal

from rules.nauta.equipment import GREEKS, fitting, fitting_problems
from rules.nauta.options import Rules
from rules.nauta.ships import EXTRA_UNIT_POINTS, ShipClass, max_extra, ship_class

Crew = Literal["skilled", "average", "green"]

ANCIENT_NATIONS = {"greek", "athenian", "spartan", "syracusan", "persian", "carthaginian",
                   "roman_punic", "hellenistic", "roman_imperial", "pirate", "illyrian"}
MEDIEVAL_NATIONS = {"venetian", "genoese", "pisan", "byzantine", "arab"}
NATIONS = ANCIENT_NATIONS | MEDIEVAL_NATIONS

# Classis §26: "in linea di massima" Venetian, Genoese and Pisan crews are skilled and
# Arab ones green — a guide, used when a medieval fleet names no crew.
MEDIEVAL_CREW: dict[str, Crew] = {"venetian": "skilled", "genoese": "skilled", "pisan": "skilled",
                                  "arab": "green"}
NOT_GREEN = {"athenian", "carthaginian", "illyrian"}
NOT_SKILLED = {"spartan", "syracusan", "roman_punic"}
ALWAYS_SKILLED = {"pirate"}


def initiative_modifier(crew: str) -> int:
    """Skilled +1, green -1 to the initiative die."""
    return {"skilled": 1, "green": -1}.get(crew, 0)


def budget(points: float, crew: str) -> float:
    """Points a fleet may spend: skilled crews 10% fewer, green 10% more (Classis:
    "con 300 punti ... Esperti 270 punti, Inesperti 330")."""
    factor = {"skilled": 0.9, "green": 1.1}.get(crew, 1.0)
    return round(points * factor, 6)


def default_crew(nation: str) -> Crew:
    if nation in ALWAYS_SKILLED:
        return "skilled"
    return MEDIEVAL_CREW.get(nation, "average")


def ship_points(cls: ShipClass, extra: int, equipment: list[str], rules: Rules) -> float:
    return cls.points + EXTRA_UNIT_POINTS * extra + sum(fitting(k).cost(rules) for k in equipment)


def _crew_problems(nation: str, crew: str) -> list[str]:
    if crew == "green" and nation in NOT_GREEN:
        return [f"{nation} fleets cannot have green crews"]
    if crew == "skilled" and nation in NOT_SKILLED:
        return [f"{nation} fleets cannot have skilled crews"]
    if crew != "skilled" and nation in ALWAYS_SKILLED:
        return [f"{nation} crews are always skilled"]
    return []


def _size_problems(nation: str, sizes: list[int], rules: Rules) -> list[str]:
    count = Counter(sizes)
    out: list[str] = []
    if nation in GREEKS | {"persian"}:
        big = sum(n for s, n in count.items() if s > 2)
        threes = count.get(3, 0)
        if nation == "syracusan":
            if big - threes or threes > 1:
                out.append("Syracusans may buy one Size 3 ship and nothing bigger than Size 2 besides")
        elif big:
            out.append(f"{nation} fleets cannot buy ships bigger than Size 2")
    if nation in ("carthaginian", "roman_punic"):
        for size, most in ((1, 2), (2, 2), (5, 1), (0, 0), (6, 0)):
            if count.get(size, 0) > most:
                out.append(f"{nation} fleets may buy at most {most} Size {size} ship(s)")
    if nation == "hellenistic" and not (count.get(5) or count.get(6)):
        out.append("a Hellenistic fleet needs at least one Size 5 or 6 ship")
    if nation == "pirate" and (count.get(5) or count.get(6)):
        out.append("pirates cannot buy Size 5 or 6 ships")
    if nation == "illyrian":
        if not rules.classis:
            out.append("the Illyrian fleet list is Classis only")
        if any(s != 0 for s in sizes):
            out.append("Illyrians may buy only Size 0 ships")
    return out


def fleet_problems(nation: str, crew: str, ships: list[tuple[str, int, list[str]]], rules: Rules,
                   points: float | None = None) -> list[str]:
    """Every breach of §3-5 for a fleet of (type, extra units, active equipment)."""
    if nation not in NATIONS:
        return [f"unknown nation {nation!r}; known: {', '.join(sorted(NATIONS))}"]
    out = _crew_problems(nation, crew)
    medieval = nation in MEDIEVAL_NATIONS
    if medieval and not rules.medieval:
        out.append(f"{nation} is a medieval fleet: switch on the medieval option")
    classes = []
    for kind, extra, equipment in ships:
        cls = ship_class(kind)
        classes.append(cls)
        if cls.medieval != medieval:
            out.append(f"a {cls.name} does not belong in a {nation} fleet")
        if not 0 <= extra <= max_extra(cls):
            out.append(f"a {cls.name} may add at most {max_extra(cls)} extra unit(s), not {extra}")
        out += fitting_problems(nation, cls, equipment, rules)
    out += _size_problems(nation, [c.size for c in classes], rules)
    if points is not None:
        spent = sum(ship_points(c, e, q, rules) for c, (_, e, q) in zip(classes, ships))
        allowed = budget(points, crew)
        if spent > allowed + 1e-9:
            out.append(f"the fleet costs {spent:g} points, more than the {allowed:g} its {crew} crews allow")
    return out


def third_of(points: float) -> int:
    """A third of a fleet's initial points, rounded up (Nauta §17)."""
    return math.ceil(points / 3 - 1e-9)
