"""Extra manoeuvres ("doppie manovre"): "Alcuni oggetti possono avere diritto a ulteriori
manovre [...], che vanno dichiarate immediatamente appena l'oggetto fa la sua prima manovra
e il proprietario può scegliere di svolgerle prima degli spari, se non sono sparare, oppure
dopo aver subito i danni."

A ship with the keyword ``double`` names her extra manoeuvre (``extra``) and its time
(``double_when``: ``before`` the shots, ``after`` the damage) in the order of her first
manoeuvre of the turn. The declaration is public. When its time comes the extra is
checked again: one that can no longer be played (the ship sank, lost her masts, is stuck
and wanted to move...) lapses, told by an event."""
from __future__ import annotations

from typing import Any

from rules.core import problems as P
from rules.core.decisions import Problem
from rules.core.dice import Roller
from rules.pirates import keywords, shooting
from rules.pirates.catalogue import DOUBLE
from rules.pirates.legal import legal
from rules.pirates.naming import ship_words
from rules.pirates.state import Extra, PiratesState, Ship

BEFORE, AFTER = "before", "after"
ACTIONS = ("move", "reverse", "repair", "explore", "board", "fire")
NONE = "none"


def entitled(state: PiratesState, ship: Ship) -> bool:
    """She may declare an extra manoeuvre: a double ship making her first manoeuvre."""
    return keywords.has(ship, DOUBLE) and not ship.acted


def when_of(payload: dict[str, Any]) -> str:
    """The declared time; a shot can only come after the damage."""
    default = AFTER if payload.get("double") == "fire" else BEFORE
    return str(payload.get("double_when") or default)


def check(state: PiratesState, ship: Ship, payload: dict[str, Any]) -> list[Problem]:
    action = payload.get("double")
    if action in (None, NONE):
        return []
    if not entitled(state, ship):
        return [P.problem("pirates-no-extra", field="double", ship=ship_words(ship))]
    if action not in ACTIONS:
        return [P.problem("pirates-no-extra", field="double", ship=ship_words(ship))]
    when = when_of(payload)
    if when not in (BEFORE, AFTER) or action == "fire" and when == BEFORE:
        return [P.problem("pirates-extra-fire-after", field="double_when", ship=ship_words(ship))]
    return []


def declare(state: PiratesState, ship: Ship, payload: dict[str, Any], roller: Roller) -> None:
    action = payload.get("double")
    if action in (None, NONE) or not entitled(state, ship):
        return
    extra = Extra(ship=ship.id, action=str(action), when=when_of(payload))  # type: ignore[arg-type]
    state.extras.append(extra)
    roller.log.emit("extra_declared", ship=ship.id, action=extra.action, when=extra.when)


def playable(state: PiratesState, extra: Extra) -> bool:
    ship = state.find_ship(extra.ship)
    if ship is None or ship.status != "afloat" or ship.fog or ship.towed_by is not None:
        return False
    if extra.action == "fire":
        return any(shooting.reach(state, ship, g) for g in ship.guns)
    return legal(state, ship, extra.action) is None


def current(state: PiratesState) -> Extra | None:
    """The extra to play now: every one before the shots first, then those after."""
    for when in (BEFORE, AFTER):
        for extra in state.extras:
            if extra.when == when:
                return extra
    return None


def begin(state: PiratesState, when: str, roller: Roller) -> bool:
    """Go to the extra manoeuvres of ``when`` if one can be played; the others lapse."""
    while True:
        extra = next((e for e in state.extras if e.when == when), None)
        if extra is None:
            return False
        if playable(state, extra):
            state.step = "extra"
            return True
        state.extras.remove(extra)
        roller.log.emit("extra_lapsed", ship=extra.ship, action=extra.action)
