"""What a viewer may see of a Cannoni state: the only exit for secrets.

Hidden until the rules reveal them: each ship's and each fort's activation chit
(shown when its phase is called, or to its own player); with the optional shot, what each broadside
is loaded with (its owner sees it; everyone else sees "loaded" until it is fired). Everything public — images, alt text,
channel messages, logs — is built from ``view(state, None)``.
"""
from __future__ import annotations

import random
from typing import Any

from rules.cannoni.fire import AMMUNITION
from rules.cannoni.forts import fort_view
from rules.cannoni.sailing import ship_point_of_sail, speed_range, templates_for
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
    # What the map draws her ranges and reach from, so that no reader rebuilds her
    # log-book: how far her guns reach, and the turning cards she may follow.
    data["gun_range"] = ship.log.max_range()
    data["turning_cards"] = templates_for(ship.log)
    if state.options.ammunition and not own:
        # The marker lies face down: "capovolto in modo da rivelare il tipo di munizioni
        # solo quando si fa fuoco".
        data["loaded"] = {side: (None if ammo is None else "loaded") for side, ammo in ship.loaded.items()}
    return data


def view(state: CannoniState, viewer: str | None) -> dict[str, Any]:
    data = state.model_dump(mode="json", exclude={"ships", "pending_damage", "forts"})
    data["viewer"] = viewer
    # The order among ships whose chits are still face down would tell which chit is
    # higher: only ships already shown (or with no chit at all) keep their place. A
    # battery's chit is its fort's.
    by_id: dict[str, Any] = {s.id: s for s in state.ships}
    by_id.update({b.id: f for f in state.forts for b in f.batteries})
    data["initiative"] = [sid for sid in state.initiative
                          if by_id[sid].chit is None or chit_revealed(state, by_id[sid])]
    data["forts"] = [fort_view(f, viewer, chit_revealed(state, f)) for f in state.forts]  # type: ignore[arg-type]
    data["ships"] = [ship_view(state, s, viewer) for s in state.ships]
    data["pending_damage"] = [d.model_dump(mode="json") for d in state.pending_damage]
    return data


def perturb_secrets(state: CannoniState, rng: random.Random) -> CannoniState:
    """Every chit not yet revealed, changed to another value that would still be hidden;
    every hidden load, changed to another shot."""
    copy = clone_model(state)
    for ship in copy.ships:
        if ship.chit is None or chit_revealed(copy, ship):
            continue
        hidden_values = [c for c in range(1, 6) if copy.step != "action" or c < (copy.phase or 1)]
        others = [c for c in hidden_values if c != ship.chit]
        if others:
            ship.chit = rng.choice(others)
    for fort in copy.forts:
        if fort.chit is None or chit_revealed(copy, fort):  # type: ignore[arg-type]
            continue
        others = [c for c in range(1, 4) if c != fort.chit and (copy.step != "action" or c < (copy.phase or 1))]
        if others:
            fort.chit = rng.choice(others)
    if copy.options.ammunition:
        for ship in copy.ships:
            for side, ammo in ship.loaded.items():
                if ammo is not None:
                    ship.loaded[side] = rng.choice([a for a in AMMUNITION if a != ammo])
    return copy
