"""Sample games of Nauta / Classis to look at: public views of randomly played games.

For previews, the renderer's tests and reference images, as renderer.samples is
for Cannoni. Random legal play is not an opponent; it only moves the galleys about
the way a game does, so that rammings, boardings and prizes turn up as they would.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat
from rules.nauta.options import NautaOptions
from rules.nauta.setup import NautaSetup


def seats_for(setup: NautaSetup) -> list[Seat]:
    return [Seat(id=f"p{i + 1}", side=side, name=side.replace("_", " ").title())
            for i, side in enumerate(setup.sides)]


def play(setup: NautaSetup | str, *, seed: int = 1, max_steps: int = 400,
         options: NautaOptions | None = None,
         stop: Callable[[Any], bool] | None = None) -> tuple[list[dict[str, Any]], Any]:
    """Play ``setup`` (or a built-in scenario's name) at random; return the public
    view after the start and after every resolution, and the last state.
    ``stop(state)`` ends the game early when it returns True."""
    ruleset = get_ruleset("nauta")
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
            order = random_order(ruleset, state, decision, rng)
            if order is not None:
                orders.append(order)
        state, _ = game.resolve(ruleset, state, orders, dice)
        views.append(ruleset.view(state, None))
        steps += 1
    return views, state
