"""The national squadron lists of the optional rules' Appendice 3 ("squadre"): "la
proporzione storica di navi di ogni classe presente in una squadra per alcune potenze
navali", each given for "una squadra di 10 navi di linea, nel periodo compreso tra il
1793 ed il 1815". The fleets-by-points builder checks a fleet against its nation's list
when a nation is chosen. Readings in docs/rules/sca.md, *Fleets by points*.
"""
from __future__ import annotations

import math
from collections import Counter

from rules.sca.fleet import ship_type

UNLIMITED = None

# "una nave di terza classe con 74 cannoni large o più sarà indicata come (L), una
# media — middling — o meno con (S)": the 80S/74L row is (L), the other third rates (S);
# so is the 80L, the two-decked "large" 80 the statistics table prints among the second
# rates (Sezione 2 vi's French example squadron sails one, and the French list, which
# names no second rate, allows ten (L)). A fourth rate of two decks stands in the line;
# a one-decked fourth rate (the cut-down 44) is the lists' "fregata di quarta classe".
# Sixth rates of 20 guns or more are the "fregate di sesta classe", the smaller ones the
# "corvette", which a list naming none counts among its "altre imbarcazioni non
# classificate" (Appendice 4's example of an unrated vessel is "un brigantino a due
# alberi da 16 cannoni"); the gunboats are unrated. Shore defences are no squadron's.
LINE = ("1st", "2nd", "3rd-L", "3rd-S", "4th")
LARGE_THIRD = ("80S/74L", "80L")


def category(design: str) -> str:
    t = ship_type(design)  # a scenario may name her as the example squadrons do ("74L")
    if t.key in LARGE_THIRD:
        return "3rd-L"
    if t.rate == "3rd":
        return "3rd-S"
    if t.rate == "4th":
        return "4th" if t.decks >= 2 else "frigate-4th"
    if t.rate == "5th":
        return "frigate-5th"
    if t.rate == "6th":
        return "frigate-6th" if t.key == "20-28" else "corvette"
    return t.rate  # "1st", "2nd", "unrated"


# Each nation: the most of each category in a squadron of ten (UNLIMITED: "un numero
# illimitato"); a category the list does not name is not in the squadron.
LISTS: dict[str, dict[str, int | None]] = {
    "denmark": {"2nd": 1, "3rd-L": 1, "3rd-S": 9, "4th": 1,
                "frigate-4th": 1, "frigate-5th": UNLIMITED, "unrated": UNLIMITED},
    "france": {"1st": 1, "3rd-L": 10, "3rd-S": 2,
               "frigate-4th": UNLIMITED, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED,
               "corvette": UNLIMITED, "unrated": UNLIMITED},
    "britain": {"1st": 1, "2nd": 1, "3rd-L": 2, "3rd-S": 8, "4th": 2,
                "frigate-4th": 3, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED, "unrated": UNLIMITED},
    "netherlands": {"3rd-S": 10, "4th": 6,
                    "frigate-4th": UNLIMITED, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED,
                    "corvette": UNLIMITED, "unrated": UNLIMITED},
    "portugal": {"1st": 1, "2nd": 1, "3rd-L": 2, "3rd-S": 6,
                 "frigate-4th": UNLIMITED, "frigate-5th": UNLIMITED, "unrated": UNLIMITED},
    "naples": {"3rd-L": 2, "3rd-S": 7, "4th": 3,
               "frigate-4th": UNLIMITED, "frigate-5th": UNLIMITED, "corvette": UNLIMITED, "unrated": UNLIMITED},
    "russia": {"1st": 3, "3rd-L": 5, "3rd-S": 3, "4th": 2,
               "frigate-4th": UNLIMITED, "frigate-5th": UNLIMITED, "unrated": UNLIMITED},
    "spain": {"1st": 3, "3rd-L": 4, "3rd-S": 4, "4th": 2,
              "frigate-4th": 4, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED,
              "corvette": UNLIMITED, "unrated": UNLIMITED},
    "sweden": {"3rd-L": 3, "3rd-S": 6, "4th": 2,
               "frigate-4th": 3, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED, "unrated": UNLIMITED},
    # "non avevano vascelli di linea sufficienti quindi una squadra statunitense di 10 navi":
    # the ten are every ship; the bomb vessels are not in the statistics table.
    "united_states": {"frigate-4th": 2, "frigate-5th": 8, "frigate-6th": 3, "unrated": 10},
    "turkey": {"1st": 1, "3rd-L": 3, "3rd-S": 5, "4th": 2,
               "frigate-4th": 5, "frigate-5th": UNLIMITED, "frigate-6th": UNLIMITED,
               "corvette": UNLIMITED, "unrated": UNLIMITED},
}
NATIONS = tuple(LISTS)
# The one list counted over every ship, not over the ships of the line.
ALL_SHIPS_COUNTED = frozenset({"united_states"})


def breaches(nation: str, designs: list[str]) -> list[tuple[str, int, int]]:
    """(category, most allowed, how many) for every category over its nation's list.

    The lists are for ten ships of the line (ten ships for the United States): a larger
    squadron may have proportionally more of each (rounded up), a smaller one no more
    than the list's numbers."""
    allowed = LISTS[nation]
    counts = Counter(listed(category(d), allowed) for d in designs if not ship_type(d).fixed)
    counted = len(designs) if nation in ALL_SHIPS_COUNTED else sum(counts[c] for c in LINE)
    scale = max(counted, 10) / 10
    out = []
    for cat, n in counts.items():
        most = allowed.get(cat, 0)
        if most is UNLIMITED:
            continue
        most = math.ceil(most * scale - 1e-9)
        if n > most:
            out.append((cat, most, n))
    return sorted(out, key=lambda b: list(CATEGORIES).index(b[0]))


def listed(cat: str, allowed: dict[str, int | None]) -> str:
    """The category a list counts a ship in: a corvette among the unrated when it names none."""
    return "unrated" if cat == "corvette" and cat not in allowed else cat


# The scenarios' sides and the lists they sail by (Appendice 3's nations).
SIDE_NATIONS = {"british": "britain", "french": "france", "dutch": "netherlands", "danish": "denmark",
                "spanish": "spain"}


def scenario_breaches(setup) -> dict[str, list[tuple[str, int, int]]]:
    """Every side of a scenario against its nation's list: {side: breaches} (none: {})."""
    out = {}
    for side in setup.sides:
        found = breaches(SIDE_NATIONS[side], [s.type for s in setup.ships if s.side == side])
        if found:
            out[side] = found
    return out


CATEGORIES = ("1st", "2nd", "3rd-L", "3rd-S", "4th", "frigate-4th", "frigate-5th", "frigate-6th", "corvette",
              "unrated")
