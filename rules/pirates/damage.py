"""Masts lost, derelict and sunk ships ("Derelitta e affondamento")."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import keywords, sea
from rules.pirates.catalogue import crew_type
from rules.pirates.state import Loss, PiratesState, Ship


def weakest_gun(ship: Ship) -> int:
    """The mast a victim gives up: "si perde un albero a scelta della vittima e il relativo
    cannone" — the engine chooses for her the gun worth least (the highest score to beat,
    a short gun before a long one)."""
    return max(range(len(ship.guns)), key=lambda i: (ship.guns[i].score, ship.guns[i].range == "S", -i))


def let_go(state: PiratesState, ship: Ship, roller: Roller | None) -> None:
    """A tow ends when the tower is dismasted or sunk, or the towed ship sinks."""
    from rules.pirates.towing import cast_off
    if ship.towing is not None:
        cast_off(state, ship, roller)
    tower = state.find_ship(ship.towed_by)
    if tower is not None and ship.status == "sunk":
        tower.towing, ship.towed_by = None, None


def release(state: PiratesState, ship: Ship, roller: Roller | None) -> None:
    """Ships stuck with her are free: "Si disincastra quando la nave avversaria è affondata
    o derelitta o si sposta"."""
    for other in state.ships:
        if other.stuck_to == ship.id:
            other.stuck_to, other.stuck_turns = None, 0
            if roller is not None:
                roller.log.emit("unstuck", ship=other.id, other=ship.id)
    if ship.stuck_to is not None:
        ship.stuck_to, ship.stuck_turns = None, 0


def lose_masts(state: PiratesState, ship: Ship, n: int, by: str | None, roller: Roller,
               wreck: bool = False) -> None:
    """``n`` masts lost. With none left she is derelict; a derelict ship hit again sinks
    ("Se subisce un colpo affonda"); on shoals, losing more masts than she has makes her a
    wreck ("diventa un relitto e resta bloccata là per tutto il gioco")."""
    for _ in range(n):
        if ship.status in ("sunk", "wreck"):
            return
        if ship.guns:
            gun = ship.guns.pop(weakest_gun(ship))
            roller.log.emit("mast_lost", ship=ship.id, left=len(ship.guns), gun=gun.range, score=gun.score)
            if not ship.guns:
                ship.status = "derelict"
                roller.log.emit("derelict", ship=ship.id)
                release(state, ship, roller)
                let_go(state, ship, roller)
        elif wreck:
            ship.status = "wreck"
            ship.docked = None
            roller.log.emit("wrecked", ship=ship.id)
        else:
            sink(state, ship, by, roller)


def sink(state: PiratesState, ship: Ship, by: str | None, roller: Roller) -> None:
    """"Una nave affondata, anche volontariamente, è distrutta per sempre con tutto il suo
    equipaggio. Il suo tesoro monetario di minor valore passa sulla nave o isola più
    vicina, di chiunque essa sia.\""""
    ship.status = "sunk"
    release(state, ship, roller)
    let_go(state, ship, roller)
    roller.log.emit("sunk", ship=ship.id, by=by)
    state.losses.append(Loss(side=ship.side, points=ship.points, by=by if by != ship.side else None))
    for crew in state.crew_on(ship.id):
        crew.alive = False
        state.losses.append(Loss(side=crew.side, points=crew_type(crew.key).points, by=by if by != crew.side else None))
        roller.log.emit("crew_lost", crew=crew.id, ship=ship.id)
        keywords.lost(state, crew, by, roller)
    cargo = sorted(state.treasure_at(ship.id), key=lambda t: (t.value, t.id))
    for t in cargo:
        t.place = ""
    if cargo:
        keep = cargo[0]
        keep.place = nearest_holder(state, ship)
        roller.log.emit("treasure_drifts", ship=ship.id, treasure=keep.id, holder=keep.place,
                        names=state.names(keep.place))
    for t in cargo[1:]:
        roller.log.emit("treasure_lost", treasure=t.id, ship=ship.id)


def nearest_holder(state: PiratesState, ship: Ship) -> str:
    """The nearest ship afloat or island ("In caso di equidistanza il proprietario della
    nave affondata decide": the engine takes, for him, one of his own first, then the
    first by name)."""
    cells = ship.cells()
    options: list[tuple[int, bool, str]] = []
    for other in state.ships:
        if other.id != ship.id and other.status in ("afloat", "derelict"):
            options.append((sea.ship_gap(cells, other.cells()), other.side != ship.side, other.id))
    for island in state.islands:
        squares = [tuple(c) for c in island.land + island.coast]
        options.append((sea.ship_gap(cells, squares), island.side != ship.side, island.id))  # type: ignore[arg-type]
    return min(options)[2]
