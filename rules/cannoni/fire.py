"""Broadsides (*Fuoco di batteria*): valid targets, modifiers, the opposed roll.

The damage a broadside does is queued and marked at the end of the phase, because
"le conseguenze ed i risultati delle azioni si intendono applicati ... alla fine
della fase": a ship hit early in a phase still fires with what it had.
"""
from __future__ import annotations

import math
from functools import lru_cache

from pydantic import BaseModel
from shapely.geometry import Polygon

from rules.cannoni import forts
from rules.core.tables import open_table as g
from rules.core.tables import sectors
from rules.cannoni.dice import roll
from rules.cannoni.logbook import max_range
from rules.cannoni.state import SECTION, BatteryState, CannoniState, DamageItem, ShipState, Shot, opposite
from rules.core.steps import Checking, remembered
from rules.core.texts import Text, say

HULL_RANGE = 13.0
RIGGING_MIN_RANGE = 4.0
RAKE_RANGE = 6.0
# How far a target's own sectors reach when deciding whether the firer is outside
# them for a rake: beyond any gun's range on the table.
SECTOR_FAR = 40.0
EPS = 1e-6
# *Regole opzionali per il tiro*: what each load can hit and from how far. Ball is the
# base rules' shot; the others have effect only on one aim within their own range.
AMMUNITION = ("ball", "chain", "double", "grape")
AMMO_REACH: dict[str, tuple[str, float, float]] = {
    "chain": ("rigging", 6.0, 10.0),  # "solo sulla velatura ... tra sei e dieci pollici"
    "double": ("hull", 0.0, 6.0),  # "solo sullo scafo ad una distanza massima di sei pollici"
    "grape": ("hull", 0.0, 6.0),  # "solo sugli Effettivi ad una distanza massima di sei pollici"
}
# A critical hit's prisoners' loss: "se il punteggio non modificato ... è superiore a 5".
PRISONERS_ROLL = 5
# A critical hit sets the target alight when her own roll was this or less.
CRITICAL_FIRE_ROLL = 2


class Target(BaseModel):
    ship: str
    distance: float
    aims: list[str]
    battery: bool = False  # a coastal battery (``ship`` is then the battery's id)


class FireOptions(BaseModel):
    side: str
    targets: list[Target]
    blocked: Text | None = None  # why nothing can be fired at


def pose(ship: ShipState) -> g.Pose:
    return g.Pose(x=ship.x, y=ship.y, heading=ship.heading)


def base(ship: ShipState) -> Polygon:
    return _base(ship.x, ship.y, ship.heading, ship.log.base_length, ship.log.base_width)


@lru_cache(maxsize=4096)
def _base(x: float, y: float, heading: float, length: float, width: float) -> Polygon:
    # Pure in its arguments; a phase asks for the same bases many times over.
    return g.base_polygon(g.Pose(x=x, y=y, heading=heading), length, width)


def mainmast(ship: ShipState) -> tuple[float, float]:
    return (ship.x, ship.y)


def sector(ship: ShipState, side: str, reach: float | None = None) -> Polygon:
    return _sector(ship.x, ship.y, ship.heading, ship.log.base_length, ship.log.base_width, side,
                   reach if reach is not None else _gun_reach(tuple(ship.log.fire)))


@lru_cache(maxsize=256)
def _gun_reach(table: tuple[int | None, ...]) -> float:
    # Pure in the fire table; a sector is asked for at every broadside check.
    return max(max_range(table), 1.0)


@lru_cache(maxsize=4096)
def _sector(x: float, y: float, heading: float, length: float, width: float, side: str, reach: float) -> Polygon:
    return sectors.sector_polygon(g.Pose(x=x, y=y, heading=heading), length, width, side, reach)


def land_polygons(state: CannoniState) -> list[Polygon]:
    # A fort's walls stand on the coast: ships run aground on them and see past them
    # no more than past a headland.
    return g.land_polygons(state.table.land) + forts.fort_polygons(state)


# Checking one order asks for the same fire options twice (for the form, then for the
# order's side), and the same valid targets. While an order is checked nothing moves,
# so the :class:`FireCheck` made for that check and passed down lets those calls share
# one answer; without one (a form to show, a broadside rechecked when its turn comes)
# every call computes afresh.
# An order for one broadside only needs that side's part of the form; if the order is
# wrong the full form is built again to list every legal choice.
class FireCheck(Checking):
    """One check of one order: the answers it shares, and the broadside it is about."""

    __slots__ = ("side",)

    def __init__(self, state: CannoniState, side: str | None = None) -> None:
        super().__init__(state)
        self.side = side if side in ("starboard", "port") else None


