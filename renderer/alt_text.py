"""What every board's alt text does alike: the nearest enemy of a ship, and fitting
one sentence per ship into Discord's alt text.

Discord's alt text holds 1024 characters; the text stays within LIMIT and, when
there are more ships than fit, ends with "And N more.".
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
    """``head``, as many ``sentences`` as fit, "And N more." (``and_more(n)``, in the
    reader's language) for the rest, then ``foot``: at most LIMIT characters.
    Sentences are kept in order, so the caller puts first the ships a player needs
    to know about now."""
    kept: list[str] = []
    for i, sentence in enumerate(sentences):
        left = len(sentences) - i - 1
        tail = and_more(left) if left else ""
        if len(" ".join([head] + kept + [sentence]) + tail + foot) > LIMIT:
            break
        kept.append(sentence)
    more = len(sentences) - len(kept)
    text = " ".join([head] + kept) + (and_more(more) if more else "") + foot
    return text[:LIMIT]
