"""What every board's alt text does alike: the nearest enemy of a ship, and fitting
one sentence per ship into Discord's alt text.

Discord's alt text holds 1024 characters; the text stays within LIMIT and names
every ship: when whole sentences do not all fit, the later ones are shortened.
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from renderer.pieces import ShipOnTable
from rules.core.tables.open_table import bearing, distance

LIMIT = 1000
S = TypeVar("S", bound=ShipOnTable)


def nearest_enemy(ship: S, ships: Sequence[S]) -> tuple[S, float, float] | None:
    """The closest enemy afloat: its distance centre to centre (mainmast to mainmast
    for Cannoni, as the rules measure fire), in table units, and its compass bearing."""
    best: tuple[S, float, float] | None = None
    here = (ship.pose.x, ship.pose.y)
    for other in ships:
        if other.side == ship.side or not other.afloat:
            continue
        there = (other.pose.x, other.pose.y)
        d = distance(here, there)
        if best is None or d < best[1]:
            best = (other, d, bearing(here, there))
    return best


def _and_more(n: int) -> str:
    return f" And {n} more."


def fit(head: str, sentences: Sequence[str], foot: str, and_more: Callable[[int], str] = _and_more) -> str:
    """``head``, a sentence for every ship, then ``foot``: at most LIMIT characters.
    Sentences are kept in order, so the caller puts first the ships a player needs to
    know about now. When they do not all fit, the first ones stay whole and the rest are
    shortened (to their first clause, then to where the ship is, then to her name), so
    every ship is still named; only past what even names can hold does it end with
    "And N more." (``and_more(n)``, in the reader's language)."""
    for shorten in (_first_clause, _position, _name):
        short = [shorten(s) for s in sentences]
        for whole in range(len(sentences), -1, -1):
            text = " ".join([head, *sentences[:whole], *short[whole:]]) + foot
            if len(text) <= LIMIT:
                return text
    kept: list[str] = []
    names = [_name(s) for s in sentences]
    for i, name in enumerate(names):
        left = len(names) - i - 1
        tail = and_more(left) if left else ""
        if len(" ".join([head, *kept, name]) + tail + foot) > LIMIT:
            break
        kept.append(name)
    more = len(names) - len(kept)
    return (" ".join([head, *kept]) + (and_more(more) if more else "") + foot)[:LIMIT]


def _cut(sentence: str, mark: str) -> str:
    head = sentence.split(mark, 1)[0].rstrip(" .,;")
    return head + "."


def _first_clause(sentence: str) -> str:
    return _cut(sentence, ";")


def _position(sentence: str) -> str:
    return _cut(sentence, ",")


def _name(sentence: str) -> str:
    return _cut(_cut(sentence, " at "), ",")