def checked_sides(checking: Checking | None) -> tuple[str, ...]:
    """The broadsides a fire form must cover: both, or only the one being checked."""
    side = checking.side if isinstance(checking, FireCheck) else None
    return (side,) if side is not None else ("starboard", "port")


def fire_options(state: CannoniState, firer: ShipState, side: str, checking: Checking | None = None) -> FireOptions:
    """The nearest ships in the sector; only enemies among them may be fired at."""
    return remembered(checking, state, ("options", firer.id, side), lambda: _fire_options(state, firer, side))


def _fire_options(state: CannoniState, firer: ShipState, side: str) -> FireOptions:
    sec = sector(firer, side)
    # One pass over the fleet (this runs for every broadside order, and again when the
    # table has changed by its turn), then one vectorised test for the whole table:
    # "anche parzialmente", touching counts.
    me = firer.id
    others = [o for o in state.ships if o.status == "afloat" and o.id != me]
    touch = sectors.touching_sector([base(o) for o in others], sec)
    here = mainmast(firer)
    inside = [(g.distance(here, mainmast(o)), o) for o, hit in zip(others, touch) if hit]
    inside += forts.in_sector(state, sec, here)  # measured to the fort's outer edge
    if not inside:
        return FireOptions(side=side, targets=[], blocked=say("cannoni.blocked.no-ship"))
    nearest = min(d for d, _ in inside)
    if sectors.land_in_the_way(land_polygons(state), sec, here, nearest, EPS):
        return FireOptions(side=side, targets=[], blocked=say("cannoni.blocked.land"))
    closest = [(d, s) for d, s in inside if d <= nearest + EPS]
    targets = []
    for d, ship in closest:
        if isinstance(ship, BatteryState):
            # A battery has only its battery points, used as a hull: no rigging to aim at.
            if ship.side != firer.side and d <= HULL_RANGE + EPS and firer.log.fire_modifier(d) is not None:
                targets.append(Target(ship=ship.id, distance=round(d, 3), aims=["hull"], battery=True))
            continue
        if ship.side == firer.side or ship.struck or ship.sinking:
            continue
        aims = []
        if firer.log.fire_modifier(d) is not None:
            if d <= HULL_RANGE + EPS:
                aims.append("hull")
            if d > RIGGING_MIN_RANGE + EPS:
                aims.append("rigging")
        if aims:
            targets.append(Target(ship=ship.id, distance=round(d, 3), aims=aims))
    if targets:
        return FireOptions(side=side, targets=targets)
    blocker = closest[0][1]
    if isinstance(blocker, BatteryState):
        why = forts.blocking_reason(firer.side, blocker, nearest)
    elif blocker.side == firer.side:
        why = say("cannoni.blocked.friend", name=blocker.name)
    elif blocker.struck or blocker.sinking:
        why = say("cannoni.blocked.struck", name=blocker.name)
    else:
        why = say("cannoni.blocked.out-of-range", name=blocker.name, distance=f"{nearest:.1f}")
    return FireOptions(side=side, targets=[], blocked=why)


def rake(firer: ShipState, target: ShipState, side: str, d: float) -> str | None:
    """Fuoco d'infilata: target within 6", wholly in the sector, firer outside its sectors."""
    if d > RAKE_RANGE + EPS or not sectors.fully_in_sector(base(target), sector(firer, side)):
        return None
    firer_base = base(firer)
    for tside in ("starboard", "port"):
        if sectors.in_sector(firer_base, sector(target, tside, reach=SECTOR_FAR)):
            return None
    return g.end_facing(pose(target), mainmast(firer))


def boarding_penalty(state: CannoniState, ship: ShipState) -> list[tuple[str, int]]:
    """*Nave impegnata in un abbordaggio*: "può far fuoco con un modificatore di -3 ed ha
    una penalità ulteriore di -1 per ogni sezione di Effettivi impegnata nelle squadre di
    abbordaggio". A ship is in a boarding once its melee's parties are formed; her
    party is every crew box she did not keep in reserve, counted in sections (a
    broken one counts). Worked out here from ``state.melees`` because the boarding
    module itself depends on this one."""
    melee = state.melee_of(ship.id)
    if melee is None or not melee.reserve:
        return []
    party = max(ship.crew.remaining - melee.reserve.get(ship.id, ship.crew.remaining), 0)
    return [("firing ship in a boarding", -3), ("sections in the boarding party", -math.ceil(party / SECTION))]


