"""Whether a ship may take a manoeuvre now: one answer for the first manoeuvre of the
turn (rules.pirates.steps) and for an extra one (rules.pirates.extra), which is checked
again when its time comes."""
from __future__ import annotations

from collections import Counter

from rules.pirates import building, fighting, forts, keywords, treasure
from rules.pirates.catalogue import ship_type
from rules.pirates.state import Gun, PiratesState, Ship


def missing_guns(ship: Ship) -> list[Gun]:
    have = Counter((g.range, g.score) for g in ship.guns)
    out = []
    for rng, score in ship_type(ship.key).guns:
        if have[(rng, score)] > 0:
            have[(rng, score)] -= 1
        else:
            out.append(Gun(range=rng, score=score))  # type: ignore[arg-type]
    return out


def legal(state: PiratesState, ship: Ship, action: str) -> str | None:
    """None when ``ship`` may take ``action`` now, else the reason's code."""
    if action == "march":
        return "why.not-marine"
    if action == "scuttle":
        return None if ship.status == "derelict" else "why.not-derelict"
    if action == "fire":
        return None  # to hold: a derelict (or fogbound) ship may also do nothing
    if ship.status == "derelict":
        return None if action == "move" and keywords.rows_derelict(ship) else "why.derelict"
    if ship.fog:
        return "why.fog"
    if action in ("move", "reverse"):
        # a ghost crew "eventualmente si disincastra"
        return None if ship.stuck_to is None or action == "move" and keywords.ghostly(state, ship) else "why.not-stuck"
    if action == "repair":
        if not state.find_island(ship.docked) or state.island(ship.docked).side != ship.side:
            return "why.not-home"
        return None if missing_guns(ship) else "why.whole"
    if action == "explore":
        return None if treasure.explorable(state, ship) else "why.nothing-to-explore"
    if action == "board":
        return None if fighting.may_board(state, ship) else "why.not-stuck"
    if action == "fort":
        return None if forts.affordable(state, ship) else "why.no-fort"
    if action == "build":
        return None if building.buildable(state, ship) else "why.no-build"
    return None
