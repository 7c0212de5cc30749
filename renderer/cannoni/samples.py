"""Cannoni games to look at: public views of randomly played games (see
renderer.samples), and the fleet action the renderer's benchmark draws."""
from __future__ import annotations

from typing import Any, Callable

from renderer.samples import play_random
from rules.cannoni.setup import CannoniSetup
from rules.core.ruleset import Seat

PREFER = ("fire", "load", "turn", "move")


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
