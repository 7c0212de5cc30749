"""Optional equipment (*Optional Rules* 18 a-i; Classis 18-24, 26): who may fit it,
what it costs in each edition, and which option switches it on.

Eligibility and cost differ between the editions: Classis lowers most costs to 2.5
points (harpax 0.5), restricts balistae and harpax to Size 5-6 and the corvus to the
Romans of the Punic Wars, and has no fast triremes (the option still works there).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rules.nauta.options import Rules
from rules.nauta.ships import ShipClass

GREEKS = {"greek", "athenian", "spartan", "syracusan"}
ROMANS = {"roman_punic", "roman_imperial"}
LATE_FLEETS = {"hellenistic", "roman_imperial"}  # balistae, harpax, pyrophoros


@dataclass(frozen=True)
class Fitting:
    key: str
    option: str  # the NautaOptions switch
    cost_nauta: float
    cost_classis: float
    allowed: Callable[[str, ShipClass, Rules], bool]
    speed: int = 0  # change to the maximum speed
    excludes: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()

    def cost(self, rules: Rules) -> float:
        return self.cost_classis if rules.classis else self.cost_nauta


def _engine_sizes(rules: Rules) -> range:
    # Nauta: "Size 4, 5 or 6"; Classis: "di Classe 5 o 6".
    return range(5, 7) if rules.classis else range(4, 7)


def _corvus(nation: str, cls: ShipClass, rules: Rules) -> bool:
    romans = {"roman_punic"} if rules.classis else ROMANS
    return nation in romans and 3 <= cls.size <= 5


def _pyrophoros(nation: str, cls: ShipClass, rules: Rules) -> bool:
    if cls.medieval:
        return nation == "byzantine"  # Greek fire: "utilizzare la regola opzionale 24"
    return nation in LATE_FLEETS and cls.size >= 4


FITTINGS: dict[str, Fitting] = {f.key: f for f in [
    Fitting("fast", "fast_triremes", 5, 5,
            lambda n, c, r: c.size == 2 and not c.medieval, speed=1, excludes=("towers", "cataphract")),
    Fitting("towers", "archer_towers", 0, 0,
            lambda n, c, r: n == "persian" and c.size == 2, speed=-1, excludes=("fast",)),
    Fitting("cataphract", "cataphract", 1, 1,
            lambda n, c, r: n in GREEKS | ROMANS | {"carthaginian", "hellenistic"} and c.size == 2,
            excludes=("fast",)),
    Fitting("prow", "reinforced_prow", 3, 2.5, lambda n, c, r: n == "syracusan" and c.size in (2, 3)),
    Fitting("corvus", "corvus", 3, 2.5, _corvus),
    Fitting("balistae", "balistae", 3, 2.5,
            lambda n, c, r: n in LATE_FLEETS and c.size in _engine_sizes(r)),
    Fitting("harpax", "harpax", 1, 0.5,
            lambda n, c, r: n in LATE_FLEETS and c.size in _engine_sizes(r), needs=("balistae",)),
    Fitting("pyrophoros", "pyrophoros", 3, 2.5, _pyrophoros),
]}


def fitting(key: str) -> Fitting:
    if key not in FITTINGS:
        raise ValueError(f"unknown equipment {key!r}; known: {', '.join(FITTINGS)}")
    return FITTINGS[key]


def fitting_problems(nation: str, cls: ShipClass, keys: list[str], rules: Rules) -> list[str]:
    """Why a ship may not carry this (active) equipment; empty if it may."""
    out = []
    for key in keys:
        f = fitting(key)
        if not f.allowed(nation, cls, rules):
            out.append(f"{key} is not allowed on a {nation} {cls.name} in {rules.edition}")
        out += [f"{key} cannot be combined with {other}" for other in f.excludes if other in keys]
        out += [f"{key} needs {other}" for other in f.needs if other not in keys]
    return out
