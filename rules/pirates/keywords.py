"""Keywords ("Parole chiave") beyond schooner, turtle ship and broadside: fear, galley,
junk, limit and the crew ability ransom. Each is read from the house rules' own line,
quoted where it is played; docs/rules/pirates.md records the readings."""
from __future__ import annotations

from rules.core.dice import Roller
from rules.pirates import crews as C
from rules.pirates.catalogue import (CREWS, FEAR, GALLEY, GHOST, LIMIT, RANSOM, SCHOONER, SHIPS, TURTLE,
                                     crew_type)
from rules.pirates.state import Crew, Island, PiratesState, Ship, Treasure

FEAR_RANGE = 2  # "a S": two squares, the short range of a gun
SHAKEN, SLOWED = 5, 6
RANSOM_VALUE, RANSOM_LOSS = 5, 1


def has(ship: Ship, keyword: str) -> bool:
    """An ability she may use now: "Galley [...] Ha anche l'abilità Shooner"; fear takes
    them all away for the turn."""
    if ship.shaken:
        return False
    return keyword in ship.keywords or keyword == SCHOONER and GALLEY in ship.keywords


# -- limit ---------------------------------------------------------------------------------

def limited(key: str) -> bool:
    kind = SHIPS.get(key) or CREWS.get(key)
    return kind is not None and LIMIT in kind.keywords


def limit_problems(side: str, keys: list[str]) -> list[str]:
    """"Limit – limite. Solo un oggetto con questa indicazione può esistere nella flotta.\""""
    over = [k for k in keys if limited(k)]
    return [f"{side}: {', '.join(over)} are all limited; only one may be in a fleet"] if len(over) > 1 else []


def limit_reached(state: PiratesState, side: str) -> bool:
    """A limited object already in the fleet: another may not be built."""
    ships = [s.key for s in state.ships if s.side == side and s.status != "sunk"]
    crews = [c.key for c in state.crews if c.side == side and c.alive]
    return any(limited(k) for k in ships + crews)


# -- galley --------------------------------------------------------------------------------

def holds_fast(ship: Ship) -> bool:
    """"Galley – galea. La nave non può rimanere incastrata né far incastrare le navi che la
    speronano.\""""
    return GALLEY not in ship.keywords


def rows_derelict(ship: Ship) -> bool:
    """"Se derelitta si può muovere a S" (galley, and turtle ship)."""
    return ship.status == "derelict" and (has(ship, GALLEY) or has(ship, TURTLE))


# -- fear ----------------------------------------------------------------------------------

def _distance(a: Ship, b: Ship) -> int:
    return min(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x in a.cells() for y in b.cells())


def frighten(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """"Fear – paura. All'inizio della prima manovra della nave nel turno, il proprietario
    tira un dado per ogni nave nemica a S. Se il risultato è 5, le abilità speciali della
    nave e del suo equipaggio non possono essere usate. Se è 6, la velocità della nave è
    ridotta a S per la sua prossima manovra non di sparare.\""""
    if ship.acted or not has(ship, FEAR) or ship.status != "afloat":
        return
    for enemy in state.ships:
        if enemy.side == ship.side or enemy.status != "afloat" or enemy.fog or enemy.towed_by is not None:
            continue
        if _distance(ship, enemy) > FEAR_RANGE:
            continue
        die = roller.roll(6, f"fear of {ship.id} on {enemy.id}", ship=ship.id)
        if die == SHAKEN:
            enemy.shaken = True
        elif die == SLOWED:
            enemy.slowed = True
        roller.log.emit("fear", ship=ship.id, target=enemy.id, die=die,
                        effect="shaken" if die == SHAKEN else "slowed" if die == SLOWED else "none")


# -- ghost ship ----------------------------------------------------------------------------

def ghostly(state: PiratesState, ship: Ship) -> bool:
    """"Ghost ship – nave fantasma. Si applica alla nave qualora un membro dell'equipaggio la
    abbia. Il proprietario prima dell'azione decide se usare l'abilità o meno.\""""
    return C.aboard_with(state, ship, GHOST) is not None


def go_ghost(state: PiratesState, ship: Ship, roller: Roller) -> None:
    """"Se la usa, ignora isole, navi e terreni per il movimento, eventualmente si disincastra,
    ma non può [...] speronare, essere speronato o tenere incastrate altre navi.\""""
    C.use(state, ship, GHOST, roller)
    ship.ghost = True
    freed = [s for s in state.ships if s.stuck_to == ship.id]
    if ship.stuck_to is not None:
        freed.append(ship)
    for s in freed:
        other = s.stuck_to
        s.stuck_to, s.stuck_turns = None, 0
        roller.log.emit("unstuck", ship=s.id, other=other)


# -- ransom --------------------------------------------------------------------------------

def _ransom(crew: Crew) -> bool:
    return crew_type(crew.key).ability == RANSOM


def landed(state: PiratesState, crew: Crew, island: Island | None, roller: Roller) -> bool:
    """"Ransom – riscatto. Se il personaggio viene scaricato su un'isola base nemica, diventa
    immediatamente un tesoro da 5 e viene eliminato dal gioco": enemy to the fleet she came
    into play with. True when she was ransomed."""
    born = crew.born or crew.side
    if not _ransom(crew) or island is None or island.kind != "home" or island.side == born:
        return False
    crew.alive, crew.revealed = False, True
    coin = Treasure(id=f"ransom-{crew.id}", value=RANSOM_VALUE, place=island.id, public=True)
    state.treasures.append(coin)
    roller.log.emit("ransomed", crew=crew.id, key=crew.key, island=island.id, value=RANSOM_VALUE,
                    names=state.names(island.id))
    return True


def lost(state: PiratesState, crew: Crew, by: str | None, roller: Roller) -> None:
    """"Se viene eliminato in altri modi, il giocatore avversario direttamente responsabile
    guadagna immediatamente un tesoro da 1 sulla propria isola base.\""""
    if not _ransom(crew) or by is None or by == crew.side:
        return
    home = state.home(by)
    state.treasures.append(Treasure(id=f"ransom-{crew.id}", value=RANSOM_LOSS, place=home.id, public=True))
    roller.log.emit("ransom_paid", crew=crew.id, key=crew.key, side=by, island=home.id, value=RANSOM_LOSS,
                    names=state.names(home.id))
