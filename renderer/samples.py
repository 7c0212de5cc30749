"""Sample games to look at: public views of randomly played games.

For previews (a bot's "show me" command), the renderer's tests and its
benchmark. Random legal play is not an opponent; it only moves ships about the
way a game does, with damage, fouling and the rest turning up as they would.
:func:`play_random` plays any ruleset; :func:`play` and the fleet action here are
Cannoni's, renderer.nauta.samples has Nauta's.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from pydantic import BaseModel

from rules.cannoni.setup import CannoniSetup
from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

PREFER = ("fire", "load", "turn", "move")


def play_random(ruleset_id: str, setup: BaseModel | str, seats_for: Callable[[Any], list[Seat]], *,
                seed: int, max_steps: int, options: BaseModel | None = None, prefer: tuple[str, ...] = (),
                stop: Callable[[Any], bool] | None = None) -> tuple[list[dict[str, Any]], Any]:
    """Play ``setup`` (or a built-in scenario's name) of the ruleset at random, the
    actions in ``prefer`` first; return the public view after the start and after
    every resolution, and the last state. ``stop(state)`` ends the game early when
    it returns True."""
    ruleset = get_ruleset(ruleset_id)
    if isinstance(setup, str):
        setup = ruleset.scenarios()[setup]
    dice = SeededDice(seed)
    rng = random.Random(seed)
    state, _ = game.start(ruleset, setup, options or ruleset.options_model(), seats_for(setup), dice)
    views = [ruleset.view(state, None)]
    steps = 0
    while ruleset.outcome(state) is None and steps < max_steps and not (stop and stop(state)):
        orders = []
        for decision in ruleset.pending(state):
            order = random_order(ruleset, state, decision, rng, prefer=prefer)
            if order is not None:
                orders.append(order)
        state, _ = game.resolve(ruleset, state, orders, dice)
        views.append(ruleset.view(state, None))
        steps += 1
    return views, state


def seats_for(setup: CannoniSetup) -> list[Seat]:
    return [Seat(id=f"p{i + 1}", side=side, name=side.title()) for i, side in enumerate(setup.sides)]


def play(setup: CannoniSetup | str, *, seed: int = 1, max_steps: int = 2000,
         stop: Callable[[Any], bool] | None = None) -> tuple[list[dict[str, Any]], Any]:
    """A Cannoni game played at random (see :func:`play_random`)."""
    return play_random("cannoni", setup, seats_for, seed=seed, max_steps=max_steps, prefer=PREFER, stop=stop)


FLEET = {
    "britain": ["hms_victory", "hms_bellerophon", "hms_indefatigable", "hms_surprise", "hms_sophie",
                "hms_speedy", "hms_entreprenante", "hms_bellerophon", "hms_indefatigable", "hms_surprise"],
    "france": ["bucentaure", "redoutable", "virginie", "bayonnaise", "santisima_trinidad",
               "santa_sabina", "uss_wasp", "redoutable", "virginie", "bayonnaise"],
}


def fleet_action(ships_per_side: int = 10) -> CannoniSetup:
    """Two lines of battle closing on a 72" x 48" table: the large game the
    benchmark draws (20 ships by default)."""
    ships = []
    for side, x0, heading in (("britain", 10.0, 60.0), ("france", 62.0, 240.0)):
        for i in range(ships_per_side):
            cat = FLEET[side][i % len(FLEET[side])]
            sign = 1 if side == "britain" else -1
            ships.append({"id": f"{side[:2]}{i + 1}", "ship": cat, "side": side,
                          "name": f"{cat.replace('_', ' ').title().replace('Hms ', 'HMS ').replace('Uss ', 'USS ')} {i + 1}",
                          "x": x0 + sign * (i % 2) * 3.0, "y": 4.0 + i * 4.2, "heading": heading})
    return CannoniSetup.model_validate({
        "name": "fleet-action", "title": "Fleet action (20 ships)", "table": {"width": 72, "height": 48},
        "wind": 2, "turns": 12, "sides": ["britain", "france"], "ships": ships,
    })
