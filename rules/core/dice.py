"""The one source of chance.

Every die the rules throw goes through a :class:`Roller`, which asks an injected
:class:`DiceSource` for the value and records the roll as an event. A game record
keeps those rolls, so a game replays from its record alone, with or without the seed.
"""
from __future__ import annotations

import random
from typing import Protocol, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.core.events import Event, EventLog

T = TypeVar("T")


class Roll(BaseModel):
    """One die thrown: how many sides, the value, and why it was thrown."""

    model_config = ConfigDict(frozen=True)

    sides: int
    value: int
    reason: str


class DiceSource(Protocol):
    def next(self, sides: int, reason: str) -> int:
        """Return a value in 1..sides."""


class SeededDice:
    """Pseudo-random dice from a seed. Owns its generator: never the global one."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def next(self, sides: int, reason: str) -> int:
        return self._rng.randint(1, sides)


class RecordDiverged(Exception):
    """A replay asked for a roll the record does not hold."""


class ForcedDice:
    """Dice that return given values in order: for tests and for replays.

    Values may be plain ints or recorded :class:`Roll` objects; recorded rolls are
    checked against what the rules ask for, so a record that no longer matches the
    rules stops with a clear message instead of silently drifting. When the forced
    values run out, a ``fallback`` source (if any) takes over.
    """

    def __init__(self, values: Sequence[int | Roll], fallback: DiceSource | None = None) -> None:
        self._values = list(values)
        self._pos = 0
        self._fallback = fallback

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos

    def next(self, sides: int, reason: str) -> int:
        if self._pos >= len(self._values):
            if self._fallback is None:
                raise RecordDiverged(
                    f"the rules asked for a d{sides} ({reason}) but no forced die is left"
                )
            return self._fallback.next(sides, reason)
        item = self._values[self._pos]
        self._pos += 1
        if isinstance(item, Roll):
            if item.sides != sides:
                raise RecordDiverged(
                    f"the record holds a d{item.sides} ({item.reason}) where the rules "
                    f"ask for a d{sides} ({reason})"
                )
            value = item.value
        else:
            value = int(item)
        if not 1 <= value <= sides:
            raise RecordDiverged(f"forced value {value} is not a face of a d{sides} ({reason})")
        return value


class Roller:
    """Throws dice for the rules and records each throw as an event."""

    def __init__(self, source: DiceSource, log: EventLog) -> None:
        self._source = source
        self.log = log
        self.rolls: list[Roll] = []

    def roll(self, sides: int, reason: str, *, to: list[str] | None = None, **data: object) -> int:
        value = self._source.next(sides, reason)
        self.rolls.append(Roll(sides=sides, value=value, reason=reason))
        self.log.add(Event(kind="roll", to=to, data={"sides": sides, "value": value, "reason": reason, **data}))
        return value

    def choice(self, options: Sequence[T], reason: str, *, to: list[str] | None = None) -> T:
        """Pick one of ``options`` with a single die of len(options) sides."""
        if not options:
            raise ValueError("nothing to choose from")
        if len(options) == 1:
            return options[0]
        return options[self.roll(len(options), reason, to=to) - 1]

    def shuffle(self, items: Sequence[T], reason: str, *, to: list[str] | None = None) -> list[T]:
        """Shuffle by successive draws, each a recorded die."""
        pool = list(items)
        out: list[T] = []
        while pool:
            pick = self.choice(pool, reason, to=to)
            pool.remove(pick)
            out.append(pick)
        return out
