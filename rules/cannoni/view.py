"""What a viewer may see of a Cannoni state: the only exit for secrets.

Hidden until the rules reveal them: each ship's activation chit (shown when its
phase is called, or to its own player). Everything public — images, alt text,
channel messages, logs — is built from ``view(state, None)``.
"""
from __future__ import annotations

import random
from typing import Any

from rules.cannoni.sailing import ship_point_of_sail, speed_range
from rules.cannoni.state import CannoniState, ShipState
from rules.core.copying import clone_model


def chit_revealed(state: CannoniState, ship: ShipState) -> bool:
    """A chit is shown when its phase is called; after phase 1 every chit is up."""
    if ship.chit is None:
        return False
    if state.step == "boarding":
        return True
    return state.step == "action" and state.phase is not None and ship.chit >= state.phase


def ship_view(state: CannoniState, ship: ShipState, viewer: str | None) -> dict[str, Any]:
    data = ship.model_dump(mode="json", exclude={"chit"})
    own = viewer is not None and viewer == ship.player
    data["chit"] = ship.chit if (own or chit_revealed(state, ship)) else None
    data["chit_hidden"] = ship.chit is not None and data["chit"] is None
    data["active"] = chit_revealed(state, ship)
    data["point_of_sail"] = ship_point_of_sail(state, ship) if ship.on_table else None
    speeds = speed_range(state, ship)
    data["speed"] = speeds.model_dump() if speeds else None
    data["dismasted"] = ship.dismasted
    data["unmanoeuvrable"] = ship.unmanoeuvrable or state.engaged(ship.id)
    data["engaged"] = state.engaged(ship.id)
    data["sinking"] = ship.sinking
    data["chits_available"] = ship.chits_available()
    return data


def view(state: CannoniState, viewer: str | None) -> dict[str, Any]:
    data = state.model_dump(mode="json", exclude={"ships", "pending_damage"})
    data["viewer"] = viewer
    # The order among ships whose chits are still face down would tell which chit is
    # higher: only ships already shown (or with no chit at all) keep their place.
    by_id = {s.id: s for s in state.ships}
    data["initiative"] = [sid for sid in state.initiative
                          if by_id[sid].chit is None or chit_revealed(state, by_id[sid])]
    data["ships"] = [ship_view(state, s, viewer) for s in state.ships]
    data["pending_damage"] = [d.model_dump(mode="json") for d in state.pending_damage]
    return data


def perturb_secrets(state: CannoniState, rng: random.Random) -> CannoniState:
    """Every chit not yet revealed, changed to another value that would still be hidden."""
    copy = clone_model(state)
    for ship in copy.ships:
        if ship.chit is None or chit_revealed(copy, ship):
            continue
        hidden_values = [c for c in range(1, 6) if copy.step != "action" or c < (copy.phase or 1)]
        others = [c for c in hidden_values if c != ship.chit]
        if others:
            ship.chit = rng.choice(others)
    return copy
