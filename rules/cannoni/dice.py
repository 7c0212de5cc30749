"""Which die the rules throw: a d10, or a d6 in quick play (*Partita rapida*:
"ovunque il regolamento richiede il lancio di un dado intendere un dado a sei facce")."""
from __future__ import annotations

from rules.cannoni.state import CannoniState
from rules.core.dice import Roller


def die(state: CannoniState) -> int:
    return 6 if state.options.quick_play else 10


def roll(state: CannoniState, roller: Roller, reason: str, **data: object) -> int:
    return roller.roll(die(state), reason, **data)


def wind_roll(state: CannoniState, roller: Roller, reason: str) -> int:
    """The wind tables: 1d10, or 2d6 in quick play (the tables' "2d6" column)."""
    if state.options.quick_play:
        return roller.roll(6, reason) + roller.roll(6, reason)
    return roller.roll(10, reason)
