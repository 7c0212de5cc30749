"""Victory conditions (*Condizioni di vittoria*): crushing, partial, doubtful, and
the scoring of a single ship a side.
"""
from __future__ import annotations

from rules.cannoni.state import CannoniState, ShipState
from rules.core.ruleset import Outcome

MAST_DOWN_POINTS = 10
SIDE_GONE_POINTS = 10
DECIMATED_POINTS = 10


def _one_a_side(state: CannoniState) -> bool:
    return all(sum(1 for s in state.ships if _home_side(s) == side) == 1 for side in state.sides)


def _lost_single(ship: ShipState) -> bool:
    # "si ha una vittoria schiacciante quando la nave avversaria affonda, si arrende
    # e/o viene catturata"; a ship whose player gave up bringing it back is out too.
    return not ship.in_play or ship.sinking or ship.struck or ship.captured_by is not None


def _home_side(ship: ShipState) -> str:
    return ship.original.side if ship.original is not None else ship.side


def _still_fighting(ship: ShipState) -> bool:
    # A ship that left the table may still come back: it is not out of the game yet.
    return ship.can_fight or (ship.awaiting_reentry and not ship.struck)


def lost_ships(state: CannoniState) -> dict[str, list[str]]:
    """Each side's ships out of the game: sunk, sinking, struck, taken, or given up
    off the table (by the side she sailed for at the start)."""
    lost: dict[str, list[str]] = {side: [] for side in state.sides}
    for ship in state.ships:
        if _lost_single(ship):
            lost.setdefault(_home_side(ship), []).append(ship.name)
    return lost


def crushing(state: CannoniState) -> Outcome | None:
    if _one_a_side(state):
        beaten = [side for side in state.sides
                  if all(_lost_single(s) for s in state.ships if _home_side(s) == side)]
    else:
        beaten = [side for side in state.sides
                  if not any(_still_fighting(s) for s in state.ships if s.side == side)]
    if not beaten:
        return None
    standing = [side for side in state.sides if side not in beaten]
    if len(standing) == 1:
        return Outcome.because("cannoni.reason.beaten", winner=standing[0], kind="crushing",
                               sides=", ".join(beaten))
    if not standing:
        return Outcome.because("cannoni.reason.all-beaten", winner=None, kind="doubtful")
    return None


def single_ship_score(ship: ShipState) -> float:
    lost = sum(t.lost for t in ship.hull.values()) + sum(m.lost for m in ship.masts) + ship.crew.lost
    score = ship.log.value - lost - MAST_DOWN_POINTS * ship.masts_down
    score -= SIDE_GONE_POINTS * sum(1 for t in ship.hull.values() if t.destroyed)
    if ship.decimated:
        score -= DECIMATED_POINTS
    return float(score)


def fleet_scores(state: CannoniState) -> dict[str, float]:
    """Sunk: her value (double for an objective); captured: double (triple); struck
    but not taken: her value. Points go to every side but hers."""
    scores = {side: 0.0 for side in state.sides}
    for ship in state.ships:
        objective = ship.id in state.objectives
        own_side = ship.original.side if ship.original is not None else ship.side
        value = ship.original.log.value if ship.original is not None else ship.log.value
        if ship.captured_by is not None:
            points = value * (3 if objective else 2)
        elif ship.status == "sunk" or ship.sinking:
            points = value * (2 if objective else 1)
        elif ship.struck:
            points = value
        else:
            continue
        for side in state.sides:
            if side != own_side:
                scores[side] += points
    return scores


def final(state: CannoniState) -> Outcome:
    """At the end of the last turn with no crushing victory: compare the scores."""
    if _one_a_side(state):
        scores = {_home_side(s): max(single_ship_score(s), 0.0) for s in state.ships}
    else:
        scores = fleet_scores(state)
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    (best, top), (_, second) = ranked[0], ranked[1]
    if top > 0 and top >= 2 * second:
        return Outcome.because("cannoni.reason.twice", winner=best, kind="partial", scores=scores, side=best)
    return Outcome.because("cannoni.reason.not-twice", winner=None, kind="doubtful", scores=scores)
