"""What the captain does that the deckhand does not: treasure moved by hand (a free
action, rules.pirates.cargo) and the firepot specialist's gun (rules.pirates.firepot).
The ghost ship's passage is one more kind of move in the captain's search
(rules.ai.pirates.captains.PiratesAI.plans).

Treasure by hand, when it saves a manoeuvre or a cargo:
* a ship docked at a wild island already explored takes its treasure aboard by hand,
  the richest first, instead of exploring again (she may sail home in the same turn);
* a laden ship under enemy guns with fewer masts than a ship of hers alongside hands
  her treasure to that ship (the stronger keeps it better and sails faster).
Nothing is put ashore by hand: at home and at her own fort the engine banks for her.

The firepot: one gun of a ship carrying the specialist aims at an enemy ship within
one square that has two masts or more left unburnt, and becomes the firepot (the
gun that hits worst is chosen). A mast on fire silences its gun and spreads; a ship
with every mast alight may sink. Against a ship with one mast a plain hit is worth
more: she is left derelict, with her cargo to explore."""
from __future__ import annotations

from typing import Any, Callable

from rules.core.decisions import DecisionSpec
from rules.pirates import cargo, firepot, shooting
from rules.pirates.state import PiratesState, Ship
from rules.pirates.treasure import room

FREE = 100.0  # a free action goes before any manoeuvre: the same decision comes back after it


def treasure_moves(state: PiratesState, side: str, spec: DecisionSpec,
                   danger: Callable[[PiratesState, Ship], float]) -> list[tuple[float, dict[str, Any]]]:
    action = spec.action("cargo")
    if action is None:
        return []
    treasures, places = action.param("treasure"), action.param("to")
    if treasures is None or places is None:
        return []
    allowed = set(places.values())
    out: list[tuple[float, dict[str, Any]]] = []
    for ident in treasures.values():
        t = next((x for x in state.treasures if x.id == ident), None)
        if t is None:
            continue
        for to in cargo.destinations(state, side, t):
            worth = _worth_moving(state, t.place, to, danger) if to in allowed else None
            if worth is not None:
                out.append((FREE + worth + t.value, {"action": "cargo", "treasure": t.id, "to": to}))
    return sorted(out, key=lambda e: -e[0])[:1]


def _worth_moving(state: PiratesState, start: str, to: str,
                  danger: Callable[[PiratesState, Ship], float]) -> float | None:
    """How much moving a treasure from ``start`` to ``to`` helps; None when it does not."""
    taker = state.find_ship(to)
    if taker is None or room(state, taker) <= 0:
        return None  # nothing goes ashore by hand: banking does that
    island = state.find_island(start)
    if island is not None:
        return 10.0 if island.kind == "wild" else None  # from home: she only carries it about
    giver = state.find_ship(start)
    if giver is None or giver.side != taker.side:
        return None  # a fort keeps what it holds
    if giver.masts_left < taker.masts_left and danger(state, giver) > danger(state, taker):
        return 5.0
    return None


def firepot_aim(state: PiratesState, spec: DecisionSpec, payload: dict[str, Any]) -> dict[str, Any]:
    """The fire order with one gun made the firepot, when an enemy worth burning lies
    within its one square; the order unchanged otherwise."""
    action = spec.action("fire")
    param = action.param("firepot") if action else None
    ship = state.find_ship(str(spec.decision.subject))
    if param is None or ship is None or not firepot.armed(state, ship):
        return payload
    close = [t for t in shooting.reach_at(state, ship, firepot.REACH) if _worth_burning(state, ship, t)]
    if not close:
        return payload
    best = None
    for value in param.values():
        k = firepot.gun_of({"firepot": value})
        gun_param = action.param(f"gun{k + 1}") if k is not None and k < len(ship.guns) else None
        targets = [t for t in close if gun_param is not None and t in gun_param.values()]
        if targets and (best is None or ship.guns[k].score > ship.guns[best[0]].score):
            best = (k, targets[0])
    if best is None:
        return payload
    k, target = best
    return {**payload, f"gun{k + 1}": target, "firepot": f"gun{k + 1}"}


def _worth_burning(state: PiratesState, ship: Ship, ident: str) -> bool:
    target = state.find_ship(ident)
    return (target is not None and target.side != ship.side and target.status == "afloat"
            and target.masts_left - target.burning >= 2)
