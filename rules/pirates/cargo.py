"""Moving treasure by hand ("Imbarcare e sbarcare"), a free action: "Ogni tesoro può essere
trasferito su un'isola dove la nave è attraccata, o dall'isola base a cui la nave è
attraccata, o da un'isola già esplorata (anche in passato) o su un'altra nave in un
quadretto contiguo."

Read as: from one of her ships (afloat, out of the fog, not in tow) a player may put a
treasure ashore on the island the ship is docked at, or aboard another ship of her own
fleet alongside with room; onto one of her ships with room she may take a treasure from
her home island where the ship is docked, or from an explored wild island she is docked
at. "Solo una volta per ogni insieme di oggetti coinvolti": a treasure moves once a turn.
Treasure put ashore at home is banked, face up, as the automatic unloading does. A fort
is used "come se fosse la propria isola base" by its owner's ships docked at its island,
leaving in it at least the fort's value; other fleets use it so "con il permesso del
proprietario" (rules.pirates.permits): a guest's ship docked there takes treasure out of
it, leaving its value, and puts treasure into it."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import permits, sea
from rules.pirates.state import PiratesState, Ship, Treasure
from rules.pirates.treasure import room


def _handy(ship: Ship) -> bool:
    return ship.status == "afloat" and not ship.fog and ship.towed_by is None


def destinations(state: PiratesState, side: str, t: Treasure) -> list[str]:
    """Where a treasure may go now by the hand of ``side``."""
    if t.moved or not t.place:
        return []
    holder = state.find_ship(t.place)
    if holder is not None:
        if holder.side != side or not _handy(holder):
            return []
        out = [holder.docked] if holder.docked else []
        fort = state.fort_on(holder.docked)
        if fort is not None and fort.side != side and side in fort.guests:
            out.append(fort.id)  # "sbarcare [...] tesori [...] con il permesso del proprietario del forte"
        out += [s.id for s in state.ships if s.side == side and s.id != holder.id and _handy(s)
                and room(state, s) > 0 and sea.ship_gap(holder.cells(), s.cells()) <= 1]
        return out
    fort = state.find_fort(t.place)
    if fort is not None:
        # "come se fosse la propria isola base. Come minimo un valore di monete pari al
        # valore del forte deve restare nel forte"
        kept = sum(x.value for x in state.treasure_at(fort.id)) - t.value
        if not permits.may_use(fort, side) or kept < fort.value:
            return []
        return [s.id for s in state.ships if s.side == side and s.docked == fort.island and _handy(s)
                and room(state, s) > 0]
    island = state.find_island(t.place)
    if island is None:
        return []
    if island.kind == "home" and island.side != side or island.kind == "wild" and not island.explored:
        return []
    return [s.id for s in state.ships if s.side == side and s.docked == island.id and _handy(s) and room(state, s) > 0]


def movable(state: PiratesState, side: str) -> dict[str, list[str]]:
    moves = {t.id: destinations(state, side, t) for t in state.treasures}
    return {k: v for k, v in moves.items() if v}


def move(state: PiratesState, side: str, treasure_id: str, to: str, roller: Roller) -> None:
    t = next(x for x in state.treasures if x.id == treasure_id)
    was = t.place
    t.place, t.moved = to, True
    island = state.find_island(to)
    if island is not None and island.kind == "home" and island.side == side or state.find_fort(to) is not None:
        t.public = True  # banked at home or in a fort, face up
    if side not in t.seen_by:
        t.seen_by.append(side)  # she handles it: she knows it
    roller.log.emit("treasure_moved", treasure=t.id, start=was, end=to, side=side, names=state.names(was, to))
