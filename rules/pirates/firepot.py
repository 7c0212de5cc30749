""""Firepot specialist. Utilizza un cannone funzionante della nave riducendolo a raggio 1
(solo 6 quadretti). Se colpisce, un albero della nave bersaglio prende fuoco ed è
inutilizzabile. Ogni inizio proprio turno in cui ha almeno un albero a fuoco, il
proprietario della nave tira un dado: con 6 gli alberi a fuoco sono eliminati, con 1-3 un
altro albero prende fuoco. Se la nave arriva alla propria isola base o su un'isola con un
proprio forte, tutti gli alberi infuocati sono eliminati. La nave con solo alberi
infuocati ogni inizio proprio turno tira per tentare l'affondamento."

Read as: the fire order's ``firepot=gunK`` turns gun K into a firepot, reaching one square
(in its arc); its hit takes no mast but sets one alight. A mast on fire keeps standing
but its gun does not shoot (the ship's last guns burn first). "Eliminati" is the fires
put out: the masts stand again, as arriving home (where a ship is safe) would have it.
The fire die and the scuttling die are rolled at the start of each turn."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import crews as C
from rules.pirates.catalogue import FIREPOT
from rules.pirates.damage import sink
from rules.pirates.state import PiratesState, Ship

REACH = 1
OUT, SPREADS = 6, 3  # a 6 puts the fires out; 1-3 sets another mast alight
SCUTTLE = 5


def armed(state: PiratesState, ship: Ship) -> bool:
    return C.aboard_with(state, ship, FIREPOT) is not None


def gun_of(payload: dict) -> int | None:
    """The gun (0-based) the order makes a firepot, if any."""
    value = str(payload.get("firepot") or "no")
    return int(value[3:]) - 1 if value.startswith("gun") and value[3:].isdigit() else None


def ignite(state: PiratesState, ship: Ship, roller: Roller) -> None:
    if ship.status != "afloat" or ship.burning >= len(ship.guns):
        return
    ship.burning += 1
    roller.log.emit("fire_set", ship=ship.id, burning=ship.burning)


def smoulder(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """The start of the turn for a ship with a mast on fire."""
    ship.burning = min(ship.burning, len(ship.guns))
    if ship.status != "afloat" or ship.burning == 0:
        return
    die = roller.roll(6, f"fire aboard {ship.id}", ship=ship.id)
    if die == OUT:
        ship.burning = 0
        roller.log.emit("fire_out", ship=ship.id, die=die)
        return
    if die <= SPREADS and ship.burning < len(ship.guns):
        ship.burning += 1
    roller.log.emit("fire_burns", ship=ship.id, die=die, burning=ship.burning)
    if ship.burning >= len(ship.guns):
        die = roller.roll(6, f"scuttling {ship.id} on fire", ship=ship.id)
        roller.log.emit("scuttle", ship=ship.id, die=die, sunk=die >= SCUTTLE)
        if die >= SCUTTLE:
            sink(state, ship, None, roller)


def douse(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """Home, or at an island with her own fort: every fire is out."""
    if ship.burning == 0 or ship.docked is None:
        return
    island = state.find_island(ship.docked)
    fort = state.fort_on(ship.docked)
    if island is not None and (island.side == ship.side or fort is not None and fort.side == ship.side):
        ship.burning = 0
        roller.log.emit("fire_out", ship=ship.id, die=None)
