"""The ship cards (schede): each ship's four tracks of boxes, crossed out left to right
as she is hit, and the catalogue of the period's ships built the way the box's card is.

A card's row lists the value each box stands for (rulebook 1.4 and the Castiglione's
card): the ship's current PM, XD6 or crew is the value of her first box not yet
crossed out, and 0 once the row is gone. Hull boxes carry no number (each is worth 1
in the victory count, 5.0). A ship's points are the sum of all her boxes: the
Castiglione's 25 + 31 + 26 + 10 hull boxes are the card's 92 points.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal["vascello", "fregata", "ammiraglia"]
AREAS = ("sails", "guns", "hull", "crew")


class Card(BaseModel):
    """One class of ship, as its card prints it."""

    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    kind: Kind  # frigates turn twice a hex (3.2); the sandbars read it (4.1.1)
    sails: tuple[int, ...]
    guns: tuple[int, ...]
    hull: int  # boxes
    crew: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(self.sails) + sum(self.guns) + self.hull + sum(self.crew)

    def track(self, area: str) -> tuple[int, ...]:
        return (1,) * self.hull if area == "hull" else getattr(self, area)

    @property
    def yellow(self) -> int:
        """The yellow hull boxes (3.6): the last half of the hull row (the colours are lost
        in the text; see docs/rules/hoo.md)."""
        return self.hull // 2


def value(track: tuple[int, ...], lost: int) -> int:
    """The value a row shows with ``lost`` boxes crossed out: 0 once all are gone."""
    return track[lost] if lost < len(track) else 0


def lost_value(track: tuple[int, ...], lost: int) -> int:
    """What the crossed-out boxes of a row are worth in the victory count (5.0)."""
    return sum(track[:lost])


CATALOGUE: dict[str, Card] = {c.key: c for c in (
    # The box's card: Regia Nave Castiglione, Kingdom of Italy (1804-1814), 92 points.
    Card(key="74", name="Vascello da 74", kind="vascello",
         sails=(4, 4, 3, 3, 3, 2, 2, 2, 1, 1), guns=(6, 5, 4, 4, 3, 3, 2, 2, 1, 1), hull=10,
         crew=(5, 4, 3, 3, 3, 2, 2, 2, 1, 1)),
    # Built like the 74's card: the rows keep ten boxes, a bigger ship carries more guns,
    # hull and crew and fewer sails, a frigate more sails and fewer of the rest.
    Card(key="64", name="Vascello da 64", kind="vascello",
         sails=(4, 4, 3, 3, 3, 2, 2, 2, 1, 1), guns=(5, 4, 4, 3, 3, 2, 2, 2, 1, 1), hull=8,
         crew=(4, 4, 3, 3, 2, 2, 2, 1, 1, 1)),
    Card(key="80", name="Vascello da 80", kind="vascello",
         sails=(4, 3, 3, 3, 3, 2, 2, 2, 1, 1), guns=(7, 6, 5, 4, 4, 3, 3, 2, 1, 1), hull=11,
         crew=(5, 5, 4, 3, 3, 2, 2, 2, 1, 1)),
    Card(key="100", name="Vascello di primo rango da 100", kind="ammiraglia",
         sails=(3, 3, 3, 3, 2, 2, 2, 2, 1, 1), guns=(8, 7, 6, 5, 5, 4, 3, 2, 2, 1), hull=13,
         crew=(6, 5, 5, 4, 3, 3, 2, 2, 1, 1)),
    Card(key="44", name="Fregata pesante da 44", kind="fregata",
         sails=(5, 5, 4, 4, 3, 3, 3, 2, 2, 1), guns=(4, 4, 3, 3, 3, 2, 2, 1, 1, 1), hull=7,
         crew=(4, 3, 3, 3, 2, 2, 2, 1, 1, 1)),
    Card(key="32", name="Fregata da 32", kind="fregata",
         sails=(5, 5, 4, 4, 4, 3, 3, 2, 2, 1), guns=(3, 3, 3, 2, 2, 2, 1, 1, 1, 1), hull=6,
         crew=(3, 3, 3, 2, 2, 2, 1, 1, 1, 1)),
)}


def card(key: str) -> Card:
    try:
        return CATALOGUE[key]
    except KeyError:
        raise KeyError(f"no ship card {key!r}; cards: {', '.join(CATALOGUE)}") from None
