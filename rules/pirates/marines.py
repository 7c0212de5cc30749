"""Marines ("Marine").

"Il personaggio può essere scaricato su un'isola selvaggia senza forte e piazzato
esattamente su un quadrato. Può compiere una manovra di movimento spostandosi ovunque
sull'isola o una manovra di sparare con un cannone a raggio S e punteggio 2. Viene
eliminato dal gioco se riceve due colpi nel medesimo turno. Come per il forte, la propria
isola non ferma le linee di tiro sia per sparare che per essere bersagliato."

A crew with the "marine" keyword landed (the ordinary free action of a crew going
ashore) on a wild island with no fort stands on one of its squares, the nearest free one
to the ship she came from, face up: everyone sees her there. From then on she is an
object that acts ("marine che possa agire") until she goes aboard again or is killed.
Landed elsewhere (her home island) she is a crew ashore like any other.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import sea
from rules.pirates.catalogue import MARINE, crew_type
from rules.pirates.state import Cell, Crew, Gun, Island, Loss, PiratesState

GUN = Gun(range="S", score=2)
HITS = 2  # "se riceve due colpi nel medesimo turno"
MARCH = "march"  # her manoeuvre of movement


def is_marine(crew: Crew) -> bool:
    return MARINE in crew_type(crew.key).keywords


def may_land(state: PiratesState, crew: Crew, island: Island | None) -> bool:
    """"su un'isola selvaggia senza forte"."""
    return island is not None and island.kind == "wild" and state.fort_on(island.id) is None


def island_squares(island: Island) -> list[Cell]:
    return sorted({tuple(c) for c in [*island.land, *island.coast]})  # type: ignore[misc]


def free_squares(state: PiratesState, marine: Crew) -> list[Cell]:
    """Where she may stand: any square of her island another marine does not hold."""
    island = state.find_island(marine.place)
    if island is None:
        return []
    held = {tuple(c.cell) for c in landed(state) if c.id != marine.id}
    return [c for c in island_squares(island) if c not in held]


def land(state: PiratesState, crew: Crew, came_from: str, roller: Roller) -> None:
    """A marine put ashore on a wild island: on the free square nearest her ship."""
    island = state.find_island(crew.place)
    if not is_marine(crew) or not may_land(state, crew, island):
        crew.cell = None
        return
    ship = state.find_ship(came_from)
    bow = ship.cells()[0] if ship is not None else island_squares(island)[0]  # type: ignore[union-attr]
    crew.cell = min(free_squares(state, crew), key=lambda c: (sea.cell_distance(bow, c), c))
    crew.revealed = True  # she stands on the map
    crew.acted = True  # this turn's order of manoeuvre was counted without her: she acts from the next
    roller.log.emit("marine_landed", crew=crew.id, island=crew.place, at=list(crew.cell),
                    names=state.names(crew.place))


def landed(state: PiratesState, side: str | None = None) -> list[Crew]:
    return [c for c in state.crews if c.alive and c.cell is not None and (side is None or c.side == side)]


def to_act(state: PiratesState, side: str) -> list[Crew]:
    return [c for c in landed(state, side) if not c.acted]


def march(state: PiratesState, marine: Crew, to: Cell, roller: Roller) -> None:
    was = marine.cell
    marine.cell = (int(to[0]), int(to[1]))
    roller.log.emit("marine_moved", crew=marine.id, start=list(was or to), end=list(marine.cell))


def hit(state: PiratesState, marine: Crew, by: str, roller: Roller) -> None:
    """"Viene eliminato dal gioco se riceve due colpi nel medesimo turno.\""""
    if not marine.alive:
        return
    marine.hits += 1
    roller.log.emit("marine_hit", crew=marine.id, hits=marine.hits)
    if marine.hits >= HITS:
        marine.alive, marine.cell = False, None
        state.losses.append(Loss(side=marine.side, points=crew_type(marine.key).points,
                                 by=by if by != marine.side else None))
        roller.log.emit("marine_lost", crew=marine.id, by=by)


def new_turn(state: PiratesState) -> None:
    for crew in state.crews:
        crew.acted = crew.firing = False
        crew.hits = 0
