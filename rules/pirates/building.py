"""Building ("Costruire") and moving crews ("Imbarcare e sbarcare").

"Altre navi ed equipaggio possono essere costruiti nella propria isola base spendendo
soldi dalla propria isola base. Non sono previsti resti. Essi appaiono immediatamente, ma
manovrano dal turno seguente. Non possono essere costruiti navi o equipaggio con nome
proprio che siano stati distrutti durante il gioco." Building is the manoeuvre of a ship
docked at her home island; the coins spent are the fewest whose sum pays (no change is
given). A new ship docks at the home island's first free berth; a new crew boards the
builder if her crew points allow, else waits ashore.

"Ogni equipaggio può essere trasferito su un'isola dove la nave è attraccata, o da
un'isola dove la nave è attraccata, o su un'altra nave in un quadretto contiguo": a free
action, once a turn for each crew ("solo una volta per ogni insieme di oggetti
coinvolti").
"""
from __future__ import annotations

import itertools
import math

from rules.core.dice import Roller
from rules.core.tables.squares import ShipPlace, Square
from rules.pirates import keywords, marines, sea
from rules.pirates.catalogue import CREWS, SHIPS, crew_type, ship_type
from rules.pirates.state import Crew, Gun, PiratesState, Ship, Treasure


def _in_play_or_lost(state: PiratesState) -> set[str]:
    """Named objects that cannot be built: in play, or destroyed in this game."""
    keys = {s.key for s in state.ships} | {c.key for c in state.crews}
    out = set()
    for key in keys:
        if key in SHIPS and SHIPS[key].named:
            out.add(SHIPS[key].unique_as or key)
        if key in CREWS and CREWS[key].named:
            out.add(key)
    return out


def bank_of(state: PiratesState, side: str) -> list[Treasure]:
    return [t for t in state.treasures if t.place == state.home(side).id]


def payment(coins: list[Treasure], cost: int) -> list[Treasure] | None:
    """The coins to spend: the fewest-value set that pays, fewest coins on a tie."""
    best: tuple[int, int, list[Treasure]] | None = None
    ordered = sorted(coins, key=lambda t: (t.value, t.id))
    for n in range(1, len(ordered) + 1):
        for combo in itertools.combinations(ordered, n):
            total = sum(t.value for t in combo)
            if total >= cost and (best is None or (total, n) < best[:2]):
                best = (total, n, list(combo))
        if n >= 6:
            break
    return best[2] if best else None


def buildable(state: PiratesState, ship: Ship) -> list[str]:
    """What a ship docked at her home island may have built now."""
    if not sea.safe_at_home(ship, state) or ship.status != "afloat":
        return []
    coins = bank_of(state, ship.side)
    worth = sum(t.value for t in coins)
    taken = _in_play_or_lost(state)
    limit = math.ceil(state.points / 3)
    capped = keywords.limit_reached(state, ship.side)
    out = []
    for key, kind in [*SHIPS.items(), *CREWS.items()]:
        if kind.points > worth or capped and keywords.limited(key):
            continue
        if kind.named and (getattr(kind, "unique_as", "") or key) in taken:
            continue
        if not kind.named:
            have = sum(1 for s in state.ships if s.side == ship.side and s.key == key and s.status != "sunk")
            have += sum(1 for c in state.crews if c.side == ship.side and c.key == key and c.alive)
            if have >= limit:
                continue
        if key in SHIPS and _berth(state, ship.side, SHIPS[key].squares) is None:
            continue
        out.append(key)
    return out


def _berth(state: PiratesState, side: str, length: int) -> ShipPlace | None:
    home = state.home(side)
    coast = {tuple(c) for c in home.coast}
    land = sea.land(state)
    taken = sea.occupied(state)
    for cell in sorted(coast):
        for facing in range(8):
            place = ShipPlace(Square(*cell), facing, length)  # type: ignore[misc]
            cells = [(s.col, s.row) for s in place.squares()]
            if all(sea.in_bounds(state, c) and c not in land and c not in taken for c in cells):
                return place
    return None


def build(state: PiratesState, ship: Ship, key: str, roller: Roller) -> None:
    kind = SHIPS.get(key) or CREWS[key]
    paid = payment(bank_of(state, ship.side), kind.points) or []
    for t in paid:
        t.place = ""
    n = len(state.ships) + len(state.crews) + 1
    if key in SHIPS:
        st = ship_type(key)
        place = _berth(state, ship.side, st.squares)
        assert place is not None
        new = Ship(id=key if st.named else f"{ship.side}-{key}-{n}", key=key,
                   name=st.name if st.named else f"{ship.side} {st.name} {n}", side=ship.side, points=st.points,
                   masts=st.masts, guns=[Gun(range=r, score=s) for r, s in st.guns],  # type: ignore[arg-type]
                   cargo=st.cargo, speed=st.speed, col=place.bow.col, row=place.bow.row, facing=place.facing,
                   length=st.squares, docked=state.home(ship.side).id, acted=True, keywords=list(st.keywords),
                   armour=st.armour)
        state.ships.append(new)
        roller.log.emit("built", ship=ship.id, new=new.id, key=key, paid=[t.value for t in paid])
        return
    aboard = sum(crew_type(c.key).points for c in state.crew_on(ship.id))
    room = ship.cargo - len(state.crew_on(ship.id)) - len(state.treasure_at(ship.id))
    place = ship.id if aboard + crew_type(key).points <= ship.points and room > 0 else state.home(ship.side).id
    crew = Crew(id=f"{ship.side}-c{n}", key=key, side=ship.side, place=place)
    state.crews.append(crew)
    roller.log.emit("built", ship=ship.id, new=crew.id, key=key, paid=[t.value for t in paid])


# -- crews going ashore and aboard -----------------------------------------------------------

def destinations(state: PiratesState, crew: Crew) -> list[str]:
    """Where a crew may go now (a free action, once a turn)."""
    if not crew.alive or crew.moved:
        return []
    out: list[str] = []
    here = state.find_ship(crew.place)
    if here is not None:
        if here.status == "sunk" or here.fog:
            return []
        if here.docked and (not marines.is_marine(crew) or marines.may_land(state, crew, state.find_island(here.docked))
                            or state.island(here.docked).kind == "home"):
            out.append(here.docked)
        near = [s for s in state.ships if s.id != here.id and s.side == crew.side and s.status == "afloat"
                and not s.fog and sea.ship_gap(here.cells(), s.cells()) <= 1]
        out += [s.id for s in near if _fits(state, crew, s)]
    else:
        out += [s.id for s in state.ships if s.side == crew.side and s.docked == crew.place and s.status == "afloat"
                and _fits(state, crew, s)]
    return out


def _fits(state: PiratesState, crew: Crew, ship: Ship) -> bool:
    """"massimo punti di equipaggio pari al punteggio della nave può essere a bordo. Ogni
    equipaggio toglie uno dalla capacità di carico.\""""
    aboard = sum(crew_type(c.key).points for c in state.crew_on(ship.id))
    room = ship.cargo - len(state.crew_on(ship.id)) - len(state.treasure_at(ship.id))
    return room > 0 and aboard + crew_type(crew.key).points <= ship.points


def transfer(state: PiratesState, crew: Crew, to: str, roller: Roller) -> None:
    was = crew.place
    crew.place, crew.moved = to, True
    roller.log.emit("crew_moved", crew=crew.id, start=was, end=to, names=state.names(was, to))
    keywords.landed(state, crew, state.find_island(to), roller)
    marines.land(state, crew, was, roller)
