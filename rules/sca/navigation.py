"""Optional rule 5 (navigation, from the full game's Sezione 5): the six sail settings and
the speed by wind, point of sail and ship type.

The document names the six settings "in ordine progressivo" (Storm Sail, Topsail and Jib,
Easy Sail, All Plain Sail, Full Sail, Studding Sail) but its speed tables are lost in the
OCR: the reading here (docs/rules/sca.md, "opt. rule 5") keeps the Fast Play's speeds for
its own two settings — Easy Sail is its easy sail, All Plain Sail its full sail — and puts
the others in steps between and beyond them, by point of sail and by ship type (F, 2D, 3D).

Every other rule reads the Fast Play's grade of a setting (``GRADE``): the firing table,
collisions and the rigging test know only furled, easy and full sail.
"""
from __future__ import annotations

from rules.sca import wind as W

# Furled is no setting of the six: it is the Fast Play's hove to, the foot of the ladder.
SETTINGS = ("furled", "storm", "topsails", "easy", "plain", "full", "studding")
# "Easy Sail or less" / "All Plain Sail or more" (optional rule 6's rows) split the six.
GRADE = {"furled": "furled", "storm": "easy", "topsails": "easy", "easy": "easy",
         "plain": "full", "full": "full", "studding": "full"}
# A Fast Play grade read as a setting (the scenario's sails at the start).
FROM_GRADE = {"furled": "furled", "easy": "easy", "full": "plain"}
# The highest setting a lowered Fast Play grade leaves (rigging over the side, opt. 9 v).
TOP_OF_GRADE = {"furled": "furled", "easy": "easy", "full": "studding"}

# A setting's speed as a share of All Plain Sail (the Fast Play's full sail for the wind).
SHARE = {"furled": 0.0, "storm": 0.25, "topsails": 0.375, "easy": 0.5, "plain": 1.0, "full": 1.125,
         "studding": 1.25}
# "Full Sail: usata con venti moderati"; "Studding Sail: principalmente usata con venti
# moderati": in a strong wind neither carries more than All Plain Sail.
STRONG_CAP = 1.0
# "leggere la riga corrispondente all'andatura della nave rispetto al vento (bolina,
# traverso, lasco o poppa)": close-hauled slowest, beam and quarter fastest.
POINT_SHARE = {"close": 0.8, "beam": 1.0, "quarter": 1.0, "astern": 0.9, "irons": 0.0}
# "F — fregate o meno, 2D — navi a due ponti, 3D — navi a tre ponti" (veloce, normale, lenta).
TYPE_SHARE = {"F": 1.0, "2D": 0.9, "3D": 0.8}
# "I danni alla velatura della nave diminuiscono la velocità del vascello di 5mm in ciascun
# segmento per ogni RDC perso": 10 mm a turn of two segments.
RDC_LOSS = 10


def ship_class(decks: int) -> str:
    return "3D" if decks >= 3 else "2D" if decks == 2 else "F"


def step(setting: str, way: str) -> str:
    i = SETTINGS.index(setting)
    return SETTINGS[max(0, min(len(SETTINGS) - 1, i + (1 if way == "up" else -1)))]


def capped(setting: str, grade: str) -> str:
    """The setting her speed counts when rigging over the side lowers her grade."""
    top = TOP_OF_GRADE[grade]
    return setting if SETTINGS.index(setting) <= SETTINGS.index(top) else top


def speed(strength: str, setting: str, point: str, decks: int, rdc_lost: int, masts: int = 3) -> float:
    """Millimetres a turn, to the 5 mm."""
    if setting == "furled" or point == "irons" or strength == "calm":
        return 0.0
    strength = W.TABLE_STRENGTH.get(strength, strength)
    share = SHARE[setting]
    if strength == "strong":
        share = min(share, STRONG_CAP)
    base = W.SPEEDS[strength]["full"] * share * POINT_SHARE[point] * TYPE_SHARE[ship_class(decks)]  # type: ignore[index]
    if masts == 2:
        mm = base * (1 - 0.25 * rdc_lost)
    elif masts == 1:
        mm = base * (1 - 0.5 * rdc_lost)
    else:
        mm = base - RDC_LOSS * rdc_lost
    return float(max(0, 5 * round(mm / 5)))
