"""Sample games to look at: public views of randomly played games.

For previews (a bot's "show me" command), the renderer's tests and its
benchmark. Random legal play is not an opponent; it only moves ships about the
way a game does, with damage, fouling and the rest turning up as they would.
:func:`play_random` plays any ruleset; each ruleset's own sample games are in its
renderer package (``renderer/<ruleset>/samples.py``).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from pydantic import BaseModel

from rules.core import game
from rules.core.dice import SeededDice
from rules.core.randomplay import random_order
from rules.core.registry import get_ruleset
from rules.core.ruleset import Seat

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
