"""The game's dice: one seeded stream, continuing from the start to the last step.

Only the seed is stored; after a restart or an undo the stream is wound forward
over the rolls already kept, checking each value, so the dice pick up exactly where
the kept history left them. This is the record format's "thrown from the seed,
continuing", and it means an undo cannot be used to re-roll bad luck.
"""
from __future__ import annotations

from typing import Any, Iterable

from rules.core.dice import RecordDiverged, SeededDice


def continuing_dice(seed: int, kept_rolls: Iterable[dict[str, Any]]) -> SeededDice:
    dice = SeededDice(seed)
    for n, roll in enumerate(kept_rolls):
        value = dice.next(int(roll["sides"]), str(roll["reason"]))
        if value != roll["value"]:
            raise RecordDiverged(f"stored roll {n} ({roll['reason']}) is {roll['value']}, the seed gives {value}")
    return dice