def ammo_effective(ammo: str, aim: str, d: float) -> bool:
    """Whether a broadside of this load has any effect on ``aim`` at ``d`` inches."""
    reach = AMMO_REACH.get(ammo)
    if reach is None:
        return True
    wanted, lo, hi = reach
    return aim == wanted and lo - EPS <= d <= hi + EPS


def modifiers(state: CannoniState, firer: ShipState, side: str, target: ShipState, aim: str,
              d: float) -> list[tuple[str, int]]:
    mods: list[tuple[str, int]] = []
    mods.append((f"range {d:.1f}\" (guns and gunnery)", firer.log.fire_modifier(d) or 0))
    lost = firer.hull[side].sections_lost
    if lost:
        mods.append(("sections lost on this side", -lost))
    if target.log.ship_class > firer.log.ship_class:
        mods.append(("target of a lower class", +1))
    elif target.log.ship_class < firer.log.ship_class:
        mods.append(("target of a higher class", -1))
    mods.extend(target_modifiers(target, aim, rake(firer, target, side, d)))
    if firer.dismasted:
        mods.append(("firing ship dismasted", -1))
    mods.extend(boarding_penalty(state, firer))
    if side not in firer.first_broadside_used and firer.hull[side].lost == 0:
        mods.append(("first broadside", +2))
    return [m for m in mods if m[1] != 0 or m[0].startswith("range")]


def target_modifiers(target: ShipState, aim: str, raked: str | None) -> list[tuple[str, int]]:
    """What the target ship's sails, masts, move and the rake (``raked``: the end
    raked, or None) add to fire at her, from a ship or a coastal battery alike."""
    mods: list[tuple[str, int]] = []
    if aim == "rigging":
        if target.sails == "full":
            mods.append(("target under full sail", +2))
        elif target.sails == "furled":
            mods.append(("target with sails furled", -1))
        if target.sails != "furled" and target.masts_down:
            mods.append(("masts down on the target", -target.masts_down))
    if target.moved_this_phase:
        mods.append(("target moved this phase", -1))
    if raked == "bow":
        mods.append(("raking the bow", +3))
    elif raked == "stern":
        mods.append(("raking the stern", +4))
    return mods


def hits_for(modified: int, target_roll: int) -> int:
    if modified < target_roll:
        return 0
    if modified >= 3 * target_roll:
        return 3
    if modified >= 2 * target_roll:
        return 2
    return 1


def mast_preference(target: ShipState, source_xy: tuple[float, float]) -> list[str]:
    """Masts nearest first, measured from the firer's mainmast; masts already down go
    last ("all'albero più vicino non ancora distrutto"), so that the first is the
    nearest standing mast and the second "quello successivo" of a critical hit."""
    tp = pose(target)
    ranked = sorted(target.masts, key=lambda m: (
        m.down, g.distance(source_xy, g.mast_point(tp, target.log.base_length, m.offset)), -m.offset))
    return [m.name for m in ranked]


def explain_fire_once(state: CannoniState, roller, modified: int, target_roll: int) -> None:
    """Before the game's first opposed fire roll, one line says what its "6 vs 2" means."""
    if not state.fire_explained:
        state.fire_explained = True
        roller.log.emit("fire_explained", modified=modified, target_roll=target_roll)


def fire(state: CannoniState, roller, firer: ShipState, side: str, target: ShipState, aim: str) -> None:
    d = g.distance(mainmast(firer), mainmast(target))
    ammo = firer.loaded.get(side) or "ball"
    if not ammo_effective(ammo, aim, d):
        _fire_without_effect(state, roller, firer, side, target, aim, d, ammo)
        return
    mods = modifiers(state, firer, side, target, aim, d)
    raw = roll(state, roller, "broadside", ship=firer.id, target=target.id)
    target_roll = roll(state, roller, "broadside (target)", ship=target.id)
    modified = max(1, raw + sum(v for _, v in mods))
    hits = hits_for(modified, target_roll)
    critical = hits == 3
    shown = {"ammo": ammo} if state.options.ammunition else {}
    explain_fire_once(state, roller, modified, target_roll)
    roller.log.emit("broadside", ship=firer.id, name=firer.name, side=side, target=target.id,
                    target_name=target.name, aim=aim, distance=round(d, 2), roll=raw,
                    target_roll=target_roll, mods=[[k, v] for k, v in mods], modified=modified,
                    hits=hits, critical=critical, **shown)
    state.shots.append(Shot(firer=firer.id, target=target.id, hits=hits, critical=critical))
    _spend(state, firer, side, raw)
    if hits == 0:
        return
    target.hit_this_phase = True
    queue_hits(state, target, firer.id, mainmast(firer), aim, hits, raw, target_roll, ammo)


