"""Weather and points of sail (Sezione 1 vi, Sezione 5 i-v, Appendice 1).

Headings and the wind are points of the 16-point rose, 0 = north, clockwise; the wind
is named by the point it blows *from*. A ship's ``off`` the wind is how many points her
bow is from that point (0 head to wind .. 8 wind dead astern).
"""
from __future__ import annotations

from typing import Literal

from rules.core.tables.compass import POINTS_16

Strength = Literal["light", "breeze", "strong"]
STRENGTHS: tuple[Strength, ...] = ("light", "breeze", "strong")
Sail = Literal["furled", "easy", "full"]
SAILS: tuple[Sail, ...] = ("furled", "easy", "full")
POINT_DEG = 22.5
POINTS = list(POINTS_16)

# Sezione 5 i: "180mm con vele spiegate e di 90mm con vele di manovra"; Appendice 1, note
# 11: "aria leggera ... 75mm/150mm, brezza ... 90mm/180mm, vento forte ... 120mm/240mm".
SPEEDS: dict[Strength, dict[Sail, int]] = {"light": {"easy": 75, "full": 150}, "breeze": {"easy": 90, "full": 180},
                                           "strong": {"easy": 120, "full": 240}}
# Optional rule 2 ii, "Intensità del vento estreme": "bonaccia e tempesta", beyond light air
# and strong wind (the switch ``extreme_winds``). A storm sails on the strong wind's tables.
LADDER = ("calm", "light", "breeze", "strong", "storm")
TABLE_STRENGTH = {"calm": "light", "storm": "strong"}
RDC_SPEED_LOSS = 30  # "La velocità di una nave è diminuita di 30mm per ogni RDC perso."


def degrees(point: int) -> float:
    return (point % 16) * POINT_DEG


def name(point: int) -> str:
    return POINTS_16[point % 16]


def off_wind(heading: int, wind: int) -> int:
    """Points between the bow and the wind's point, 0..8."""
    d = (heading - wind) % 16
    return min(d, 16 - d)


def in_irons(heading: int, wind: int) -> bool:
    """"la quarta da cui soffia il vento più due quarte in entrambe le direzioni sono
    considerate controvento ed è impossibile per le navi navigare controvento"."""
    return off_wind(heading, wind) <= 2


PointOfSail = Literal["irons", "close", "beam", "quarter", "astern"]


def point_of_sail(heading: int, wind: int) -> PointOfSail:
    """Regola opzionale 5 iv: 3 points off the wind "di bolina", 4 "al traverso", 5-6
    "al lasco", 7-8 "vento in poppa"."""
    off = off_wind(heading, wind)
    return "irons" if off <= 2 else "close" if off == 3 else "beam" if off == 4 else "quarter" if off <= 6 else "astern"


def speed(strength: Strength, sail: Sail, rdc_lost: int, masts: int = 3) -> float:
    """Millimetres a turn: the sail's speed for the wind, less 30 mm per RDC lost
    (Appendice 4: a two-masted vessel 25 % a RDC, a single-masted one 50 %)."""
    if sail == "furled" or strength == "calm":
        return 0.0
    base = SPEEDS[TABLE_STRENGTH.get(strength, strength)][sail]  # type: ignore[index]
    if masts == 2:
        return max(0.0, base * (1 - 0.25 * rdc_lost))
    if masts == 1:
        return max(0.0, base * (1 - 0.5 * rdc_lost))
    return float(max(0, base - RDC_SPEED_LOSS * rdc_lost))


def turn_kind(heading: int, wind: int, points: int) -> str | None:
    """What a change of ``points`` rose points (+ clockwise) is: "luff", "bear" (bear
    away, wearing included) or None when it is not a legal change for one turn.

    Sezione 5 v: "orzando di una o due quarte ... oppure poggiando di uno, due o tre
    quarte"; "Navi che con il vento proveniente direttamente dalla poppa possono solo
    orzare. Navi che hanno il vento che proviene da una quarta a poppa possono modificare
    la direzione di due quarte al massimo". Wearing is bearing away to the wind astern
    and luffing on (Sezione 5, "strambata"), counted as bearing away."""
    if points == 0:
        return None
    step = 1 if points > 0 else -1
    offs = [off_wind(heading + step * k, wind) for k in range(abs(points) + 1)]
    if offs[-1] <= 2:
        return None  # into the wind: only a tack goes there
    start = offs[0]
    if all(b < a for a, b in zip(offs, offs[1:])):
        return "luff" if abs(points) <= 2 else None
    limit = 2 if start >= 7 else 3
    if start == 8:
        return None  # dead before the wind she can only luff
    return "bear" if abs(points) <= limit else None


