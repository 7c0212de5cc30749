"""What happens to a ship that is damaged, sunk, set on fire, wrecked on a coast,
taken, or leaves the area — and to an admiral aboard her.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.nauta.placement import drop_from_table
from rules.nauta.state import NautaState, Ship


def damage(state: NautaState, roller: Roller, ship: Ship, cause: str) -> None:
    """§12: speed -2 for the rest of the game, -2 to ramming rolls; twice is sunk."""
    ship.damage += 1
    ship.damaged_turn = state.turn
    roller.log.emit("damaged", ship=ship.id, name=ship.name, times=ship.damage, cause=cause)
    if ship.damage >= 2:
        sink(state, roller, ship, cause="damaged twice")


def _admiral_lost(state: NautaState, roller: Roller, ship: Ship, fate: str) -> None:
    if not ship.admiral:
        return
    ship.admiral = False
    fleet = state.fleet(ship.side)
    fleet.admiral_fate = fate  # type: ignore[assignment]
    roller.log.emit("admiral_lost", ship=ship.id, name=ship.name, side=ship.side, fate=fate)


def sink(state: NautaState, roller: Roller, ship: Ship, cause: str, by: str | None = None) -> None:
    ship.status = "sunk"
    ship.lost_turn = state.turn
    roller.log.emit("sunk", ship=ship.id, name=ship.name, cause=cause, by=by)
    drop_from_table(state, ship)
    _admiral_lost(state, roller, ship, "killed")


def wreck(state: NautaState, roller: Roller, ship: Ship) -> None:
    """§6: "If a ship contacts a coastline or an island, it is automatically eliminated"
    — wrecked, with all aboard."""
    ship.status = "wrecked"
    ship.lost_turn = state.turn
    roller.log.emit("wrecked", ship=ship.id, name=ship.name)
    drop_from_table(state, ship)
    _admiral_lost(state, roller, ship, "killed")


def leave(state: NautaState, roller: Roller, ship: Ship) -> None:
    """§9: "If a ship exits the playing area, it is eliminated" — the admiral lives."""
    ship.status = "left"
    roller.log.emit("left_area", ship=ship.id, name=ship.name)
    drop_from_table(state, ship)


def burn(state: NautaState, roller: Roller, ship: Ship) -> None:
    """Pyrophoros: "it counts as sunk, but remains in place as an obstacle"."""
    ship.status = "burning"
    ship.lost_turn = state.turn
    roller.log.emit("burning", ship=ship.id, name=ship.name)
    state.engagements = [e for e in state.engagements if not e.has(ship.id)]
    _admiral_lost(state, roller, ship, "killed")


def capture(state: NautaState, roller: Roller, ship: Ship, captor: Ship) -> None:
    """§15: the prize stays alongside one whole turn, held by the winner, then goes."""
    ship.status = "captured"
    ship.captured_by = captor.id
    ship.remove_after = state.turn + 1
    captor.hold_until = state.turn + 1
    state.engagements = [e for e in state.engagements if not e.has(ship.id)]
    roller.log.emit("captured", ship=ship.id, name=ship.name, captor=captor.id, captor_name=captor.name)
    _admiral_lost(state, roller, ship, "captured")


def kill_admiral(state: NautaState, roller: Roller, ship: Ship) -> None:
    _admiral_lost(state, roller, ship, "killed")
