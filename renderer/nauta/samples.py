"""Sample games of Nauta / Classis to look at: public views of randomly played games.

For previews, the renderer's tests and reference images, as renderer.samples is
for Cannoni. Random legal play is not an opponent; it only moves the galleys about
the way a game does, so that rammings, boardings and prizes turn up as they would.
"""
from __future__ import annotations

from typing import Any, Callable

from renderer.samples import play_random
from rules.core.ruleset import Seat
from rules.nauta.options import NautaOptions
from rules.nauta.setup import NautaSetup


def seats_for(setup: NautaSetup) -> list[Seat]:
    return [Seat(id=f"p{i + 1}", side=side, name=side.replace("_", " ").title())
            for i, side in enumerate(setup.sides)]


def play(setup: NautaSetup | str, *, seed: int = 1, max_steps: int = 400,
         options: NautaOptions | None = None,
         stop: Callable[[Any], bool] | None = None) -> tuple[list[dict[str, Any]], Any]:
    """A Nauta game played at random (see :func:`renderer.samples.play_random`)."""
    return play_random("nauta", setup, seats_for, seed=seed, max_steps=max_steps, options=options, stop=stop)
