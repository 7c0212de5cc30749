"""Organising a fleet (Sezione 1 iv, Sezione 2): the statistics table by rate, crew
quality, the DC allocation between rigging and hull, base sizes in millimetres and
the cost in points.

The table's rows are the rulebook's (``Rate Guns DC BF``); a type is named by its
guns as the rulebook writes them ("74C", "98S", "36-40"), or by the shore defence's
or gunboat's name.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

Crew = Literal["elite", "good", "average", "poor"]
CREWS: tuple[Crew, ...] = ("elite", "good", "average", "poor")

# "Eccellente ... il costo del vascello è aumentato di due punti, l'Abilità è aumentata di
# due punti e la Capacità di difesa ... di 20; Buona ... un punto, ... un punto e ogni DC
# di 10; Media, nessuna modifica; Scarsa ... diminuito di un punto, ... un punto ed ogni DC
# di 10 punti."
CREW_COST = {"elite": 2, "good": 1, "average": 0, "poor": -1}
CREW_ABILITY = {"elite": 2, "good": 1, "average": 0, "poor": -1}
CREW_DC = {"elite": 20, "good": 10, "average": 0, "poor": -10}
CREW_RANK = {"poor": 0, "average": 1, "good": 2, "elite": 3}


@dataclass(frozen=True)
class ShipType:
    key: str  # as the table names it
    rate: str  # "1st" .. "6th", "unrated", "shore"
    dc: int  # points each DC can take
    bf: float  # broadside factor (and base cost)
    masts: int = 3
    decks: int = 1
    fixed: bool = False  # a shore defence: never moves


def _decks(rate: str) -> int:
    # "le navi di prima e seconda classe hanno tre ponti, quelle di terza e quarta due
    # ponti e, infine, quelle di quinta e sesta un solo ponte."
    return {"1st": 3, "2nd": 3, "3rd": 2, "4th": 2}.get(rate, 1)


def _t(key: str, rate: str, dc: int, bf: float, **kw) -> ShipType:
    kw.setdefault("decks", _decks(rate))
    return ShipType(key, rate, dc, bf, **kw)


# Sezione 2 i, the statistics table. A razee ("razee'd") has been cut down by a deck.
TYPES: dict[str, ShipType] = {t.key: t for t in (
    _t("citadel", "shore", 1000, 10, masts=0, fixed=True),
    _t("martello-tower", "shore", 1000, 5, masts=0, fixed=True),
    _t("light-battery", "shore", 500, 1, masts=0, fixed=True),
    _t("heavy-battery", "shore", 500, 4, masts=0, fixed=True),
    _t("130", "1st", 200, 14),
    _t("120/112L", "1st", 190, 13),
    _t("100L/100/112", "1st", 180, 12),
    _t("100S", "1st", 170, 11),
    _t("98", "1st", 170, 11),
    _t("98S", "2nd", 160, 10),
    _t("90", "2nd", 160, 9),
    _t("80L", "2nd", 150, 10),
    _t("80S/74L", "3rd", 140, 9),
    _t("74M", "3rd", 130, 8),
    _t("74C", "3rd", 120, 7),
    _t("64", "3rd", 110, 6),
    _t("razee-74", "3rd", 120, 6, decks=1),
    _t("56-60", "4th", 110, 6),
    _t("50-54", "4th", 100, 5),
    _t("razee-44", "4th", 110, 5, decks=1),
    _t("44", "5th", 90, 4),
    _t("36-40", "5th", 80, 4),
    _t("32-34", "5th", 70, 3),
    _t("20-28", "6th", 60, 2),
    _t("16-18", "6th", 50, 1.5),
    _t("12-14", "6th", 40, 1),
    _t("gunboat-large", "unrated", 30, 1, masts=1),
    _t("gunboat-small", "unrated", 30, 0.5, masts=1),
)}
# The squadron example names its ships by guns only: "74L" is the 80S/74L row, "32" the 32-34 row...
ALIASES = {"74L": "80S/74L", "80S": "80S/74L", "32": "32-34", "36": "36-40", "74": "74C", "120": "120/112L",
           "100": "100L/100/112", "112": "100L/100/112"}

# Sezione 1 i: "85x40 mm per vascelli di prima e seconda classe; 75x40 mm per quelli di
# terza e quarta classe; 65x40 mm per navi di quinta e sesta classe; 50x25 mm per
# imbarcazioni più piccole." Shore defences have no base in the rulebook: see docs.
BASES: dict[str, tuple[float, float]] = {"1st": (85, 40), "2nd": (85, 40), "3rd": (75, 40), "4th": (75, 40),
                                         "5th": (65, 40), "6th": (65, 40), "unrated": (50, 25)}
SHORE_BASES = {"citadel": (120, 120), "martello-tower": (50, 50), "light-battery": (60, 30),
               "heavy-battery": (80, 40)}
RATE_ORDER = ("1st", "2nd", "3rd", "4th", "5th", "6th", "unrated", "shore")


def rank(ship) -> int:
    """Her class, largest first (a first rate 0): what optional rule 7 compares."""
    return RATE_ORDER.index(ship.rate) if ship.rate in RATE_ORDER else len(RATE_ORDER)


def ship_type(key: str) -> ShipType:
    return TYPES[ALIASES.get(key, key)]


def base_of(t: ShipType) -> tuple[float, float]:
    return SHORE_BASES[t.key] if t.fixed else BASES[t.rate]


def dc_value(t: ShipType, crew: Crew) -> int:
    """Points each DC of the ship can take, with her crew's change."""
    return t.dc + CREW_DC[crew]


def cost(t: ShipType, crew: Crew) -> float:
    """"Il costo base di ogni vascello equivale al valore iniziale della sua bordata",
    changed by the crew's quality."""
    return t.bf + CREW_COST[crew]


def rigging_dcs(masts: int) -> int:
    """"Sono assegnati due DC per ogni albero della nave"; Appendice 4: "barche
    cannoniere ad un solo albero: 1 RDC"."""
    return 1 if masts == 1 else 2 * masts


def hull_dcs(bf: float) -> dict[str, int]:
    """"ogni nave ha tanti HDC quanto il proprio valore di bordata moltiplicato per due"
    — half on each side, the odd one to starboard (a 16-gun brig, BF 1.5: 3 HDC)."""
    total = max(1, round(2 * bf))
    starboard = math.ceil(total / 2)
    return {"starboard": starboard, "port": total - starboard}
