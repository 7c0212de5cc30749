"""Where a move order would leave a ship ("Muovere"), drawn before it is sent.

The walk is the engine's own (:func:`rules.pirates.movement.sail` with no dice, as an
order is checked): the sea's edge and land refuse the order before any picture; a ship
she would ram, the fog and a Sargasso Sea whose die is known stop her where the engine
would; a schooner's turn on her stern is made at the end. Nothing is rolled, so a shoal
or a Sargasso Sea whose die is not yet on it is taken as letting her through, and the
words say so. The facts come with their words (``said``, a text of the catalogue), which
the bot shows under the picture.
"""
from __future__ import annotations

from typing import Any

from rules.core.copying import clone_model
from rules.core.decisions import Order
from rules.core.texts import Text, say
from rules.pirates import movement, sea, steps, turns
from rules.pirates.catalogue import SCHOONER
from rules.pirates.keywords import has
from rules.pirates.naming import ship_words
from rules.pirates.state import PiratesState
from rules.pirates.view import view
from rules.pirates.wording import TEXTS

TEXTS.add_pairs({
    "pirates.preview.sailed": ("from {start} to {end}, facing {facing}{stop}{unknown}",
                               "da {start} a {end}, con la prua a {facing}{stop}{unknown}"),
    "pirates.preview.stop.fog": (", stopped by the fog", ", fermata dalla nebbia"),
    "pirates.preview.stop.sargasso": (", caught in the Sargasso Sea", ", bloccata nel Mar dei Sargassi"),
    "pirates.preview.stop.ram": (", ramming {other}", ", speronando {other}"),
    "pirates.preview.stop.becalmed": (", held by the Sargasso Sea (she owes it moves)",
                                      ", trattenuta dal Mar dei Sargassi (le deve ancora manovre)"),
    "pirates.preview.unknown": ("; a zone on her way has no die yet: it may stop her",
                                "; una zona sul suo cammino non ha ancora il dado: può fermarla"),
})


def preview_move(state: PiratesState, order: Order) -> dict[str, Any] | None:
    if state.step != "manoeuvre" or order.payload.get("action") != "move":
        return None  # only a ship's move manoeuvre sails
    if not any(d.id == order.decision for d in steps.manoeuvre_pending(state)):
        return None
    copy = clone_model(state)
    ship = copy.find_ship(str(order.payload.get("ship")))
    if ship is None:
        return None
    plan = turns.plan_of(order.payload)
    start = ship.cells()[0]
    if ship.becalmed > 0:  # she owes the Sargasso moves of 0 squares
        stopped, rammed, unknown = "becalmed", None, False
    else:
        walked = movement.sail(copy, ship, plan)
        stopped, rammed = walked.stopped, walked.rammed
        unknown = _unrolled(copy, [c for p in walked.places for c in ((s.col, s.row) for s in p.squares())])
        ship.put(walked.end)
        ship.docked = None  # as the engine casts her off, and docks her again if asked
        if plan.dock and stopped in (None, "sargasso"):
            island = sea.dockable(copy, ship)
            ship.docked = island.id if island is not None else None
        if plan.pivot and rammed is None and stopped != "fog" and has(ship, SCHOONER):
            place, problem = movement.stern_pivot(copy, ship, ship.place, plan.pivot)
            if problem is None:
                ship.put(place)
    data = view(copy, None)
    words = said(copy, start, ship.cells()[0], ship.facing, stopped, rammed, unknown)
    data["preview"] = {"ship": ship.id, "start": list(start), "end": list(ship.cells()[0]), "facing": ship.facing,
                       "stopped_by": stopped, "rammed": rammed, "unknown_die": unknown,
                       "said": words.model_dump(mode="json")}
    return data


def _unrolled(state: PiratesState, cells: list) -> bool:
    """Whether she would pass a shoal or a Sargasso Sea whose die is not rolled yet."""
    zones = sea.zone_at(state)
    return any(c in zones and zones[c].kind != "fog" and zones[c].die is None for c in cells)


def said(state: PiratesState, start, end, facing: int, stopped: str | None, rammed: str | None,
         unknown: bool) -> Text:
    stop: Any = ""
    if stopped == "ram" and rammed is not None:
        stop = say("pirates.preview.stop.ram", other=ship_words(state.ship(rammed)))
    elif stopped in ("fog", "sargasso", "becalmed"):
        stop = say(f"pirates.preview.stop.{stopped}")
    return say("pirates.preview.sailed", start=movement.square_name(start), end=movement.square_name(end),
               facing=say(f"pirates.word.facing-{facing}"), stop=stop,
               unknown=say("pirates.preview.unknown") if unknown else "")
