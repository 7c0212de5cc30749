"""What a Cannoni captain knows, read from its seat's view and nothing else.

:class:`Board` turns the view dictionary into light records with the derived values
the captains need (poses, sectors, fire modifiers, expected hits). Hidden values stay
hidden: an enemy's chit is ``None`` until the rules show it, and the only thing known
of it is the public set of chits its ship has not spent yet in this cycle.

Geometry comes from the engine's pure helpers (:mod:`rules.core.tables`), so a
sector or a base here is the very shape the rules use.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping

import numpy as np
import shapely
from shapely.geometry import Polygon

from rules.core.tables import contact, sectors
from rules.core.tables import open_table as g
from rules.cannoni.fire import HULL_RANGE, RAKE_RANGE, RIGGING_MIN_RANGE, SECTOR_FAR, hits_for
from rules.cannoni.logbook import fire_modifier, max_range
from rules.cannoni.sailing import SECTORS

SIDES = ("starboard", "port")
SIDE_SIGN = {"starboard": 1.0, "port": -1.0}
IRONS_LIMIT = SECTORS[0][1]  # degrees off the wind below which a ship is in irons
EPS = 1e-6
SECTION = 4
# What a hit is worth (see Board.hit_value).
# Share of the ten points of a finished side or mast that each box still to strike
# carries (tuned in captain-vs-deckhand duels: 0.15-0.5 play alike, 0 is worse).
FINISH_WEIGHT = 0.3
# A hull hit over a rigging hit: it also silences the guns that bear on us (see
# hit_value). Equal values lost more duels.
HULL_HIT = 1.3
RIGGING_HIT = 0.8
SINKING = 6.0  # shared out over her last hull boxes: her sinking wins the battle


# -- dice ------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _expected_hits_table(die: int) -> dict[int, float]:
    table = {}
    for mod in range(-20, 31):
        total = sum(hits_for(max(1, raw + mod), t) for raw in range(1, die + 1) for t in range(1, die + 1))
        table[mod] = total / (die * die)
    return table


def expected_hits(mod: int, die: int = 10) -> float:
    """Mean hits of a broadside with total modifier ``mod`` (opposed rolls of one die)."""
    table = _expected_hits_table(die)
    return table[max(-20, min(30, int(mod)))]


# -- ships -----------------------------------------------------------------------------

@dataclass
class Ship:
    """One ship as the viewer sees it."""

    id: str
    name: str
    side: str
    player: str
    x: float
    y: float
    heading: float
    length: float
    width: float
    ship_class: int
    fire_table: tuple[int | None, ...]
    gunnery: int
    combat: int
    decks: int
    manoeuvre: int
    turning: str  # the tightest turning card she may use
    sails: str
    loaded: dict[str, bool]
    first_used: frozenset[str]
    hull_boxes: dict[str, int]
    hull_lost: dict[str, int]
    masts: list[dict[str, Any]]
    crew_boxes: int
    crew_lost: int
    status: str
    struck: bool
    sinking: bool
    captured_by: str | None
    fired_on: bool
    on_fire: bool
    aground: bool
    anchor: str | None
    fouled_with: list[str]
    dismasted: bool
    unmanoeuvrable: bool
    engaged: bool
    chit: int | None
    active: bool
    acted: bool
    must_move: bool
    moved_this_phase: bool
    chits_available: list[int]
    speed: tuple[float, float] | None  # (min, max) inches per move now, None if she cannot move
    speeds: dict[str, Any]  # the log-book's speed table
    point_of_sail: str | None
    value: int
    gravely_damaged: bool = False  # optional capture rule: hull gone, afloat, helpless

    # -- derived -------------------------------------------------------------------
    @property
    def pose(self) -> g.Pose:
        return g.Pose(self.x, self.y, self.heading)

    @property
    def on_table(self) -> bool:
        return self.status == "afloat"

    @property
    def crew_left(self) -> int:
        return self.crew_boxes - self.crew_lost

    @property
    def crew_sections(self) -> int:
        return math.ceil(max(self.crew_left, 0) / SECTION)

    @property
    def decimated(self) -> bool:
        return self.crew_left <= 0

    @property
    def hull_left(self) -> int:
        return sum(self.hull_boxes[s] - self.hull_lost[s] for s in SIDES)

    @property
    def hull_total(self) -> int:
        return sum(self.hull_boxes.values())

    def sections_lost(self, side: str) -> int:
        boxes, lost = self.hull_boxes[side], self.hull_lost[side]
        return math.ceil(boxes / SECTION) - math.ceil(max(boxes - lost, 0) / SECTION)

    @property
    def masts_down(self) -> int:
        return sum(1 for m in self.masts if m["boxes"] - m["lost"] <= 0)

    @property
    def weakest_mast_left(self) -> int:
        standing = [m["boxes"] - m["lost"] for m in self.masts if m["boxes"] - m["lost"] > 0]
        return min(standing) if standing else 0

    @property
    def able(self) -> bool:
        """Still a fighting ship: what the victory rules count, and worth shooting at."""
        return (self.on_table and not self.struck and not self.sinking and not self.aground
                and not self.dismasted and self.captured_by is None and not self.gravely_damaged)

    @property
    def targetable(self) -> bool:
        """May be fired upon (a struck or sinking ship blocks fire instead)."""
        return self.on_table and not self.struck and not self.sinking

    @property
    def half_diagonal(self) -> float:
        return math.hypot(self.length, self.width) / 2

    @property
    def max_speed(self) -> float:
        if self.speed is not None:
            return self.speed[1]
        row = self.speeds.get("beam_reach", {}).get("battle", {})
        return float(row.get("max", 2.0))

    def fire_modifier(self, distance: float) -> int | None:
        return fire_modifier(self.fire_table, distance)

    def max_range(self) -> float:
        return max_range(self.fire_table)

    def first_bonus(self, side: str) -> int:
        return 2 if side not in self.first_used and self.hull_lost[side] == 0 else 0

    def base(self, pose: g.Pose | None = None) -> Polygon:
        p = pose or self.pose
        return _base(p.x, p.y, p.heading, self.length, self.width)

    def sector(self, side: str, pose: g.Pose | None = None, reach: float | None = None) -> Polygon:
        p = pose or self.pose
        return _sector(p.x, p.y, p.heading, self.length, self.width, side,
                       reach if reach is not None else max(self.max_range(), 1.0))


@lru_cache(maxsize=8192)
def _base(x: float, y: float, heading: float, length: float, width: float) -> Polygon:
    return g.base_polygon(g.Pose(x, y, heading), length, width)


@lru_cache(maxsize=8192)
def _sector(x: float, y: float, heading: float, length: float, width: float, side: str, reach: float) -> Polygon:
    return sectors.sector_polygon(g.Pose(x, y, heading), length, width, side, reach)


def _ship(data: dict[str, Any]) -> Ship:
    log = data["log"]
    speed = data.get("speed")
    return Ship(
        id=data["id"], name=data.get("name", data["id"]), side=data["side"], player=data["player"],
        x=float(data["x"]), y=float(data["y"]), heading=float(data["heading"]),
        length=float(log["base_length"]), width=float(log["base_width"]), ship_class=int(log["ship_class"]),
        fire_table=tuple(log["fire"]), gunnery=int(log.get("gunnery", 0)), combat=int(log.get("combat", 0)),
        decks=int(log.get("decks", 1)), manoeuvre=int(log.get("manoeuvre", 5)),
        turning=str(log.get("turning", "D")),
        sails=data.get("sails", "battle"),
        loaded={s: data.get("loaded", {}).get(s) is not None for s in SIDES},
        first_used=frozenset(data.get("first_broadside_used", [])),
        hull_boxes={s: int(data["hull"][s]["boxes"]) for s in SIDES},
        hull_lost={s: int(data["hull"][s]["lost"]) for s in SIDES},
        masts=[dict(m) for m in data.get("masts", [])],
        crew_boxes=int(data["crew"]["boxes"]), crew_lost=int(data["crew"]["lost"]),
        status=data.get("status", "afloat"), struck=bool(data.get("struck")), sinking=bool(data.get("sinking")),
        captured_by=data.get("captured_by"), fired_on=bool(data.get("fired_on")), on_fire=bool(data.get("fire")),
        aground=bool(data.get("aground")), anchor=data.get("anchor"), fouled_with=list(data.get("fouled_with", [])),
        dismasted=bool(data.get("dismasted")), unmanoeuvrable=bool(data.get("unmanoeuvrable")),
        engaged=bool(data.get("engaged")), chit=data.get("chit"), active=bool(data.get("active")),
        acted=bool(data.get("acted")), must_move=bool(data.get("must_move")),
        moved_this_phase=bool(data.get("moved_this_phase")),
        chits_available=list(data.get("chits_available") or [1, 2, 3, 4, 5]),
        speed=(float(speed["min"]), float(speed["max"])) if speed else None,
        speeds=dict(log.get("speeds", {})), point_of_sail=data.get("point_of_sail"),
        value=int(log.get("value", 0)), gravely_damaged=bool(data.get("gravely_damaged")),
    )


@dataclass
class Battery:
    """A coastal battery of a fort (optional rule *Batterie costiere*), as seen."""

    id: str
    name: str
    fort: str
    side: str
    player: str
    x: float  # middle of its face on the fort's outer edge
    y: float
    facing: float
    frontage: float
    inland: float
    fire_table: tuple[int | None, ...]
    loaded: str | None
    destroyed: bool
    decimated: bool
    emplacement: Polygon

    @property
    def armed(self) -> bool:
        return not self.destroyed and not self.decimated

    def fire_modifier(self, distance: float) -> int | None:
        return fire_modifier(self.fire_table, distance)

    def frame_pose(self) -> g.Pose:
        """The emplacement as a ship's base whose starboard side is the face (the
        reading of rules.cannoni.forts), so that a ship's sector test serves."""
        nx, ny = g.unit(self.facing)
        return g.Pose(self.x - nx * self.inland / 2, self.y - ny * self.inland / 2, self.facing - 90.0)


