"""The Ability score and the Ability table (Sezione 4).

"Il giocatore, nel proprio turno, dopo aver annunciato gli ordini per le proprie navi,
tira 3d6 ... Il punteggio ottenuto è modificato dalle caratteristiche del vascello e
dalla situazione"; "Il punteggio di abilità modificato non può mai essere inferiore a
tre o superiore a 18."

The table is read from the OCR'd page one row per score 3..18, one column per action,
in the order the rulebook says actions are carried out.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.sca.fleet import CREW_ABILITY, Crew

COLUMNS = ("extinguish", "free", "sail_up", "sail_down", "course", "short", "medium", "long", "board")

OK = "ok"
FAIL = "fail"
CRITICAL_TACK = "critical"  # fallimento critico: the manoeuvre fails and she bears away a point
HIT = "hit"
MISS = "miss"
UNLUCKY = "unlucky"  # tiro critico
DECISIVE = "decisive"  # tiro decisivo
# Freeing a ship: "A" a friend after a collision, "E" an enemy after a collision, "B" an
# enemy who boarded, "All" any contact (the only one that frees from a fireship).
FREE_GRADES = ("A", "E", "B", "All")


@dataclass(frozen=True)
class Failed:
    """Putting out a fire failed, with the damage the row gives: whole DCs or a
    percentage of one."""

    dcs: int = 0
    percent: int = 0


# Rows 3..18 of each column (index = score - 3).
TABLE: dict[str, tuple] = {
    # "fallito -2 DC, -1 DC, -50% DC, -20% DC, -10% DC", then plain failures at 8 and 9.
    "extinguish": (Failed(dcs=2), Failed(dcs=1), Failed(percent=50), Failed(percent=20), Failed(percent=10),
                   Failed(), Failed()) + (OK,) * 9,
    "free": (FAIL,) * 4 + ("A", "AE", "AEB") + ("All",) * 9,
    "sail_up": (FAIL,) * 3 + (OK,) * 13,
    "sail_down": (FAIL,) * 4 + (OK,) * 12,
    "course": (CRITICAL_TACK, FAIL, FAIL) + (OK,) * 13,
    "short": (UNLUCKY, UNLUCKY, MISS) + (HIT,) * 10 + (DECISIVE,) * 3,
    "medium": (UNLUCKY, UNLUCKY, MISS, MISS, MISS) + (HIT,) * 9 + (DECISIVE, DECISIVE),
    "long": (UNLUCKY, UNLUCKY, MISS, MISS, MISS, MISS, MISS) + (HIT,) * 8 + (DECISIVE,),
    "board": (FAIL,) * 4 + (OK,) * 12,
}


def result(column: str, score: int) -> object:
    return TABLE[column][clamp(score) - 3]


def clamp(score: int) -> int:
    return max(3, min(18, score))


def frees(score: int, grade: str) -> bool:
    """Whether a score frees a ship from a contact of ``grade`` (A, E, B or All)."""
    got = result("free", score)
    if got == FAIL:
        return False
    return got == "All" or grade in str(got)


@dataclass(frozen=True)
class Modifiers:
    crew: Crew
    dcs_lost: int = 0
    fires: int = 0
    hove_to: bool = False
    rudder: bool = False
    extra_contacts: int = 0  # collision: "-1 per ogni vascello oltre il primo"

    def total(self) -> int:
        """"equipaggio Eccellente: +2, Buono: +1, Scarso: -1; per ogni DC perso: -1; per
        ogni incendio a bordo: -1; vascello alla deriva — Hove to: -1; timone
        danneggiato: -1"."""
        return (CREW_ABILITY[self.crew] - self.dcs_lost - self.fires - int(self.hove_to) - int(self.rudder)
                - self.extra_contacts)


def score(roll: int, mods: Modifiers) -> int:
    return clamp(roll + mods.total())