def legal_changes(heading: int, wind: int) -> list[int]:
    return [p for p in (-3, -2, -1, 1, 2, 3) if turn_kind(heading, wind, p) is not None]


def away_from_wind(heading: int, wind: int) -> int:
    """The sign (+1 clockwise, -1 anticlockwise) that bears the bow away from the wind
    (dead before or head to wind: clockwise)."""
    d = (heading - wind) % 16
    return 1 if 0 < d < 8 else -1 if d > 8 else 1


def tack_direction(heading: int, wind: int) -> int:
    """A tack turns the bow through the wind: towards it."""
    return -away_from_wind(heading, wind)


# Appendice 1: "se il punteggio è 3 ... la direzione del vento gira di una quarta in senso
# antiorario, con un punteggio di 18 ... di una quarta in senso orario"; "un tiro di tre 2
# diminuisce la forza del vento ... un tiro di tre 5 aumenta".
def wind_change(dice: tuple[int, int, int], wind: int, strength: Strength) -> tuple[int, Strength]:
    total = sum(dice)
    if total == 3:
        wind = (wind - 1) % 16
    elif total == 18:
        wind = (wind + 1) % 16
    if dice == (2, 2, 2):
        strength = shift_strength(strength, -1, False)
    elif dice == (5, 5, 5):
        strength = shift_strength(strength, 1, False)
    return wind, strength


def shift_strength(strength: str, by: int, extremes: bool) -> Strength:
    """One grade up or down the wind's ladder; calm and storm only with ``extremes`` ("fino a
    due condizioni estreme, che non possono essere superate"), and a wind already there
    only leaves them."""
    i = LADDER.index(strength)
    lo, hi = (0, 4) if extremes else (min(1, i), max(3, i))
    return LADDER[max(lo, min(hi, i + by))]  # type: ignore[return-value]


def random_wind(total: int) -> int:
    """Sezione 1 vi: "tirare tre dadi, il punteggio indicherà la direzione da cui proviene
    il vento considerando il nord pari a 3 e contando in senso orario"."""
    return (total - 3) % 16


# Optional rule 2 ii (a switch): the wind thrown at the start and its potential changes.
def setup_direction(total: int) -> int:
    """"10,11: il vento viene da nord; 4,9,12,17: ... da est; 5,8,13,16: ... da ovest;
    3,6,7,14,15,18: ... da sud"."""
    if total in (10, 11):
        return 0
    if total in (4, 9, 12, 17):
        return 4
    if total in (5, 8, 13, 16):
        return 12
    return 8


def setup_strength(total: int) -> Strength:
    """"10,11: aria leggera; 4,9,12,17: brezza leggera; 5,8,13,16: brezza moderata;
    3,6,7,14,15,18: vento forte", with the club's three grades ("i risultati di brezza
    leggera e brezza moderata sono considerati entrambi brezza")."""
    if total in (10, 11):
        return "light"
    if total in (4, 9, 12, 17, 5, 8, 13, 16):
        return "breeze"
    return "strong"


def potential(total: int) -> tuple[int, int]:
    """(strength change, direction change: +1 clockwise) a throw makes possible: "4,7:
    diminuire di intensità e girare di una quarta in verso antiorario; 3,5,6: diminuire ...
    orario; 8-13: nessuna variazione; 15,16,17: aumentare ... antiorario; 14,17 [read 14,
    18]: aumentare ... orario"."""
    if total in (4, 7):
        return -1, -1
    if total in (3, 5, 6):
        return -1, 1
    if 8 <= total <= 13:
        return 0, 0
    if total in (15, 16, 17):
        return 1, -1
    return 1, 1


def confirmed(before: tuple[int, int] | None, now: tuple[int, int]) -> tuple[int, int]:
    """"se una o due di queste variazioni potenziali si verificano per due turni consecutivi
    allora il vento cambia effettivamente nel modo specificato"."""
    if before is None:
        return 0, 0
    return (now[0] if now[0] and now[0] == before[0] else 0, now[1] if now[1] and now[1] == before[1] else 0)
