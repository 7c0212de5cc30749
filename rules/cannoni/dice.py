"""Which die the rules throw: a d10, or a d6 in quick play (issue: quick play)."""
from __future__ import annotations

from rules.cannoni.state import CannoniState
from rules.core.dice import Roller


def die(state: CannoniState) -> int:
    return 10


def roll(state: CannoniState, roller: Roller, reason: str, **data: object) -> int:
    return roller.roll(die(state), reason, **data)
