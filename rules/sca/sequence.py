"""A player's part from its orders to its morale tests: one run (the Fast Play), or two
segments with a course change after each (optional rule 3). Apart from :mod:`part`
because the segments are built from its pieces."""
from __future__ import annotations

from rules.core.decisions import Order
from rules.core.dice import Roller
from rules.sca.part import begin_part, end_part, one_run
from rules.sca.segments import two_segments
from rules.sca.state import ScaState


def resolve_part(state: ScaState, orders: dict[str, Order], roller: Roller) -> None:
    ships, given = begin_part(state, orders, roller)
    if state.options.segmented:
        tacking = two_segments(state, ships, given, roller)
    else:
        tacking = one_run(state, ships, given, roller)
    end_part(state, ships, given, tacking, roller)
