"""Standing orders in Nauta's terms (see :mod:`rules.core.standing`).

A galley's turn is decided in two forms for a whole fleet: the secret speeds (§8-10)
and, in turn, the moves (§11: which ship or formation next, her wheel, a dash, her
archers or engines). A commander may leave each galley a standing order instead:

- *hold course*: the speed of last turn (the nearest she may write), straight on,
  no dash, no shooting;
- *hold water*: speed 0 (the nearest she may write: a galley slows by her deceleration
  only), straight on, no shooting;
- *shoot at the nearest* (only a galley with balistae or crossbowmen): holds
  course and shoots after moving, at the target the rules give her (the nearest in
  reach);
- *as last turn*: last turn's speed, and the wheel and shooting of her last move (no
  dash: rowers are not driven by a standing order); a wheel she may not make now
  becomes straight on.

A form about several galleys is answered by standing orders only when every galley it
concerns has one: the speeds when every galley writing one has; a move when every
galley still to move this turn has (the first of them moves, as the default would
take her); the choice of moving first or second, when every galley of the commander
has one, and then it is the published default: second, to see the enemy move first.
Standing orders never write formations and never board (nor throw fire): those are
asked of the commander. Orders may also be given for this turn only.
"""
from __future__ import annotations

import re
from typing import Any

from rules.core.decisions import Choice, Decision
from rules.core.standing import History, Standing, StandingKind, StandingOffer
from rules.core.texts import say
from rules.nauta.movement import Unit, turn_problem, units
from rules.nauta.shooting import weapon
from rules.nauta.speeds import legal_speeds, writers
from rules.nauta.state import NautaState, Ship

HOLD_COURSE, HOLD_WATER, SHOOT_NEAREST, AS_LAST = "hold-course", "hold-water", "shoot-nearest", "as-last"
KINDS = (HOLD_COURSE, HOLD_WATER, SHOOT_NEAREST, AS_LAST)
ANSWERED = ("speeds", "initiative", "move")  # the decisions standing orders answer
_TURN_STEPS = ("speeds", "initiative", "move")  # a "this turn only" order may still be given
_MOVE_ID = re.compile(r"^t\d+\.m\d+$")


def _kinds(state: NautaState, ship: Ship) -> list[StandingKind]:
    armed = weapon(state, ship) is not None
    return [StandingKind(kind=k, label=say(f"nauta.standing.{k}"), help=say(f"nauta.standing.{k}.help"))
            for k in KINDS if k != SHOOT_NEAREST or armed]


def moment(turn: int) -> str:
    return f"t{turn}"


def offers(state: NautaState, seat: str) -> list[StandingOffer]:
    out = []
    for ship in state.ships:
        if ship.player != seat or not ship.afloat:
            continue
        moments = [Choice(value=moment(state.turn), label=say("nauta.standing.moment", turn=state.turn))] \
            if state.step in _TURN_STEPS and state.turn >= 1 else []
        out.append(StandingOffer(subject=ship.id, label=ship.name, kinds=_kinds(state, ship), moments=moments,
                                 note=say("nauta.standing.note")))
    return out


def moment_of(state: NautaState, decision: Decision) -> str | None:
    return moment(state.turn) if decision.kind in ANSWERED else None


def subjects(state: NautaState, decision: Decision) -> list[str]:
    if decision.kind == "speeds":
        return [s.id for s in writers(state, decision.player)]
    if decision.kind == "move":
        return [s.id for u in units(state, decision.player) for s in u.ships]
    if decision.kind == "initiative":
        return [s.id for s in state.ships if s.player == decision.player and s.afloat]
    return []


def payload(state: NautaState, decision: Decision, standings: list[Standing],
            history: History) -> dict[str, Any] | None:
    by_ship = {s.subject: s.kind for s in standings}
    needed = subjects(state, decision)
    if not needed or any(ship_id not in by_ship for ship_id in needed):
        return None  # only orders for every galley the decision concerns answer it
    if decision.kind == "speeds":
        ships = writers(state, decision.player)
        return {"action": "speeds", **{s.id: _speed(state, s, by_ship[s.id]) for s in ships}}
    if decision.kind == "move":
        mine = units(state, decision.player)
        return _move(state, mine, mine[0], by_ship[mine[0].ships[0].id], history)
    if decision.kind == "initiative":
        return {"action": "second"}
    return None


def _speed(state: NautaState, ship: Ship, kind: str) -> int:
    aim = 0 if kind == HOLD_WATER else ship.last_speed
    return min(legal_speeds(state, ship), key=lambda v: (abs(v - aim), abs(v)))


def _move(state: NautaState, mine: list[Unit], unit_: Unit, kind: str, history: History) -> dict[str, Any]:
    turn, shoot = 0, "no"
    armed = any(weapon(state, s) for s in unit_.ships)
    if kind == SHOOT_NEAREST and armed:
        shoot = "after"
    elif kind == AS_LAST:
        last = last_move(unit_.key, history)
        if last is not None:
            turn = int(last.get("turn", 0))
            shoot = str(last.get("shoot", "no")) if armed else "no"
            if turn_problem(state, unit_, turn) is not None:
                turn = 0
    out: dict[str, Any] = {"action": "move", "unit": unit_.key, "turn": turn, "dash": "no"}
    # The form offers "shoot" only when some unit of the player has a weapon.
    if any(weapon(state, s) for u in mine for s in u.ships):
        out["shoot"] = shoot
    return out


def last_move(unit_key: str, history: History) -> dict[str, Any] | None:
    """The newest move order of this ship (or formation), if any."""
    for order in history:
        if _MOVE_ID.match(order.decision) and order.payload.get("unit") == unit_key:
            return dict(order.payload)
    return None
