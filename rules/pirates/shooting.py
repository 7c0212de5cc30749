"""Shooting ("Sparare"): every shot of a turn at once, after the other manoeuvres.

"La nave spara dal quadretto attivo, lateralmente con un angolo massimo di 45 gradi [...]
Il raggio di sparo è 3 quadretti per i cannoni L e 2 per i cannoni S. Le linee di tiro,
partenti dal centro del quadretto e arrivanti al centro del quadretto bersaglio, non
possono passare sopra isole [...], nebbia, quadretti con altre navi o quadretti con
forti." A square is in range when it is that many king's moves away, and in the arc
when the line to it is 45 degrees or less off the beam (the rulebook's figure: 16
squares at S, 14 more at L).
"""
from __future__ import annotations

from shapely.geometry import LineString

from rules.core.dice import Roller
from rules.core.tables.squares import DIRECTIONS, Square, square_polygon
from rules.pirates import crews as C
from rules.pirates import firepot, forts, marines
from rules.pirates.forts import fort_cells
from rules.pirates import sea
from rules.pirates.damage import lose_masts
from rules.pirates.state import Cell, Crew, Fort, Gun, PiratesState, Ship

Shooter = Ship | Fort | Crew  # a crew shoots as a landed marine

RANGE = {"S": 2, "L": 3}
NO_TARGET = "none"


def active_cell(ship: Ship) -> Cell:
    """"il quadrato centrale o di prua se sono 2 quadrati\""""
    cells = ship.cells()
    return cells[1] if len(cells) == 3 else cells[0]


def in_arc(facing: int, src: Cell, dst: Cell) -> bool:
    h = DIRECTIONS[facing]
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    if dx == 0 and dy == 0:
        return False
    dot = h.col * dx + h.row * dy
    return 2 * dot * dot <= (h.col ** 2 + h.row ** 2) * (dx * dx + dy * dy)


