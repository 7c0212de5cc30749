"""Victory conditions (§17), which the two editions word differently.

Nauta: "If at the end of a turn, one fleet has lost at least 1/3 of its initial
points (rounded up), counting all sunk, captured or eliminated ships, and adding +50
points if the Admiral has been killed or captured, the other player wins the battle.
All other results are a tie." — checked at the end of every turn, up to twelve.

Classis: after the twelve turns each player counts the points of the enemy ships
eliminated (sunk or captured) + 50 for the enemy admiral; "vince il giocatore che
supera di almeno 50 punti il punteggio dell'avversario: altrimenti è un pareggio".
"""
from __future__ import annotations

from rules.core.ruleset import Outcome
from rules.nauta.fleets import third_of
from rules.nauta.state import NautaState

ADMIRAL_POINTS = 50
CLASSIS_MARGIN = 50


def losses(state: NautaState, side: str) -> float:
    """Points a fleet has lost: its ships out of the battle, and its admiral."""
    lost = sum(s.value for s in state.ships if s.side == side and s.lost)
    if state.fleet(side).admiral_fate in ("killed", "captured"):
        lost += ADMIRAL_POINTS
    return lost


def scores(state: NautaState) -> dict[str, float]:
    """What each side has won: the losses of the other."""
    return {side: losses(state, state.other_side(side)) for side in state.sides}


def _fleet_gone(state: NautaState) -> bool:
    return any(not any(s.afloat for s in state.ships if s.side == side) for side in state.sides)


def end_of_turn(state: NautaState) -> Outcome | None:
    """The result if the battle ends now, else None."""
    last = state.turn >= state.turns_limit or _fleet_gone(state)
    if state.rules.classis:
        return _classis(state) if last else None
    return _nauta(state, last)


def _nauta(state: NautaState, last: bool) -> Outcome | None:
    beaten = [side for side in state.sides
              if losses(state, side) >= third_of(state.fleet(side).initial_points)]
    won = scores(state)
    if len(beaten) == 1:
        winner = state.other_side(beaten[0])
        return Outcome.because("nauta.reason.third-lost", winner=winner, kind="victory", scores=won,
                               side=beaten[0], points=f"{losses(state, beaten[0]):g}")
    if len(beaten) > 1:
        return Outcome.because("nauta.reason.both-lost", winner=None, kind="tie", scores=won)
    if last:
        return Outcome.because("nauta.reason.none-lost", winner=None, kind="tie", scores=won)
    return None


def _classis(state: NautaState) -> Outcome:
    won = scores(state)
    a, b = state.sides
    if won[a] - won[b] >= CLASSIS_MARGIN:
        return Outcome.because("nauta.reason.points", winner=a, kind="victory", scores=won,
                               won=f"{won[a]:g}", lost=f"{won[b]:g}")
    if won[b] - won[a] >= CLASSIS_MARGIN:
        return Outcome.because("nauta.reason.points", winner=b, kind="victory", scores=won,
                               won=f"{won[b]:g}", lost=f"{won[a]:g}")
    return Outcome.because("nauta.reason.close", winner=None, kind="tie", scores=won,
                               a=f"{won[a]:g}", b=f"{won[b]:g}")
