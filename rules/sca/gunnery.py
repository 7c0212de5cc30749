"""Gunnery (Sezione 6): ranges in millimetres, the firing sector, the target the shot
falls on, the damage multipliers, rakes, the unlucky and the well-laid shot."""
from __future__ import annotations

from dataclasses import dataclass

from rules.core.tables.open_table import angle_diff, side_facing, unit
from rules.core.tables.sectors import in_sector, sector_polygon
from rules.sca.damage import broadside
from rules.sca.geometry import hull, mast_distance, pose
from rules.sca.state import ScaState, Ship

# "lunga gittata: 350mm — 700mm; media gittata: 100mm — 350mm; corta gittata: 0mm — 100mm."
SHORT, MEDIUM, LONG = 100.0, 350.0, 700.0

# Sezione 6 iii, the firing table: hull, or rigging under full sail | rigging under easy sail.
MULTIPLIERS = {"long": (2, 1), "medium": (5, 4), "short": (12, 11)}
# Appendice 2: ships armed only with carronades.
CARRONADES = {"long": (0, 0), "medium": (4, 3), "short": (14, 13)}
RAKE = {"bow": 2, "stern": 4}  # "moltiplicati per 2 se infilata di prua o per 4 se infilata di poppa"


def band(dist: float) -> str | None:
    if dist <= SHORT:
        return "short"
    if dist <= MEDIUM:
        return "medium"
    if dist <= LONG:
        return "long"
    return None


def multiplier(rng: str, aim: str, target_sail: str, carronades: bool = False) -> int:
    """"Se l'obiettivo è la velatura il danno è maggiore se il bersaglio ha le vele spiegate.\""""
    table = CARRONADES if carronades else MULTIPLIERS
    hull_or_full, easy = table[rng]
    return hull_or_full if aim == "hull" or target_sail == "full" else easy


@dataclass
class Target:
    ship: Ship
    dist: float
    off_centre: float  # mm from the sector's centre line to her mainmast
    half: str  # "fore" or "aft" of the centre line


def targets(state: ScaState, shooter: Ship, side: str, hulls: dict[str, object] | None = None) -> list[Target]:
    """Every ship whose hull (not the base) lies, even partly, in the broadside's sector
    within long range, nearest first (at the same distance, nearer the centre line).
    ``hulls`` keeps the ships' hulls between the broadsides of one part's fire."""
    p = pose(shooter)
    sector = sector_polygon(p, shooter.length, shooter.width, side, LONG + shooter.length)
    ux, uy = unit(p.heading)
    nx, ny = (uy, -ux) if side == "starboard" else (-uy, ux)  # out of that broadside
    hulls = {} if hulls is None else hulls
    found = []
    for other in state.ships:
        if other is shooter or other.status not in ("afloat", "struck", "captured"):
            continue
        dx, dy = other.x - shooter.x, other.y - shooter.y
        if dx * nx + dy * ny < -other.length or abs(dx) > LONG + 200 or abs(dy) > LONG + 200:
            continue  # on the other side of her keel, or far out of range
        dist = mast_distance(shooter, other, hulls)
        if dist > LONG:
            continue
        if other.id not in hulls:
            hulls[other.id] = hull(other)
        if not in_sector(hulls[other.id], sector):
            continue
        along = dx * ux + dy * uy
        found.append(Target(other, dist, abs(along), "fore" if along >= 0 else "aft"))
    found.sort(key=lambda t: (round(t.dist, 6), t.off_centre))
    return found


def pick(found: list[Target], half: str = "nearest") -> Target | None:
    """"Il settore di tiro di una nave è diviso in due metà dalla linea centrale ... Se ci sono
    due bersagli, uno in ciascuna metà, il giocatore può scegliere a quale tirare. Se ci sono
    due bersagli nella stessa metà i danni sono attribuiti al più vicino, se la distanza è la
    stessa al vascello più vicino alla linea centrale." The order may name the half (fore or
    aft of the mainmast); with nothing there, or "nearest", the nearest target is taken."""
    chosen = [t for t in found if t.half == half]
    return (chosen or found or [None])[0]


def rake(shooter: Ship, side: str, target: Ship, rng: str, aim: str) -> str | None:
    """"il tiro di infilata è possibile solo a corta o media gittata; il tiro deve essere
    indirizzato allo scafo; il bersaglio si deve trovare su una direzione perpendicolare a
    quella del tiratore e in modo che la linea centrale del settore di tiro passi per
    l'albero maestro del bersaglio". Returns "bow", "stern" or None."""
    if rng not in ("short", "medium") or aim != "hull":
        return None
    p, q = pose(shooter), pose(target)
    fire_dir = p.heading + (90.0 if side == "starboard" else -90.0)
    across = abs(angle_diff(q.heading, fire_dir))
    if min(across, 180.0 - across) > 11.25:
        return None  # not perpendicular to the shooter
    fx, fy = unit(fire_dir)
    dx, dy = target.x - shooter.x, target.y - shooter.y
    if abs(dx * fy - dy * fx) > target.width / 2:
        return None  # the centre line misses her mainmast
    return "stern" if across <= 90.0 else "bow"


def hull_side_hit(shooter: Ship, target: Ship) -> str:
    return side_facing(pose(target), (shooter.x, shooter.y))


def damage(shooter: Ship, side: str, target: Ship, rng: str, aim: str, carronades: bool) -> float:
    return broadside(shooter, side) * multiplier(rng, aim, target.sail, carronades)


# Sezione 6 v, the unlucky shot, on the ship that fired: (HDC lost, percent of one, fire).
def unlucky(total: int) -> tuple[int, int, bool]:
    """"3-6 un cannone esplode: la nave perde un HDC e si innesca un incendio allo scafo;
    7-10 ... perde il 50% di HDC e si innesca un incendio allo scafo; 11-14 si innesca un
    incendio allo scafo; 15-18 nessun danno apprezzabile.\""""
    if total <= 6:
        return 1, 0, True
    if total <= 10:
        return 0, 50, True
    if total <= 14:
        return 0, 0, True
    return 0, 0, False


def well_laid(total: int) -> str:
    """Sezione 6 vi: "3-6 si innesca un incendio sul bersaglio; 7-10 raddoppiare i danni;
    11-14 il bersaglio ha il timone danneggiato; 15-18 il tiro colpisce la santabarbara, la
    nave esplode.\""""
    if total <= 6:
        return "fire"
    if total <= 10:
        return "double"
    if total <= 14:
        return "rudder"
    return "magazine"