def arc_cells(facing: int, src: Cell, reach: int) -> list[Cell]:
    return [(src[0] + dx, src[1] + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
            if in_arc(facing, src, (src[0] + dx, src[1] + dy))]


def crossed(src: Cell, dst: Cell) -> list[Cell]:
    """The squares a line from centre to centre passes over, the two ends excluded (a line
    through a corner passes over neither square)."""
    line = LineString([(src[0] + 0.5, src[1] + 0.5), (dst[0] + 0.5, dst[1] + 0.5)])
    out = []
    for c in range(min(src[0], dst[0]), max(src[0], dst[0]) + 1):
        for r in range(min(src[1], dst[1]), max(src[1], dst[1]) + 1):
            if (c, r) in (src, dst):
                continue
            if line.intersection(square_polygon(Square(c, r))).length > 1e-9:
                out.append((c, r))
    return out


def blockers(state: PiratesState) -> set[Cell]:
    """Land (the coast, where ships sail, does not block) and fog."""
    return sea.land(state) | sea.fog_cells(state)


def guns_of(shooter: Shooter) -> list[Gun]:
    return [marines.GUN] if isinstance(shooter, Crew) else shooter.guns


def targetable(state: PiratesState, shooter: Shooter, target: Ship) -> bool:
    return (target.side != shooter.side and target.status in ("afloat", "derelict") and not target.fog
            and not sea.safe_at_home(target, state) and getattr(shooter, "stuck_to", None) != target.id)


def _sources(shooter: Shooter) -> list[tuple[Cell, int | None]]:
    """Where the shots start, and the facing whose beams they must keep to (a fort's
    flag sees all round: "in tutte le direzioni che quel quadretto vede"; a marine too)."""
    if isinstance(shooter, Crew):
        return [(tuple(shooter.cell), None)]  # type: ignore[arg-type]
    if isinstance(shooter, Fort):
        return [(tuple(c), None) for c in shooter.flags]  # type: ignore[misc]
    return [(active_cell(shooter), shooter.facing)]


def reach(state: PiratesState, shooter: Shooter, gun: Gun) -> list[str]:
    """The ships and forts the gun can hit, nearest first."""
    return reach_at(state, shooter, RANGE[gun.range])


def _island_land(state: PiratesState, island_id: str) -> set[Cell]:
    return {tuple(c) for c in state.island(island_id).land}  # type: ignore[misc]


def reach_at(state: PiratesState, shooter: Shooter, squares: int) -> list[str]:
    """The ships, forts and marines within ``squares`` of the shooter's guns, in their arcs.
    A marine's island blocks neither her lines nor the lines at her ("Come per il forte,
    la propria isola non ferma le linee di tiro sia per sparare che per essere bersagliato")."""
    land, fog = sea.land(state), sea.fog_cells(state)
    forts = fort_cells(state)
    taken = sea.occupied(state, but=shooter.id)
    home = shooter.place if isinstance(shooter, Crew) else None if isinstance(shooter, Ship) else shooter.island
    mine = set() if home is None else _island_land(state, home)
    candidates: list[tuple[str, list[Cell], bool, set[Cell]]] = [
        (t.id, t.cells(), False, set()) for t in state.ships if targetable(state, shooter, t)]
    candidates += [(f.id, [tuple(c) for c in f.squares], True, set()) for f in state.forts  # type: ignore[misc]
                   if f.side != shooter.side and f.id != shooter.id]
    candidates += [(m.id, [tuple(m.cell)], False, _island_land(state, m.place))  # type: ignore[misc, arg-type]
                   for m in marines.landed(state) if m.side != shooter.side]
    out: list[tuple[int, str]] = []
    for target_id, cells, is_fort, theirs in candidates:
        own = mine | theirs
        best = None
        for src, facing in _sources(shooter):
            for cell in cells:
                d = sea.cell_distance(src, cell)
                if d > squares or (facing is not None and not in_arc(facing, src, cell)):
                    continue
                if facing is not None and d == 0:
                    continue
                if any(_blocks(c, land, fog, forts, taken, own, shooter, target_id, is_fort)
                       for c in crossed(src, cell)):
                    continue
                best = d if best is None else min(best, d)
        if best is not None:
            out.append((best, target_id))
    return [t for _, t in sorted(out)]


def _blocks(c: Cell, land: set[Cell], fog: set[Cell], forts: dict, taken: dict, own: set[Cell],
            shooter: Shooter, target_id: str, at_fort: bool) -> bool:
    """"non possono passare sopra isole (tranne quando puntano ad un forte), nebbia, quadretti
    con altre navi o quadretti con forti"; a fort's lines "possono passare sopra la propria
    isola, ma non sopra gli altri quadretti del forte"."""
    if c in fog:
        return True
    if c in taken and taken[c].id != target_id:
        return True
    fort = forts.get(c)
    if fort is not None and fort.id != target_id:
        return True
    return c in land and not at_fort and c not in own


def can_fire(state: PiratesState, ship: Shooter) -> bool:
    if isinstance(ship, Crew):
        return ship.firing and ship.alive and ship.cell is not None
    if isinstance(ship, Fort):
        return ship.firing and bool(ship.guns)
    return ship.status == "afloat" and not ship.fog and ship.firing and bool(ship.guns)


def shooter_of(state: PiratesState, ident: str) -> Shooter:
    fort = state.find_fort(ident) or state.find_marine(ident)
    return fort if fort is not None else state.ship(ident)


def broadside(state: PiratesState, ship: Ship, target: str, roller: Roller) -> int:
    """"Il proprietario tira un dado solo e se il risultato è maggiore di tutti i punteggi dei
    cannoni, colpisce con tutti i cannoni più uno. Nessun'altra abilità può essere cumulata
    con questa": no gunner, and no +1 for not having moved."""
    die = roller.roll(6, f"broadside of {ship.id}", ship=ship.id)
    score = max(g.score for g in ship.guns)
    hits = len(ship.guns) + 1 if die != 1 and die > score else 0
    roller.log.emit("broadside", ship=ship.id, target=target, die=die, score=score, hits=hits)
    return hits


def shoot(state: PiratesState, aims: dict[str, list[str]], roller: Roller,
          broadsides: set[str] | frozenset[str] = frozenset(), firepots: dict[str, int] | None = None) -> None:
    """Every aimed gun fires at once; then each ship hit loses a mast for each hit.
    ``aims``: ship id -> a target (or "none") for each of her guns, in order."""
    hits: dict[str, list[str]] = {}
    fires: list[str] = []
    for ship_id, targets in aims.items():
        ship = shooter_of(state, ship_id)
        if ship_id in broadsides and isinstance(ship, Ship) and targets and targets[0] != NO_TARGET:
            hits.setdefault(targets[0], []).extend([ship.side] * broadside(state, ship, targets[0], roller))
            continue
        # "Una nave che non ha ancora mosso in questo turno, ha +1"
        bonus = 1 if isinstance(ship, Ship) and not ship.moved else 0
        rerolled = False
        guns = guns_of(ship)
        for i, target in enumerate(targets):
            if target == NO_TARGET or i >= len(guns):
                continue
            if isinstance(ship, Ship) and i >= ship.usable_guns:
                continue  # a mast on fire "è inutilizzabile"
            gun = guns[i]
            die = roller.roll(6, f"gun {i + 1} of {ship.id}", ship=ship.id)
            hit = die != 1 and die + bonus > gun.score
            if not hit and not rerolled and isinstance(ship, Ship) and C.use(state, ship, C.GUNNER, roller):
                rerolled = True
                die = roller.roll(6, f"gunner's second shot, gun {i + 1} of {ship.id}", ship=ship.id)
                hit = die != 1 and die + bonus > gun.score
            roller.log.emit("shot", ship=ship.id, gun=i + 1, target=target, die=die, bonus=bonus,
                            score=gun.score, hit=hit, **_fort_names(state, ship.id, target))
            if hit and (firepots or {}).get(ship_id) == i and state.find_ship(target) is not None:
                fires.append(target)  # the firepot's gun sets a mast alight instead
            elif hit:
                hits.setdefault(target, []).append(ship.side)
    # "Per ogni colpo subito, dopo che tutti hanno sparato si perde un albero"
    for target_id, sides in hits.items():
        fort = state.find_fort(target_id)
        marine = state.find_marine(target_id)
        for side in sides:
            target = state.find_ship(target_id)
            if marine is not None:
                marines.hit(state, marine, side, roller)
            elif fort is not None:
                forts.hit(state, fort, side, roller)
            elif target is not None and target.armour > 0:
                # "per ogni colpo subito, il proprietario ne rimuove una al posto di ogni albero"
                target.armour -= 1
                roller.log.emit("armour_lost", ship=target.id, left=target.armour)
            else:
                lose_masts(state, state.ship(target_id), 1, side, roller)
    for target_id in fires:
        firepot.ignite(state, state.ship(target_id), roller)


def _fort_names(state: PiratesState, *idents: str) -> dict:
    """A shot's ``names`` when a fort is in it (ships are worded from their ids)."""
    if not any(state.find_fort(str(i)) is not None for i in idents):
        return {}
    return {"names": state.names(*idents)}
