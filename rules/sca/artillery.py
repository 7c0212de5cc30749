"""Optional rule 6: the full game's second artillery table, with the Fast Play's three
ranges ("si può conservare la regola che prevede tre sole gittate per il tiro: corta, media
e lunga"): long, medium and close (the Fast Play's short) of the printed table.

"Le sezioni della tabella relative alla media, lunga e massima gittata ... riportano due
fattori: il primo è utilizzato per calcolare i danni procurati all'obiettivo — Target, T —
... il secondo per i danni provocati dalle palle che hanno mancato l'obiettivo principale —
Collateral, C — ma hanno comunque colpito la nave (velatura o scafo, quello che non era
obiettivo del tiro). Per i tiri a corta gittata ... il terzo moltiplicatore, riportato solo
per lo scafo, indica i danni provocati al bordo opposto a quello colpito".

The table as read (docs/rules/sca.md gives the reading of every garbled cell): (T, C, O) by
target area, range and broadside (normal, initial)."""
from __future__ import annotations

Factors = tuple[int, int, int]

TABLE: dict[str, dict[str, dict[str, Factors]]] = {
    # "Hull 1 1 | 1 1 2 1 | 3 1 4 1 | 5 1 1 7 1 1 | 8 1 1 10 2 2" (extreme, long, medium, close, musket)
    "hull": {"long": {"normal": (1, 1, 0), "initial": (2, 1, 0)},
             "medium": {"normal": (3, 1, 0), "initial": (4, 1, 0)},
             "short": {"normal": (5, 1, 1), "initial": (7, 1, 1)}},
    # "Easy Sail or less: t 1|1 1)2 1|3 1]l4 1]l 1 -8 1 -": close normal's "l" read as 6.
    "easy": {"long": {"normal": (1, 1, 0), "initial": (2, 1, 0)},
             "medium": {"normal": (3, 1, 0), "initial": (4, 1, 0)},
             "short": {"normal": (6, 1, 0), "initial": (8, 1, 0)}},
    # "All Plain Sail or more: , > 413 31|14 1|5 1|/7 2+ -}o 1+": the easy row plus one.
    "full": {"long": {"normal": (2, 1, 0), "initial": (3, 1, 0)},
             "medium": {"normal": (4, 1, 0), "initial": (5, 1, 0)},
             "short": {"normal": (7, 1, 0), "initial": (9, 1, 0)}},
}


def factors(rng: str, aim: str, target_sail: str, initial: bool) -> Factors:
    """A furled ship counts as easy sail ("Easy Sail or less"); full sail as "All Plain Sail or
    more"."""
    row = "hull" if aim == "hull" else "full" if target_sail == "full" else "easy"
    return TABLE[row][rng]["initial" if initial else "normal"]
