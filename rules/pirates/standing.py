"""Standing orders in Pirates' terms (see :mod:`rules.core.standing`), so that a player on
a phone need not order every ship every turn.

A player acts in the initiative's order, one object a slot (the ``act`` form: which
ship, and her manoeuvre), then each ship with a target in reach aims her guns (the
``fire`` form). A player may leave each of her ships one standing order:

- *hold*: she holds (the "fire" manoeuvre: she shoots after the manoeuvres if she
  can), and her guns each take the first target in reach, as the published default;
- *as last turn*: the manoeuvre she took last turn, if the rules accept it now (a
  move by the same segments and turns, a repair, an explore...), else she holds; her
  guns at last turn's targets where they are still in reach, else the first in reach.

An ``act`` form is answered by standing orders only when every ship still to act has
one: the first of them (in the fleet's order) takes hers. Once her ships have acted,
her forts and landed marines are asked of the player as ever (no standing order answers
for them). Standing orders never build,
board, embark a crew nor move treasure by hand, and never declare an extra manoeuvre:
those are asked of the player. Orders may also be given for this turn only.

"Same as last turn" (the forms' repeat) is the same reading for one form: the act form
repeats the manoeuvre of the first ship still to act that had one last turn, the fire
form last turn's aims of that ship.
"""
from __future__ import annotations

from typing import Any

from rules.core.decisions import Choice, Decision
from rules.core.standing import History, Standing, StandingKind, StandingOffer
from rules.core.texts import say
from rules.pirates import shooting, steps, turns
from rules.pirates.naming import ship_words
from rules.pirates.state import PiratesState, Ship
from rules.pirates.wording import TEXTS

HOLD, AS_LAST = "hold", "as-last"
KINDS = (HOLD, AS_LAST)
ANSWERED = ("act", "fire")
# What a standing order repeats: manoeuvres (never a free action, a build, a boarding).
REPEATED = ("move", "reverse", "fire", "repair", "explore", "scuttle")

TEXTS.add_pairs({
    "pirates.standing.hold": ("Hold", "Resta"),
    "pirates.standing.hold.help": ("she holds and her guns take the first target in reach",
                                   "resta ferma e i suoi cannoni tirano al primo bersaglio a tiro"),
    "pirates.standing.as-last": ("As last turn", "Come nel turno scorso"),
    "pirates.standing.as-last.help": ("last turn's manoeuvre and targets where the rules still allow them, "
                                      "else she holds",
                                      "la manovra e i bersagli del turno scorso dove le regole li permettono "
                                      "ancora, altrimenti resta"),
    "pirates.standing.moment": ("turn {turn} only", "solo il turno {turn}"),
    "pirates.standing.note": ("her manoeuvre is taken from it only when every ship of yours still to act has "
                              "one; building, boarding, crews and treasure by hand are always yours to order",
                              "la sua manovra ne è presa solo quando ogni tua nave che deve ancora agire ne ha "
                              "uno; costruire, abbordare, equipaggi e tesori a mano li ordini sempre tu"),
})


def moment(turn: int) -> str:
    return f"t{turn}"


def offers(state: PiratesState, seat: str) -> list[StandingOffer]:
    if state.over or not any(s.id == seat for s in state.seats):
        return []
    side = state.side_of(seat)
    kinds = [StandingKind(kind=k, label=say(f"pirates.standing.{k}"), help=say(f"pirates.standing.{k}.help"))
             for k in KINDS]
    moments = [Choice(value=moment(state.turn), label=say("pirates.standing.moment", turn=state.turn))] \
        if state.step in ("manoeuvre", "extra", "fire") else []
    return [StandingOffer(subject=s.id, label=ship_words(s), kinds=list(kinds), moments=list(moments),
                          note=say("pirates.standing.note"))
            for s in state.ships if s.side == side and s.status == "afloat"]


def moment_of(state: PiratesState, decision: Decision) -> str | None:
    return moment(state.turn) if decision.kind in ANSWERED else None


def subjects(state: PiratesState, decision: Decision) -> list[str]:
    if decision.kind == "act":
        return [s.id for s in turns.to_act(state, state.side_of(decision.player))]
    if decision.kind == "fire" and state.find_ship(str(decision.subject)) is not None:
        return [str(decision.subject)]
    return []


def payload(state: PiratesState, decision: Decision, standings: list[Standing],
            history: History) -> dict[str, Any] | None:
    by_ship = {s.subject: s.kind for s in standings}
    needed = subjects(state, decision)
    if not needed or any(ship_id not in by_ship for ship_id in needed):
        return None  # only orders for every ship the form concerns answer it
    if decision.kind == "act":
        ship = state.ship(needed[0])
        if by_ship[ship.id] == AS_LAST:
            again = _last_manoeuvre(state, decision, ship, history)
            if again is not None:
                return again
        return {"action": "fire", "ship": ship.id}
    if decision.kind == "fire":
        return aims(state, decision, history if by_ship[needed[0]] == AS_LAST else [])
    return None


def repeat(state: PiratesState, decision: Decision, history: History) -> dict[str, Any] | None:
    if decision.kind == "act":
        for ship in turns.to_act(state, state.side_of(decision.player)):
            again = _last_manoeuvre(state, decision, ship, history)
            if again is not None:
                return again
        return None
    if decision.kind == "fire" and _last_fire(state, str(decision.subject), history) is not None:
        return aims(state, decision, history)
    return None


def aims(state: PiratesState, decision: Decision, history: History) -> dict[str, Any]:
    """Each gun at last turn's target of the same gun where it is still in reach (from
    ``history``), else at the first target in reach."""
    shooter = shooting.shooter_of(state, str(decision.subject))
    _params, out = steps.gun_params(state, shooter)
    last = _last_fire(state, str(decision.subject), history) or {}
    for k, gun in enumerate(shooting.guns_of(shooter), start=1):
        target = last.get(f"gun{k}")
        if target is not None and target in shooting.reach(state, shooter, gun) \
                and not (isinstance(shooter, Ship) and k > shooter.usable_guns):
            out[f"gun{k}"] = target
    return out


def _last_manoeuvre(state: PiratesState, decision: Decision, ship: Ship, history: History) -> dict[str, Any] | None:
    """Her manoeuvre of an earlier turn, as ordered, when the rules accept it now."""
    for order in history:
        turn, kind = _turn_and_kind(order.decision)
        if kind != "a" or turn is None or turn >= state.turn or order.payload.get("ship") != ship.id:
            continue
        if order.payload.get("action") not in REPEATED:
            continue
        again = {k: v for k, v in order.payload.items() if k not in ("double", "double_when")}
        return again if not steps.manoeuvre_check(state, decision, again, None) else None
    return None


def _last_fire(state: PiratesState, subject: str, history: History) -> dict[str, Any] | None:
    for order in history:
        turn, kind = _turn_and_kind(order.decision)
        if kind == "f" and turn is not None and turn < state.turn and order.decision.endswith(f".f.{subject}"):
            return dict(order.payload)
    return None


def _turn_and_kind(decision_id: str) -> tuple[int | None, str]:
    """("t3.a2" -> (3, "a"); "t3.f.black-tide" -> (3, "f"))."""
    head, _, rest = decision_id.partition(".")
    if not head.startswith("t") or not head[1:].isdigit() or not rest:
        return None, ""
    return int(head[1:]), rest[0]
