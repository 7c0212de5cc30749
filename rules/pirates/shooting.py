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
from rules.pirates import sea
from rules.pirates.damage import lose_masts
from rules.pirates.state import Cell, Gun, PiratesState, Ship

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


def targetable(state: PiratesState, shooter: Ship, target: Ship) -> bool:
    return (target.side != shooter.side and target.status in ("afloat", "derelict") and not target.fog
            and not sea.safe_at_home(target, state) and shooter.stuck_to != target.id)


def reach(state: PiratesState, ship: Ship, gun: Gun) -> list[str]:
    """The ships the gun can hit, nearest first."""
    src = active_cell(ship)
    walls = blockers(state)
    taken = sea.occupied(state, but=ship.id)
    out: list[tuple[int, str]] = []
    for target in state.ships:
        if not targetable(state, ship, target):
            continue
        best = None
        for cell in target.cells():
            d = sea.cell_distance(src, cell)
            if d > RANGE[gun.range] or not in_arc(ship.facing, src, cell):
                continue
            path = crossed(src, cell)
            if any(c in walls or (c in taken and taken[c].id != target.id) for c in path):
                continue
            best = d if best is None else min(best, d)
        if best is not None:
            out.append((best, target.id))
    return [t for _, t in sorted(out)]


def can_fire(state: PiratesState, ship: Ship) -> bool:
    return ship.status == "afloat" and not ship.fog and ship.firing and bool(ship.guns)


def shoot(state: PiratesState, aims: dict[str, list[str]], roller: Roller) -> None:
    """Every aimed gun fires at once; then each ship hit loses a mast for each hit.
    ``aims``: ship id -> a target (or "none") for each of her guns, in order."""
    hits: dict[str, list[str]] = {}
    for ship_id, targets in aims.items():
        ship = state.ship(ship_id)
        bonus = 0 if ship.moved else 1  # "Una nave che non ha ancora mosso in questo turno, ha +1"
        rerolled = False
        for i, target in enumerate(targets):
            if target == NO_TARGET or i >= len(ship.guns):
                continue
            gun = ship.guns[i]
            die = roller.roll(6, f"gun {i + 1} of {ship.id}", ship=ship.id)
            hit = die != 1 and die + bonus > gun.score
            if not hit and not rerolled and C.use(state, ship, C.GUNNER, roller) is not None:
                rerolled = True
                die = roller.roll(6, f"gunner's second shot, gun {i + 1} of {ship.id}", ship=ship.id)
                hit = die != 1 and die + bonus > gun.score
            roller.log.emit("shot", ship=ship.id, gun=i + 1, target=target, die=die, bonus=bonus,
                            score=gun.score, hit=hit)
            if hit:
                hits.setdefault(target, []).append(ship.side)
    # "Per ogni colpo subito, dopo che tutti hanno sparato si perde un albero"
    for target_id, sides in hits.items():
        target = state.ship(target_id)
        for side in sides:
            lose_masts(state, target, 1, side, roller)
