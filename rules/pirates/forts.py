"""Forts ("Forte").

"Massimo un forte può esistere su un'isola selvaggia, nessuno sulle isole base. Un forte
viene costruito come una manovra trasferendo un valore pari o superiore al valore del
forte su un'isola selvaggia dove è attraccata solo una o più proprie navi. Tutti i tesori
dell'isola finiscono immediatamente dentro al forte. Il forte deve occupare esattamente 4
quadretti di terra o di costa con le bandiere chiaramente in specifici quadretti."

The four squares are the island's nearest to the builder (a player would put his fort
where his ship lies), the flags on the coast among them first. "Il forte spara dal
quadretto di una delle sue bandiere in tutte le direzioni che quel quadretto vede [...]
Per ogni colpo subito, il forte perde una possibilità di sparo": a fort's guns are its
chances to shoot, one lost a hit; with none left it is destroyed and its contents go
back to the island.
"""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import sea
from rules.pirates.catalogue import FORTS
from rules.pirates.state import Cell, Fort, Gun, Island, PiratesState, Ship

SQUARES = 4


def fort_site(state: PiratesState, ship: Ship) -> Island | None:
    """The wild island she may fortify: docked there, no fort on it yet, and no ship of
    another side docked there ("dove è attraccata solo una o più proprie navi")."""
    island = state.find_island(ship.docked)
    if island is None or island.kind != "wild" or state.fort_on(island.id) is not None or ship.status != "afloat":
        return None
    if any(s.docked == island.id and s.side != ship.side and s.status == "afloat" for s in state.ships):
        return None
    if len(island.land) + len(island.coast) < SQUARES:
        return None
    return island


def hold_value(state: PiratesState, ship: Ship) -> int:
    return sum(t.value for t in state.treasure_at(ship.id))


def affordable(state: PiratesState, ship: Ship) -> list[str]:
    """The forts her cargo pays for ("un valore pari o superiore al valore del forte")."""
    if fort_site(state, ship) is None:
        return []
    worth = hold_value(state, ship)
    return [key for key, kind in FORTS.items() if kind.value <= worth]


def _squares(state: PiratesState, island: Island, bow: Cell, flags: int) -> tuple[list[Cell], list[Cell]]:
    cells = [tuple(c) for c in island.coast + island.land]
    chosen = sorted(cells, key=lambda c: (sea.cell_distance(bow, c), c))[:SQUARES]  # type: ignore[arg-type]
    coast = {tuple(c) for c in island.coast}
    flagged = sorted(chosen, key=lambda c: (c not in coast, sea.cell_distance(bow, c), c))[:flags]
    return chosen, flagged  # type: ignore[return-value]


def stand(state: PiratesState, island: Island, side: str, key: str, near: Cell) -> Fort:
    """A fort of ``side`` on ``island``, on its four squares nearest ``near``: one just
    built, or one a scenario starts with."""
    kind = FORTS[key]
    squares, flags = _squares(state, island, near, kind.flags)
    fort = Fort(id=f"fort-{island.id}", key=key, name=f"{kind.name} of {island.name}", side=side,
                island=island.id, value=kind.value, squares=squares, flags=flags,
                guns=[Gun(range=r, score=s) for r, s in kind.guns])  # type: ignore[arg-type]
    state.forts.append(fort)
    return fort


def build(state: PiratesState, ship: Ship, key: str, roller: Roller) -> Fort:
    island = fort_site(state, ship)
    assert island is not None
    fort = stand(state, island, ship.side, key, ship.cells()[0])
    moved = state.treasure_at(ship.id) + state.treasure_at(island.id)
    for t in moved:
        t.place = fort.id
        t.public = True
    roller.log.emit("fort_built", ship=ship.id, fort=fort.id, key=key, island=island.id,
                    value=sum(t.value for t in moved), names=state.names(island.id, fort.id))
    return fort


def bank_in_fort(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """A ship docked at an island with her own fort unloads into it, as at home."""
    fort = state.fort_on(ship.docked)
    if fort is None or fort.side != ship.side:
        return
    cargo = state.treasure_at(ship.id)
    for t in cargo:
        t.place, t.public = fort.id, True
    if cargo:
        roller.log.emit("banked", ship=ship.id, island=fort.id, values=[t.value for t in cargo],
                        names=state.names(fort.id))


def hit(state: PiratesState, fort: Fort, by: str, roller: Roller) -> None:
    """"Un forte che perde l'ultimo cannone è distrutto e viene eliminato dal gioco. Tutto il
    contenuto finisce sull'isola selvaggia.\""""
    if not fort.guns:
        return
    fort.guns.pop()
    names = state.names(fort.id, fort.island)  # before it falls, when it has no name left
    roller.log.emit("fort_hit", fort=fort.id, left=len(fort.guns), names=names)
    if not fort.guns:
        state.forts.remove(fort)
        for t in state.treasure_at(fort.id):
            t.place = fort.island
        roller.log.emit("fort_destroyed", fort=fort.id, island=fort.island, by=by, names=names)


def fort_cells(state: PiratesState) -> dict[Cell, Fort]:
    return {tuple(c): f for f in state.forts for c in f.squares}  # type: ignore[misc]
