"""The initiative phase (3.1): who moves in which order this turn, and the wind's shift
when the tie-breaks run long (2.1.2).

Up to four ships in play, each rolls 1D6 and the highest moves first; ties are rolled
again, and a tie-break only orders the tied ships among themselves ("la risoluzione
degli spareggi deve sempre essere riferita al numero lanciato originariamente").
More than four, each player's ships are numbered 1..n (here: in the fleet's order)
and the ships with the same number roll against each other; the pairs move in their
numbers' order, and the side with more ships moves its extra ones last.
"""
from __future__ import annotations

from typing import Callable

from rules.core.dice import Roller
from rules.hoo.wind import shifted, tiebreaks_for_change

SINGLY = 4


class Tiebreaks:
    """Counts a turn's tie-breaks and shifts the wind at the one that should."""

    def __init__(self, ships: int, wind: int, on_shift: Callable[[int, int, int], None]) -> None:
        self.count = 0
        self.at = tiebreaks_for_change(ships)
        self.wind = wind
        self.on_shift = on_shift

    def tiebreak(self, rolls: list[int]) -> None:
        self.count += 1
        if self.count == self.at:
            total = sum(rolls)  # the value the tie-break produced: its dice together
            before, self.wind = self.wind, shifted(self.wind, total)
            self.on_shift(before, self.wind, total)


def _ranked(ids: list[str], roller: Roller, ties: Tiebreaks, first: dict[str, int] | None = None) -> list[str]:
    """``ids`` best first by one D6 each, ties broken by rolling again among the tied."""
    rolls = first if first is not None else {i: roller.roll(6, f"tie-break for {i}", ship=i) for i in ids}
    if first is None:
        ties.tiebreak([rolls[i] for i in ids])
    out: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        group = [i for i in ids if rolls[i] == value]
        out += group if len(group) == 1 else _ranked(group, roller, ties)
    return out


def initiative(sides: dict[str, list[str]], roller: Roller, ties: Tiebreaks) -> tuple[list[str], dict[str, int]]:
    """The order of play and each ship's first roll; ``sides`` lists each side's ships
    able to act, in their numbering."""
    every = [i for ids in sides.values() for i in ids]
    first = {i: roller.roll(6, f"initiative of {i}", ship=i) for i in every}
    if len(every) <= SINGLY:
        return _ranked(every, roller, ties, first), first
    order: list[str] = []
    longest = max(len(ids) for ids in sides.values())
    for n in range(longest):
        pair = [ids[n] for ids in sides.values() if n < len(ids)]
        order += _ranked(pair, roller, ties, {i: first[i] for i in pair}) if len(pair) > 1 else pair
    # The numbers only the bigger fleet has come after every pair: her extra ships last.
    return order, first