@dataclass
class Fort:
    id: str
    name: str
    side: str
    player: str
    chit: int | None
    chits_available: list[int]
    batteries: list[Battery]


def _fort(data: dict[str, Any]) -> Fort:
    batteries = [Battery(
        id=b["id"], name=b.get("name", b["id"]), fort=data["id"], side=b.get("side", data["side"]),
        player=b.get("player", data["player"]), x=float(b["x"]), y=float(b["y"]), facing=float(b["facing"]),
        frontage=float(b["frontage"]), inland=float(b["inland"]), fire_table=tuple(b["fire_table"]),
        loaded=b.get("loaded"), destroyed=bool(b.get("destroyed")), decimated=bool(b.get("decimated")),
        emplacement=Polygon(b["emplacement"]),
    ) for b in data.get("batteries", [])]
    return Fort(id=data["id"], name=data.get("name", data["id"]), side=data["side"], player=data["player"],
                chit=data.get("chit"), chits_available=list(data.get("chits_available") or [1, 2, 3]),
                batteries=batteries)


# -- the board -------------------------------------------------------------------------

@dataclass
class Board:
    viewer: str
    side: str
    turn: int
    turns_limit: int
    phase: int | None
    step: str
    wind: float  # degrees the wind blows from
    width: float
    height: float
    land: list[Polygon]
    ships: list[Ship]
    order_mode: str
    die: int
    melees: list[dict[str, Any]] = field(default_factory=list)
    grapples: list[dict[str, Any]] = field(default_factory=list)
    entry_edges: dict[str, str] = field(default_factory=dict)
    # Where our ships with an order already given stand now (see from_view).
    ghosts: list[Polygon] = field(default_factory=list)
    forts: list[Fort] = field(default_factory=list)
    squadrons: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_id = {s.id: s for s in self.ships}
        self.batteries = [b for f in self.forts for b in f.batteries]
        self.battery_by_id = {b.id: b for b in self.batteries}
        self.fort_by_id = {f.id: f for f in self.forts}
        self.squadron_by_id = {sq["id"]: sq for sq in self.squadrons}

    @classmethod
    def from_view(cls, view: dict[str, Any], planned_poses: Mapping[str, g.Pose] | None = None) -> "Board":
        """The board of ``view``; ``planned_poses`` moves our own ships to where the
        orders already given for them in this batch will take them."""
        viewer = view["viewer"]
        side = next((s["side"] for s in view["seats"] if s["id"] == viewer), "")
        ships = [_ship(d) for d in view["ships"]]
        ghosts = []
        for ship in ships:
            if planned_poses and ship.id in planned_poses and ship.player == viewer:
                # Orders are checked against the table as it is now, and carried out
                # after this ship's: a path must keep clear of both her places.
                ghosts.append(ship.base())
                q = planned_poses[ship.id]
                ship.x, ship.y, ship.heading = q.x, q.y, q.heading
                ship.acted = True
        forts = [_fort(f) for f in view.get("forts", [])]
        # A fort's walls are coast to a ship, as the rules read them.
        lands = [Polygon(area["points"]) for area in view["table"].get("land", [])]
        lands += [b.emplacement for f in forts for b in f.batteries]
        for land in lands:
            shapely.prepare(land)
        return cls(viewer=viewer, side=side, turn=int(view["turn"]), turns_limit=int(view["turns_limit"]),
                   phase=view.get("phase"), step=view.get("step", ""), wind=float(view["wind"]) * 22.5,
                   width=float(view["table"]["width"]), height=float(view["table"]["height"]), land=lands,
                   ships=ships, order_mode=view.get("options", {}).get("order_mode", "sequential"),
                   die=6 if view.get("options", {}).get("quick_play") else 10,
                   melees=list(view.get("melees", [])), grapples=list(view.get("grapples", [])),
                   entry_edges=dict(view.get("entry_edges", {})), ghosts=ghosts, forts=forts,
                   squadrons=[sq for sq in view.get("squadrons", []) if not sq.get("broken")])

    # -- who's who ----------------------------------------------------------------
    def ship(self, ship_id: str) -> Ship:
        return self.by_id[ship_id]

    def afloat(self) -> list[Ship]:
        return [s for s in self.ships if s.on_table]

    def enemies(self, side: str | None = None) -> list[Ship]:
        side = side or self.side
        return [s for s in self.ships if s.side != side and s.able]

    def nearest_enemy(self, ship: Ship, xy: tuple[float, float] | None = None) -> tuple[Ship | None, float]:
        px, py = xy or (ship.x, ship.y)
        best, best_d = None, math.inf
        for other in self.enemies(ship.side):
            d = math.hypot(other.x - px, other.y - py)
            if d < best_d:
                best, best_d = other, d
        return best, best_d

    def members(self, squadron_id: str) -> list[Ship]:
        """The ships of a squadron still in the line, leader first."""
        sq = self.squadron_by_id.get(squadron_id)
        if sq is None:
            return []
        return [self.by_id[sid] for sid in sq["ships"]
                if sid in self.by_id and self.by_id[sid].on_table and not self.by_id[sid].struck]

    def enemy_batteries(self, side: str | None = None) -> list[Battery]:
        side = side or self.side
        return [b for b in self.batteries if b.side != side and b.armed]

    def in_melee(self, ship_id: str) -> dict[str, Any] | None:
        return next((m for m in self.melees if ship_id == m["defender"] or ship_id in m["attackers"]), None)

    # -- what an enemy ship may still do this turn ----------------------------------
    def actions_left(self, ship: Ship) -> float:
        """Actions ``ship`` may still take this turn, from what is public: a shown chit
        gives it exactly; a hidden one is one of the ship's unspent chits below the
        phase (the mean of those); before the chits are placed, the mean of them all."""
        return self._actions_left(ship.chit, ship.chits_available, ship.acted)

    def fort_actions_left(self, fort: Fort) -> float:
        return self._actions_left(fort.chit, fort.chits_available, False)

    def _actions_left(self, chit: int | None, available: list[int], acted: bool) -> float:
        if self.step == "action" and self.phase is not None:
            if chit is not None:
                if chit >= self.phase:
                    return (self.phase - 1) + (0 if acted else 1)
                return float(chit)
            lower = [c for c in available if c < self.phase]
            return sum(lower) / len(lower) if lower else 0.0
        return sum(available) / len(available) if available else 0.0

    # -- broadsides ----------------------------------------------------------------
    def fire_options(self, firer: Ship, side: str, pose: g.Pose | None = None) -> list[tuple[Ship, float, list[str]]]:
        """The rules' valid targets of ``side`` (the nearest ships in the sector, if they
        are enemies in range), as (ship, distance, aims); same reading as the engine."""
        p = pose or firer.pose
        sec = firer.sector(side, p)
        others = [o for o in self.afloat() if o.id != firer.id]
        if not others:
            return []
        touch = shapely.dwithin(np.array([o.base() for o in others], dtype=object), sec, g.TOL)
        inside = [(math.hypot(o.x - p.x, o.y - p.y), o) for o, hit in zip(others, touch) if hit]
        if not inside:
            return []
        nearest = min(d for d, _ in inside)
        # A battery nearer in the sector (measured to its fort's outer edge) is the
        # target instead, or blocks the fire: either way no ship may be fired at.
        origin = shapely.Point(p.x, p.y)
        for battery in self.batteries:
            if not battery.destroyed and contact.touching(battery.emplacement, sec) \
                    and battery.emplacement.distance(origin) < nearest - EPS:
                return []
        for land in self.land:
            cut = land.intersection(sec)
            if not cut.is_empty and cut.distance(shapely.Point(p.x, p.y)) < nearest - EPS:
                return []
        out = []
        for d, o in inside:
            if d > nearest + EPS or o.side == firer.side or not o.targetable:
                continue
            if firer.fire_modifier(d) is None:
                continue
            aims = (["hull"] if d <= HULL_RANGE + EPS else []) + (["rigging"] if d > RIGGING_MIN_RANGE + EPS else [])
            if aims:
                out.append((o, d, aims))
        return out

    def rake(self, firer: Ship, target: Ship, side: str, d: float, pose: g.Pose | None = None,
             target_pose: g.Pose | None = None) -> str | None:
        """Raking fire (+3 bow, +4 stern), as the rules define it."""
        p = pose or firer.pose
        tp = target_pose or target.pose
        if d > RAKE_RANGE + EPS or not sectors.fully_in_sector(target.base(tp), firer.sector(side, p)):
            return None
        mine = firer.base(p)
        for tside in SIDES:
            if sectors.in_sector(mine, target.sector(tside, tp, reach=SECTOR_FAR)):
                return None
        return g.end_facing(tp, (p.x, p.y))

    def shot_modifier(self, firer: Ship, side: str, target: Ship, aim: str, d: float,
                      pose: g.Pose | None = None, rake: str | None = None) -> int:
        """The broadside's total modifier, as rules.cannoni.fire.modifiers adds it up."""
        mod = firer.fire_modifier(d) or 0
        mod -= firer.sections_lost(side)
        if target.ship_class > firer.ship_class:
            mod += 1
        elif target.ship_class < firer.ship_class:
            mod -= 1
        if aim == "rigging":
            if target.sails == "full":
                mod += 2
            elif target.sails == "furled":
                mod -= 1
            if target.sails != "furled":
                mod -= target.masts_down
        if target.moved_this_phase:
            mod -= 1
        if rake == "bow":
            mod += 3
        elif rake == "stern":
            mod += 4
        if firer.dismasted:
            mod -= 1
        mod += firer.first_bonus(side)
        melee = self.in_melee(firer.id)
        if melee is not None and melee.get("reserve"):
            # In a boarding: -3, and -1 a section of her crew in the boarding party.
            party = max(firer.crew_left - melee["reserve"].get(firer.id, firer.crew_left), 0)
            mod -= 3 + math.ceil(party / SECTION)
        return mod

    def hit_value(self, target: Ship, aim: str, from_xy: tuple[float, float] | None = None) -> float:
        """What one hit is worth to us, in the currency of the victory points (a box is a
        point, a mast down or a side gone ten more) and of the fight: a hull hit lands on
        the side facing the firer, the very side whose guns bear on her, and every four
        boxes there cost that broadside one on its rolls; a rigging hit only tells once
        the mast it strikes (the nearest one standing) comes down."""
        # Each hit brings the ten points of a finished side or mast nearer: spread
        # over the boxes still to strike, discounted because it may never be finished.
        if aim == "hull":
            if from_xy is not None:
                facing = g.side_facing(target.pose, from_xy)
                left = target.hull_boxes[facing] - target.hull_lost[facing]
            else:
                left = max(target.hull_boxes[s] - target.hull_lost[s] for s in SIDES)
            value = HULL_HIT + FINISH_WEIGHT * 10.0 / max(left, 1)
            if target.hull_left <= 6:
                value += SINKING / max(target.hull_left, 1)  # she sinks: the battle is won
            return min(value, 8.0)
        left = self.struck_mast_left(target, from_xy)
        value = RIGGING_HIT + FINISH_WEIGHT * 10.0 / max(left, 1)
        if target.masts_down == len(target.masts) - 1:
            value += 1.0  # her last mast: dismasted, she no longer counts as fighting
        return min(value, 8.0)

    @staticmethod
    def struck_mast_left(target: Ship, from_xy: tuple[float, float] | None) -> int:
        """Boxes left on the mast a rigging hit from ``from_xy`` strikes: the nearest one
        standing (without a firer, the weakest)."""
        standing = [m for m in target.masts if m["boxes"] - m["lost"] > 0]
        if not standing:
            return 0
        if from_xy is None:
            return min(m["boxes"] - m["lost"] for m in standing)
        pose = target.pose
        nearest = min(standing, key=lambda m: (g.distance(from_xy, g.mast_point(pose, target.length, m["offset"])),
                                               -m["offset"]))
        return nearest["boxes"] - nearest["lost"]


