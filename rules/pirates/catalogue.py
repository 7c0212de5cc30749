"""The ships and crews a Pirates fleet is bought from: our own data, written for this
house ruleset (no published card text). Points follow the rulebook's scale (80 points
for a big battle, 30 for a skirmish); a gun is its range ("S" two squares, "L"
three) and the number a die must beat to hit.

Named objects (``named``) are unique in a game; Calico Cat is in twice, as the
rulebook says, and only one of her versions may be in play (``unique_as``).
"""
from __future__ import annotations

from dataclasses import dataclass

# Crew abilities the engine plays (rules.pirates.crews says how).
HELMSMAN = "helmsman"  # one more S segment when her ship moves
GUNNER = "gunner"  # re-rolls one missed shot of her ship each turn
BOSUN = "bosun"  # +1 to her ship's boarding rolls
DOCTOR = "doctor"  # face down, a kill aimed at her only turns her face up
FIREPOT = "firepot"  # one gun at 1 square sets a mast on fire (rules.pirates.firepot)
GHOST = "ghost"  # her ship may sail through islands, ships and zones (rules.pirates.keywords)
RANSOM = "ransom"  # landed on an enemy home island she is a treasure of 5; lost otherwise, 1 to her killer
ABILITIES = (HELMSMAN, GUNNER, BOSUN, DOCTOR)

# Ship keywords ("Parole chiave") the engine plays.
SCHOONER = "schooner"  # a free turn on her stern at the end of a move
TURTLE = "turtle"  # armour plates take hits for masts; no boarding while any are left
BROADSIDE = "broadside"  # every gun at one square at S, one die for all
DOUBLE = "double"  # one extra manoeuvre a turn, declared with her first (rules.pirates.extra)
# rules.pirates.keywords says how these are played
FEAR = "fear"  # enemy ships within S roll: 5 loses her abilities for the turn, 6 her speed for a manoeuvre
GALLEY = "galley"  # never stuck, nor sticks her rammers; a derelict still rows at S; a schooner too
JUNK = "junk"  # no effect under these house rules ("inutile con questo regolamento")
LIMIT = "limit"  # one object with it in a fleet
MARINE = "marine"  # a crew landed on a wild island with no fort acts there (rules.pirates.marines)


@dataclass(frozen=True)
class ShipType:
    key: str
    name: str
    points: int
    masts: int
    cargo: int
    speed: str  # the segments of a move, e.g. "SL"
    guns: tuple[tuple[str, int], ...]  # one per mast: (range, score to beat)
    named: bool = True
    unique_as: str = ""  # two versions of one ship share this
    keywords: tuple[str, ...] = ()
    armour: int = 0  # plates, for a turtle ship

    @property
    def squares(self) -> int:
        """"Le navi con 4 o più alberi occupano 3 quadretti, con 2 o 3 alberi 2 quadretti
        e con 1 albero 1 quadretto.\""""
        return 3 if self.masts >= 4 else 2 if self.masts >= 2 else 1


@dataclass(frozen=True)
class CrewType:
    key: str
    name: str
    points: int
    ability: str | None
    named: bool = True
    keywords: tuple[str, ...] = ()  # "limit" or "marine" for a crew


SHIPS: dict[str, ShipType] = {s.key: s for s in (
    ShipType("gull", "Grey Gull", 5, 1, 2, "SS", (("S", 3),), keywords=(SCHOONER,)),
    ShipType("calico-cat", "Calico Cat", 8, 2, 3, "SL", (("S", 3), ("L", 4)), unique_as="calico-cat"),
    ShipType("calico-cat-ii", "Calico Cat (refit)", 9, 2, 3, "L", (("L", 3), ("L", 4)), unique_as="calico-cat"),
    ShipType("sea-wasp", "Sea Wasp", 7, 2, 2, "LS", (("S", 2), ("S", 3)), keywords=(SCHOONER,)),
    ShipType("red-heron", "Red Heron", 11, 3, 4, "SL", (("L", 3), ("S", 3), ("L", 4))),
    ShipType("salt-widow", "Salt Widow", 12, 3, 3, "LL", (("S", 2), ("L", 4), ("S", 3))),
    ShipType("iron-abbot", "Iron Abbot", 15, 4, 5, "SS", (("L", 3), ("L", 3), ("S", 2), ("L", 4)),
             keywords=(TURTLE,), armour=2),
    ShipType("black-tide", "Black Tide", 19, 5, 6, "S", (("L", 2), ("L", 3), ("S", 2), ("L", 3), ("S", 3)),
             keywords=(BROADSIDE,)),
    ShipType("twin-serpent", "Twin Serpent", 10, 2, 3, "SL", (("S", 3), ("L", 4)), keywords=(DOUBLE,)),
    ShipType("dread-lantern", "Dread Lantern", 12, 3, 3, "SL", (("S", 3), ("L", 4), ("S", 3)), keywords=(FEAR,)),
    ShipType("long-oar", "Long Oar", 9, 2, 3, "SS", (("S", 3), ("S", 3)), keywords=(GALLEY,)),
    ShipType("jade-drum", "Jade Drum", 8, 2, 4, "L", (("L", 4), ("S", 3)), keywords=(JUNK,)),
    ShipType("sovereign", "Sovereign", 16, 4, 5, "SL", (("L", 3), ("S", 3), ("L", 3), ("S", 2)), keywords=(LIMIT,)),
    # Unnamed hulls: a fleet may hold several (up to its points / 3).
    ShipType("sloop", "sloop", 4, 1, 2, "L", (("S", 4),), named=False),
    ShipType("brig", "brig", 8, 2, 3, "SS", (("L", 4), ("S", 3)), named=False),
    ShipType("frigate", "frigate", 13, 4, 4, "S", (("L", 4), ("S", 3), ("L", 4), ("S", 3)), named=False),
)}

CREWS: dict[str, CrewType] = {c.key: c for c in (
    CrewType("helmsman", "helmsman", 3, HELMSMAN, named=False),
    CrewType("gunner", "gunner", 3, GUNNER, named=False),
    CrewType("bosun", "bosun", 2, BOSUN, named=False),
    CrewType("deckhand", "deckhand", 1, None, named=False),
    CrewType("mara-quill", "Mara Quill", 5, HELMSMAN),
    CrewType("old-bartolo", "Old Bartolo", 5, GUNNER),
    CrewType("doc-ansel", "Doc Ansel", 4, DOCTOR),
    CrewType("one-eyed-rosa", "One-eyed Rosa", 4, BOSUN),
    CrewType("lady-vane", "Lady Vane", 3, RANSOM),
    CrewType("pale-mariner", "Pale Mariner", 5, GHOST),
    CrewType("firepot", "firepot specialist", 3, FIREPOT, named=False),
    CrewType("commodore-hale", "Commodore Hale", 6, HELMSMAN, keywords=(LIMIT,)),
    CrewType("marines", "marines", 2, None, named=False, keywords=(MARINE,)),
)}


def ship_type(key: str) -> ShipType:
    return SHIPS[key]


def crew_type(key: str) -> CrewType:
    return CREWS[key]


@dataclass(frozen=True)
class FortType:
    key: str
    name: str
    value: int  # the coins it costs, and that must stay in it
    flags: int
    guns: tuple[tuple[str, int], ...]


FORTS: dict[str, FortType] = {f.key: f for f in (
    FortType("stockade", "stockade", 5, 2, (("S", 3), ("S", 4))),
    FortType("bastion", "bastion", 9, 3, (("L", 3), ("S", 3), ("L", 4))),
)}