def queue_hits(state: CannoniState, target: ShipState, source: str, source_xy: tuple[float, float], aim: str,
               hits: int, raw: int, target_roll: int, ammo: str = "ball") -> None:
    """Queue the damage of ``hits`` on a ship: the side facing the fire, the masts
    nearest it, and a critical hit's crew loss, prisoners' loss, fire and (optional
    rules) critical damage and disorder. Broadsides and coastal batteries both mark
    their hits here ("Come le regole base per le navi"); batteries fire only ball."""
    queue = state.pending_damage
    critical = hits == 3
    hit_side = g.side_facing(pose(target), source_xy)
    # Double shot doubles the hull and crew damage, chain shot the rigging damage;
    # grape shot marks on the crew what ball would have marked on the hull.
    hull_x = 2 if ammo == "double" else 1
    crew_x = 2 if ammo == "double" else 1
    rigging_x = 2 if ammo == "chain" else 1
    if aim == "hull":
        parts = [(hit_side, 2), (opposite(hit_side), 1)] if critical else [(hit_side, hits)]
        for where, n in parts:
            if ammo == "grape":
                queue.append(DamageItem(target=target.id, source=source, kind="crew", amount=n))
            else:
                queue.append(DamageItem(target=target.id, source=source, kind="hull", amount=n * hull_x,
                                        side=where))
    else:
        pref = mast_preference(target, source_xy)
        if critical:
            queue.append(DamageItem(target=target.id, source=source, kind="rigging", amount=2 * rigging_x,
                                    masts=pref))
            queue.append(DamageItem(target=target.id, source=source, kind="rigging", amount=rigging_x,
                                    masts=pref[1:] + pref[:1]))
        else:
            queue.append(DamageItem(target=target.id, source=source, kind="rigging", amount=hits * rigging_x,
                                    masts=pref))
    if not critical:
        return
    queue.append(DamageItem(target=target.id, source=source, kind="crew", amount=crew_x))
    if raw > PRISONERS_ROLL and target.prisoners is not None and target.prisoners.remaining > 0:
        queue.append(DamageItem(target=target.id, source=source, kind="prisoners", amount=1))
    if target_roll <= CRITICAL_FIRE_ROLL:
        queue.append(DamageItem(target=target.id, source=source, kind="fire", cause="critical hit"))
    if state.options.critical_damage or state.options.disorder:
        # Marked after the hit's own damage: "oltre a segnare i danni ... deve
        # verificare se la nave subisce un danno critico".
        queue.append(DamageItem(target=target.id, source=source, kind="critical", side=hit_side, aim=aim))


def _spend(state: CannoniState, firer: ShipState, side: str, raw: int | None) -> None:
    """The guns are empty, the first broadside is gone, and firing over a fallen mast
    may set the ship alight (an unmodified 1-5)."""
    firer.loaded[side] = None
    if side not in firer.first_broadside_used:
        firer.first_broadside_used.append(side)
    if raw is not None and side in firer.mast_obstructing and raw <= 5:
        state.pending_damage.append(DamageItem(target=firer.id, kind="fire", cause="fallen mast"))


def _fire_without_effect(state: CannoniState, roller, firer: ShipState, side: str, target: ShipState,
                         aim: str, d: float, ammo: str) -> None:
    """A load fired where it has no effect ("hanno effetto solo ..."): the only way to
    empty the guns ("L'unico modo per scaricare i cannoni è far fuoco"). No opposed
    roll; the firer's die is thrown only when a fallen mast lies over that side."""
    raw = None
    if side in firer.mast_obstructing:
        raw = roll(state, roller, "broadside", ship=firer.id, target=target.id)
    roller.log.emit("broadside_no_effect", ship=firer.id, name=firer.name, side=side, target=target.id,
                    target_name=target.name, aim=aim, distance=round(d, 2), ammo=ammo)
    state.shots.append(Shot(firer=firer.id, target=target.id, effect=False))
    _spend(state, firer, side, raw)