# -- vectorised geometry for many candidate poses -------------------------------------------

def frame(px: np.ndarray, py: np.ndarray, ph: np.ndarray, qx: np.ndarray, qy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(along, across) of points q in the frames of poses p: along the heading, and
    across to starboard. Broadcasts."""
    r = np.radians(ph)
    ux, uy = np.sin(r), np.cos(r)
    dx, dy = qx - px, qy - py
    return dx * ux + dy * uy, dx * uy - dy * ux


def in_sector_point(along: np.ndarray, across: np.ndarray, length: float, width: float, sign: float,
                    margin: float = 0.0) -> np.ndarray:
    """Whether a point lies in the broadside sector of ``sign`` (+1 starboard): beyond
    that side of the base, within 45 degrees of the beam from the bow or stern corner."""
    out = sign * across
    return (out >= width / 2 - margin) & (np.abs(along) <= length / 2 + (out - width / 2) + margin)


def outside_sectors_point(along: np.ndarray, across: np.ndarray, length: float, width: float,
                          margin: float = 0.0) -> np.ndarray:
    """Whether a point is ahead or astern of a ship, outside both broadside sectors."""
    return np.abs(along) > length / 2 + (np.abs(across) - width / 2) + margin


def ray_to_edges(x: np.ndarray, y: np.ndarray, heading: np.ndarray, width: float, height: float) -> np.ndarray:
    """Distance along the heading from (x, y) to the table edge."""
    r = np.radians(heading)
    ux, uy = np.sin(r), np.cos(r)
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(ux > 1e-9, (width - x) / ux, np.where(ux < -1e-9, -x / ux, np.inf))
        ty = np.where(uy > 1e-9, (height - y) / uy, np.where(uy < -1e-9, -y / uy, np.inf))
    return np.maximum(np.minimum(tx, ty), 0.0)


def planned_poses(board_view: dict[str, Any], planned: Mapping[str, dict[str, Any]] | None,
                  end_pose) -> dict[str, g.Pose]:
    """Where our own ships with an order already given in this batch will be."""
    out: dict[str, g.Pose] = {}
    if not planned:
        return out
    by_id = {s["id"]: s for s in board_view["ships"]}
    for ship_id, payload in planned.items():
        data = by_id.get(ship_id)
        if data is None or payload.get("action") not in ("move", "turn"):
            continue
        ship = _ship(data)
        q = end_pose(ship, float(board_view["wind"]) * 22.5, payload)
        if q is not None:
            out[ship_id] = q
    return out
